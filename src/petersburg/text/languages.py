"""The languages a person can read this software in, and which one a reader gets.

A language is a code of the catalogues (``en``, ``de``, ``fr``, ``it``, ``es``, ``ja``). A reader's
language is chosen, first to last, by what they chose (a ``?lang=`` in a link, the browser's cookie,
the account's setting) and else by the browser's ``Accept-Language``; anything unknown is passed over,
so a wrong code never fails a page: it reads in English. Plural forms and the way numbers are written
are CLDR's (through Babel), never written here by hand.

``qps`` is the pseudo-language of the tests: every sentence of English wrapped in ``⟦…⟧`` and its
letters accented, so a word on a page that does not come from a catalogue shows up unwrapped. It is
offered only where a server is told to (``Settings.pseudo_language``) and never chosen by a browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

SOURCE = "en"
"""The language the catalogues are written in, and what every other one falls back to."""

LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "it", "es", "ja")
"""Every language a reader may choose, in the picker's order."""

PSEUDO = "qps"
"""The pseudo-language of the tests (English, wrapped and accented)."""

PLURAL_CATEGORIES_ORDER = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in the order gettext numbers a sentence's forms (``msgstr[0]`` …)."""


CLDR_LOCALE = {"en": "en_GB", PSEUDO: "en_GB"}
"""The CLDR locale a language's lists, numbers and dates follow where it is not the language itself:
the catalogues' English is British ("colour"; "A, B and C")."""


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(CLDR_LOCALE.get(language, language))


def language_name(language: str) -> str:
    """The language named in itself (``Deutsch``, ``日本語``), as the picker shows it."""
    if language == PSEUDO:
        return "⟦Pseudo⟧"
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def known(language: str | None, pseudo: bool = False) -> str | None:
    """``language`` if it is one of ours (``pseudo``: ``qps`` too), else None; case and a region
    (``de-AT``, ``ja_JP``) do not matter."""
    if not language:
        return None
    code = language.strip().replace("_", "-").split("-")[0].lower()
    if code in LANGUAGES or (pseudo and code == PSEUDO):
        return code
    return None


def accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (``q=0`` left out;
    a malformed part is passed over)."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, quality = part.strip().partition(";")
        weight = 1.0
        if quality.strip().startswith("q="):
            try:
                weight = float(quality.strip()[2:])
            except ValueError:
                continue
        if tag.strip() and weight > 0:
            wanted.append((-weight, index, tag.strip()))
    return [tag for _weight, _index, tag in sorted(wanted)]


def choose(chosen: Iterable[str | None], accept_language: str | None = None, pseudo: bool = False) -> str:
    """The reader's language: the first of ``chosen`` (a link's, the cookie's, the account's) that
    is ours, else the first of the browser's ``Accept-Language`` that is, else English."""
    for language in (*chosen, *accepted(accept_language)):
        code = known(language, pseudo)
        if code is not None:
            return code
    return SOURCE


@cache
def plural_categories(language: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``language`` in gettext's order: ``msgstr[i]`` of a plural
    sentence is the form for the ``i``-th (``('one', 'other')`` in English, ``('one', 'many',
    'other')`` in French, ``('other',)`` in Japanese)."""
    tags = _locale(language).plural_form.tags | {"other"}
    return tuple(tag for tag in PLURAL_CATEGORIES_ORDER if tag in tags)


def plural_category(language: str, count: float) -> str:
    """The CLDR plural category of ``count`` in ``language`` (``one``, ``many``, ``other`` …)."""
    return str(_locale(language).plural_form(count))


def number(value: float, language: str) -> str:
    """A number written the reader's way (``1,234.5``; ``1.234,5`` in German)."""
    return format_decimal(value, locale=_locale(language))


def locale_of(language: str) -> Locale:
    """Babel's locale of ``language`` (English for the pseudo-language), for dates and numbers."""
    try:
        return _locale(language)
    except UnknownLocaleError:
        return _locale(SOURCE)
