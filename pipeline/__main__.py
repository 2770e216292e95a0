"""`python -m pipeline` is the same as the `puzzlebook` command.

Guarded: a worker process started with multiprocessing's 'spawn' (the studio's sample makers) imports
this module again as `__mp_main__`, and must not run the command a second time.
"""

from pipeline.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
