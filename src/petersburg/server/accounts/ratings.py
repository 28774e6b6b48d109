"""Ratings with OpenSkill (Plackett–Luce): which games count, how a finished game moves the
ratings of its accounts, and the bots' fixed reference ratings.

A game counts ("rated") when it has two or more seats and every seat is held by an account, or,
if the table was created with ``rated``, every seat by an account or a bot (at least one account):
bots then count at their fixed reference rating and are never changed. Guests make a game unrated.
Places come from the final scores (total, then rubles), so a tie shares a place, and Plackett–Luce
treats tied seats as equals.

The shown rating is 60 × mu (a new account: 1500, deviation 60 × sigma = 500); the leaderboard
orders by mu − 3 sigma, the "ordinal", so a few lucky games do not top it.

This module is the maths alone: the store reads the accounts of a finished game and writes their
new ratings (``persistence/sql/ratings.py``) in the transaction that stores the game's result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from petersburg.bots.levels import bot_levels, find_level, ladder
from petersburg.engine import places
from petersburg.server.clock import Clock
from petersburg.server.persistence.accounts import AccountRating, RatingChange
from petersburg.server.persistence.store import SeatRow, TableRow
from petersburg.server.protocol.messages import GameResult
from petersburg.text.bots import level_name

MODEL = PlackettLuce()
SCALE = 60.0
"""Shown rating = SCALE × mu: OpenSkill's default prior (mu 25) shows as 1500."""

UNMEASURED_MU = MODEL.mu
"""The mu of a bot the table has not measured (a registered bot, a level added since the last
run): a new account's."""


def bot_mus() -> dict[str, float]:
    """Every measured built-in level's reference mu, by level id: the measured table's
    (``petersburg/bots/ladder.json``), fitted by ``benchmarks/bots_ladder.py`` from 4-player
    games of the ladder (windows of four consecutive levels, seats rotated over shared
    shuffles, 1st edition and 2nd edition with the Market together) with this module's model
    (``MODEL``, every seat at ``BOT_SIGMA``) from OpenSkill's default prior, the prior a new
    account starts from: a person's rating, moved by rated games against these bots, is on the
    same scale as theirs."""
    return {level.id: level.mu for level in bot_levels() if level.mu is not None}


BOT_SIGMA = 1.0
"""Bots are well measured: their seat in a rated game moves the people's ratings little by chance."""


def shown(mu: float) -> int:
    """The rating people see."""
    return round(SCALE * mu)


def bot_mu(stored: str) -> float:
    """The reference mu of a bot seat stored with ``stored`` (a level id such as ``expert``, an
    older id or bot spec); a bot the table has not measured counts as a new account."""
    level = find_level(stored)
    if level is None or level.mu is None:
        return UNMEASURED_MU
    return level.mu


def bot_ratings() -> list[tuple[str, str, int]]:
    """The ladder's measured levels in its order (weakest first): id (``expert``), plain name
    (``Expert``) and shown rating, the scale of the people's. The research levels (Random) are
    not listed: they are no opponent to compare oneself with."""
    return [(level.id, level_name(level.id), shown(level.mu)) for level in ladder() if level.mu is not None]


def result_places(result: GameResult) -> list[int]:
    """Each seat's place in a stored ``GameResult`` (the engine's ``places``)."""
    scores = sorted(result["scores"], key=lambda score: score["seat"])
    return places([(score["total"], score["rubles"]) for score in scores])


def new_ratings(ratings: list[tuple[float, float]], seat_places: list[int]) -> list[tuple[float, float]]:
    """Plackett–Luce update of each seat's (mu, sigma) after a game that ended in ``seat_places``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in seat_places])
    return [(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True)
class RatedSeat:
    seat: int
    account_id: int | None
    """None for a bot."""
    mu: float
    sigma: float


def _plain_bot(seat: SeatRow) -> bool:
    """A bot seat that plays for nobody; a bot that took an account's seat when its move
    deadlines ran out (``Seating.hand_seat_to_bot``) keeps the account, whose result it is."""
    return seat.kind == "bot" and seat.user_id is None


def rated_uids(row: TableRow) -> list[str]:
    """The identities of the accounts the finished table ``row`` rates; none if it does not count
    (fewer than two seats, an empty seat, a bot at a table not created ``rated``, or no account).
    Whether each of them is an account (a guest makes the game unrated) is ``rating_changes``'s."""
    if row.result is None or row.num_seats < 2:
        return []
    if any(seat.kind == "empty" or (_plain_bot(seat) and not row.rated) for seat in row.seats):
        return []
    uids = [seat.user_id for seat in row.seats if not _plain_bot(seat)]
    if not uids or None in uids:
        return []
    return [uid for uid in uids if uid is not None]


def rating_changes(row: TableRow, accounts: Mapping[str, AccountRating], now: float) -> list[RatingChange]:
    """The new ratings of the accounts at the finished table ``row`` (``accounts``: those of
    ``rated_uids`` that are accounts, by identity), rated at ``now``; none unless each person's
    seat is a different account (a guest sat at the table). Bots count at their fixed rating and
    are not changed."""
    uids = rated_uids(row)
    if row.result is None or not uids or len(set(uids) & set(accounts)) != len(uids):
        return []
    rated_seats: list[RatedSeat] = []
    for index, seat in enumerate(row.seats):
        if _plain_bot(seat):
            rated_seats.append(RatedSeat(index, None, bot_mu(seat.bot or ""), BOT_SIGMA))
        else:
            account = accounts[seat.user_id or ""]
            rated_seats.append(RatedSeat(index, account.id, account.mu, account.sigma))
    seat_places = result_places(row.result)
    after = new_ratings([(s.mu, s.sigma) for s in rated_seats], seat_places)
    return [
        RatingChange(rated.account_id, now, rated.mu, rated.sigma, mu, sigma, seat_places[rated.seat])
        for rated, (mu, sigma) in zip(rated_seats, after, strict=True)
        if rated.account_id is not None
    ]


def measure(paths: list[str]) -> dict[str, float]:
    """Each bot's mu after rating every game of tournament result files (JSON lines of
    ``petersburg tournament --out``) in order, from OpenSkill's default prior."""
    import json

    ratings: dict[str, tuple[float, float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                game = json.loads(line)
                bots: list[str] = game["bots"]
                result = game["result"]
                seat_places = places(list(zip(result["scores"], result["rubles"], strict=True)))
                before = [ratings.get(bot, (MODEL.mu, MODEL.sigma)) for bot in bots]
                for bot, after in zip(bots, new_ratings(before, seat_places), strict=True):
                    ratings[bot] = after
    return {bot: round(mu, 2) for bot, (mu, _sigma) in sorted(ratings.items())}


if __name__ == "__main__":
    import sys

    for bot, mu in measure(sys.argv[1:]).items():
        print(f"{bot}: mu {mu} (shown {shown(mu)})")


class GameRating:
    """The rating maths a store applies to a game that just ended (``persistence.ResultRating``),
    rated at the clock's time. It needs nothing but the clock, so the store that calls it can be
    built before the accounts that use that store."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def rated_uids(self, row: TableRow) -> list[str]:
        """The accounts the game ``row`` rates (``rated_uids``)."""
        return rated_uids(row)

    def rating_changes(self, row: TableRow, accounts: Mapping[str, AccountRating]) -> list[RatingChange]:
        """The new ratings of ``accounts`` after ``row`` (``rating_changes``), now."""
        return rating_changes(row, accounts, self.clock.time())
