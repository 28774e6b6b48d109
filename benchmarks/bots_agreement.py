"""How often search variants choose Expert's move, on positions of greedy games: where more search helps.

    PYTHONPATH=src:. python benchmarks/bots_agreement.py --players 2 --positions 60

Games between bots measure strength, but slowly (hundreds of games a cell). This asks a cheaper,
narrower question first: on the same positions, does a variant of the search decide differently
from Expert at all? Expert with another seed gives the floor (the search's own noise); a variant
that agrees with Expert as often as that floor cannot play much better or worse than Expert, so
its games need not be run. Positions are taken at random (seeded) from greedy self-play, at
decisions with more than two legal actions. Prints each variant's agreement with Expert (seed 1)
and its CPU time per decision.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from petersburg.bots import GreedyBot, IsmctsBot, SearchConfig
from petersburg.bots.ismcts import LEVELS
from petersburg.engine import GameState, apply_action, legal_actions, new_game, view

VARIANTS: dict[str, tuple[SearchConfig, int]] = {
    "expert, seed 1": (LEVELS["expert"], 1),
    "expert, seed 2": (LEVELS["expert"], 2),
    "master": (LEVELS["master"], 1),
    "expert, 4x iterations": (replace(LEVELS["expert"], iterations=4 * LEVELS["expert"].iterations), 1),
    "expert, 4x iterations, depth 2": (
        replace(LEVELS["expert"], iterations=4 * LEVELS["expert"].iterations, depth=2),
        1,
    ),
    "expert, two-round horizon": (replace(LEVELS["expert"], horizon=8), 1),
}
"""The variants compared, by name: a search configuration and the bot's seed."""
SAMPLE_RATE = 0.04
"""Chance that a decision of a greedy game is taken as a position (spreads them over the game)."""


def sample_positions(players: int, count: int, seed: int) -> list[GameState]:
    """``count`` positions of greedy self-play games with more than two legal actions."""
    rng = random.Random(seed)
    positions: list[GameState] = []
    game = 0
    while len(positions) < count:
        state = new_game(players, seed * 1000 + game)
        game += 1
        bot = GreedyBot()
        while not state.is_over and len(positions) < count:
            if len(legal_actions(state)) > 2 and rng.random() < SAMPLE_RATE:
                positions.append(state.copy())
            apply_action(state, bot.choose(view(state, state.current_player)))
    return positions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    positions = sample_positions(args.players, args.positions, args.seed)
    choices: dict[str, list[int]] = {name: [] for name in VARIANTS}
    seconds: dict[str, float] = dict.fromkeys(VARIANTS, 0.0)
    for position in positions:
        seen = view(position, position.current_player)
        for name, (config, seed) in VARIANTS.items():
            start = time.process_time()
            choices[name].append(IsmctsBot(seed=seed, config=config).choose(seen))
            seconds[name] += time.process_time() - start
    reference = choices["expert, seed 1"]
    count = len(positions)
    print(f"{count} positions, {args.players} players, 1st edition (seed {args.seed})")
    for name in VARIANTS:
        agree = sum(a == b for a, b in zip(choices[name], reference, strict=True)) / count
        print(
            f"  {name:32s} agrees with expert (seed 1) {agree:5.0%}, {seconds[name] / count:.3f} s/decision"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
