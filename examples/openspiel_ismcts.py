"""OpenSpiel's ISMCTS bot against this project's bots, on the OpenSpiel version of the game.

The game is ``python_sankt_petersburg`` (``petersburg.env.openspiel_game``, extra ``[openspiel]``).
OpenSpiel's own information-set MCTS (``open_spiel.python.algorithms.ismcts``) searches with random
rollouts, sampling worlds through the game's ``resample_from_infostate`` (the engine's
``determinize``); its opponent is any bot spec of ours, wrapped as an OpenSpiel bot
(``EngineBot``). Seats alternate between games. Everything random is seeded from ``--seed``: the
game's chance nodes (the markers and every card drawn, game ``g`` from its own generator), the
search's generator and the sampler it hands to the resampler (OpenSpiel's ISMCTS would otherwise
resample with an unseeded ``UniformProbabilitySampler``), and the opponents' bots, so the same
command plays the same games in every process. Prints the win rate of OpenSpiel's ISMCTS and its
seconds per decision.

    python examples/openspiel_ismcts.py --games 20 --simulations 100 --opponent random
    python examples/openspiel_ismcts.py --games 1 --simulations 2          # a quick smoke run

Needs the ``[openspiel]`` extra (``pip install 'petersburg[openspiel]'``).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel

from petersburg.env.openspiel_game import GAME_NAME, EngineBot, resolve_chance, seeded_ismcts


def play(
    game: pyspiel.Game, bots: list[pyspiel.Bot], chance: random.Random
) -> tuple[list[float], list[float], list[int]]:
    """One game, its chance outcomes drawn from ``chance``: returns, seconds spent and decisions
    taken, per seat."""
    state = game.new_initial_state()
    resolve_chance(state, chance)
    spent = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        action = bots[seat].step(state)
        spent[seat] += time.perf_counter() - start
        decisions[seat] += 1
        state.apply_action(action)
        resolve_chance(state, chance)
    return state.returns(), spent, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description="OpenSpiel's ISMCTS against a bot of this project.")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per decision")
    parser.add_argument("--opponent", default="random", help="bot spec for the other seat(s)")
    parser.add_argument("--players", type=int, default=2, help="players per game (2-4)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games < 1 or args.simulations < 1 or not 2 <= args.players <= 4:
        parser.error("--games and --simulations must be positive, --players 2 to 4")
    game = pyspiel.load_game(GAME_NAME, {"players": args.players})
    searcher = seeded_ismcts(game, args.simulations, np.random.RandomState(args.seed))
    wins = 0.0
    decisions = 0
    seconds = 0.0
    for number in range(args.games):
        seat = number % args.players
        bots: list[pyspiel.Bot] = [
            EngineBot(args.opponent, args.seed * 1000 + number * 10 + s) for s in range(args.players)
        ]
        bots[seat] = searcher
        returns, spent, taken = play(game, bots, random.Random(args.seed * 1_000_003 + number))
        best = max(returns)
        wins += (returns[seat] == best) / sum(r == best for r in returns)  # a shared win counts shared
        seconds += spent[seat]
        decisions += taken[seat]
        print(
            f"game {number + 1}: ISMCTS in seat {seat}, {sum(taken)} decisions, returns {returns}", flush=True
        )
    print(
        f"OpenSpiel ISMCTS ({args.simulations} simulations) vs {args.opponent}: "
        f"win rate {100 * wins / args.games:.1f}% over {args.games} games "
        f"(chance {100 / args.players:.0f}%), {seconds / max(decisions, 1):.3f} s per decision"
    )


if __name__ == "__main__":
    main()
