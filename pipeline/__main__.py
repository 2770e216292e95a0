"""`python -m pipeline` is the same as the `puzzlebook` command."""

from pipeline.cli import main

raise SystemExit(main())
