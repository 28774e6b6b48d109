"""How a sentence of a catalogue is named and worded: a message id with named parameters.

Every sentence a person reads (a refusal, a notice of a table, the chat's help) is a whole sentence
in a catalogue under a message id, with named placeholders (``"Seat {seat} is taken."``), never a
sentence glued from pieces: a translation (gettext) replaces the whole sentence, and may put the
parameters in another order. A sentence that depends on a number is a ``Plural``, chosen by its
``count`` parameter, so a language with other plural rules can have other forms. What the server
hands on is a ``Message`` (the id and the parameters), worded in English by ``str()`` and in a
reader's language by ``in_language`` (``translations``: the gettext files, plural forms by CLDR).

A wrong id or a wrong set of parameters is a mistake in the program, not in a request: it fails
loudly (``KeyError``, ``TypeError``) where the message is made, and ``tests/text`` checks every
call site against the catalogues before that can happen.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from petersburg.text.languages import PSEUDO, SOURCE, plural_categories, plural_category
from petersburg.text.translations import pseudo, translations

Param = str | int | float
"""What a placeholder is filled with."""

COUNT = "count"
"""The parameter a ``Plural`` is chosen by."""


class Plural(NamedTuple):
    """A sentence with a form for one and a form for other counts (English); chosen by the
    ``count`` parameter, which both forms name."""

    one: str
    other: str


Entry = str | Plural
"""A catalogue's sentence: one form, or forms by count."""


def placeholders(entry: Entry) -> frozenset[str]:
    """The parameter names a sentence (all its forms) asks for."""
    forms = entry if isinstance(entry, Plural) else (entry,)
    return frozenset(
        field.split(".")[0].split("[")[0]
        for form in forms
        for _text, field, _spec, _conversion in string.Formatter().parse(form)
        if field is not None
    )


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence of a catalogue: its id, its parameters, and its English wording."""

    catalogue: str
    message_id: str
    params: Mapping[str, Param]
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def full_id(self) -> str:
        """The id in the gettext files: ``refusal.seat_taken``."""
        return f"{self.catalogue}.{self.message_id}"

    def in_language(self, language: str) -> str:
        """The sentence in ``language`` (English where it has no translation)."""
        return word(self.full_id, self.params, language) or self.text


_CATALOGUES: dict[str, Catalogue] = {}
"""Every catalogue by name, as each registers itself."""


def catalogues() -> dict[str, Catalogue]:
    """Every catalogue made so far, by name (``petersburg.text.catalogues`` imports them all)."""
    return dict(_CATALOGUES)


def word(full_id: str, params: Mapping[str, Param], language: str) -> str | None:
    """The sentence ``full_id`` (``refusal.seat_taken``) with ``params`` in ``language``; None where
    that language has no translation of it (the caller falls back to English)."""
    name, _, message_id = full_id.partition(".")
    catalogue = _CATALOGUES.get(name)
    if catalogue is None or message_id not in catalogue.entries:
        return None
    entry = catalogue.entries[message_id]
    if language in (SOURCE, PSEUDO):
        forms: tuple[str, ...] = tuple(entry) if isinstance(entry, Plural) else (entry,)
        if language == PSEUDO:
            forms = tuple(pseudo(form) for form in forms)
    else:
        found = translations(language).get(full_id)
        if found is None:
            return None
        forms = found
    grammar = SOURCE if language == PSEUDO else language  # the pseudo-language is English's
    if len(forms) > 1:
        categories = plural_categories(grammar)
        category = plural_category(grammar, float(params[COUNT]))
        form = forms[categories.index(category)] if category in categories else forms[-1]
    else:
        form = forms[0]
    try:
        return form.format(**shown_params(params, language))
    except (KeyError, IndexError, ValueError):
        return None


def shown_params(params: Mapping[str, Param], language: str) -> dict[str, Param]:
    """``params`` with every stored name among them (``stored_form``: a bot's seat, a table's
    default name, a guest) worded in ``language``, so that a sentence naming one reads in the
    reader's language wherever it is worded."""
    return {
        name: from_stored(value, language)
        if isinstance(value, str) and value.startswith(STORED_MARKER)
        else value
        for name, value in params.items()
    }


class Catalogue:
    """The sentences of one kind (refusals, notices, the chat's help) by message id."""

    def __init__(self, name: str, entries: Mapping[str, Entry]) -> None:
        self.name = name
        self.entries = dict(entries)
        self._placeholders = {message_id: placeholders(entry) for message_id, entry in self.entries.items()}
        for message_id, entry in self.entries.items():
            if isinstance(entry, Plural) and (
                placeholders(entry.one) != placeholders(entry.other) or COUNT not in placeholders(entry.one)
            ):
                raise ValueError(
                    f"{name} {message_id!r}: both forms must name 'count' and the same parameters"
                )
        _CATALOGUES[name] = self

    def placeholders(self, message_id: str) -> frozenset[str]:
        """The parameters the sentence ``message_id`` asks for (``KeyError`` if there is none)."""
        return self._placeholders[message_id]

    def message(self, message_id: str, params: Mapping[str, Param]) -> Message:
        """The sentence ``message_id`` with ``params``; ``KeyError`` for an id this catalogue does
        not have, ``TypeError`` unless ``params`` are exactly the sentence's placeholders."""
        entry = self.entries.get(message_id)
        if entry is None:
            raise KeyError(f"no {self.name} with the message id {message_id!r}")
        expected = self._placeholders[message_id]
        if set(params) != expected:
            raise TypeError(
                f"{self.name} {message_id!r} takes the parameters {sorted(expected)}, not {sorted(params)}"
            )
        if isinstance(entry, Plural):
            entry = entry.one if params[COUNT] == 1 else entry.other
        return Message(self.name, message_id, dict(params), entry.format(**shown_params(params, SOURCE)))


STORED_MARKER = "\x1e"
"""What a stored sentence of the server's own (a table's notice in its chat) starts with: a control
character no name or chat line a person types can hold (names refuse them), so text without it is
read as it was written, as the lines stored before sentences were kept as ids are."""


def stored_form(message: Message) -> str:
    """``message`` as the server stores it (its id and parameters), to word for each reader later."""
    return STORED_MARKER + json.dumps(
        {"id": message.full_id, "params": dict(message.params)}, ensure_ascii=False
    )


def stored_texts(texts: Mapping[str, str]) -> str:
    """A line already worded in each language (``texts`` by language code, English among them),
    stored like ``stored_form``: for a sentence no single message holds, such as a game's event told
    in the narration's words, so that each reader still reads his own language's."""
    return STORED_MARKER + json.dumps({"texts": dict(texts)}, ensure_ascii=False)


def from_stored(text: str, language: str = SOURCE) -> str:
    """A stored line in ``language``: a message stored by ``stored_form`` worded for the reader
    (English where the language has no translation, or where the catalogue no longer has the id:
    then its parameters, so nothing is lost), a line of ``stored_texts`` in the reader's language
    (else English), any other text as it was stored."""
    if not text.startswith(STORED_MARKER):
        return text
    try:
        data = json.loads(text[len(STORED_MARKER) :])
        if "texts" in data:
            texts = {str(code): str(worded) for code, worded in dict(data["texts"]).items()}
            return texts.get(language) or texts[SOURCE]
        full_id, params = str(data["id"]), dict(data["params"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return text[len(STORED_MARKER) :]
    worded = word(full_id, params, language) if language != SOURCE else None
    english = word(full_id, params, SOURCE)
    return worded or english or f"{full_id} {json.dumps(params, ensure_ascii=False)}"
