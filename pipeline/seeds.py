"""Derive independent, reproducible seeds from a parent seed and a place (section, index, attempt).

Hashing (not arithmetic) keeps neighbouring places uncorrelated, and the result is the same on any
machine and Python version. Never seed from the clock or from the global `random` state.
"""

from __future__ import annotations

import hashlib


def derive_seed(seed: int, *place: object) -> int:
    """A 63-bit seed for `place` under `seed`; `place` parts are turned into text with repr()."""
    text = "\x1f".join([repr(seed), *map(repr, place)])
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1
