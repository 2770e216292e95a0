"""The Luby restart schedule, shared by every search that restarts (the path finder, the solver).

Luby, Sinclair and Zuckerman (1993): runs cut off at unit * luby(i) waste at most a logarithmic
factor against the best fixed cutoff, whatever the distribution of run lengths. Pure arithmetic.
"""

from __future__ import annotations


def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: mostly short runs, a few long."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)
