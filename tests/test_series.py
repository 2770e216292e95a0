"""Series of volumes and books that repeat no puzzle: the rule, its proof by brute force, and the files.

The sameness checks here are written apart from the kinds' fingerprints (brute force over the
board's symmetries and the kind's relabellings), so a fingerprint that missed a symmetry would fail.
"""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.sameness import repeats, same_puzzle
from pipeline.book.build import build
from pipeline.book.capacity import estimate
from pipeline.book.plan import Job
from pipeline.book.repeats import Seen, Where
from pipeline.book.store import read_records
from pipeline.book.unique import MAX_ATTEMPTS, Slot, choose_unique
from pipeline.cli.main import main
from pipeline.errors import PuzzleBookError
from pipeline.kinds.record import Fingerprint, Place, PuzzleRecord

SERIES = """\
title: Little Puzzles
seed: 3
series: {volumes: 3}
page: {size: 6x9}
sections:
  - name: Tiny Sudoku
    kind: sudoku
    box: 2
    difficulty: easy
    count: 3
    per_page: 4
  - name: Small Hidato
    kind: hidato
    shapes: square:5
    difficulty: [easy, medium]
    count: 6
    per_page: 4
  - name: Small Numbrix
    kind: numbrix
    shapes: square:5
    difficulty: easy
    count: 6
    per_page: 4
"""

BOOK_FILES = ("book.pdf", "cover.pdf", "puzzles.jsonl", "manifest.json", "report.html", "listing.txt")


def write(folder: Path, text: str, name: str = "kids.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def series(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SERIES built whole with 2 workers: its output folder. Read only."""
    folder = tmp_path_factory.mktemp("series")
    build(write(folder, SERIES), jobs=2, out_dir=folder / "out", quiet=True)
    return folder / "out"


# ------------------------------------------------------------------ the series


def test_a_series_builds_every_volume_into_its_own_book_folder(series: Path) -> None:
    for number in (1, 2, 3):
        volume = series / f"volume-{number}"
        assert all((volume / name).is_file() for name in BOOK_FILES), sorted(p.name for p in volume.iterdir())
        title = pypdf.PdfReader(volume / "book.pdf").metadata.title
        assert title == f"Little Puzzles, Volume {number}"
        assert json.loads((volume / "manifest.json").read_text())["title"] == title
        assert f"Volume {number}" in (volume / "listing.txt").read_text()
        assert f"Volume {number}" in pypdf.PdfReader(volume / "cover.pdf").pages[0].extract_text()


def test_no_puzzle_of_a_series_repeats_another_by_brute_force(series: Path) -> None:
    records = [record for number in (1, 2, 3) for record in read_records(series / f"volume-{number}" / "puzzles.jsonl")[0]]
    assert len(records) == 45
    assert repeats(records) == []
    passed = [record for number in (1, 2, 3)
              for record in read_records(series / f"volume-{number}" / "passed-over.jsonl")[0]]
    assert passed, "the small boards' generators repeat themselves: some seeds must have been passed over"
    for gone in passed:  # each passed-over puzzle really repeats one printed before its slot
        assert any(same_puzzle(gone, record) for record in records if record.kind == gone.kind)


def test_the_series_index_says_where_every_puzzle_appeared(series: Path) -> None:
    index = json.loads((series / "series.json").read_text())
    assert [volume["volume"] for volume in index["volumes"]] == [1, 2, 3]
    assert len(index["puzzles"]) == 45
    keys = [entry["puzzle"] for entry in index["puzzles"]] + [entry["solution"] for entry in index["puzzles"]]
    assert len(keys) == len(set(keys))
    record = read_records(series / "volume-2" / "puzzles.jsonl")[0][4]
    entry = next(entry for entry in index["puzzles"] if entry["puzzle"] == record.canonical.puzzle)
    assert (entry["volume"], entry["section"], entry["index"]) == (2, record.section, record.index)


def test_a_volume_built_alone_is_the_same_bytes(series: Path, tmp_path: Path) -> None:
    config = write(tmp_path, SERIES)
    assert main(["build", str(config), "--out", str(tmp_path / "alone"), "--jobs", "1", "--volume", "2", "--quiet"]) == 0
    for name in ("book.pdf", "cover.pdf", "puzzles.jsonl"):
        assert (tmp_path / "alone" / "volume-2" / name).read_bytes() == (series / "volume-2" / name).read_bytes()
    assert not (tmp_path / "alone" / "volume-1" / "book.pdf").exists()  # made for its puzzles, not typeset
    assert not (tmp_path / "alone" / "volume-3").exists()


def test_a_rebuilt_series_makes_nothing_again(series: Path, tmp_path: Path) -> None:
    import shutil

    shutil.copytree(series, tmp_path / "out")
    report = build(write(tmp_path, SERIES), jobs=1, out_dir=tmp_path / "out", quiet=True)
    assert report.generated == 0 and len(report.volumes) == 3
    for number in (1, 2, 3):
        name = f"volume-{number}/book.pdf"
        assert (tmp_path / "out" / name).read_bytes() == (series / name).read_bytes()


@pytest.mark.parametrize(("argv", "words"), [
    (["--volume", "4"], "this series has volumes 1 to 3, not 4"),
    (["--exclude", "no/such/folder"], "no such file or folder"),
])
def test_series_options_out_of_range_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: str) -> None:
    config = write(tmp_path, SERIES)
    assert main(["build", str(config), "--out", str(tmp_path / "out"), *argv]) == 2
    assert words in capsys.readouterr().err


