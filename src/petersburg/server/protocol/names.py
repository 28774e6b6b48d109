"""Names as people type them: the form a name is kept and shown in, and the key two names are
compared by (accounts' names are unique by it; a guest may not take an account's name by it; two
seats of a table may not share it).

A name is shown as typed, made plain: Unicode NFKC (fullwidth and styled letters become the plain
ones), any run of spaces, no-break spaces included, one space. Characters that show nothing
(zero-width spaces and joiners, the byte-order mark, direction marks and overrides, soft hyphens,
control characters, Hangul fillers) are refused with a sentence, not silently dropped: a name that
looks like another is what they are typed for. So is a generic combining mark that NFKC does not
join to its letter (a stroke through a letter, a floating accent, a variation selector); a
script's own vowel signs and points (Devanagari, Arabic, Hebrew) are letters of their names and
stay.

The key folds what a reader cannot tell apart: case, accents (Vera and Verá), letters of other
scripts that look like Latin ones (Cyrillic А, Greek ο: Unicode's confusables table, as the
``confusable_homoglyphs`` package ships it), spacing, and trailing dots (Vera and Vera.). It is
never shown; storage keeps it beside the name (``accounts.name_key``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables

from petersburg.server.errors import Refusal

INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that draw nothing: the Hangul fillers and the blank Braille pattern."""
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs"})
"""Controls, format characters (zero-width, BOM, bidi, soft hyphen), private use, unassigned."""
GENERIC_MARKS = (
    (0x0300, 0x036F),  # combining diacritical marks (and the grapheme joiner)
    (0x1AB0, 0x1AFF),  # their extension
    (0x1DC0, 0x1DFF),  # their supplement
    (0x20D0, 0x20FF),  # marks for symbols
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFE20, 0xFE2F),  # half marks
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
"""The combining marks that stack on any letter of any script."""


def _invisible(char: str) -> bool:
    return char in INVISIBLE_LETTERS or (
        unicodedata.category(char) in INVISIBLE_CATEGORIES and not char.isspace()
    )


def _generic_mark(char: str) -> bool:
    code = ord(char)
    return any(first <= code <= last for first, last in GENERIC_MARKS)


def shown_name(name: str) -> str:
    """``name`` as it is kept and shown: NFKC, spaces collapsed, no space at either end; refused
    (``name_invisible``, ``name_combining_mark``) if it holds a character that shows nothing or
    a mark that joins no letter. Its length is the caller's rule."""
    plain = unicodedata.normalize("NFKC", name)
    if any(_invisible(char) for char in plain):
        raise Refusal("name_invisible")
    if any(_generic_mark(char) for char in plain):
        raise Refusal("name_combining_mark")
    return " ".join(plain.split())


@lru_cache(maxsize=4096)
def _latin_look_alike(char: str) -> str:
    """The plain ASCII character (or characters) ``char`` is confusable with, else ``char``."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=[])
    for glyph in found[0]["homoglyphs"] if found else ():
        text = str(glyph["c"])
        if text.isascii() and text.isprintable():
            return text
    return char


def name_key(name: str) -> str:
    """The form under which two names are the same name: invisible characters and accents
    dropped, look-alike letters folded to Latin, case folded, spacing collapsed, trailing dots
    dropped. Never refuses: a sign-in or a search by a look-alike finds the name it imitates."""
    decomposed = unicodedata.normalize("NFKD", name)
    kept = (char for char in decomposed if not _invisible(char) and not _generic_mark(char))
    folded = unicodedata.normalize("NFKC", "".join(map(_latin_look_alike, kept)).casefold())
    return " ".join(folded.split()).rstrip(". ")
