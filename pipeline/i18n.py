"""Every word a book prints, in the book's language: gettext catalogs shipped in the package, read
with Babel, and Babel's locale data for numbers.

English is the source language: messages are written in English in the code, marked with `N_` where
they are defined (so Babel's extractor finds them) and translated where they are printed. Each other
language is one file, `pipeline/locale/LANG/LC_MESSAGES/puzzlebook.po`, read (and compiled in memory)
the first time a book asks for it; `docs/translating.md` says how to add one.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "puzzlebook"
SOURCE_LANGUAGE = "en"
KEYWORDS = {"N_": None, "ngettext_": (1, 2)}
"""How the code marks messages, for Babel's extractor: N_("text") and ngettext_("one", "many")."""


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark `message` for translation where it is defined; it is translated where it is printed."""
    return message


def ngettext_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form; `Words.plural` picks the form for a count."""
    return (singular, plural)


def catalog_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """The languages a book can be printed in: English and every shipped catalog, sorted."""
    shipped = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return tuple(sorted(shipped | {SOURCE_LANGUAGE}))


@lru_cache(maxsize=None)
def _translations(language: str) -> gettext.NullTranslations:
    """The catalog of `language` as gettext translations (English: the messages themselves)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with catalog_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


class Words:
    """A book's language: its messages, its plurals, its numbers and its lists."""

    def __init__(self, language: str = SOURCE_LANGUAGE) -> None:
        if language not in languages():
            raise ValueError(f"no catalog for language {language!r}")
        self.language = language
        self._catalog = _translations(language)

    def __call__(self, message: str, **values: object) -> str:
        """`message` in the book's language, with `values` filled into its {placeholders}."""
        text = self._catalog.gettext(message)
        return text.format(**values) if values else text

    def plural(self, forms: tuple[str, str], count: int, **values: object) -> str:
        """The form of `forms` (from `ngettext_`) for `count`, with {count} and `values` filled in."""
        text = self._catalog.ngettext(forms[0], forms[1], count)
        return text.format(count=self.number(count), **values)

    def number(self, value: float, places: int = 0) -> str:
        """`value` as the locale writes numbers (1,000.5 in English, 1.000,5 in German)."""
        from babel.numbers import format_decimal

        pattern = "#,##0" + ("." + "0" * places if places else "")
        return format_decimal(value, format=pattern, locale=self.language)

    def listing(self, items: Sequence[str]) -> str:
        """Items joined as the language lists them: 'a, b and c'."""
        from babel.lists import format_list

        return format_list(list(items), locale=self.language)


@lru_cache(maxsize=None)
def words_for(language: str) -> Words:
    return Words(language)


ENGLISH = Words()
