"""OpenSkill ratings: places from final scores (ties share a place), the Plackett–Luce update
(tied seats move alike), and the measurement of the bots' reference ratings."""

from __future__ import annotations

import json
from pathlib import Path

from petersburg.engine import places
from petersburg.server.accounts.ratings import BOT_MU, MODEL, measure, new_ratings, result_places, shown
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
    assert BOT_MU["greedy"] > BOT_MU["random"]  # the stored measurement orders the bots as their wins do
