"""Difficulty drawn as small SVG charts a person reads faster than a table: bars for counts (the level
mix, the hardest techniques), a histogram for ratings (kinds that rate their puzzles, on the SE
scale), and ranges (least, middle, greatest) per level for the givens ratio and the steps.

Plain strings, made on the server, the same in the studio and in report.html; no script needed to
show them. Every chart carries its numbers as text, so nothing is read off a bar alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

WIDTH = 360
BAR = 18
GAP = 6
LABEL = 128
"""Room for the labels on the left of horizontal bars."""
INK = "#1f2937"
FAINT = "#9ca3af"
FILL = "#2563eb"
FONT = 'font-family="DejaVu Sans, Verdana, sans-serif" font-size="11"'


def _svg(height: float, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'width="{WIDTH}" height="{height:.0f}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title>'
            f'<text x="0" y="14" {FONT} font-weight="700" fill="{INK}">{escape(title)}</text>'
            + "".join(body) + "</svg>")


def _empty(title: str) -> str:
    return _svg(40, title, [f'<text x="0" y="32" {FONT} fill="{FAINT}">none in this selection</text>'])


def bars(title: str, items: Sequence[tuple[str, float]], *, show: Callable[[float], str] = lambda v: f"{v:g}") -> str:
    """One horizontal bar per (label, value), longest for the largest value, the value written after it."""
    if not items:
        return _empty(title)
    top = max(value for _, value in items) or 1
    room = WIDTH - LABEL - 44
    body = []
    for i, (label, value) in enumerate(items):
        y = 24 + i * (BAR + GAP)
        length = max(1.0, room * value / top) if value else 0.0
        body.append(f'<text x="{LABEL - 6}" y="{y + BAR - 5}" {FONT} text-anchor="end" fill="{INK}">{escape(label)}</text>'
                    f'<rect x="{LABEL}" y="{y}" width="{length:.1f}" height="{BAR}" rx="2" fill="{FILL}"/>'
                    f'<text x="{LABEL + length + 4:.1f}" y="{y + BAR - 5}" {FONT} fill="{INK}">{escape(show(value))}</text>')
    return _svg(24 + len(items) * (BAR + GAP) + 4, title, body)


def histogram(title: str, values: Sequence[float], *, step: float = 0.5) -> str:
    """How many values fall in each `step`-wide bin, bins labelled by their lower edge, from the
    least value's bin to the greatest's."""
    if not values:
        return _empty(title)
    low = math.floor(min(values) / step) * step
    count = int(round((math.floor(max(values) / step) * step - low) / step)) + 1
    bins = [0] * count
    for value in values:
        bins[min(count - 1, int((value - low) / step + 1e-9))] += 1
    height, base, left = 156, 130, 28
    width = (WIDTH - left - 8) / count
    top = max(bins)
    body = [f'<line x1="{left}" y1="{base}" x2="{WIDTH - 8}" y2="{base}" stroke="{FAINT}"/>']
    every = max(1, math.ceil(count / 12))
    for i, n in enumerate(bins):
        x = left + i * width
        h = (base - 40) * n / top
        if n:
            body.append(f'<rect x="{x + 1:.1f}" y="{base - h:.1f}" width="{max(width - 2, 1):.1f}" height="{h:.1f}" '
                        f'fill="{FILL}"><title>{low + i * step:g}\u2013{low + (i + 1) * step:g}: {n}</title></rect>'
                        f'<text x="{x + width / 2:.1f}" y="{base - h - 3:.1f}" {FONT} text-anchor="middle" '
                        f'fill="{INK}">{n}</text>')
        if i % every == 0:  # a tick at the bin's lower edge
            body.append(f'<line x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{base + 4}" stroke="{FAINT}"/>'
                        f'<text x="{x:.1f}" y="{base + 15}" {FONT} text-anchor="middle" fill="{INK}">{low + i * step:g}</text>')
    return _svg(height, title, body)


def ranges(title: str, spreads: dict[str, dict[str, float] | None], *, show: Callable[[float], str] = lambda v: f"{v:g}") -> str:
    """Per row (a level): a line from the least to the greatest value and a dot at the middle one,
    on one scale for all rows, the three numbers written beside."""
    rows = [(label, spread) for label, spread in spreads.items() if spread]
    if not rows:
        return _empty(title)
    low = min(spread["min"] for _, spread in rows)
    high = max(spread["max"] for _, spread in rows)
    left, right = 70, WIDTH - 120
    scale = (right - left) / ((high - low) or 1)
    body = []
    for i, (label, spread) in enumerate(rows):
        y = 24 + i * (BAR + GAP) + BAR / 2
        x0, x1, xm = (left + (spread[key] - low) * scale for key in ("min", "max", "median"))
        body.append(f'<text x="{left - 8}" y="{y + 4}" {FONT} text-anchor="end" fill="{INK}">{escape(label)}</text>'
                    f'<line x1="{x0:.1f}" y1="{y}" x2="{max(x1, x0 + 1):.1f}" y2="{y}" stroke="{FILL}" stroke-width="3" '
                    f'stroke-linecap="round"/><circle cx="{xm:.1f}" cy="{y}" r="5" fill="#fff" stroke="{FILL}" stroke-width="2"/>'
                    f'<text x="{right + 10}" y="{y + 4}" {FONT} fill="{INK}">{escape(show(spread["min"]))} \u00b7 '
                    f'{escape(show(spread["median"]))} \u00b7 {escape(show(spread["max"]))}</text>')
    return _svg(24 + len(rows) * (BAR + GAP) + 4, title, body)


def difficulty_charts(figures: dict, level_names: dict[str, str]) -> list[str]:
    """The charts of one selection's figures (rows.figures), in reading order; a rating histogram only
    when its puzzles have ratings."""
    named = lambda spreads: {level_names.get(level, level): spread for level, spread in spreads.items()}  # noqa: E731
    charts = [
        bars("Levels", [(level_names.get(level, level), n) for level, n in figures["levels"].items()]),
    ]
    if figures["ratings"]:
        charts.append(histogram("Rating (SE scale)", figures["ratings"]))
    charts += [
        bars("Hardest technique needed", figures["hardest"]),
        ranges("Givens ratio by level (least \u00b7 middle \u00b7 most)", named(figures["givens_ratio"]),
               show=lambda v: f"{v:.0%}"),
        ranges("Steps by level (least \u00b7 middle \u00b7 most)", named(figures["steps"]), show=lambda v: f"{v:g}"),
    ]
    return charts
