"""Blocklists against a held-out list: the share of generated 15x15 word searches (every shipped theme,
all four levels, 40 a language by default) in which a word of tests/data/blocklist-heldout/LANG.txt (words
publishers screen for, from another source than the one that informed our lists) reads in any
direction outside the letters of one listed word, and the same share for our own list (which must be
0). Also times the generation. Prints a table; nothing is written.

    .venv/bin/python -m bench.blocklist [--per-language N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from pipeline.book.config import load_config_text
from pipeline.kinds import registry
from pipeline.kinds.wordsearch.blocklist import blocked_words
from pipeline.kinds.wordsearch.grade import LEVELS
from pipeline.kinds.wordsearch.letters import LANGUAGES, normalize
from pipeline.kinds.wordsearch.search import occurrences
from pipeline.kinds.wordsearch.themes import themes

HELD_OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "blocklist-heldout"
KIND = registry.kind("wordsearch")


def held_out(language: str) -> tuple[str, ...]:
    """The held-out list, written as the language's grids write it."""
    words = set()
    for line in (HELD_OUT / f"{language}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            try:
                words.add(normalize(line, language))
            except ValueError:
                continue
    return tuple(sorted(words))


def stray(rows: Sequence[str], listed: Sequence[str], words: Iterable[str]) -> list[str]:
    """The `words` reading in `rows` anywhere but inside the cells of one listed word."""
    placed = [frozenset(p.cells()) for where in occurrences(rows, listed).values() for p in where]
    return [word for word, where in occurrences(rows, words).items() for p in where
            if not any(frozenset(p.cells()) <= cells for cells in placed)]


def grids(language: str, count: int) -> Iterable[tuple[tuple[str, ...], tuple[str, ...], float]]:
    """`count` 15x15 puzzles of the language: theme i of the sorted themes, level i of the four, seed i."""
    names = sorted(themes(language))
    for i in range(count):
        theme, level = names[i % len(names)], LEVELS[i % len(LEVELS)]
        config = (f"title: Bench\nseed: {i}\nlanguage: {language}\nsections:\n  - name: B\n    kind: wordsearch\n"
                  f"    theme: {theme}\n    shapes: square:15\n    words_per_puzzle: 15\n    difficulty: {level}\n"
                  "    count: 1\n")
        params = KIND.job_params(load_config_text(config, "bench.yaml").sections[0], 1)
        start = time.perf_counter()
        puzzle, _ = KIND.read_record(KIND.generate(params, level, i))
        yield puzzle.rows, puzzle.words, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-language", type=int, default=40)
    args = parser.parse_args(argv)
    print("| language | grids | held-out reads | share | own list reads | median ms | most seen held-out words |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    total, hit_total, times = 0, 0, []
    for language in LANGUAGES:
        other, ours = held_out(language), blocked_words(language)
        hits, own, seen, spent = 0, 0, Counter[str](), []
        for rows, listed, seconds in grids(language, args.per_language):
            spent.append(seconds)
            found = stray(rows, listed, other)
            hits += bool(found)
            own += bool(stray(rows, listed, ours))
            seen.update(set(found))
        total, hit_total, times = total + args.per_language, hit_total + hits, times + spent
        top = ", ".join(f"{word} {n}" for word, n in sorted(seen.items(), key=lambda pair: (-pair[1], pair[0]))[:8])
        print(f"| {language} | {args.per_language} | {hits} | {hits / args.per_language:.0%} | {own} | "
              f"{statistics.median(spent) * 1000:.0f} | {top} |")
    print(f"| all | {total} | {hit_total} | {hit_total / total:.0%} | | {statistics.median(times) * 1000:.0f} "
          f"(total {sum(times):.1f} s) | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
