"""The bot levels in words: each level's name and the one sentence that says what it does and how
strong it is (its figures from the measured table, ``petersburg/bots/ladder.json``), and the name
a bot's seat gets.

The levels themselves (their ids, weakest first, the bot behind each and what was measured of it) are
``petersburg.bots.levels``; the words never import the bots, so callers hand the figures in.
"""

from __future__ import annotations

from petersburg.text.languages import SOURCE, number
from petersburg.text.wording import Catalogue, stored_form

LEVEL_NAMES: dict[str, str] = {
    "beginner": "Beginner",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
    "master": "Master",
    "random": "Random",
}
"""What people read for each built-in level id; a registered bot is called by its spec."""

LEVEL_TEXTS: dict[str, str] = {
    "beginner": (
        "A first opponent: buys what it can use, but often settles for its second-best move and never "
        "takes a card away from anyone; won {wins} of {games} 2-player games against {below}."
    ),
    "easy": (
        "Looks one move ahead with a tuned estimate of every card's worth and answers at once; won "
        "{wins} of {games} 2-player games against {below}."
    ),
    "medium": (
        "Plays out {fewest} to {most} futures a round ahead for each move; won {wins} of {games} 2-player "
        "games against {below}."
    ),
    "hard": (
        "Plays out {fewest} to {most} futures a round ahead for each move; won {wins} of {games} 2-player "
        "games against {below}."
    ),
    "expert": (
        "Plays out {fewest} to {most} futures a round ahead for each move; won {wins} of {games} 2-player "
        "games against {below}."
    ),
    "master": (
        "Plays out {fewest} to {most} futures a round ahead for each move, weighing in half of them the "
        "next player's best replies too; won {wins} of {games} 2-player games against {below}."
    ),
    "random": (
        "For research, not a level of the ladder: plays any legal move at random; lost {losses} of "
        "{games} 2-player games against {above}."
    ),
}
"""One sentence per built-in level id, with the figures of the measured table
(``petersburg/bots/ladder.json``): a ladder level's games against the level just below it, the
research level's against the lowest level of the ladder."""

UNMEASURED_TEXT = "Not measured yet."
REGISTERED_TEXT = "A bot added with register_bot."

BOT_WORDS = Catalogue(
    "bot",
    {
        **{f"name_{level}": name for level, name in LEVEL_NAMES.items()},
        **{f"text_{level}": text for level, text in LEVEL_TEXTS.items()},
        "text_unmeasured": UNMEASURED_TEXT,
        "text_registered": REGISTERED_TEXT,
    },
)
"""The levels' names and sentences by message id (``bot.name_expert``, ``bot.text_expert``)."""


def level_name(level_id: str, language: str = SOURCE) -> str:
    """The name people read for a level (``Expert``)."""
    if level_id not in LEVEL_NAMES:
        return level_id.capitalize()
    return BOT_WORDS.message(f"name_{level_id}", {}).in_language(language)


def level_param(level_id: str) -> str:
    """A level's name as a parameter of a stored sentence (a seat's name, a notice): kept by id, so
    each reader reads the level's name in his language, the one the menus show."""
    if level_id not in LEVEL_NAMES:
        return level_id.capitalize()
    return stored_form(BOT_WORDS.message(f"name_{level_id}", {}))


def level_text(
    level_id: str,
    language: str = SOURCE,
    quoted: tuple[float, int, str] | None = None,
    futures: tuple[int, int] | None = None,
) -> str:
    """What a level does and how strong it is, in one sentence, quoting ``quoted``: (wins, games,
    the other level) of the 1st edition's 2-player games in the measured table
    (``petersburg.bots.levels.quoted_duel``: a ladder level's against the level below it, the
    research level's losses against the level above it); without them, "not measured yet". A
    search level's sentence quotes ``futures`` too, the fewest and most futures it plays out for a
    move (``BotLevel.futures``), so that its words follow its settings."""
    if level_id not in LEVEL_TEXTS:
        return BOT_WORDS.message("text_registered", {}).in_language(language)
    if quoted is None or not quoted[1]:
        return BOT_WORDS.message("text_unmeasured", {}).in_language(language)
    wins, games, other = quoted
    message_id = f"text_{level_id}"
    named = level_name(other, language)
    if "above" in BOT_WORDS.placeholders(message_id):
        params: dict[str, str | int] = {"losses": f"{wins:g}", "games": games, "above": named}
    else:
        params = {"wins": f"{wins:g}", "games": games, "below": named}
    if "fewest" in BOT_WORDS.placeholders(message_id):
        if futures is None:
            raise ValueError(f"the sentence of level {level_id!r} quotes its futures a move: pass futures")
        params |= {"fewest": number(futures[0], language), "most": number(futures[1], language)}
    return BOT_WORDS.message(message_id, params).in_language(language)


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
