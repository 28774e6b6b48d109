"""The bot levels people choose from, by plain names, weakest first.

The bots package names its bots by how they work (``greedy``, ``ismcts:expert``); a person choosing
an opponent wants to know how strong it is. Each level here has a plain id (what the protocol
carries and a seat stores), a name, the bot spec behind it, and one sentence from the
measurements in ``docs/bots.md``. The older ids (the bot specs themselves, ``ismcts`` for medium)
are still understood wherever a level is given, and seats stored with them keep playing; a bot
added with ``register_bot`` is offered after the built-in levels under its own spec.
"""

from __future__ import annotations

from dataclasses import dataclass

from petersburg.bots import bot_specs


@dataclass(frozen=True)
class BotLevel:
    """One level a seat can be given."""

    id: str
    """What the protocol carries and a seat stores (``expert``)."""
    name: str
    """What people read (``Expert``); a seat is called ``<name> bot``."""
    spec: str
    """The ``make_bot`` spec that plays it."""
    text: str
    """One sentence: what it does and how strong it is."""


BUILT_IN = (
    BotLevel("random", "Random", "random", "Plays any legal move at random: it never wins against Greedy."),
    BotLevel(
        "greedy",
        "Greedy",
        "greedy",
        "Looks one move ahead with a tuned estimate of every card's worth; answers at once, "
        "and beat Random in 200 of 200 games.",
    ),
    BotLevel(
        "easy",
        "Easy",
        "ismcts:easy",
        "Plays out a few dozen short futures per move (about 0.03 s); won 29 of 40 2-player games "
        "against Greedy.",
    ),
    BotLevel(
        "medium",
        "Medium",
        "ismcts:medium",
        "Plays out 80 futures a round ahead per move (about 0.1 s); won 21 of 30 2-player games "
        "against Greedy.",
    ),
    BotLevel(
        "hard",
        "Hard",
        "ismcts:hard",
        "Tries 120 futures per move and takes cards away from its rivals; won 26 of 40 2-player "
        "games against Greedy.",
    ),
    BotLevel(
        "expert",
        "Expert",
        "ismcts:expert",
        "The strongest: 150 futures per move played out as Greedy would; won 25 of 30 2-player "
        "games against Greedy and 65 of 100 4-player games against three.",
    ),
)

_ALIASES = {"ismcts": "medium"} | {level.spec: level.id for level in BUILT_IN}


def bot_levels() -> list[BotLevel]:
    """Every level a seat can be given, weakest first; bots registered by a program last."""
    known = {level.spec for level in BUILT_IN} | set(_ALIASES)
    extra = [
        BotLevel(spec, spec.capitalize(), spec, "A bot added with register_bot.")
        for spec in bot_specs()
        if spec not in known
    ]
    return [*BUILT_IN, *extra]


def find_level(word: str | None) -> BotLevel | None:
    """The level a person or an older client means: its id, its name, or its bot spec (any case)."""
    cleaned = (word or "").strip().lower()
    cleaned = _ALIASES.get(cleaned, cleaned)
    for level in bot_levels():
        if cleaned in (level.id, level.name.lower()):
            return level
    return None


def spec_of(stored: str | None) -> str:
    """The bot spec that plays a seat stored with ``stored`` (a level id, or an older spec)."""
    level = find_level(stored)
    return level.spec if level is not None else "random"


def seat_name(level: BotLevel, taken: list[str]) -> str:
    """A short seat name for a bot of ``level`` that no other seat of the table has
    (``Expert bot``, then ``Expert bot 2``): the log and the chat tell seats apart by name."""
    base = f"{level.name} bot"
    used = {name.casefold() for name in taken}
    name, number = base, 1
    while name.casefold() in used:
        number += 1
        name = f"{base} {number}"
    return name
