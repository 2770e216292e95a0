"""The studio: make a book in the browser, see it before it is printed, build it (`puzzlebook studio`).

A second door into the same house: configs are checked by book/config.py, puzzles made by the
kinds, pictures drawn by typeset/, books built by `puzzlebook build` itself. Modules: security.py
(who may come in), books.py (the folder's configs), yamledit.py (form changes into the YAML),
previews.py and pictures.py (what a section and a built book look like), builds.py (builds in
processes of their own), app.py (the routes), server.py (uvicorn and the command).
"""
