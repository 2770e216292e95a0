"""Command-line pieces shared by the generic commands and the kinds' own option groups.

Value types that turn a bad flag into argparse's usage error, and the shape flags (shapes are a
core concept: `puzzlebook shapes` shows them, and a kind whose boards take shapes offers them to
`generate`). Nothing here runs a command or names a kind.
"""

from __future__ import annotations

import argparse

from pipeline import shapes

SHAPE_OPTIONS = ("size", "width", "height", "arm", "ratio")
"""The shape parameters, as argparse destinations and as make_mask's keyword arguments."""
DEFAULT_SHAPE = "square"


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def fraction(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number such as 0.5, got {text!r}") from None


def add_shape_options(parser: argparse.ArgumentParser, with_name: bool) -> None:
    """The shape flags; `with_name` adds --shape (left unset by default, so other kinds can refuse it)."""
    group = parser.add_argument_group("shape", "the board's outline; each shape takes only some of these")
    if with_name:
        group.add_argument(
            "--shape", metavar="NAME", help=f"a name from `puzzlebook shapes` (default {DEFAULT_SHAPE})",
        )
    group.add_argument("--size", type=positive_int, metavar="N", help="size in cells (default: the shape's)")
    group.add_argument("--width", type=positive_int, metavar="N", help="width in cells")
    group.add_argument("--height", type=positive_int, metavar="N", help="height in cells")
    group.add_argument("--arm", type=positive_int, metavar="N", help="arm width in cells")
    group.add_argument("--ratio", type=fraction, metavar="R", help="a proportion between 0 and 1")


def shape_options(args: argparse.Namespace) -> dict[str, object]:
    """Only the shape parameters the user gave: each shape has its own defaults and refuses the rest."""
    return {name: getattr(args, name) for name in SHAPE_OPTIONS if getattr(args, name) is not None}


def shape_settings(name: str, options: dict[str, object]) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    takes_size = "size" in shapes.OPTIONS.get(name, ())
    if takes_size and "size" not in options:
        return {"size": shapes.DEFAULT_SIZE[name], **options}
    return dict(options)


def port_number(text: str) -> int:
    """A TCP port for argparse: 0 (any free one) to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, got {value}")
    return value
