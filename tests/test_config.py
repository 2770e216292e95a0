"""Book configs: the shipped ones load, every mistake names its file, line and field, and nothing else escapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import Field, ValidationError, model_validator

from pipeline.book.config import config_schema, load_config, load_config_text
from pipeline.book.configerrors import first_problem
from pipeline.book.yamlfile import read_yaml
from pipeline.bookspec import BookSpec, PageSpec, length_points
from pipeline.errors import PuzzleBookError
from pipeline.specs import FieldError, Spec
from pipeline.kinds.hidato.grade import LEVELS

CONFIGS = Path(__file__).resolve().parents[1] / "configs"

BASE = """\
title: Test book
seed: 3
sections:
  - name: First
    kind: hidato
    shapes: square:8
    difficulty: easy
    count: 4
  - name: Second
    kind: numbrix
    shapes:
      - name: cloud
        size: 8
    difficulty: [easy, medium]
    count: 3
"""
"""Line 1 title, 3 sections, 4-8 the first section, 9-15 the second (its cloud on lines 11-12)."""


def problem(text: str) -> PuzzleBookError:
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(text, "book.yaml")
    err = caught.value
    assert err.source == "book.yaml"
    assert str(err).startswith("book.yaml")
    return err


def edit(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


# ------------------------------------------------------------------------------------ shipped configs


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_config_loads(path: Path) -> None:
    book = load_config(path)
    assert isinstance(book, BookSpec)
    assert path.read_text().startswith("#"), "each config explains itself in a comment header"


def test_shipped_configs_are_the_fifteen_books() -> None:
    assert sorted(p.name for p in CONFIGS.glob("*.yaml")) == [
        "classic.yaml",
        "crosswords.yaml",
        "grossdruck-de.yaml",
        "honeycomb.yaml",
        "kreuzwortraetsel-de.yaml",
        "large-print.yaml",
        "mazes.yaml",
        "nonograms.yaml",
        "numbrix.yaml",
        "pasatiempos-es.yaml",
        "pocket-6x9.yaml",
        "sopa-de-letras-es.yaml",
        "sudoku-variants.yaml",
        "sudoku.yaml",
        "wordsearch.yaml",
    ]
    languages = {p.stem: load_config(p).language for p in CONFIGS.glob("*.yaml")}
    assert languages.pop("pasatiempos-es") == languages.pop("sopa-de-letras-es") == "es"
    assert languages.pop("grossdruck-de") == languages.pop("kreuzwortraetsel-de") == "de"
    assert set(languages.values()) == {"en"}, "make book stays the English classic"
    assert load_config(CONFIGS / "grossdruck-de.yaml").large_print


def test_classic_mixes_all_families_and_levels_on_letter_paper() -> None:
    book = load_config(CONFIGS / "classic.yaml")
    assert book.title == "Classic Hidato"
    assert book.page.trim_points() == (612.0, 792.0)
    assert 90 <= sum(section.count for section in book.sections) <= 110
    assert {section.kind for section in book.sections} == {"hidato"}
    names = {shape.name for section in book.sections for shape in section.shapes}
    assert names == {"square", "cross", "rhombus", "mirror", "cloud"}
    assert {level for section in book.sections for level in section.difficulty} == set(LEVELS)


def test_other_configs_keep_their_promises() -> None:
    numbrix = load_config(CONFIGS / "numbrix.yaml")
    assert {section.kind for section in numbrix.sections} == {"numbrix"}
    pocket = load_config(CONFIGS / "pocket-6x9.yaml")
    assert pocket.page.trim_points() == (432.0, 648.0)
    assert {section.per_page for section in pocket.sections} <= {1, 2}
    large = load_config(CONFIGS / "large-print.yaml")
    assert large.large_print and {section.per_page for section in large.sections} <= {1, 2}


# ------------------------------------------------------------------------------------ the model


def test_defaults_and_shorthands() -> None:
    book = load_config_text(BASE, "book.yaml")
    assert book.seed == 3 and book.page.size == "8.5x11" and not book.page.bleed
    first, second = book.sections
    assert first.shapes[0].model_dump(exclude_none=True) == {"name": "square", "size": 8}
    assert first.difficulty == ["easy"] and first.per_page == 4 and first.reroll == []
    assert second.difficulty == ["easy", "medium"] and second.kind == "numbrix"
    assert first.kind == "hidato"
    assert book.answers.per_page == 6 and book.answers.where == "back"
    assert book.parallel.n_jobs is None and book.parallel.backend == "loky"
    assert book.contents and not book.large_print


def test_shape_given_as_a_bare_name_or_a_single_mapping() -> None:
    book = load_config_text(edit("shapes: square:8", "shapes: cross"), "book.yaml")
    assert book.sections[0].shapes[0].model_dump(exclude_none=True) == {"name": "cross"}
    book = load_config_text(edit("shapes: square:8", "shapes: {name: cross, size: 9, arm: 3}"), "book.yaml")
    assert book.sections[0].shapes[0].model_dump(exclude_none=True) == {"name": "cross", "size": 9, "arm": 3}


@pytest.mark.parametrize(
    ("text", "points"),
    [("6in", 432.0), ("152.4mm", 432.0), ("15.24cm", 432.0), ("432pt", 432.0), (".5in", 36.0), ("1 in", 72.0)],
)
def test_length_units(text: str, points: float) -> None:
    assert length_points(text) == pytest.approx(points)


@pytest.mark.parametrize("text", ["6", "6 inches", "-1in", "0in", "in", "6in6", ""])
def test_bad_lengths(text: str) -> None:
    with pytest.raises(ValueError, match="length"):
        length_points(text)


def test_custom_trim_size() -> None:
    book = load_config_text(BASE + "page:\n  width: 152.4mm\n  height: 9in\n", "book.yaml")
    assert book.page.size is None
    assert book.page.trim_points() == pytest.approx((432.0, 648.0))


@pytest.mark.parametrize(
    ("pages", "inches"),
    [(1, 0.375), (24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625), (500, 0.625),
     (501, 0.75), (700, 0.75), (701, 0.875), (828, 0.875), (1000, 0.875)],
)
def test_gutter_follows_the_print_on_demand_rule(pages: int, inches: float) -> None:
    assert PageSpec().gutter_points(pages) == inches * 72


def test_a_given_gutter_wins() -> None:
    assert PageSpec(inside="1in").gutter_points(900) == 72.0


def test_schema_is_json_for_editors() -> None:
    schema = config_schema()
    json.dumps(schema)
    assert {"title", "sections", "page"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
    section = schema["$defs"]["HidatoSection"]["properties"]
    assert "description" in section["count"]
    assert schema["$defs"]["AnswersSpec"]["properties"]["per_page"]["enum"] == [1, 2, 4, 6, 9, 12]
    # the YAML shorthands are valid for editors too: one shape or level, or a list of them
    assert {"$ref": "#/$defs/ShapeSpec"} in section["shapes"]["anyOf"][0]["anyOf"]
    assert section["shapes"]["anyOf"][1]["type"] == "array"
    assert section["difficulty"]["anyOf"][0]["enum"] == list(LEVELS)


# ------------------------------------------------------------------------------------ mistakes


def test_unknown_key_suggests_the_near_one() -> None:
    err = problem(edit("    count: 3\n", "    count: 3\n    dificulty: hard\n"))
    assert (err.line, err.field) == (16, "sections[1]")
    assert "unknown key 'dificulty': did you mean 'difficulty'?" in err.message
    assert "per_page" in err.message  # the allowed keys are listed


def test_unknown_top_level_key() -> None:
    err = problem(BASE + "titel: again\n")
    assert (err.line, err.field) == (16, None)
    assert "did you mean 'title'?" in err.message


def test_wrong_type() -> None:
    err = problem(edit("count: 3", "count: three"))
    assert (err.line, err.field) == (15, "sections[1].count")
    assert "must be a whole number, got 'three'" in err.message


def test_bad_level_in_a_list() -> None:
    err = problem(edit("[easy, medium]", "[easy, meduim]"))
    assert (err.line, err.field) == (14, "sections[1].difficulty[1]")
    assert "'easy', 'medium', 'hard' or 'expert'" in err.message
    assert "did you mean 'medium'?" in err.message


def test_bad_single_level() -> None:
    err = problem(edit("difficulty: easy", "difficulty: tough"))
    assert (err.line, err.field) == (7, "sections[0].difficulty")


def test_bad_per_page() -> None:
    err = problem(edit("count: 4", "count: 4\n    per_page: 3"))
    assert (err.line, err.field) == (9, "sections[0].per_page")
    assert "must be 1, 2, 4 or 6, got 3" in err.message


def test_count_out_of_range() -> None:
    err = problem(edit("count: 4", "count: 0"))
    assert (err.line, err.field) == (8, "sections[0].count")
    assert "from 1 to 2000" in err.message


def test_unknown_shape() -> None:
    err = problem(edit("shapes: square:8", "shapes: sqare"))
    assert (err.line, err.field) == (6, "sections[0].shapes")
    assert "did you mean 'square'?" in err.message


def test_shape_parameter_the_shape_does_not_take() -> None:
    err = problem(edit("size: 8", "size: 8\n        arm: 2"))
    assert (err.line, err.field) == (12, "sections[1].shapes[0]")
    assert "does not take arm" in err.message


def test_shape_parameter_out_of_range() -> None:
    err = problem(edit("shapes: square:8", "shapes: [cloud:8, {name: cross, size: 9, arm: 2}]"))
    assert (err.line, err.field) == (6, "sections[0].shapes[1]")
    assert "arm of a cross of size 9" in err.message


def test_bad_shape_shorthand() -> None:
    err = problem(edit("shapes: square:8", "shapes: square:big"))
    assert (err.line, err.field) == (6, "sections[0].shapes")
    assert "'name:size'" in err.message


@pytest.mark.parametrize(
    ("shape", "reason"),
    [("rhombus", "only one open neighbour"), ("mirror", "not connected"), ("heart", "chessboard")],
)
def test_shape_impossible_for_numbrix(shape: str, reason: str) -> None:
    err = problem(edit("name: cloud\n        size: 8", f"name: {shape}"))
    assert (err.line, err.field) == (12, "sections[1].shapes[0]")
    assert shape in err.message and reason in err.message


def test_duplicate_section_names() -> None:
    err = problem(edit("name: Second", "name: First"))
    assert (err.line, err.field) == (9, "sections[1].name")
    assert "already used by sections[0]" in err.message


def test_blank_section_name() -> None:
    err = problem(edit("name: Second", "name: '  '"))
    assert (err.line, err.field) == (9, "sections[1].name")


def test_reroll_out_of_range() -> None:
    err = problem(edit("count: 4", "count: 4\n    reroll: [1, 5]"))
    assert (err.line, err.field) == (9, "sections[0].reroll[1]")
    assert "from 1 to count (4), got 5" in err.message


def test_missing_required_key() -> None:
    err = problem(edit("    count: 4\n", ""))
    assert (err.line, err.field) == (4, "sections[0].count")
    assert "missing required key 'count'" in err.message


def test_missing_title() -> None:
    err = problem(BASE.replace("title: Test book\n", ""))
    assert (err.line, err.field) == (1, "title")


def test_no_sections() -> None:
    err = problem("title: T\nsections: []\n")
    assert (err.line, err.field) == (2, "sections")
    assert "must not be empty" in err.message


def test_yaml_syntax_error() -> None:
    err = problem(edit("kind: numbrix", "kind: [numbrix"))
    assert err.line == 11 and err.column is not None
    assert "not valid YAML" in err.message


def test_control_character() -> None:
    err = problem(edit("kind: numbrix", "kind: num\x07brix"))
    assert (err.line, err.column) == (10, 14)
    assert "0x0007" in err.message


def test_duplicate_key() -> None:
    err = problem(edit("count: 4", "count: 4\n    count: 5"))
    assert (err.line, err.column) == (9, 5)
    assert "'count' appears twice" in err.message and "line 8" in err.message


@pytest.mark.parametrize(("text", "what"), [("- a\n- b\n", "a list"), ("just words\n", "'just words'")])
def test_top_level_must_be_a_mapping(text: str, what: str) -> None:
    err = problem(text)
    assert err.line == 1 and what in err.message


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_file(text: str) -> None:
    assert "empty" in problem(text).message


def test_length_without_unit() -> None:
    err = problem(BASE + "page:\n  outside: 0.5\n")
    assert (err.line, err.field) == (17, "page.outside")
    assert "unit (in, mm, cm or pt)" in err.message


def test_unknown_unit() -> None:
    err = problem(BASE + "page:\n  size: ~\n  width: 6furlongs\n  height: 9in\n")
    assert (err.line, err.field) == (18, "page.width")


def test_unknown_trim_size_name() -> None:
    err = problem(BASE + "page:\n  size: A4\n")
    assert (err.line, err.field) == (17, "page.size")
    assert "did you mean 'a4'?" in err.message


def test_trim_too_small() -> None:
    err = problem(BASE + "page:\n  width: 2in\n  height: 9in\n")
    assert (err.line, err.field) == (17, "page.width")
    assert "at least 3in" in err.message


def test_half_a_custom_size() -> None:
    err = problem(BASE + "page:\n  width: 6in\n")
    assert (err.line, err.field) == (17, "page.height")


def test_size_and_custom_size_together() -> None:
    err = problem(BASE + "page:\n  size: 6x9\n  width: 6in\n  height: 9in\n")
    assert (err.line, err.field) == (17, "page.size")


@pytest.mark.parametrize(("bleed", "outside", "ok"), [("false", "0.25in", True), ("false", "0.2in", False),
                                                      ("true", "0.3in", False), ("true", "0.375in", True)])
def test_outside_margin_minimum(bleed: str, outside: str, ok: bool) -> None:
    text = BASE + f"page:\n  bleed: {bleed}\n  outside: {outside}\n"
    if ok:
        assert load_config_text(text, "book.yaml").page.outside == outside
    else:
        err = problem(text)
        assert (err.line, err.field) == (18, "page.outside")


def test_margins_must_leave_room() -> None:
    err = problem(BASE + "page:\n  size: 5x8\n  top: 4in\n  bottom: 4in\n")
    assert err.field == "page.bottom" and "height" in err.message


def test_section_must_be_a_mapping() -> None:
    err = problem("title: T\nsections:\n  - just a name\n")
    assert (err.line, err.field) == (3, "sections[0]")
    assert "must be a mapping with keys name, kind" in err.message


def test_bad_parallel_settings() -> None:
    err = problem(BASE + "parallel:\n  n_jobs: 0\n")
    assert (err.line, err.field) == (17, "parallel.n_jobs")
    err = problem(BASE + "parallel:\n  backend: spark\n")
    assert (err.line, err.field) == (17, "parallel.backend")
    err = problem(BASE + "parallel:\n  scheduler: tcp://10.0.0.5:8786\n")
    assert (err.field, err.message) == ("parallel.scheduler", "a scheduler is only used with backend: dask")
    err = problem(BASE + "parallel:\n  backend: dask\n  scheduler: not an address\n")
    assert err.field == "parallel.scheduler" and "like 'tcp://HOST:8786'" in err.message
    spec = load_config_text(BASE + "parallel:\n  backend: dask\n  scheduler: tcp://10.0.0.5:8786\n").parallel
    assert (spec.backend, spec.scheduler) == ("dask", "tcp://10.0.0.5:8786")


class Gig(Spec):
    """A model of the shapes pydantic words awkwardly: choices with quotes in them, one-sided bounds,
    and a model-level check that points at a field (FieldError)."""

    genre: Literal["rock 'n' roll", "jazz"] = "jazz"
    sets: list[Literal["short", "long"]] = []
    minutes: int = Field(30, le=240)
    volume: float = Field(0.5, gt=0.0, lt=11.0)
    encore: bool = False

    @model_validator(mode="after")
    def _encore_needs_a_long_set(self) -> Gig:
        if self.encore and "long" not in self.sets:
            raise FieldError("an encore needs a long set", ("encore",))
        return self


def gig_problem(text: str) -> PuzzleBookError:
    root, data = read_yaml(text, "gig.yaml")
    with pytest.raises(ValidationError) as caught:
        Gig.model_validate(data)
    return first_problem(caught.value, root, "gig.yaml", Gig)


def test_problems_are_worded_from_the_errors_type_and_context_not_pydantics_words() -> None:
    """The suggestion for a choice comes from the field's Literal type (pydantic writes "rock 'n' roll"
    in double quotes, which a search of its text for quoted words misreads); a bound comes from the
    error's ctx; a validator's message is its exception's own, at the field its FieldError names."""
    err = gig_problem("genre: rock n roll\n")
    assert (err.line, err.field) == (1, "genre")
    assert err.message == "must be \"rock 'n' roll\" or 'jazz', got 'rock n roll'; did you mean \"rock 'n' roll\"?"
    err = gig_problem("sets: [short, lnog]\n")
    assert (err.field, err.message) == ("sets[1]", "must be 'short' or 'long', got 'lnog'; did you mean 'long'?")
    err = gig_problem("minutes: 300\n")
    assert (err.field, err.message) == ("minutes", "must be less than or equal to 240, got 300")
    err = gig_problem("volume: 12.5\n")
    assert (err.field, err.message) == ("volume", "must be less than 11, got 12.5")
    err = gig_problem("sets: [short]\nencore: true\n")
    assert (err.line, err.field, err.message) == (2, "encore", "an encore needs a long set")


