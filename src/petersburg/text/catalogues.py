"""Every catalogue of ``petersburg.text`` in one place, and the command that keeps the gettext files of
the translations in step with them.

    python -m petersburg.text.catalogues update   # rewrite locale/en.po, add new ids to every language
    python -m petersburg.text.catalogues check    # list what is missing, empty or mis-parametered

``update`` writes ``locale/en.po`` (every message id with its English sentence: the source) and, for
every other language, ``locale/<language>.po`` with every message id: a translation already there is
kept, a new id comes with an empty ``msgstr`` and the English as a comment, an id no catalogue has any
more is dropped. Translators only fill ``msgstr`` (docs/translating.md).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from babel.plural import to_gettext

from petersburg.text import (
    advice,
    alerts,
    analysis,
    bots,
    cards,
    chat,
    names,
    narration,
    notices,
    pages,
    refusals,
    rule_refusals,
    terminal,
)
from petersburg.text.languages import LANGUAGES, PSEUDO, SOURCE, locale_of, plural_categories
from petersburg.text.translations import po_path, pseudo, translations
from petersburg.text.wording import Catalogue, Entry, Plural, catalogues, placeholders

MODULES = (
    refusals,
    rule_refusals,
    notices,
    chat,
    alerts,
    advice,
    analysis,
    bots,
    cards,
    narration,
    names,
    pages,
    terminal,
)
"""The modules whose catalogues are translated (importing them registers every catalogue)."""

TRANSLATORS_NOTE = """\
Sankt Petersburg: the {name} catalogue ({language}).

Made by `python -m petersburg.text.catalogues update`; only fill the msgstr lines (docs/translating.md).
- A msgid is a message id (catalogue.id), not a sentence: the English is the "#." comment above it
  and en.po's msgstr. Translate whole sentences; never split one or join two.
- Keep every {{placeholder}} exactly as written (the same names, any order); the code fills them in.
  "{{{{" and "}}}}" stand for a literal brace. "{{seconds:g}}" keeps its ":g".
- A sentence with counts has one msgstr[i] per plural category of this language, in this order:
  {categories} (CLDR's categories; msgstr[0] is the first).
- Card names: give the name printed in this language's edition (docs/translating.md says where each
  language's names come from); name2_* is the 2nd edition's name where it differs.
- Leave a msgstr empty rather than guessing: an empty one reads in English, and the test
  tests/text/test_translations.py lists it.
"""


def messages() -> Iterator[tuple[str, Entry]]:
    """Every message of every catalogue: its full id (``refusal.seat_taken``) and its English."""
    for catalogue in _all_catalogues():
        for message_id, entry in catalogue.entries.items():
            yield f"{catalogue.name}.{message_id}", entry


ORDER = (
    "refusal",
    "rule",
    "notice",
    "chat",
    "alert",
    "advice",
    "bot",
    "card",
    "narration",
    "name",
    "page",
    "terminal",
)
"""The catalogues in the files' order (any other after them by name), whatever order they were
imported in."""


def _all_catalogues() -> list[Catalogue]:
    assert MODULES
    made = catalogues()
    return [
        made[name]
        for name in sorted(made, key=lambda name: (ORDER.index(name) if name in ORDER else len(ORDER), name))
    ]


def _english(entry: Entry) -> str:
    if isinstance(entry, Plural):
        return f"one: {entry.one}\nother: {entry.other}"
    return entry


def plural_forms(language: str) -> str:
    """The gettext ``Plural-Forms`` header of ``language``, from CLDR's rule (its compact-exponent
    operand ``e``, always 0 for the counts of this software, written as 0 so gettext tools read it)."""
    return re.sub(r"\be\b", "0", to_gettext(locale_of(language).plural_form))


def _catalog(language: str) -> Catalog:
    categories = ", ".join(plural_categories(language))
    catalog = Catalog(
        locale=locale_of(language) if language != SOURCE else SOURCE,
        project="Sankt Petersburg",
        creation_date=datetime(2024, 1, 1, tzinfo=UTC),
        revision_date=datetime(2024, 1, 1, tzinfo=UTC),
        fuzzy=False,
    )
    catalog.locale = language if language != SOURCE else SOURCE
    catalog.header_comment = "\n".join(
        f"# {line}".rstrip()
        for line in TRANSLATORS_NOTE.format(
            name="message", language=language, categories=categories
        ).splitlines()
    )
    catalog.mime_headers = [
        ("Language", language),
        ("Plural-Forms", plural_forms(language)),
        ("Content-Type", "text/plain; charset=utf-8"),
    ]
    return catalog


def _existing(language: str) -> dict[str, tuple[str, ...]]:
    path = po_path(language)
    if not path.exists():
        return {}
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    found: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if message.id:
            key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            found[str(key)] = tuple(str(form or "") for form in forms)
    return found


def write_language(language: str) -> None:
    """Write ``locale/<language>.po``: every message id, the translations kept, new ones empty."""
    catalog = _catalog(language)
    kept = _existing(language)
    width = len(plural_categories(language))
    for full_id, entry in messages():
        comment = [
            *_english(entry).splitlines(),
            f"placeholders: {', '.join(sorted(placeholders(entry))) or '(none)'}",
        ]
        if isinstance(entry, Plural):
            if language == SOURCE:
                strings: str | tuple[str, ...] = tuple(entry)
            else:
                old = kept.get(full_id, ())
                strings = tuple(old[i] if i < len(old) else "" for i in range(width))
            catalog.add((full_id, full_id), strings, auto_comments=comment)
        else:
            text = entry if language == SOURCE else (kept.get(full_id, ("",)) or ("",))[0]
            catalog.add(full_id, text, auto_comments=comment)
    po_path(language).parent.mkdir(parents=True, exist_ok=True)
    with po_path(language).open("wb") as file:
        write_po(file, catalog, width=0, omit_header=False, sort_output=False, include_lineno=False)


def update() -> None:
    """Rewrite every language's file from the catalogues (the English one whole)."""
    for language in LANGUAGES:
        write_language(language)


