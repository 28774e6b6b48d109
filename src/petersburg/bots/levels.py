"""The bot levels people choose from, weakest first: a plain id for each, and the bot that plays it.

The bots are named by how they work (``greedy``, ``ismcts:expert``); a person choosing an opponent
wants to know how strong it is. Each level has a plain id (what the protocol carries and a seat
stores) and the ``make_bot`` spec behind it; its name and its sentence for people are words, in
``petersburg.text.bots``. The older ids (the bot specs themselves, ``ismcts`` for medium) are still
understood wherever a level is given, and seats stored with them keep playing; a bot added with
``register_bot`` is offered after the built-in levels under its own spec.
"""

from __future__ import annotations

from dataclasses import dataclass

from petersburg.bots import bot_specs


@dataclass(frozen=True)
class BotLevel:
    """One level a seat can be given."""

    id: str
    """What the protocol carries and a seat stores (``expert``)."""
    spec: str
    """The ``make_bot`` spec that plays it."""


BUILT_IN = (
    BotLevel("random", "random"),
    BotLevel("greedy", "greedy"),
    BotLevel("easy", "ismcts:easy"),
    BotLevel("medium", "ismcts:medium"),
    BotLevel("hard", "ismcts:hard"),
    BotLevel("expert", "ismcts:expert"),
)

_ALIASES = {"ismcts": "medium"} | {level.spec: level.id for level in BUILT_IN}


def bot_levels() -> list[BotLevel]:
    """Every level a seat can be given, weakest first; bots registered by a program last."""
    known = {level.spec for level in BUILT_IN} | set(_ALIASES)
    extra = [BotLevel(spec, spec) for spec in bot_specs() if spec not in known]
    return [*BUILT_IN, *extra]


def find_level(word: str | None) -> BotLevel | None:
    """The level a person or an older client means: its id (which is also its name, in any case)
    or its bot spec."""
    cleaned = (word or "").strip().lower()
    cleaned = _ALIASES.get(cleaned, cleaned)
    for level in bot_levels():
        if cleaned == level.id.lower():
            return level
    return None


def spec_of(stored: str | None) -> str:
    """The bot spec that plays a seat stored with ``stored`` (a level id, or an older spec)."""
    level = find_level(stored)
    return level.spec if level is not None else "random"
