"""The bot levels in words: each level's name and the one sentence that says what it does and how
strong it is (from the measurements in ``docs/bots.md``), and the name a bot's seat gets.

The levels themselves (their ids, weakest first, and the bot behind each) are ``petersburg.bots.levels``.
"""

from __future__ import annotations

from petersburg.text.languages import SOURCE
from petersburg.text.wording import Catalogue

LEVEL_NAMES: dict[str, str] = {
    "random": "Random",
    "greedy": "Greedy",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
}
"""What people read for each built-in level id; a registered bot is called by its spec."""

LEVEL_TEXTS: dict[str, str] = {
    "random": ("Plays any legal move at random: it never wins against Greedy."),
    "greedy": (
        "Looks one move ahead with a tuned estimate of every card's worth; answers at once, and "
        "beat Random in 200 of 200 games."
    ),
    "easy": (
        "Plays out a few dozen short futures per move (about 0.03 s); won 29 of 40 2-player games "
        "against Greedy."
    ),
    "medium": (
        "Plays out 80 futures a round ahead per move (about 0.1 s); won 21 of 30 2-player games "
        "against Greedy."
    ),
    "hard": (
        "Tries 120 futures per move and takes cards away from its rivals; won 26 of 40 2-player "
        "games against Greedy."
    ),
    "expert": (
        "The strongest: 150 futures per move played out as Greedy would; won 25 of 30 2-player "
        "games against Greedy and 65 of 100 4-player games against three."
    ),
}
"""One sentence per built-in level id."""

REGISTERED_TEXT = "A bot added with register_bot."

BOT_WORDS = Catalogue(
    "bot",
    {
        **{f"name_{level}": name for level, name in LEVEL_NAMES.items()},
        **{f"text_{level}": text for level, text in LEVEL_TEXTS.items()},
        "text_registered": REGISTERED_TEXT,
    },
)
"""The levels' names and sentences by message id (``bot.name_expert``, ``bot.text_expert``)."""


def level_name(level_id: str, language: str = SOURCE) -> str:
    """The name people read for a level (``Expert``)."""
    if level_id not in LEVEL_NAMES:
        return level_id.capitalize()
    return BOT_WORDS.message(f"name_{level_id}", {}).in_language(language)


def level_text(level_id: str, language: str = SOURCE) -> str:
    """What a level does and how strong it is, in one sentence."""
    message_id = f"text_{level_id}" if level_id in LEVEL_TEXTS else "text_registered"
    return BOT_WORDS.message(message_id, {}).in_language(language)


def seat_name(level_id: str, taken: list[str]) -> str:
    """A short seat name for a bot of a level that no other seat of the table has (``Expert bot``,
    then ``Expert bot 2``): the log and the chat tell seats apart by name."""
    base = f"{level_name(level_id)} bot"
    used = {name.casefold() for name in taken}
    name, number = base, 1
    while name.casefold() in used:
        number += 1
        name = f"{base} {number}"
    return name
