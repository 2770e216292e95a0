"""The letters of a word search in each book language: which letters a grid holds, how a word is
written in capitals (accents folded where puzzle books of that language fold them), and how often
each letter comes, so the filler letters read like the language and give no word away.

Spanish keeps Ñ (a letter of its own in Spanish). German keeps Ä, Ö and Ü by default, as German
puzzle books print them, or folds them to AE, OE and UE when a section says `umlauts: fold`; ß is
always SS. French and Italian fold every accent to the plain capital (É to E, Ç to C, Œ to OE), as
their puzzle books do. English has A to Z.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Literal, get_args

Language = Literal["en", "es", "de", "fr", "it"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "de": "German", "fr": "French", "it": "Italian"}
"""How messages name a language."""
Umlauts = Literal["keep", "fold"]
UMLAUTS: tuple[Umlauts, ...] = get_args(Umlauts)
PLAIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

FREQUENCIES: dict[str, dict[str, float]] = {
    "en": {"E": 12.7, "T": 9.1, "A": 8.2, "O": 7.5, "I": 7.0, "N": 6.7, "S": 6.3, "H": 6.1, "R": 6.0, "D": 4.3,
           "L": 4.0, "C": 2.8, "U": 2.8, "M": 2.4, "W": 2.4, "F": 2.2, "G": 2.0, "Y": 2.0, "P": 1.9, "B": 1.5,
           "V": 1.0, "K": 0.8, "J": 0.15, "X": 0.15, "Q": 0.1, "Z": 0.07},
    "es": {"E": 13.7, "A": 12.5, "O": 8.7, "S": 8.0, "R": 6.9, "N": 6.7, "I": 6.3, "D": 5.9, "L": 5.0, "C": 4.7,
           "T": 4.6, "U": 3.9, "M": 3.2, "P": 2.5, "B": 1.4, "G": 1.0, "V": 0.9, "Y": 0.9, "Q": 0.9, "H": 0.7,
           "F": 0.7, "Z": 0.5, "J": 0.4, "Ñ": 0.3, "X": 0.2, "K": 0.02, "W": 0.02},
    "de": {"E": 16.4, "N": 9.8, "I": 7.6, "S": 7.3, "R": 7.0, "A": 6.5, "T": 6.2, "D": 5.1, "H": 4.6, "U": 4.2,
           "L": 3.4, "G": 3.0, "C": 2.7, "O": 2.6, "M": 2.5, "B": 1.9, "W": 1.9, "F": 1.7, "K": 1.4, "Z": 1.1,
           "V": 0.8, "P": 0.7, "Ü": 0.65, "Ä": 0.55, "Ö": 0.3, "J": 0.27, "Y": 0.04, "X": 0.03, "Q": 0.02},
    "fr": {"E": 14.7, "S": 7.9, "A": 7.6, "I": 7.5, "T": 7.2, "N": 7.1, "R": 6.7, "U": 6.3, "O": 5.8, "L": 5.5,
           "D": 3.7, "C": 3.3, "M": 3.0, "P": 3.0, "V": 1.8, "Q": 1.4, "F": 1.1, "B": 0.9, "G": 0.9, "H": 0.7,
           "J": 0.6, "X": 0.4, "Y": 0.3, "Z": 0.3, "W": 0.05, "K": 0.05},
    "it": {"E": 11.8, "A": 11.7, "I": 11.3, "O": 9.8, "N": 6.9, "L": 6.5, "R": 6.4, "T": 5.6, "S": 5.0, "C": 4.5,
           "D": 3.7, "P": 3.1, "U": 3.0, "M": 2.5, "V": 2.1, "G": 1.6, "H": 1.5, "F": 1.2, "Z": 1.2, "B": 0.9,
           "Q": 0.5, "W": 0.03, "X": 0.03, "Y": 0.02, "J": 0.01, "K": 0.01},
}
"""Letters by how often they come in running text, in percent (rounded, from common frequency tables)."""

_FOLDS = {"Œ": "OE", "Æ": "AE", "ß": "SS", "ẞ": "SS"}
_UMLAUT_FOLDS = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}
_DROPPED = " -'’.·,;:!?¡¿"
"""Kept out of a word as a grid writes it: ICE CREAM is ICECREAM, ¡BUEN PROVECHO! is BUENPROVECHO."""


def alphabet(language: str, umlauts: str = "keep") -> str:
    """Every letter a grid in `language` may hold, in a fixed order."""
    letters = [letter for letter in FREQUENCIES[language] if not (umlauts == "fold" and letter in _UMLAUT_FOLDS)]
    return "".join(sorted(letters, key=lambda letter: (letter not in PLAIN, letter)))


@lru_cache(maxsize=16)
def weights(language: str, umlauts: str = "keep") -> tuple[str, tuple[float, ...]]:
    """(letters, cumulative weights) for drawing filler letters with random.Random.choices."""
    letters = alphabet(language, umlauts)
    total, cumulative = 0.0, []
    for letter in letters:
        total += FREQUENCIES[language][letter]
        cumulative.append(total)
    return letters, tuple(cumulative)


def normalize(word: str, language: str, umlauts: str = "keep") -> str:
    """`word` as a grid writes it: capitals, spaces and hyphens dropped, accents folded as the
    language's puzzle books fold them. ValueError naming the first character no grid can hold."""
    out: list[str] = []
    keep = set(alphabet(language, umlauts))
    for char in word.strip().upper():
        if char in _DROPPED:
            continue
        if char in keep:
            out.append(char)
            continue
        if char in _FOLDS:
            out.append(_FOLDS[char])
            continue
        if language == "de" and umlauts == "fold" and char in _UMLAUT_FOLDS:
            out.append(_UMLAUT_FOLDS[char])
            continue
        base = unicodedata.normalize("NFD", char)[0]
        if base in keep and base != char:
            out.append(base)
            continue
        raise ValueError(f"{word!r} has {char!r}, which no {LANGUAGE_NAMES[language]} grid holds (letters, spaces, "
                         "hyphens, apostrophes and . , ; : ! ? only)")
    return "".join(out)