def test_bad_answers_settings() -> None:
    err = problem(BASE + "answers:\n  where: front\n")
    assert (err.line, err.field) == (17, "answers.where")
    assert "'back' or 'section'" in err.message


def test_text_field_given_a_number_or_date() -> None:
    err = problem(BASE.replace("title: Test book", "title: 1984"))
    assert (err.line, err.field) == (1, "title") and "quotes" in err.message
    err = problem(BASE + "author: 2024-02-30\n")
    assert err.line == 16 and "2024-02-30" in err.message


def test_merged_keys_point_at_the_key_that_wins() -> None:
    text = (
        "title: T\n"
        "sections:\n"
        "  - &first\n"
        "    name: A\n"
        "    kind: hidato\n"
        "    shapes: cross\n"
        "    difficulty: easy\n"
        "    count: 3\n"
        "  - <<: *first\n"
        "    name: B\n"
        "    count: 0\n"
    )
    err = problem(text)
    assert (err.line, err.field) == (11, "sections[1].count")
    assert load_config_text(text.replace("count: 0", "count: 5"), "book.yaml").sections[1].count == 5


def test_aliases_that_nest_themselves() -> None:
    err = problem("title: T\nsections: &s [*s]\n")
    assert err.line == 2 and "an alias refers to a list or mapping it is part of" in err.message


