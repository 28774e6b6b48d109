"""``benchmarks/value_model_fit.py``: the evaluations scored on the positions of kept games."""

from __future__ import annotations

import json
import math
from pathlib import Path

from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.market_outlook import position_worths
from petersburg.engine import GameRecord, GameState, apply_action, final_scores, new_game, winners

from .benchmark_scripts import kept, run_script


def test_the_worth_and_the_weights_are_scored_on_every_phase_start_of_the_kept_games(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    run_script(
        "bots_master.py", "--matchups", "1", "--master", "beginner", "--games", "4", "--out", str(games)
    )
    report = json.loads(run_script("value_model_fit.py", str(games), "--weights", "shipped", "--json").stdout)
    assert list(report) == ["first-2"]
    row = report["first-2"]
    squared, leader_won, positions = 0.0, 0, 0
    for line in kept(games):  # the worth's figures, worked out here from each game's record
        record = GameRecord.from_json(line["record"])
        state = new_game(record.num_players, record.seed, record.options)
        starts: list[GameState] = []
        for action in record.actions:
            if not starts or (state.round, state.phase) != (starts[-1].round, starts[-1].phase):
                starts.append(state.copy())
            apply_action(state, action)
        totals = [score.total for score in final_scores(state)]
        won = winners(state)  # ties on VP broken by rubles, as the engine has it
        for start in starts:
            worth = position_worths(start, DEFAULT_WEIGHTS)
            squared += ((worth[0] - worth[1]) - (totals[0] - totals[1])) ** 2 * 2  # both seats' margins
            leader_won += worth.index(max(worth)) in won
        positions += len(starts)
    assert (row["games"], row["positions"], row["seats"]) == (4, positions, 2 * positions)
    worth = row["evaluations"]["worth alone"]
    assert math.isclose(worth["margin_rmse"], math.sqrt(squared / (2 * positions)))
    assert worth["leader_won"] == leader_won / positions
    learned = row["evaluations"]["shipped"]
    assert learned["margin_rmse"] != worth["margin_rmse"], "the correction moves the margins"


def test_a_file_without_records_is_refused_with_a_sentence(tmp_path: Path) -> None:
    games = tmp_path / "old.jsonl"
    games.write_text(json.dumps({"matchup": 0, "game": 0}) + "\n", encoding="utf-8")
    refused = run_script("value_model_fit.py", str(games), check=False)
    assert refused.returncode != 0
    assert f"{games} line 1 keeps no game record: it cannot be replayed." in refused.stderr
