"""The translations of the catalogues, read from the gettext files in ``petersburg/text/locale``.

Each language has one file, ``locale/<language>.po``, made and kept up to date by
``python -m petersburg.text.catalogues update`` (docs/translating.md): every message id of every
catalogue (``refusal.seat_taken``, ``card.name.pub``) is a ``msgid``, its English sentence an
extracted comment, its translation the ``msgstr`` (a sentence with counts has one ``msgstr[i]`` per
CLDR plural category of the language, ``languages.plural_categories``). English is the catalogues
themselves; ``locale/en.po`` is their copy for translators and tools.

An empty or missing translation reads in English, so a half-translated language is still usable;
``tests/text/test_translations.py`` is what insists that none is missing.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from petersburg.text.languages import PSEUDO, SOURCE

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the ``<language>.po`` files are."""

Forms = tuple[str, ...]
"""A translated sentence: one form, or one per plural category of its language."""


def po_path(language: str) -> Path:
    """The gettext file of ``language``."""
    return LOCALE_DIR / f"{language}.po"


@cache
def translations(language: str) -> dict[str, Forms]:
    """Every translated sentence of ``language`` by message id (empty ones left out); nothing for
    English and the pseudo-language, which are made from the catalogues."""
    path = po_path(language)
    if language in (SOURCE, PSEUDO) or not path.exists():
        return {}
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    found: dict[str, Forms] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        message_id = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        forms = tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)
        if forms and all(forms):
            found[str(message_id)] = tuple(str(form) for form in forms)
    return found


_ACCENTED = str.maketrans("AaCcEeIiNnOoSsUuYyZz", "ÅåÇçÉéÎîÑñÖöŠšÜüÝýŽž")


_MARKUP = re.compile(r"(</?[a-z]+>)")
"""The inline markup of a page's sentence (``<b>``, ``</i>``), kept as it is by the pseudo-language."""


def pseudo(text: str) -> str:
    """English wrapped in ``⟦…⟧`` with its letters accented; ``{placeholders}`` and inline markup
    (``<b>``) are kept as they are, so the sentence is still filled in and marked up as the English one."""
    out: list[str] = []
    for part in _MARKUP.split(text):
        if _MARKUP.fullmatch(part):
            out.append(part)
            continue
        depth = 0
        for char in part:
            if char == "{":
                depth += 1
            elif char == "}":
                depth = max(0, depth - 1)
            out.append(char if depth else char.translate(_ACCENTED))
    return f"⟦{''.join(out)}⟧"