@pytest.mark.parametrize(
    "text",
    [
        "title: !!python/object/apply:os.system ['echo hacked']\n",
        "!!python/object:pipeline.book.config.BookSpec {}\n",
        "title: !!python/name:os.system ''\n",
    ],
)
def test_python_tags_are_refused(text: str) -> None:
    err = problem(text)
    assert err.line == 1 and "constructor" in err.message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleBookError, match="no such config file") as caught:
        load_config(tmp_path / "nope.yaml")
    assert caught.value.source == str(tmp_path / "nope.yaml")


def test_folder_and_binary_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleBookError, match="folder"):
        load_config(tmp_path)
    binary = tmp_path / "book.yaml"
    binary.write_bytes(b"title: \xff\xfe\n")
    with pytest.raises(PuzzleBookError, match="UTF-8"):
        load_config(binary)


def test_the_first_mistake_in_the_file_is_reported() -> None:
    text = edit("count: 3", "count: -1").replace("title: Test book", "title: 5")
    assert problem(text).line == 1


# ------------------------------------------------------------------------------------ fuzz

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3000),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["square:8", "cross", "cloud:8", "mirror", "heart", "easy", "hard", "hidato",
                     "numbrix", "6in", "0.1in", "a4", "back", "loky"]),
)
KEYS = st.sampled_from(["title", "seed", "page", "sections", "answers", "parallel", "large_print", "name",
                        "kind", "shapes", "difficulty", "count", "per_page", "reroll", "size", "width",
                        "height", "arm", "bleed", "outside", "inside", "n_jobs", "where", "x", "1"])
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=6),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(KEYS, VALUES, max_size=8))
@pytest.mark.slow  # hypothesis, 150 examples
def test_fuzz_structures_only_raise_puzzlebook_errors(data: dict) -> None:
    try:
        load_config_text(yaml.safe_dump(data), "fuzz.yaml")
    except PuzzleBookError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab: -[]{},'\"!&*#\n\t|>?%@`0129.\\\x00é")), max_size=60))
