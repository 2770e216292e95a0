"""Hostile configs: every one is refused at once with the file, its line and the field, or loads;
nothing recurses, expands or computes without bound, and nothing but a PuzzleBookError escapes.

A complete config of every kind is the base; each test damages it one way: nesting, aliases
(including a 'billion laughs'), numbers of absurd size, and a wrong type at every key it holds.
"""

from __future__ import annotations

import math
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.book.config import load_config, load_config_text
from pipeline.book.plan import plan
from pipeline.errors import PuzzleBookError
from tests.treepaths import dotted, key_paths

BASE: dict[str, Any] = {
    "title": "T", "subtitle": "S", "author": "A", "seed": 3,
    "page": {"size": "6x9", "bleed": True, "inside": "0.5in", "outside": "0.5in", "top": "0.5in", "bottom": "0.5in"},
    "sections": [
        {"name": "Paths", "kind": "hidato", "shapes": ["square:6", {"name": "cross", "size": 7, "arm": 3}],
         "difficulty": ["easy", "medium"], "count": 3, "per_page": 2, "reroll": [1]},
        {"name": "Grid", "kind": "sudoku", "box": 2, "symmetry": "none", "min_level": "easy", "max_level": "easy",
         "count": 2, "per_page": 4},
    ],
    "answers": {"per_page": 6, "where": "back"},
    "contents": True, "large_print": False,
    "parallel": {"n_jobs": 2, "backend": "loky"},
}
GIGABYTE = 1 << 30


def problem(text: str) -> PuzzleBookError:
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(text, "hostile.yaml")
    assert caught.value.source == "hostile.yaml"
    return caught.value


def test_the_base_config_is_valid() -> None:
    assert len(plan(load_config_text(yaml.safe_dump(BASE), "base.yaml"))) == 5


def test_nesting_thousands_deep_is_refused_where_it_goes_too_deep() -> None:
    err = problem("title: " + "[" * 3000 + "]" * 3000 + "\nsections: []\n")
    assert (err.line, err.column) == (1, 23) and "nest more than 16 deep" in err.message
    count = yaml.safe_dump(BASE).replace("count: 3", "count: " + "[" * 500 + "1" + "]" * 500)
    assert "nest more than 16 deep" in problem(count).message


def test_aliases_past_the_budget_are_refused() -> None:
    many = "title: &t x\nsubtitle: [" + ", ".join(["*t"] * 65) + "]\nsections: []\n"
    err = problem(many)
    assert err.line == 2 and "at most 64 aliases" in err.message


def laughs(key: str, levels: int) -> str:
    """A 'billion laughs': each level a list of nine aliases of the one before (9**levels strings)."""
    names = "abcdefghi"[:levels]
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for name, inner in zip(names[1:], names):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{inner}"] * 9) + "]")
    return "\n".join(lines) + f"\n{key}: *{names[-1]}\n"


@pytest.mark.parametrize("key, levels, words", [
    ("title", 9, "at most 64 aliases"), ("reroll", 9, "at most 64 aliases"),
    ("title", 5, "would expand the config past 20000 values"), ("reroll", 5, "would expand the config past 20000"),
])
@pytest.mark.slow  # each parameter starts a memory-limited `puzzlebook build` subprocess
def test_a_billion_laughs_is_refused_in_moments_and_little_memory(key: str, levels: int, words: str,
                                                                  tmp_path: Path) -> None:
    text = yaml.safe_dump(BASE)
    if key == "title":
        text = laughs("title", levels) + text.replace("title: T\n", "")
    else:
        definitions = laughs("unused", levels).rsplit("\n", 2)[0] + "\n"
        text = definitions + text.replace("reroll:\n    - 1", "reroll: *" + "abcdefghi"[levels - 1])
    config = tmp_path / "bomb.yaml"
    config.write_text(text, encoding="utf-8")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (GIGABYTE, GIGABYTE))

    done = subprocess.run([sys.executable, "-m", "pipeline", "build", str(config), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=60, preexec_fn=limit)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert words in done.stderr
    assert not (tmp_path / "out" / "book.pdf").exists()


@pytest.mark.parametrize("edit, field, words", [
    (("page", "size", None), "page.width", "at most 24in"),
    (("seed",), "seed", "far too long"),
    (("sections", 0, "count"), "sections[0].count", "far too long"),
    (("parallel", "n_jobs"), "parallel.n_jobs", "from 1 to 1024"),
    (("title",), "title", "at most 150 characters"),
    (("sections", 1, "name"), "sections[1].name", "at most 100 characters"),
])
def test_absurd_numbers_and_lengths_are_refused_with_the_allowed_range(edit: tuple, field: str, words: str) -> None:
    data = yaml.safe_dump(BASE)
    if edit[0] == "page":
        data = data.replace("  size: 6x9\n", "  width: " + "1" * 400 + "in\n  height: 9in\n")
    elif edit == ("seed",):
        data = data.replace("seed: 3", "seed: " + "9" * 5000)
    elif edit[0] == "sections" and edit[2] == "count":
        data = data.replace("count: 3", "count: " + "7" * 400, 1)
    elif edit[0] == "parallel":
        data = data.replace("n_jobs: 2", "n_jobs: 100000")
    elif edit == ("title",):
        data = data.replace("title: T", "title: " + "T" * 151)
    else:
        data = data.replace("name: Grid", "name: " + "G" * 101)
    err = problem(data)
    assert words in err.message
    if "far too long" not in words:
        assert err.field == field and err.line is not None


def test_a_config_too_large_to_be_a_book_is_refused_unread(tmp_path: Path) -> None:
    config = tmp_path / "big.yaml"
    config.write_text(yaml.safe_dump(BASE) + "#" * (2 << 20) + "\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError, match="larger than 1024 KB"):
        load_config(config)


def replaced(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = replaced(data[path[0]], path[1:], value)
    return copy


WRONG = [None, True, -1, 10**12, 1.5e300, math.nan, "", "x" * 400, [], {}, [[[1]]], {"k": {"k": 1}}]


@pytest.mark.parametrize("path", key_paths(BASE), ids=dotted)
@pytest.mark.slow  # about fifty parameters, each loading a config twelve times
def test_a_wrong_value_at_any_key_names_that_key(path: tuple) -> None:
    for value in WRONG:
        data = replaced(BASE, path, value)
        try:
            load_config_text(yaml.safe_dump(data), "wrong.yaml")
        except PuzzleBookError as err:
            assert err.source == "wrong.yaml" and err.line is not None
            assert err.field and (dotted(path).startswith(err.field) or err.field.startswith(dotted(path))), (
                value, str(err))


HOSTILE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**40), 10**40), st.floats(), st.text(max_size=30),
              st.sampled_from(["square:999", "cross:0", "6x9", "9999999in", "-1in", "nan", "sudoku", "hard"])),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(key_paths(BASE)), value=HOSTILE, alias=st.booleans())
@pytest.mark.slow  # hypothesis, 150 examples
def test_fuzzed_configs_load_or_fail_as_a_user_error(path: tuple, value: Any, alias: bool) -> None:
    text = yaml.safe_dump(replaced(BASE, path, value))
    if alias:  # the same damage, shared through an anchor and aliases
        text = "x_anchor: &v " + yaml.safe_dump(value, default_flow_style=True).strip().replace("\n...", "") + "\n" + text
    try:
        plan(load_config_text(text, "fuzz.yaml"))
    except PuzzleBookError as err:
        assert err.source == "fuzz.yaml"
