"""Hidato (king adjacency) and its Numbrix variant (orthogonal adjacency): boards, solver, generator.

The solver module may be compiled (pipeline.native); an outdated compiled build is passed over here,
before anything imports it.
"""

from pathlib import Path

from pipeline.native import prefer_current

prefer_current(__name__ + ".solve", Path(__file__).with_name("solve.py"))
