"""Tournament statistics: shared wins, Wilson intervals, Elo."""

from __future__ import annotations

import math
from typing import Any

from petersburg.tournament import elo_ratings, format_table, summarize, wilson_interval


def _line(
    game: int, entries: list[int], scores: list[int], rubles: list[int], rounds: int = 6
) -> dict[str, Any]:
    best = max(zip(scores, rubles, strict=True))
    return {
        "game": game,
        "entries": entries,
        "bots": [f"bot{entry}" for entry in entries],
        "result": {
            "scores": scores,
            "rubles": rubles,
            "winners": [seat for seat, key in enumerate(zip(scores, rubles, strict=True)) if key == best],
            "rounds": rounds,
        },
    }


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson_interval(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    low, high = wilson_interval(95, 100)
    assert low < 0.95 < high


def test_elo_orders_bots_by_results_and_centres_on_1500() -> None:
    scores = {(0, 1): 8.0, (1, 0): 2.0}
    games = {(0, 1): 10, (1, 0): 10}
    elo = elo_ratings(scores, games, 2)
    assert elo[0] > 1500 > elo[1]
    assert math.isclose(sum(elo) / 2, 1500, abs_tol=1e-6)
    even = elo_ratings({(0, 1): 5.0, (1, 0): 5.0}, games, 2)
    assert math.isclose(even[0], even[1], abs_tol=1e-6)


def test_ties_are_shared_and_rows_are_per_entry() -> None:
    lines = [
        _line(0, [0, 1], [80, 60], [5, 5]),
        _line(1, [1, 0], [70, 70], [9, 9]),  # full tie: half a win each
        _line(2, [0, 1], [50, 50], [3, 8], rounds=8),  # rubles break the tie: entry 1 wins
    ]
    summary = summarize(lines, ["a", "b"])
    rows = {row["bot"]: row for row in summary["bots"]}
    assert rows["a"]["wins"] == 1.5 and rows["b"]["wins"] == 1.5
    assert rows["a"]["mean_score"] == round((80 + 70 + 50) / 3, 2)
    assert summary["games"] == 3
    assert summary["mean_rounds"] == round((6 + 6 + 8) / 3, 3)
    assert summary["mean_winning_score"] == round((80 + 70 + 50) / 3, 2)
    assert "95% interval" in format_table(summary)
