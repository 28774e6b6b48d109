"""The bot levels people choose from: the ladder, weakest first, read from its measured table.

The bots are named by how they work (``greedy``, ``ismcts:expert``); a person choosing an opponent
wants to know how strong it is. Each level has a plain id (what the protocol carries and a seat
stores) and the ``make_bot`` spec behind it; its name and its sentence for people are words, in
``petersburg.text.bots``. The levels, their order and the figures their sentences quote come from
one file, ``ladder.json`` beside this module, which ``benchmarks/bots_ladder.py`` writes from
its measurements (each level against the one below it at 2 and 3 players, and a 4-player
tournament of them all, fitted with the server's rating model): the lobby, the seat menus,
``/bot``, the leaderboard and ``docs/bots.md`` all show that order. The levels kept for research
(Random) come after the ladder.

Every id and spec ever stored still plays: ``OLDER_IDS`` maps the ids of earlier ladders
(``greedy``, ``ismcts``, ``ismcts:easy`` …) to today's levels, and each level's own spec finds it
too; a bot added with ``register_bot`` is offered after the built-in levels under its own spec.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from petersburg.bots import SearchConfig, bot_specs, make_bot
from petersburg.bots.value_model import load_value_models

TABLE_NAME = "ladder.json"
"""The measured table, a data file of this package."""

EDITIONS = ("first", "second_market")
"""The rule sets every level is measured in: the 1st edition, and the 2nd edition with the Market."""

OLDER_IDS: dict[str, str] = {
    "greedy": "easy",
    "ismcts": "medium",
    "ismcts:easy": "easy",
    "ismcts:medium": "medium",
    "ismcts:hard": "hard",
    "ismcts:expert": "expert",
    "ismcts:master": "master",
}
"""Ids and specs that seats stored before this ladder, and the level each plays now (the one of
the same name; Greedy, which the measurements put where Easy now stands, is Easy)."""


@dataclass(frozen=True)
class GamesWon:
    """Games of a level against the level just below it on shared deals, the level once in every
    seat of a deal: 2-player duels, or 3-player games against two seats of that level."""

    wins: float
    """Games won (a shared win counts by its share)."""
    games: int
    low: float
    """Lower end of the Wilson 95 % interval of the win rate."""
    high: float
    """Upper end of that interval."""

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class BotLevel:
    """One level a seat can be given, with what the table measured of it."""

    id: str
    """What the protocol carries and a seat stores (``expert``)."""
    spec: str
    """The ``make_bot`` spec that plays it."""
    research: bool = False
    """Kept for research, shown apart from the ladder (Random)."""
    below: str | None = None
    """The level just below it on the ladder, whose duels ``duels`` holds (None: the lowest)."""
    duels: tuple[tuple[str, GamesWon], ...] = ()
    """Per edition (``EDITIONS``), its 2-player games against ``below``."""
    trios: tuple[tuple[str, GamesWon], ...] = ()
    """Per edition, its 3-player games against two seats of ``below`` (none in a table measured
    before they were)."""
    mu: float | None = None
    """Its rating on the server's model (mu of ``ratings.MODEL``), fitted from the 4-player
    tournaments of both editions; None for a bot nobody measured."""
    rating: int | None = None
    """``mu`` as the server shows a rating (``ratings.shown``)."""
    seconds: float | None = None
    """Median seconds per move in the 4-player tournament games."""

    @property
    def futures(self) -> tuple[int, int] | None:
        """The fewest and the most futures its search plays out for one move (``futures_a_move``),
        the figures its sentence quotes; None for a level that does not search."""
        return futures_a_move(self.spec)

    def duel(self, edition: str = "first") -> GamesWon | None:
        """Its 2-player games against the level below in ``edition``."""
        return dict(self.duels).get(edition)

    def trio(self, edition: str = "first") -> GamesWon | None:
        """Its 3-player games against two seats of the level below in ``edition``."""
        return dict(self.trios).get(edition)


def _games_won(data: dict[str, Any]) -> GamesWon:
    return GamesWon(float(data["wins"]), int(data["games"]), float(data["low"]), float(data["high"]))


def definition(spec: str, players: int | None = None, market: bool = False) -> str:
    """A short digest of what plays ``spec`` today: the bot's class and its settings (a search
    level's configuration, a greedy policy's weights); with ``players`` (and ``market``), of what
    plays at that table alone: a search's settings for other tables left out
    (``SearchConfig.at_table``).

    The table stores it beside each level's figures when they are measured, so that a level whose
    definition has changed since (Master given more iterations, say) is shown as not measured
    rather than with the figures of the bot it was; a measurement of one table size records that
    table's, so that a change at 4-player tables leaves 2-player figures standing. A search with a
    learned evaluation (``value_model``) records its weights file's digest too: the same settings
    with retrained weights are another bot.
    """
    bot = make_bot(spec)
    settings = getattr(bot, "config", None) or getattr(bot, "weights", None)
    if players is not None and isinstance(settings, SearchConfig):
        settings = settings.at_table(players, market)
    text = f"{type(bot).__name__}:{changed_settings(settings)}"
    if isinstance(settings, SearchConfig) and settings.value_model is not None:
        text += f":weights {load_value_models(settings.value_model).digest}"  # retrained: another bot
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def definitions(specs: Sequence[str], market: bool = False) -> list[str]:
    """``definition`` of each of ``specs`` at their table (as many players as specs, with the
    Market or not): what a resumable measurement records beside every game, so that a resumed
    run tells today's bots' games from those of a level since retuned."""
    return [definition(spec, len(specs), market) for spec in specs]


LADDER_TABLES: Final = (2, 3, 4)
"""The table sizes the ladder measures every level at: duels, 3-player matches against two of the
level below, and 4-player tournaments."""


@cache
def futures_a_move(spec: str) -> tuple[int, int] | None:
    """The fewest and the most playouts (each a future played a round ahead) the search of
    ``spec`` runs for one move over the ladder's tables, with the Market and without; None for a
    bot that does not search or searches by the clock.

    A level's sentence quotes them, so they are read from the level's settings at each table
    (its own budget, scaled by the players, and its settings by table) rather than written
    again in words that a retuned budget would leave behind.
    """
    config = getattr(make_bot(spec), "config", None)
    if not isinstance(config, SearchConfig) or config.seconds is not None:
        return None
    budgets = [
        config.at_table(players, market).budget(players)
        for players in LADDER_TABLES
        for market in (False, True)
    ]
    return (min(budgets), max(budgets))


def table_definitions(spec: str) -> dict[str, dict[str, str]]:
    """``definition`` of ``spec`` at each table the ladder measures it at, by edition and number of
    players: the table stores them beside its figures, so that a level changed at some tables
    (Master's settings at 4-player 1st-edition tables, say) keeps the figures of the others."""
    return {
        edition: {str(players): definition(spec, players, edition != "first") for players in LADDER_TABLES}
        for edition in EDITIONS
    }


def changed_settings(settings: object) -> str:
    """``settings`` as text, a dataclass by the fields that differ from their defaults alone.

    So a setting added later, whose default plays as the code did before it, leaves every
    level's digest as it was: only what changes how a level plays makes its figures stale.
    """
    if not dataclasses.is_dataclass(settings) or isinstance(settings, type):
        return repr(settings)
    changed = []
    for field in dataclasses.fields(settings):
        value = getattr(settings, field.name)
        if field.default is dataclasses.MISSING or value != field.default:
            changed.append(f"{field.name}={changed_settings(value)}")
    return f"{type(settings).__name__}({', '.join(changed)})"


def _level(entry: dict[str, Any], research: bool) -> BotLevel:
    """A level as the table measured it, keeping only the figures of tables where today's bot is
    the one measured (a figure measured of an earlier definition is not today's bot's)."""
    spec = entry["spec"]
    measured_at: dict[str, dict[str, str]] = entry["tables"]
    today = table_definitions(spec)
    standing = {
        (edition, players): measured_at.get(edition, {}).get(str(players)) == today[edition][str(players)]
        for edition in EDITIONS
        for players in LADDER_TABLES
    }
    duels = entry.get("duels", {})
    trios = entry.get("trios", {})
    rated = all(standing[edition, 4] for edition in EDITIONS)  # fitted from both editions' games
    return BotLevel(
        id=entry["id"],
        spec=spec,
        research=research,
        below=entry.get("below"),
        duels=tuple((edition, _games_won(duels[edition])) for edition in duels if standing[edition, 2]),
        trios=tuple((edition, _games_won(trios[edition])) for edition in trios if standing[edition, 3]),
        mu=entry.get("mu") if rated else None,
        rating=entry.get("rating") if rated else None,
        seconds=entry.get("seconds_per_move") if rated else None,
    )


@cache
def ladder_table() -> dict[str, Any]:
    """The measured table as ``benchmarks/bots_ladder.py`` wrote it (read once)."""
    text = resources.files("petersburg.bots").joinpath(TABLE_NAME).read_text(encoding="utf-8")
    table: dict[str, Any] = json.loads(text)
    return table


@cache
def built_in_levels() -> tuple[BotLevel, ...]:
    """The ladder, weakest first, then the levels kept for research."""
    table = ladder_table()
    return (
        *(_level(entry, research=False) for entry in table["ladder"]),
        *(_level(entry, research=True) for entry in table["research"]),
    )


def ladder() -> list[BotLevel]:
    """The ladder alone, weakest first (no research level, no registered bot)."""
    return [level for level in built_in_levels() if not level.research]


MIN_QUOTED_GAMES: Final = 10
"""Fewest games of a duel that a level's sentence quotes: a run cut short leaves the dearest levels
a handful (its 95 % interval spans most of 0–100 %), which would tell people more than was measured;
the ladder's table and docs/bots.md still show them, with their interval."""


def quoted_duel(level: BotLevel) -> tuple[float, int, str] | None:
    """The 1st-edition duel a level's sentence quotes, as (wins, games, the other level): a ladder
    level's against the level below it; a research level's against the ladder level just above it
    (its wins there are that level's losses). None where the table has none, or fewer than
    ``MIN_QUOTED_GAMES`` games."""
    if not level.research:
        duel = level.duel()
        if duel is None or level.below is None or duel.games < MIN_QUOTED_GAMES:
            return None
        return (duel.wins, duel.games, level.below)
    for above in built_in_levels():
        duel = above.duel()
        if above.below == level.id and duel is not None and duel.games >= MIN_QUOTED_GAMES:
            return (duel.games - duel.wins, duel.games, above.id)
    return None


def _aliases() -> dict[str, str]:
    ids = {level.id for level in built_in_levels()}
    older = {word: level for word, level in OLDER_IDS.items() if level in ids}
    return older | {level.spec: level.id for level in built_in_levels()}


def bot_levels() -> list[BotLevel]:
    """Every level a seat can be given: the ladder weakest first, the research levels, then bots
    registered by a program."""
    levels = built_in_levels()
    known = {level.spec for level in levels} | set(_aliases())
    extra = [BotLevel(spec, spec) for spec in bot_specs() if spec not in known]
    return [*levels, *extra]


def find_level(word: str | None) -> BotLevel | None:
    """The level a person or an older client means: its id (which is also its name, in any case),
    its bot spec, or an id an earlier ladder stored."""
    cleaned = (word or "").strip().lower()
    cleaned = _aliases().get(cleaned, cleaned)
    for level in bot_levels():
        if cleaned == level.id.lower():
            return level
    return None


def spec_of(stored: str | None) -> str:
    """The bot spec that plays a seat stored with ``stored`` (a level id, or an older spec)."""
    level = find_level(stored)
    return level.spec if level is not None else "random"
