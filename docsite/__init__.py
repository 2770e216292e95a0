"""The manual's machinery: the pictures of the shipped books, the config reference and the examples.

`make docs` runs `python -m docsite.gallery` (builds every shipped config, renders its pictures into
docs/) and then `mkdocs build --strict`, whose hook (docsite/hooks.py) writes the config reference
from the config's JSON Schema. The tests check that the pictures are those of the golden books and run
every console example of the docs (docsite/examples.py). Not part of the wheel: it serves the manual.
"""
