"""What a built book holds, for a person reading it through: one row per puzzle (rows.py), the
difficulty charts (charts.py, SVG) and report.html, which carries both with no server (page.py).

The studio's review shows the same rows and the same charts.
"""
