"""Entry point for `python -m bench` (what `make bench` runs); all logic lives in bench.run."""

from __future__ import annotations

import sys

from bench.run import main

sys.exit(main())
