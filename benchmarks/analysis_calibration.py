"""Fit the analysis's win-chance temperature: how far apart worths must be to decide a game.

Plays greedy self-play games (seeded), takes every seat's position worth (the bots' cut-off
evaluation, ``position_worths``) at the start of every phase, and fits, for each number of rounds
still to come (``rounds_after``), the softmax temperature ``T`` that makes the final winners most
likely (grid search of the log-likelihood). Prints T per rounds-after with the positions behind it,
and the line ``T = a + b * rounds_after`` fitted to all of them, which is the form
``petersburg.analysis.evaluation`` uses (``WIN_TEMPERATURE`` and ``WIN_TEMPERATURE_PER_ROUND``).

    python benchmarks/analysis_calibration.py --games 300 --players 4
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict

from petersburg.bots import make_bot
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, rounds_after
from petersburg.bots.market_outlook import position_worths
from petersburg.engine import apply_action, new_game, view, winners


def _loglik(samples: list[tuple[list[float], list[int]]], temperature: float) -> float:
    total = 0.0
    for worths, first in samples:
        top = max(worths)
        logs = [(w - top) / temperature for w in worths]
        norm = math.log(sum(math.exp(x) for x in logs))
        total += sum(logs[s] - norm for s in first) / len(first)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    by_rounds: dict[int, list[tuple[list[float], list[int]]]] = defaultdict(list)
    for game in range(args.games):
        state = new_game(args.players, args.seed + game)
        bots = [make_bot("greedy", args.seed * 100 + game * 10 + seat) for seat in range(args.players)]
        snapshots: list[tuple[int, list[float]]] = []
        last_phase = (-1, -1)
        while not state.is_over:
            if (state.round, state.phase) != last_phase:
                last_phase = (state.round, state.phase)
                snapshots.append((rounds_after(state), position_worths(state, DEFAULT_WEIGHTS)))
            seat = state.current_player
            apply_action(state, bots[seat].choose(view(state, seat)))
        first = winners(state)
        for rounds, worths in snapshots:
            by_rounds[rounds].append((worths, first))
    grid = [0.5 * k for k in range(1, 81)]
    print(f"{args.games} greedy self-play games, {args.players} players, seed {args.seed}")
    for rounds in sorted(by_rounds):
        samples = by_rounds[rounds]
        best = max(grid, key=lambda t: _loglik(samples, t))
        print(f"rounds after {rounds}: T = {best:.1f} ({len(samples)} positions)")
    lines = [(0.5 * a, 0.25 * b) for a in range(1, 21) for b in range(0, 17)]

    def joint(line: tuple[float, float]) -> float:
        return sum(_loglik(s, line[0] + line[1] * r) for r, s in by_rounds.items())

    a, b = max(lines, key=joint)
    print(f"T = a + b * rounds_after: a = {a:.2f}, b = {b:.2f}")


if __name__ == "__main__":
    main()
