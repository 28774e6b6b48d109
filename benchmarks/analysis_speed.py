"""How long the analysis of a finished game takes: ``analyse_game`` of seeded 4-player games,
every seat judged (the most a server analyses: four people at one table), with the budget the
server uses (``ANALYSIS_BUDGET``). Prints the seconds per game and per judged decision.

    python benchmarks/analysis_speed.py --games 3 --players 4 --bots greedy
"""

from __future__ import annotations

import argparse
import statistics
import time

from petersburg.analysis import ANALYSIS_BUDGET, analyse_game
from petersburg.bots import make_bot
from petersburg.engine import GameRecord, apply_action, new_game, view


def played(players: int, seed: int, spec: str) -> GameRecord:
    state = new_game(players, seed)
    bots = [make_bot(spec, seed * 10 + seat) for seat in range(players)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(view(state, seat))
        actions.append(action)
        apply_action(state, action)
    return GameRecord(players, seed, state.options, actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy", help="the bot that plays every seat of the games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds: list[float] = []
    per_decision: list[float] = []
    for game in range(args.games):
        record = played(args.players, args.seed + game, args.bots)
        start = time.process_time()
        analysis = analyse_game(record, budget=ANALYSIS_BUDGET)
        took = time.process_time() - start
        seconds.append(took)
        per_decision.append(took / max(1, len(analysis.decisions)))
        print(
            f"game {game + 1}: {len(record.actions)} moves, {len(analysis.decisions)} decisions judged, "
            f"{took:.1f} CPU-seconds"
        )
    print(
        f"{args.players}-player games of {args.bots}, every seat judged, {ANALYSIS_BUDGET.determinizations} "
        f"samples a decision: mean {statistics.mean(seconds):.1f} s a game (max {max(seconds):.1f}), "
        f"{1000 * statistics.mean(per_decision):.0f} ms a decision"
    )


if __name__ == "__main__":
    main()