def test_fuzz_text_only_raises_puzzlebook_errors(text: str) -> None:
    try:
        load_config_text(text, "fuzz.yaml")
    except PuzzleBookError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(BASE) - 1), st.text(max_size=3))
def test_fuzz_edits_of_a_good_config_only_raise_puzzlebook_errors(at: int, insert: str) -> None:
    try:
        load_config_text(BASE[:at] + insert + BASE[at + 1 :], "fuzz.yaml")
    except PuzzleBookError as err:
        assert err.source == "fuzz.yaml"


def test_misspelt_key_is_reported_as_unknown_not_as_the_missing_one() -> None:
    text = "title: X\nsections:\n  - name: A\n    kind: hidato\n    shapes: square:6\n    dificulty: easy\n    count: 2\n"
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(text, "book.yaml")
    message = str(caught.value)
    assert "line 6" in message and "unknown key 'dificulty'" in message and "did you mean 'difficulty'" in message


# ------------------------------------------------------------------------------------ level ranges


def test_level_range_ramps_from_easiest_to_hardest() -> None:
    book = load_config_text(edit("    difficulty: easy\n    count: 4", "    min_level: medium\n    count: 7"), "b.yaml")
    section = book.sections[0]
    assert [section.level_of(i) for i in range(1, 8)] == ["medium"] * 3 + ["hard"] * 2 + ["expert"] * 2
    assert book.sections[1].level_of(2) == "medium"


