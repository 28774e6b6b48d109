"""How well the evaluations predict who wins, on the positions of kept games: the hand-written
worth alone and each weights file named, side by side.

    python benchmarks/value_model_fit.py benchmarks/results/master/vs-expert-2p.jsonl \
        [MORE.jsonl ...] [--weights shipped OTHER.json ...] [--json]

The self-play positions that train the learned evaluation come from greedy play; the positions
here come from any file of kept games whose lines hold a game's ``record``
(``benchmarks/bots_master.py --out``, ``petersburg tournament --out``): stronger play than the
training's, which is what a search meets. Every phase start of every game is a position (where a
search's playout stops and asks the evaluation), each seat's prediction is its worth plus the
model's correction, and the truth is the game's final scores. Per setting (``model_key``) it prints
the root mean square error of each seat's margin over the best other seat (what the search
compares, VP) and how often the seat ahead by the prediction is the game's winner (as the engine's
``winners`` has it: ties on VP broken by rubles; a shared win counts when the seat shares it).
``numpy`` is not needed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.ismcts import seat_margins
from petersburg.bots.market_outlook import position_worths
from petersburg.bots.value_model import ValueModels, load_value_models, model_key
from petersburg.engine import GameRecord, GameState, apply_action, final_scores, new_game, winners
from petersburg.tournament.runner import kept_lines

WORTH = "worth alone"
"""The name of the hand-written worth's column."""


def positions(record: GameRecord) -> tuple[list[GameState], list[int], set[int]]:
    """Every phase start of a recorded game (a copy of each), its final scores and its winners."""
    state = new_game(record.num_players, record.seed, record.options)
    found: list[GameState] = []
    marked = (-1, -1)
    for action in record.actions:
        if (state.round, state.phase) != marked:
            marked = (state.round, state.phase)
            found.append(state.copy())
        apply_action(state, action)
    return found, [score.total for score in final_scores(state)], set(winners(state))


def measure(files: list[Path], weights: list[str]) -> dict[str, dict[str, Any]]:
    """Per setting: positions, games, and for the worth and each weights file the margin's RMSE
    and the share of positions whose predicted leader won."""
    models: dict[str, ValueModels] = {where: load_value_models(where) for where in weights}
    squared: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    leaders: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    counts: dict[str, dict[str, int]] = defaultdict(lambda: {"games": 0, "positions": 0, "seats": 0})
    for path in files:
        lines = kept_lines(path)
        if not lines:
            raise SystemExit(f"{path} holds no kept game.")
        for number, line in enumerate(lines, 1):
            if "record" not in line:
                raise SystemExit(f"{path} line {number} keeps no game record: it cannot be replayed.")
            states, totals, won = positions(GameRecord.from_json(line["record"]))
            truth = seat_margins([float(total) for total in totals])
            setting = model_key(states[0])
            counts[setting]["games"] += 1
            for state in states:
                counts[setting]["positions"] += 1
                counts[setting]["seats"] += len(totals)
                predictions = {WORTH: position_worths(state, DEFAULT_WEIGHTS)}
                for where, model in models.items():
                    predictions[where] = model.worths(state, DEFAULT_WEIGHTS)
                for name, predicted in predictions.items():
                    guessed = seat_margins(predicted)
                    squared[setting][name] += sum(
                        (guess - true) ** 2 for guess, true in zip(guessed, truth, strict=True)
                    )
                    leaders[setting][name] += predicted.index(max(predicted)) in won
    report: dict[str, dict[str, Any]] = {}
    for setting, count in sorted(counts.items()):
        report[setting] = {
            **count,
            "evaluations": {
                name: {
                    "margin_rmse": math.sqrt(squared[setting][name] / count["seats"]),
                    "leader_won": leaders[setting][name] / count["positions"],
                }
                for name in (WORTH, *weights)
            },
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="JSON lines of kept games with their records")
    parser.add_argument(
        "--weights",
        nargs="*",
        default=["shipped"],
        help="weights files to score beside the worth ('shipped': the package's; default %(default)s)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = measure(args.files, args.weights)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for setting, row in report.items():
        print(f"{setting}: {row['games']} games, {row['positions']} positions, {row['seats']} seat positions")
        for name, scored in row["evaluations"].items():
            print(
                f"  {name:<40} margin RMSE {scored['margin_rmse']:6.2f} VP"
                f"   predicted leader won {100 * scored['leader_won']:5.1f} %"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
