"""Names the server gives (a bot's seat, a table's default name, a guest's), stored as ids and worded
for each reader when shown.

A name a person typed is kept as typed. A name the server makes is kept in its stored form
(``wording.stored_form``: the control character U+001E and the message's id and parameters), so the
lobby, the table, the log and the results word it in each reader's language ("Greedy bot" reads
"Gieriger Bot", "Ana's table" "Tisch von Ana"); ``shown_name`` words one, and a sentence that names
one words it too (``wording.shown_params``). Names stored before, as English text, read as they were.
"""

from __future__ import annotations

import json

from petersburg.text.bots import level_param
from petersburg.text.languages import SOURCE
from petersburg.text.wording import STORED_MARKER, Catalogue, from_stored, stored_form

NAMES = Catalogue(
    "name",
    {
        "guest": "Guest",
        "table": "{name}'s table",
        "bot": "{level} bot",
        "bot_numbered": "{level} bot {number}",
        "handed_to_bot": "{name} (bot)",
    },
)
"""The names the server makes, by message id."""


def guest() -> str:
    """The stored name of a person who gave none."""
    return stored_form(NAMES.message("guest", {}))


def default_table_name(host: str) -> str:
    """The stored name of a table its creator did not name: "``host``'s table"."""
    return stored_form(NAMES.message("table", {"name": host}))


def handed_to_bot(name: str) -> str:
    """The stored name of a seat a bot plays for ``name`` from now on: "``name`` (bot)"."""
    return stored_form(NAMES.message("handed_to_bot", {"name": name}))


def bot_seat_name(level_id: str, taken: list[str]) -> str:
    """The stored name of a bot of ``level_id`` that no other seat of the table has (``Expert bot``,
    then ``Expert bot 2``): the log and the chat tell seats apart by name. The level is kept by id,
    so its name too reads in each reader's language."""
    level = level_param(level_id)
    used = {shown_name(name, SOURCE).casefold() for name in taken}
    name, number = stored_form(NAMES.message("bot", {"level": level})), 1
    while shown_name(name, SOURCE).casefold() in used:
        number += 1
        name = stored_form(NAMES.message("bot_numbered", {"level": level, "number": number}))
    return name


STORED_NAME_MOST = 400
"""The longest stored name taken back as one (a rematch's table name): a person's name in it is at
most a few dozen characters."""


def is_stored_name(text: str) -> bool:
    """Whether ``text`` is a name stored by this module (and not text that merely starts like one)."""
    if not text.startswith(STORED_MARKER) or len(text) > STORED_NAME_MOST:
        return False
    try:
        data = json.loads(text[len(STORED_MARKER) :])
    except ValueError:
        return False
    return isinstance(data, dict) and str(data.get("id", "")).startswith(f"{NAMES.name}.")


def shown_name(name: str, language: str = SOURCE) -> str:
    """A seat's, a table's or a speaker's name as ``language``'s reader reads it: a stored name
    worded, any other as it was written."""
    return from_stored(name, language)
