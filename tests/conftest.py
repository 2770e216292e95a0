"""What the test modules share: small books built once per session, and the `slow` tier.

Two tiers: `make test` runs every test; `make check` (pytest -m "not slow") leaves out the tests
marked `slow` and runs in under a minute, for the edit-test loop. A module marks its own slow tests
(`pytestmark = pytest.mark.slow`, or `@pytest.mark.slow` on one test); SLOW below marks a few more,
in modules whose owners have not marked them yet.

The shared books are built once per session into a temporary folder and must not be changed by a
test: a test that damages a book's output works on its own copy (shutil.copytree of the folder,
still far cheaper than building it again).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.book.build import build

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

SLOW: dict[str, str] = {
    # node id (a whole module, a test, or a test with all its parameters): why it is slow
    "tests/test_build.py::test_a_killed_build_resumes_to_the_same_bytes":
        "30 hard 10x10 puzzles made in a subprocess, then two builds more",
    "tests/test_build.py::test_a_second_build_into_the_same_folder_is_refused_while_the_first_runs":
        "waits for a subprocess build of 30 hard 10x10 puzzles",
    "tests/test_config.py::test_fuzz_structures_only_raise_puzzlebook_errors": "hypothesis, 150 examples",
    "tests/test_dask.py": "starts a distributed cluster of worker processes and builds books on it",
    "tests/test_export.py::test_a_puzzle_cropped_from_the_book_page_is_its_export":
        "renders a book page for every puzzle and answer to compare it with the export",
    "tests/test_faults.py::test_a_lost_worker_is_named_by_how_its_own_process_ended":
        "a worker pool whose worker exits, and the pool started again",
    "tests/test_faults.py::test_workers_killed_by_a_signal_every_time_name_it_in_the_error":
        "a worker pool whose workers are killed until it gives up",
    "tests/test_faults.py::test_a_worker_killed_mid_build_is_replaced_and_its_jobs_run_again":
        "a build in a subprocess whose workers are killed and replaced",
    "tests/test_faults.py::test_workers_that_keep_dying_fail_clearly_and_keep_the_old_book":
        "builds in a subprocess until the pool gives up on workers that die",
    "tests/test_faults.py::test_a_file_size_limit_stops_the_build_with_a_message_and_keeps_the_old_book":
        "two subprocess builds under a file-size limit",
    "tests/test_faults.py::test_a_full_disk_stops_the_build_with_a_message_and_keeps_the_old_book":
        "a subprocess build onto a filled tmpfs",
    "tests/test_hostile_configs.py::test_a_wrong_value_at_any_key_names_that_key":
        "about fifty parameters, each loading a config twelve times",
    "tests/test_hostile_configs.py::test_a_billion_laughs_is_refused_in_moments_and_little_memory":
        "each parameter starts a memory-limited `puzzlebook build` subprocess",
    "tests/test_hostile_configs.py::test_fuzzed_configs_load_or_fail_as_a_user_error":
        "hypothesis, 150 examples",
    "tests/test_kinds.py::test_there_are_no_import_cycles": "parses every module of the package again for each one",
    "tests/test_studio_api.py::test_the_review_shows_every_puzzle_its_pictures_and_steps":
        "a book built through the studio, then every puzzle's pictures drawn",
    "tests/test_textformat.py::test_canonical_text_parses_and_formats_to_itself": "hypothesis, 60 lists of puzzles",
    "tests/test_textformat.py::test_format_then_parse_gives_the_same_puzzles": "hypothesis, 60 lists of puzzles",
}


def _matches(nodeid: str, listed: str) -> bool:
    return nodeid == listed or nodeid.startswith((f"{listed}::", f"{listed}["))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    used: set[str] = set()
    for item in items:
        for listed in SLOW:
            if _matches(item.nodeid, listed):
                item.add_marker(slow)
                used.add(listed)
    collected = {item.nodeid.split("::", 1)[0] for item in items}
    for listed in SLOW.keys() - used:
        if listed.split("::", 1)[0] in collected:  # its module ran, but the test is gone or renamed
            warnings.warn(f"tests/conftest.py SLOW names {listed}, which no longer exists", stacklevel=1)


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
