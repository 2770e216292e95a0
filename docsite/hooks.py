"""MkDocs hooks (mkdocs.yml `hooks:`): the pages the build writes itself.

reference/config.md is written from the config's JSON Schema at every build (config_reference.py),
so it cannot drift from the loader.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# mkdocs loads this file by its path; the docsite package beside it is importable from the checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.structure.files import File, Files  # noqa: E402

from docsite.config_reference import config_reference  # noqa: E402

CONFIG_REFERENCE = "reference/config.md"


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, CONFIG_REFERENCE, content=config_reference()))
    return files