def problems(language: str) -> list[str]:
    """What is wrong with ``language``'s file: a message missing or empty, or a translation whose
    placeholders differ from the English sentence's."""
    if language == SOURCE:
        return []
    found = _existing(language)
    wrong = []
    for full_id, entry in messages():
        forms = found.get(full_id)
        if not forms or not all(forms):
            wrong.append(f"{language} {full_id}: missing or empty")
            continue
        expected = placeholders(entry)
        for form in forms:
            try:
                named = placeholders(form)
            except ValueError:
                named = frozenset({"(malformed braces)"})
            if named != expected:
                wrong.append(f"{language} {full_id}: placeholders {sorted(named)}, want {sorted(expected)}")
    return wrong


def page_forms(language: str, names: tuple[str, ...]) -> dict[str, str | dict[str, str]]:
    """The sentences of the catalogues ``names`` in ``language`` (English where not translated),
    unfilled: a plain sentence as text, one with counts as ``{CLDR category: form}``."""
    made = catalogues()
    found: dict[str, str | dict[str, str]] = {}
    translated = translations(language)
    for name in names:
        for message_id, entry in made[name].entries.items():
            full_id = f"{name}.{message_id}"
            forms: tuple[str, ...] = tuple(entry) if isinstance(entry, Plural) else (entry,)
            categories = plural_categories(SOURCE)
            if language == PSEUDO:
                forms = tuple(pseudo(form) for form in forms)
            elif full_id in translated:
                forms, categories = translated[full_id], plural_categories(language)
            found[full_id] = (
                dict(zip(categories, forms, strict=True)) if isinstance(entry, Plural) else forms[0]
            )
    return found


def main(argv: list[str]) -> int:
    """``update`` or ``check`` (see the module's docstring)."""
    command = argv[0] if argv else ""
    if command == "update":
        update()
        return 0
    if command == "check":
        wrong = [line for language in LANGUAGES for line in problems(language)]
        print("\n".join(wrong) or "every language has every message")
        return 1 if wrong else 0
    print("usage: python -m petersburg.text.catalogues update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
