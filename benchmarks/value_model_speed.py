"""Cost of the learned evaluation against the hand-written worth, per call on every seat.

    python benchmarks/value_model_speed.py [--positions 400] [--repeat 20]

Positions are every phase start of seeded greedy games (where a search's playout asks for the
evaluation), in the 1st edition with 4 players and the Market with 3. It prints microseconds per
call of ``position_worths`` (the hand-written worth of every seat) and of ``ValueModels.worths``
(the worth plus the learned correction), and whether the bots run compiled.
"""

from __future__ import annotations

import argparse
import time

from petersburg.bots import value_model
from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.greedy import greedy_action
from petersburg.bots.market_outlook import position_worths
from petersburg.bots.value_model import SHIPPED, load_value_models
from petersburg.engine import GameOptions, GameState, apply_action, new_game


def positions(players: int, options: GameOptions, count: int) -> list[GameState]:
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        state = new_game(players, seed, options)
        marked = (-1, -1)
        while not state.is_over and len(found) < count:
            if (state.round, state.phase) != marked:
                marked = (state.round, state.phase)
                found.append(state.copy())
            apply_action(state, greedy_action(state))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    models = load_value_models(SHIPPED)
    print(f"bots compiled: {not value_model.__file__.endswith('.py')}")

    def hand_written(state: GameState) -> list[float]:
        return position_worths(state, DEFAULT_WEIGHTS)

    def learned(state: GameState) -> list[float]:
        return models.worths(state, DEFAULT_WEIGHTS)

    for label, players, options in (
        ("1st edition, 4 players", 4, GameOptions()),
        ("Market, 3 players", 3, GameOptions(edition="second", market=True)),
    ):
        states = positions(players, options, args.positions)
        timings = {}
        for name, call in (("hand-written", hand_written), ("learned", learned)):
            start = time.perf_counter()
            for _ in range(args.repeat):
                for state in states:
                    call(state)
            timings[name] = 1e6 * (time.perf_counter() - start) / (args.repeat * len(states))
        print(
            f"{label}: hand-written {timings['hand-written']:.1f} us, learned {timings['learned']:.1f} us"
            f" per evaluation of every seat ({len(states)} positions x {args.repeat})"
        )


if __name__ == "__main__":
    main()
