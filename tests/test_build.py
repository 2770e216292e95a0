"""The whole build on tiny books: resume after deletions, cut-off lines and a real SIGKILL; stale
records made again; identical bytes whatever the worker count; failures that name their section.

Every book here is a few 5x5/6x6 puzzles written to tmp_path, so each build takes well under a second
(the kill test uses a bigger section so that it is still running when it is killed).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.book.build import BuildReport, build, output_folder, parallel_settings
from pipeline.book.store import checksummed_line
from pipeline.book.verify import verify_record
from pipeline.kinds.record import PuzzleRecord
from pipeline.bookspec import ParallelSpec
from pipeline.cli import main
from pipeline.errors import PuzzleBookError

ROOT = Path(__file__).resolve().parents[1]
TINY = """\
title: Tiny test book
seed: 5
sections:
  - name: Small squares
    kind: hidato
    shapes: [square:5, square:6]
    difficulty: [easy, medium]
    count: 4
  - name: Small numbrix
    kind: numbrix
    shapes: square:6
    difficulty: easy
    count: 4
"""
GENERATE_KEYS = {"kind", "adjacency", "shape", "seed", "difficulty", "grid", "solution", "grade", "attempts"}


def write_config(folder: Path, text: str = TINY, name: str = "tiny.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def lines_of(folder: Path) -> list[str]:
    return (folder / "puzzles.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "book.pdf").read_bytes(), (folder / "puzzles.jsonl").read_bytes()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildReport]:
    """The tiny book built once from nothing, in one process: the bytes every other build must match."""
    folder = tmp_path_factory.mktemp("reference")
    config = write_config(folder)
    return config, build(config, jobs=1, out_dir=folder / "out", quiet=True)


@pytest.fixture
def built(tmp_path: Path, reference: tuple[Path, BuildReport]) -> tuple[Path, Path]:
    """A copy of the reference output to damage: (config, output folder)."""
    config, report = reference
    shutil.copytree(report.pdf.parent, tmp_path / "out")
    return config, tmp_path / "out"


def rebuild(config: Path, out: Path, **options: object) -> BuildReport:
    return build(config, jobs=1, out_dir=out, quiet=True, **options)  # type: ignore[arg-type]


def test_a_build_writes_the_book_its_checkpoint_and_a_manifest(reference: tuple[Path, BuildReport]) -> None:
    config, report = reference
    out = report.pdf.parent
    assert (report.puzzles, report.reused, report.generated, report.notes) == (8, 0, 8, ())
    assert report.pdf == out / "book.pdf" and report.pdf.read_bytes().startswith(b"%PDF-")
    assert report.summary() == (
        f"tiny: 8 puzzles (0 reused, 8 generated) verified, {report.pages} pages -> {report.pdf}, {out / 'cover.pdf'}"
    )
    records = [json.loads(line) for line in lines_of(out)]
    assert [(r["section"], r["section_index"], r["index"]) for r in records] == [
        *[("Small squares", 0, i) for i in range(1, 5)], *[("Small numbrix", 1, i) for i in range(1, 5)],
    ]
    assert all(GENERATE_KEYS <= set(r) for r in records)
    assert [r["grade"]["level"] for r in records] == ["easy", "medium"] * 2 + ["easy"] * 4
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["seed"] == 5 and manifest["pages"] == report.pages and len(manifest["config_fingerprint"]) == 64
    assert [(s["name"], s["count"], s["levels"]) for s in manifest["sections"]] == [
        ("Small squares", 4, {"easy": 2, "medium": 2}), ("Small numbrix", 4, {"easy": 4}),
    ]
    assert {"python", "puzzlebook", "reportlab", "joblib", "pydantic"} <= set(manifest["versions"])
    assert set(manifest["timings_seconds"]) == {"config", "plan", "resume", "capacity", "generate", "typeset", "report", "cover"}
    assert manifest["cover"] == "cover.pdf"
    assert sorted(os.listdir(out)) == ["book.pdf", "cover.pdf", "listing.txt", "manifest.json", "puzzles.jsonl", "report.html"]


def test_a_second_build_reuses_everything(built: tuple[Path, Path], reference: tuple[Path, BuildReport]) -> None:
    config, out = built
    report = rebuild(config, out)
    assert (report.reused, report.generated) == (8, 0)
    assert files(out) == files(reference[1].pdf.parent)


def test_deleted_records_are_made_again_and_only_they(built: tuple[Path, Path]) -> None:
    config, out = built
    before = files(out)
    lines = lines_of(out)
    (out / "puzzles.jsonl").write_text("".join(lines[1::2]), encoding="utf-8")
    (out / "book.pdf").unlink()
    report = rebuild(config, out)
    assert (report.reused, report.generated, report.notes) == (4, 4, ())
    assert files(out) == before


def test_a_cut_off_last_line_is_made_again(built: tuple[Path, Path]) -> None:
    config, out = built
    before = files(out)
    text = (out / "puzzles.jsonl").read_text(encoding="utf-8")
    (out / "puzzles.jsonl").write_text(text[: len(text) - 40], encoding="utf-8")
    report = rebuild(config, out)
    assert (report.reused, report.generated) == (7, 1)
    assert len(report.notes) == 1 and "line 8: cut off" in report.notes[0]
    assert files(out) == before


def test_a_rebuild_with_other_library_versions_says_so_and_still_builds(
    built: tuple[Path, Path], reference: tuple[Path, BuildReport], capsys: pytest.CaptureFixture[str]
) -> None:
    config, out = built
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["versions"]["reportlab"] = "3.0"
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["build", str(config), "--out", str(out), "--jobs", "1", "--quiet"]) == 0
    notes = capsys.readouterr().err.splitlines()
    assert len(notes) == 1 and notes[0].startswith(f"puzzlebook: note: {manifest_path}: ")
    assert "reportlab 3.0 -> " in notes[0] and "requirements/lock.txt" in notes[0]
    assert files(out) == files(reference[1].pdf.parent)
    assert main(["build", str(config), "--out", str(out), "--jobs", "1", "--quiet"]) == 0
    assert capsys.readouterr().err == ""  # the manifest now records the versions installed


def test_a_new_seed_makes_every_record_again_and_mixes_none_in(built: tuple[Path, Path]) -> None:
    config, out = built
    old = {json.loads(line)["fingerprint"] for line in lines_of(out)}
    report = rebuild(config, out, seed=6)
    assert (report.reused, report.generated) == (0, 8)
    assert "8 record(s) made for another config" in report.notes[0]
    new = [json.loads(line) for line in lines_of(out)]
    assert len(new) == 8 and not old & {r["fingerprint"] for r in new}
    assert json.loads((out / "manifest.json").read_text(encoding="utf-8"))["seed"] == 6


def test_a_reroll_makes_only_that_puzzle_again(built: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = built
    before = lines_of(out)
    config = write_config(tmp_path, TINY.replace("[easy, medium]\n", "[easy, medium]\n    reroll: [3]\n"))
    report = rebuild(config, out)
    assert (report.reused, report.generated) == (7, 1)
    after = lines_of(out)
    assert [i for i, (a, b) in enumerate(zip(before, after)) if a != b] == [2]


def test_fresh_makes_everything_again_with_the_same_bytes(built: tuple[Path, Path]) -> None:
    config, out = built
    before = files(out)
    report = rebuild(config, out, fresh=True)
    assert (report.reused, report.generated) == (0, 8)
    assert files(out) == before


def test_two_workers_give_the_same_bytes_as_one(tmp_path: Path, reference: tuple[Path, BuildReport]) -> None:
    config, report = reference
    parallel = build(config, jobs=2, out_dir=tmp_path / "two", quiet=True)
    assert parallel.generated == 8
    assert files(tmp_path / "two") == files(report.pdf.parent)


def build_in_background(config: Path, out: Path, until_records: int) -> subprocess.Popen[bytes]:
    """`puzzlebook build` in its own process, returned once its checkpoint holds `until_records` records."""
    argv = [sys.executable, "-m", "pipeline", "build", str(config), "--jobs", "1", "--quiet", "--out", str(out)]
    process = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE)
    checkpoint = out / "puzzles.jsonl"
    deadline = time.monotonic() + 60
    while not (checkpoint.exists() and checkpoint.read_bytes().count(b"\n") >= until_records):
        assert process.poll() is None and time.monotonic() < deadline, process.stderr.read()  # type: ignore[union-attr]
        time.sleep(0.005)
    return process


@pytest.mark.slow  # 30 hard 10x10 puzzles made in a subprocess, then two builds more
def test_a_killed_build_resumes_to_the_same_bytes(tmp_path: Path) -> None:
    """SIGKILL (no clean-up at all) while puzzles are being made, then the same command again."""
    config = write_config(tmp_path, "title: Kill test\nsections:\n  - name: Big\n    kind: hidato\n"
                          "    shapes: square:10\n    difficulty: hard\n    count: 30\n", name="kill.yaml")
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    process = build_in_background(config, killed, until_records=2)
    checkpoint = killed / "puzzles.jsonl"
    process.send_signal(signal.SIGKILL)
    assert process.wait() == -signal.SIGKILL
    process.stderr.close()
    assert not (killed / "book.pdf").exists()
    saved = checkpoint.read_bytes().count(b"\n")
    assert 2 <= saved < 30
    resumed = build(config, jobs=1, out_dir=killed, quiet=True)
    assert (resumed.reused, resumed.generated) == (saved, 30 - saved)
    last = json.loads((killed / "manifest.json").read_text(encoding="utf-8"))["last_build"]
    assert (last["reused"], last["generated"]) == (saved, 30 - saved)  # only the missing ones were made
    build(config, jobs=1, out_dir=whole, quiet=True)
    assert files(killed) == files(whole)


@pytest.mark.slow  # waits for a subprocess build of 30 hard 10x10 puzzles
def test_a_second_build_into_the_same_folder_is_refused_while_the_first_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two builds appending to one checkpoint would interleave records: the second one stops at once.
    (The SIGKILL test above shows a killed build's lock does not outlive it.)"""
    config = write_config(tmp_path, "title: Lock test\nsections:\n  - name: Big\n    kind: hidato\n"
                          "    shapes: square:10\n    difficulty: hard\n    count: 30\n", name="lock.yaml")
    out = tmp_path / "out"
    first = build_in_background(config, out, until_records=1)
    code = main(["build", str(config), "--jobs", "1", "--quiet", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"puzzlebook: error: {out}: another build is writing this folder; wait for it to finish, " \
                  "or build into another folder with --out\n"
    assert first.poll() is None, "the refused build must not have waited for the first one"
    assert first.wait() == 0, first.stderr.read()
    first.stderr.close()
    after = build(config, jobs=1, out_dir=out, quiet=True)
    assert (after.reused, after.generated) == (30, 0)


def test_an_impossible_section_fails_naming_it_and_leaves_no_book(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """2x2 boards give 1 and 4 always: half the cells, so never 'hard'; the pool stops at that error."""
    text = TINY + "  - name: Tiny boards\n    kind: hidato\n    shapes: square:2\n    difficulty: hard\n    count: 2\n"
    config = write_config(tmp_path, text)
    code = main(["build", str(config), "--jobs", "2", "--quiet", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("puzzlebook: error: section 'Tiny boards', puzzle ") and "could not make a hard" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out" / "book.pdf").exists()


def test_a_failed_build_ends_its_progress_records_with_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The studio follows `--progress json`: a mistake ends the records with one giving its words and
    place (as the error itself), whether the config is wrong or a section fails after the plan."""
    config = write_config(tmp_path, TINY.replace("count: 4", "count: 0", 1))
    heard: list[dict[str, object]] = []
    with pytest.raises(PuzzleBookError) as caught:
        build(config, jobs=1, out_dir=tmp_path / "out", quiet=True, progress=heard.append)
    assert heard == [{"event": "failed", "message": str(caught.value), "source": str(config),
                      "field": "sections[0].count", "line": 8}]
    assert main(["build", str(config), "--out", str(tmp_path / "out"), "--progress", "json"]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line) for line in out.splitlines()] == heard
    assert err == f"puzzlebook: error: {caught.value}\n"

    impossible = TINY + "  - name: Tiny boards\n    kind: hidato\n    shapes: square:2\n    difficulty: hard\n    count: 2\n"
    heard.clear()
    with pytest.raises(PuzzleBookError) as caught:
        build(write_config(tmp_path, impossible, name="impossible.yaml"), jobs=1, out_dir=tmp_path / "impossible",
              quiet=True, progress=heard.append)
    assert str(caught.value).startswith("section 'Tiny boards', puzzle ")
    assert heard[0]["event"] == "plan"
    assert heard[-1] == {"event": "failed", "message": str(caught.value), "source": None, "field": None, "line": None}


def test_an_interrupted_build_ends_its_progress_records_with_cancelled(tmp_path: Path) -> None:
    """Ctrl-C (a real SIGINT) while puzzles are made: the last record says the build was cancelled."""
    config = write_config(tmp_path, "title: Stop test\nsections:\n  - name: Big\n    kind: hidato\n"
                          "    shapes: square:10\n    difficulty: hard\n    count: 30\n", name="stop.yaml")
    out = tmp_path / "out"
    argv = [sys.executable, "-m", "pipeline", "build", str(config), "--jobs", "1", "--progress", "json", "--out", str(out)]
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not ((out / "puzzles.jsonl").exists() and (out / "puzzles.jsonl").read_bytes().count(b"\n") >= 1):
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    records = [json.loads(line) for line in stdout.splitlines()]
    assert records[0]["event"] == "plan" and records[-1] == {"event": "cancelled"}
    assert "done" not in {record["event"] for record in records}
    assert stderr.startswith("puzzlebook: interrupted; the puzzles made so far are kept")


def test_a_tampered_record_is_reported_by_line_and_made_again(built: tuple[Path, Path]) -> None:
    """A saved record that fails verification is never printed: it is named (file, line) and remade."""
    config, out = built
    before = files(out)
    (out / "book.pdf").unlink()
    lines = lines_of(out)
    record = json.loads(lines[5])
    record["solution"][0][0], record["solution"][0][1] = record["solution"][0][1], record["solution"][0][0]
    lines[5] = checksummed_line(record)
    (out / "puzzles.jsonl").write_text("".join(lines), encoding="utf-8")
    report = rebuild(config, out)
    assert (report.reused, report.generated) == (7, 1)
    assert len(report.notes) == 1
    assert "puzzles.jsonl, line 6: section 'Small numbrix', puzzle 2: its solution does not solve" in report.notes[0]
    assert report.notes[0].endswith("it is left out and made again")
    assert files(out) == before


def test_verify_rejects_a_puzzle_with_two_solutions(built: tuple[Path, Path]) -> None:
    _, out = built
    record = json.loads(lines_of(out)[0])
    n = max(max(v for v in row if v) for row in record["solution"])
    record["grid"] = [[v if v in (None, 1, n) else 0 for v in row] for row in record["solution"]]
    with pytest.raises(PuzzleBookError, match=r"^section 'Small squares', puzzle 1: the solver finds multiple"):
        verify_record(PuzzleRecord.from_json(record))
    record["grid"] = "nonsense"
    with pytest.raises(PuzzleBookError, match="not a readable puzzle record"):
        verify_record(PuzzleRecord.from_json(record))


def test_the_command_line_builds_into_output_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    write_config(tmp_path)
    assert main(["build", "tiny.yaml", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("puzzlebook: tiny: 8 puzzles (0 reused, 8 generated) verified, ")
    assert err.endswith(" -> output/tiny/book.pdf, output/tiny/cover.pdf\n")
    assert (tmp_path / "output" / "tiny" / "book.pdf").is_file()


@pytest.mark.parametrize("jobs, backend, scheduler, flag, words", [
    (None, "loky", "tcp://10.0.0.5:8786", "--scheduler", "a scheduler is only used with backend: dask"),
    (None, None, "not an address", "--scheduler",
     "must be a scheduler address like 'tcp://HOST:8786', got 'not an address'"),
    (0, None, None, "--jobs", None),
    (None, "spark", None, "--backend", None),
])
def test_a_bad_parallel_choice_names_its_flag(jobs: int | None, backend: str | None, scheduler: str | None,
                                              flag: str, words: str | None) -> None:
    """The flag comes from where the error is (a scheduler given to loky is the model's own check, a
    FieldError pointing at `scheduler`); a validator's words are its own, without pydantic's prefix."""
    with pytest.raises(PuzzleBookError) as caught:
        parallel_settings(ParallelSpec(), jobs, backend, scheduler)
    assert caught.value.field == flag
    assert words is None or caught.value.message == words
    assert not caught.value.message.startswith("Value error")


def test_a_config_name_that_is_no_folder_name_is_refused() -> None:
    with pytest.raises(PuzzleBookError, match="cannot name a folder"):
        output_folder("configs/...yaml", None)
    assert output_folder("configs/classic.yaml", None) == Path("output/classic")
    assert output_folder("configs/...yaml", "elsewhere") == Path("elsewhere")


def test_schema_prints_the_config_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"title", "sections", "page", "parallel"} <= set(schema["properties"])


def test_progress_records_say_what_the_build_is_doing(built: tuple[Path, Path], reference: tuple[Path, BuildReport],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """`--progress json`: the plan, one record a puzzle made (its section's count), each stage, the end;
    a puzzle kept from an earlier build counts as reused; the book is the same bytes either way."""
    config, out = built
    lines = out / "puzzles.jsonl"
    kept = lines.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.write_text("".join(kept[:5]), encoding="utf-8")
    assert main(["build", str(config), "--out", str(out), "--jobs", "1", "--progress", "json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    events = [r["event"] for r in records]
    assert events[0] == "plan" and events[-3:] == ["stage", "stage", "done"]
    assert [r["stage"] for r in records if r["event"] == "stage"] == ["typeset", "cover"]
    plan = records[0]
    assert plan["puzzles"] == 8 and sum(s["reused"] for s in plan["sections"]) == 5
    made = [r for r in records if r["event"] == "made"]
    assert len(made) == 3
    for section in plan["sections"]:
        own = [r for r in made if r["section"] == section["name"]]
        assert [r["made"] for r in own] == list(range(section["reused"] + 1, section["total"] + 1))
    assert all(r["rate"] > 0 and r["left"] >= 0 for r in made)
    assert records[-1]["reused"] == 5 and records[-1]["generated"] == 3
    assert files(out) == files(reference[1].pdf.parent)