def test_level_range_defaults_to_the_whole_scale() -> None:
    book = load_config_text(edit("    difficulty: easy\n    count: 4", "    max_level: hard\n    count: 6"), "b.yaml")
    assert [book.sections[0].level_of(i) for i in range(1, 7)] == ["easy"] * 2 + ["medium"] * 2 + ["hard"] * 2


def test_difficulty_and_level_range_together_are_refused() -> None:
    err = problem(edit("difficulty: easy", "difficulty: easy\n    max_level: hard"))
    assert err.field == "sections[0].max_level"
    assert "either difficulty or min_level/max_level" in err.message


def test_inverted_level_range() -> None:
    err = problem(edit("difficulty: easy", "min_level: hard\n    max_level: easy"))
    assert err.field == "sections[0].min_level"
    assert "harder than max_level" in err.message


def test_no_difficulty_at_all() -> None:
    err = problem(edit("    difficulty: easy\n", ""))
    assert (err.line, err.field) == (4, "sections[0].difficulty")
    assert "missing required key 'difficulty'" in err.message


def test_bad_level_name_in_range() -> None:
    err = problem(edit("difficulty: easy", "min_level: tricky"))
    assert err.field == "sections[0].min_level"
    assert "easy" in err.message and "expert" in err.message


def test_every_problem_of_a_config_is_reported_in_file_order() -> None:
    """What the studio shows beside each line: the CLI's message for each mistake, not just the first."""
    from pipeline.book.config import config_problems

    text = (Path(__file__).resolve().parent.parent / "configs" / "classic.yaml").read_text(encoding="utf-8")
    assert config_problems(text, "classic.yaml") == []
    broken = (text.replace("difficulty: easy", "dificulty: easy")
              .replace("count: 25\n    per_page: 4", "count: 0\n    per_page: 4").replace("size: 8.5x11", "size: 9x13"))
    problems = config_problems(broken, "classic.yaml")
    assert [(p.field, p.line) for p in problems] == [("page.size", 18), ("sections[0]", 24), ("sections[1].count", 32)]
    assert "did you mean 'difficulty'?" in problems[1].message
    first = pytest.raises(PuzzleBookError, load_config_text, broken, "classic.yaml").value
    assert str(first) == str(problems[0])
    assert [str(p) for p in config_problems("title: [\n", "x.yaml")] == [str(pytest.raises(
        PuzzleBookError, load_config_text, "title: [\n", "x.yaml").value)]
