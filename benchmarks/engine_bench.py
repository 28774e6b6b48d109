"""Engine throughput: random full games through the public API, median of several runs.

    python benchmarks/engine_bench.py [--runs 5] [--seconds 3] [--players 2 4]

Each run is ``petersburg bench`` (uniform choice among the legal actions, ``legal_actions`` +
``apply_unchecked``) on one core; the medians are printed, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics

from petersburg.cli import play_random_games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    summary = {}
    for players in args.players:
        runs = [play_random_games(players, args.seconds, seed) for seed in range(args.runs)]
        games = statistics.median(r["games_per_second"] for r in runs)
        actions = statistics.median(r["actions_per_second"] for r in runs)
        per_game = statistics.median(r["mean_actions_per_game"] for r in runs)
        rounds = statistics.median(r["mean_rounds_per_game"] for r in runs)
        print(
            f"{players} players: {games:8.1f} games/s  {actions:10.1f} actions/s  "
            f"{per_game:6.1f} actions/game  {rounds:5.2f} rounds/game  (median of {args.runs})"
        )
        summary[f"{players}p"] = {"games_per_second": games, "actions_per_second": actions}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