def test_volume_needs_a_series_and_a_volume_title_names_its_number(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    plain = write(tmp_path, SERIES.replace("series: {volumes: 3}\n", ""), name="plain.yaml")
    assert main(["build", str(plain), "--out", str(tmp_path / "out"), "--volume", "1"]) == 2
    assert "--volume needs a series config" in capsys.readouterr().err
    bad = write(tmp_path, SERIES.replace("{volumes: 3}", "{volumes: 3, title: 'Kids'}"), name="bad.yaml")
    assert main(["build", str(bad), "--out", str(tmp_path / "bad")]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml, line 3" in err and "series.title" in err and "{number}" in err


# ------------------------------------------------------------------ books and what they exclude


TINY_SUDOKU = """\
title: Tiny
seed: {seed}
sections:
  - name: Tiny Sudoku
    kind: sudoku
    box: 2
    difficulty: easy
    count: {count}
"""


def test_a_board_asked_for_more_distinct_puzzles_than_it_has_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write(tmp_path, TINY_SUDOKU.format(seed=1, count=300), name="many.yaml")
    assert main(["build", str(config), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "many.yaml, line 8, sections[0].count" in err and "asks for 300 distinct easy puzzles" in err
    assert "only about 13 exist" in err
    assert not (tmp_path / "out" / "puzzles.jsonl").exists()  # refused before any puzzle was made


def test_a_book_repeats_no_puzzle_of_the_books_it_excludes(tmp_path: Path) -> None:
    first = build(write(tmp_path, TINY_SUDOKU.format(seed=1, count=4), name="first.yaml"), jobs=1,
                  out_dir=tmp_path / "first", quiet=True)
    config = write(tmp_path, TINY_SUDOKU.format(seed=1, count=4) + "exclude: first\n", name="second.yaml")
    second = build(config, jobs=1, out_dir=tmp_path / "second", quiet=True)
    old = read_records(tmp_path / "first" / "puzzles.jsonl")[0]
    new = read_records(tmp_path / "second" / "puzzles.jsonl")[0]
    assert first.puzzles == second.puzzles == 4
    assert repeats(old) == [] and repeats(new) == []
    assert [(a, b) for a in old for b in new if same_puzzle(a, b)] == []
    assert any("4 puzzle(s) of earlier books were excluded" in note for note in second.notes)
    with pytest.raises(PuzzleBookError, match="cannot be the one being built"):
        build(config, jobs=1, out_dir=tmp_path / "first", quiet=True)


def test_a_word_search_of_fixed_words_is_one_puzzle_and_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every puzzle of a list no longer than words_per_puzzle hides the same words: the same puzzle."""
    config = write(tmp_path, "title: Pets\nsections:\n  - name: Pets\n    kind: wordsearch\n"
                   "    words: [cat, dog, bird, fish, horse, mouse]\n    shapes: square:10\n    difficulty: easy\n"
                   "    count: 3\n", name="pets.yaml")
    assert main(["build", str(config), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "pets.yaml, line 8, sections[0].count" in err and "only about 1 exist" in err


def test_a_word_search_that_runs_through_its_words_twice_deals_new_sets(tmp_path: Path) -> None:
    """Eight puzzles of 8 words from a 20-word list: the second turn through the words deals them anew,
    so no puzzle hides the same words as another."""
    words = ", ".join(f"{a}{b}" for a, b in zip("ABCDEFGHIJKLMNOPQRST", ["OAK", "ELM", "ASH", "FIR", "YEW"] * 4))
    config = write(tmp_path, f"title: Trees\nsections:\n  - name: Trees\n    kind: wordsearch\n"
                   f"    words: [{words}]\n    words_per_puzzle: 8\n    shapes: square:12\n    difficulty: easy\n"
                   "    count: 8\n", name="trees.yaml")
    build(config, jobs=1, out_dir=tmp_path / "out", quiet=True)
    sets = [frozenset(record.grid["words"]) for record in read_records(tmp_path / "out" / "puzzles.jsonl")[0]]
    assert len(sets) == 8 and len(set(sets)) == 8


def test_a_word_search_series_deals_its_words_as_one_long_book(tmp_path: Path) -> None:
    """A word list is dealt on from volume to volume (with the series' seed), so no volume hands out
    an earlier one's words again; a volume built alone deals the same."""
    words = ", ".join(f"{a}{b}" for a, b in zip("ABCDEFGHIJKLMNOPQRST", ["OAK", "ELM", "ASH", "FIR", "YEW"] * 4))
    text = (f"title: Trees\nseries: {{volumes: 3}}\nsections:\n  - name: Trees\n    kind: wordsearch\n"
            f"    words: [{words}]\n    words_per_puzzle: 8\n    shapes: square:12\n    difficulty: easy\n"
            "    count: 4\n")
    config = write(tmp_path, text, name="trees.yaml")
    build(config, jobs=2, out_dir=tmp_path / "out", quiet=True)
    sets = [frozenset(record.grid["words"]) for number in (1, 2, 3)
            for record in read_records(tmp_path / "out" / f"volume-{number}" / "puzzles.jsonl")[0]]
    assert len(sets) == 12 and len(set(sets)) == 12
    assert main(["build", str(config), "--out", str(tmp_path / "alone"), "--volume", "3", "--quiet"]) == 0
    alone = tmp_path / "alone" / "volume-3" / "puzzles.jsonl"
    assert alone.read_bytes() == (tmp_path / "out" / "volume-3" / "puzzles.jsonl").read_bytes()


def test_a_volume_alone_refuses_an_earlier_volume_printed_from_other_puzzles(
        series: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The config changed after volume 1 was printed: building volume 2 alone would repeat-check it against
    puzzles volume 1 never printed, so it is refused (build the series, or volume 1 first)."""
    import shutil

    shutil.copytree(series, tmp_path / "out")
    changed = write(tmp_path, SERIES.replace("count: 6\n    per_page: 4\n  - name: Small Numbrix",
                                             "count: 6\n    per_page: 4\n    reroll: [2]\n  - name: Small Numbrix"))
    assert main(["build", str(changed), "--out", str(tmp_path / "out"), "--volume", "2", "--quiet"]) == 2
    assert "volume 1 was printed from other puzzles than the config makes now" in capsys.readouterr().err
    assert (tmp_path / "out" / "volume-2" / "book.pdf").read_bytes() == (series / "volume-2" / "book.pdf").read_bytes()


@pytest.mark.parametrize("title", ["{title.x} {number}", "{number} {title:>999999999}", "{title} {number!r}", "{oops"])
def test_a_volume_title_holds_only_plain_title_and_number(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          title: str) -> None:
    config = write(tmp_path, SERIES.replace("{volumes: 3}", f"{{volumes: 3, title: '{title}'}}"))
    assert main(["build", str(config), "--out", str(tmp_path / "out")]) == 2
    assert "series.title: may hold only {title} and {number} in braces" in capsys.readouterr().err


# ------------------------------------------------------------------ the rule itself


def fake_record(job: Job, attempt: int, fingerprints: dict[tuple[str, int, int], tuple[str, str]]) -> PuzzleRecord:
    puzzle, solution = fingerprints[(job.section, job.index, attempt)]
    return PuzzleRecord("toy", job.seed, "easy", [], [], {"level": "easy"}, 1,
                        place=Place(job.section, 0, job.index), fingerprint=job.fingerprint,
                        canonical=Fingerprint(puzzle, solution))


def sequential(count: int, fingerprints: dict[tuple[str, int, int], tuple[str, str]]) -> list[int]:
    """The rule as written: each slot in order takes its first seed whose puzzle repeats none before."""
    taken: set[str] = set()
    chosen = []
    for index in range(1, count + 1):
        attempt = 0
        while {f"p:{fingerprints[('S', index, attempt)][0]}", f"s:{fingerprints[('S', index, attempt)][1]}"} & taken:
            attempt += 1
        puzzle, solution = fingerprints[("S", index, attempt)]
        taken |= {f"p:{puzzle}", f"s:{solution}"}
        chosen.append(attempt)
    return chosen


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_puzzles_are_chosen_by_the_rule_whatever_the_rounds(data: st.DataObject) -> None:
    """choose_unique (rounds of parallel making) gives every slot exactly the seed the sequential rule
    gives, on random patterns of repeats over a small alphabet of puzzles and answers."""
    count = data.draw(st.integers(1, 12))
    letters = st.sampled_from("abcdefghijklmnopqrstuvwxyz")
    fingerprints = {("S", index, attempt): (data.draw(letters), data.draw(letters))
                    for index in range(1, count + 1) for attempt in range(40)}
    for index in range(1, count + 1):  # every slot finds a fresh puzzle within its 40 seeds
        fingerprints[("S", index, 39)] = (f"new{index}", f"new{index}")
    slots = [Slot(Job("S", 0, index, "toy", "easy", seed=index)) for index in range(1, count + 1)]
    attempt_of: dict[str, int] = {}

    def make(wanted: list[Slot]) -> dict[str, PuzzleRecord]:
        made = {}
        for slot in wanted:
            job = slot.current
            attempt_of[job.fingerprint] = slot.attempt
            made[job.fingerprint] = fake_record(job, slot.attempt, fingerprints)
        return made

    choose_unique(slots, make, Seen())
    assert [slot.attempt for slot in slots] == sequential(count, fingerprints)


def test_a_slot_that_only_meets_repeats_gives_up_naming_itself() -> None:
    slots = [Slot(Job("S", 0, index, "toy", "easy", seed=index), volume=2) for index in (1, 2)]

    def make(wanted: list[Slot]) -> dict[str, PuzzleRecord]:
        return {slot.current.fingerprint: PuzzleRecord(
            "toy", 1, "easy", [], [], {"level": "easy"}, 1, place=Place("S", 0, slot.job.index),
            fingerprint=slot.current.fingerprint, canonical=Fingerprint("same", None)) for slot in wanted}

    with pytest.raises(PuzzleBookError, match=f"volume 2, section 'S', puzzle 2: each of {MAX_ATTEMPTS} seeds"):
        choose_unique(slots, make, Seen())


def test_excluded_puzzles_count_as_seen_before() -> None:
    seen = Seen()
    seen.take(Fingerprint("p", "s"), Where(None, "Old", 7, source="old-book"))
    assert seen.clash(Fingerprint("x", "s")) == Where(None, "Old", 7, source="old-book")
    assert seen.clash(Fingerprint("s", "p")) is None  # a puzzle digest never meets a solution digest
    assert "puzzle 7 of old-book" in Where(None, "Old", 7, source="old-book").words()


def test_the_estimate_counts_what_a_sample_met_and_what_it_missed() -> None:
    def fingerprints(names: str) -> list[Fingerprint]:
        return [Fingerprint(name, name.upper()) for name in names]

    assert estimate(fingerprints("abcabcabcabc")) .about == 3  # every puzzle met often: all were met
    every_once = estimate(fingerprints("abcdefgh"))
    assert every_once.distinct == 8 and every_once.about > 8  # all new: many more exist
    assert estimate(fingerprints("aabbcdd")).about == 3 + 1 + round(1 / (2 * 3))


@pytest.mark.slow  # two small builds with two workers
def test_a_build_from_another_folder_reuses_the_workers_with_relative_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers outlive a build (loky reuses them) and keep the folder they started in: a later
    build from another folder, its config named relative to it, still typesets and reports there."""
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        write(folder, TINY_SUDOKU.format(seed=1, count=2), name=f"{name}.yaml")
        monkeypatch.chdir(folder)
        report = build(f"{name}.yaml", jobs=2, out_dir="out", quiet=True)
        assert report.puzzles == 2 and (folder / "out" / "report.html").stat().st_size > 0
