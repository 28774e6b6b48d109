"""OpenSkill ratings: places from final scores (ties share a place), the Plackett–Luce update
(tied seats move alike), which finished games count and how they move accounts (the maths alone,
without a database), and the measurement of the bots' reference ratings."""

from __future__ import annotations

import json
from pathlib import Path

from petersburg.engine import GameOptions, places
from petersburg.server.accounts.ratings import (
    MODEL,
    bot_mus,
    measure,
    new_ratings,
    rated_uids,
    rating_changes,
    result_places,
    shown,
)
from petersburg.server.persistence.accounts import AccountRating
from petersburg.server.persistence.store import SeatRow, TableRow
from petersburg.server.protocol.messages import GameResult
from tests.server.helpers import score_line


def test_places_break_ties_by_rubles_and_share_what_remains() -> None:
    assert places([(40, 3), (40, 7), (12, 0)]) == [2, 1, 3]
    assert places([(40, 7), (40, 7), (12, 0)]) == [1, 1, 3]
    result: GameResult = {
        "scores": [score_line(1, 9, 0), score_line(0, 30, 2)],
        "winners": [0],
        "rounds": 6,
        "names": ["Ann", "Ben"],
    }
    assert result_places(result) == [1, 2]


def test_tied_seats_move_alike_and_the_winner_gains() -> None:
    start = (MODEL.mu, MODEL.sigma)
    first, tied_a, tied_b = new_ratings([start, start, start], [1, 2, 2])
    assert first[0] > MODEL.mu > tied_a[0]
    assert tied_a == tied_b
    assert all(sigma < MODEL.sigma for _mu, sigma in (first, tied_a, tied_b))
    assert shown(MODEL.mu) == 1500


def test_bot_reference_ratings_are_measured_from_tournament_results(tmp_path: Path) -> None:
    lines = [
        {"bots": ["strong", "weak"], "result": {"scores": [50, 10], "rubles": [0, 0]}},
        {"bots": ["weak", "strong"], "result": {"scores": [12, 61], "rubles": [0, 0]}},
    ]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    measured = measure([str(path)])
    assert measured["strong"] > MODEL.mu > measured["weak"]
    mus = bot_mus()
    assert (
        mus["easy"] > mus["beginner"] > mus["random"]
    )  # the stored measurement orders them as their wins do


def finished(seats: list[SeatRow], *, rated: bool = False) -> TableRow:
    """A finished table whose seat 1 won (by VP) over seat 0."""
    result: GameResult = {
        "scores": [score_line(0, 20, 5), score_line(1, 31, 0)],
        "winners": [1],
        "rounds": 6,
        "names": [seat.name for seat in seats],
    }
    options = GameOptions().to_json()
    return TableRow(7, "Rated", 0.0, 2, options, False, 0, False, "c", 1, "over", result, seats, rated=rated)


def test_the_maths_rates_games_between_accounts_and_leaves_bots_and_guests_as_they_are() -> None:
    anna, ben = SeatRow("human", "Anna", "uid-a"), SeatRow("human", "Ben", "uid-b")
    bot = SeatRow("bot", "Bot", bot="expert")
    accounts = {
        "uid-a": AccountRating(1, MODEL.mu, MODEL.sigma),
        "uid-b": AccountRating(2, MODEL.mu, MODEL.sigma),
    }
    changes = rating_changes(finished([anna, ben]), accounts, 99.0)
    assert rated_uids(finished([anna, ben])) == ["uid-a", "uid-b"]
    assert [(c.account_id, c.rank, c.created) for c in changes] == [(1, 2, 99.0), (2, 1, 99.0)]
    assert changes[1].mu > MODEL.mu > changes[0].mu
    assert rating_changes(finished([anna, ben]), {"uid-a": accounts["uid-a"]}, 99.0) == []  # a guest
    assert rated_uids(finished([anna, bot])) == []  # a bot at a table not created rated
    [alone] = rating_changes(finished([anna, bot], rated=True), accounts, 99.0)
    assert alone.account_id == 1 and alone.mu < MODEL.mu  # the bot won and is not changed
    assert rated_uids(finished([anna, SeatRow()])) == []
