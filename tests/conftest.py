"""What the test modules share: small books built once per session, and the `slow` tier.

Two tiers: `make test` runs every test; `make check` (pytest -m "not slow") leaves out the tests
marked `slow` and runs in under a minute, for the edit-test loop. A module marks its own slow tests
(`pytestmark = pytest.mark.slow`, or `@pytest.mark.slow` on one test, with a word on why).

The shared books are built once per session into a temporary folder and must not be changed by a
test: a test that damages a book's output works on its own copy (shutil.copytree of the folder,
still far cheaper than building it again).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.book.build import build

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


# ------------------------------------------------------------------------------ shared books


@pytest.fixture(scope="session")
def tiny_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """tests/data/tiny-three-kinds.yaml built once: (its config, its output folder). Read only."""
    folder = tmp_path_factory.mktemp("tiny-book")
    config = folder / "tiny.yaml"
    config.write_text((DATA / "tiny-three-kinds.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    build(config, jobs=1, out_dir=folder / "out", quiet=True)
    return config, folder / "out"


@pytest.fixture(scope="session")
def shipped_book(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """shipped_book(name): the output folder of configs/NAME.yaml, built the first time it is asked
    for in the session (as `puzzlebook build` builds it). Read only."""
    built: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in built:
            out = tmp_path_factory.mktemp(f"shipped-{name}")
            build(ROOT / "configs" / f"{name}.yaml", out_dir=out, quiet=True)
            built[name] = out
        return built[name]

    return get
