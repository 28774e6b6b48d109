"""Does a seat's first observation identify the deal? The root-seed model against the chance model.

The OpenSpiel game once had one chance node, at the root: outcome ``d`` of 65,536 was the engine game
``new_game(n, d)``, so every stack's order was fixed by a number the players could narrow down. Seat
0's first observation (the markers, the opening workers, everything its view shows) identifies the
deal when no other deal shows it the same thing: then seat 0 knows every card to come. This script
counts such deals among ``--deals`` seeds.

The game now draws every card at a chance node of its own (``petersburg.env.openspiel_game``). Its
"deal" is the order of the cards still in the stacks, and the script measures, over ``--games`` games
played by OpenSpiel's chance nodes (seeded), how many stack orders are consistent with seat 0's first
information state (the distinct orders of the cards it has not seen), in how many games that is one
(the deal identified), and in how many the next card of some stack is certain.

    python benchmarks/openspiel_chance.py                      # 65,536 deals, 2,000 games per count
    python benchmarks/openspiel_chance.py --deals 4096 --games 200   # a quick run
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

import pyspiel

from petersburg.engine import new_game, view
from petersburg.engine.views import unseen_cards
from petersburg.env.encoding import encode_observation
from petersburg.env.openspiel_game import GAME_NAME, SanktPetersburgState, resolve_chance


def root_seed_identified(players: int, deals: int) -> float:
    """Share of the deals ``0 .. deals-1`` whose seat-0 first observation no other deal shows."""
    firsts = [encode_observation(view(new_game(players, deal), 0)).tobytes() for deal in range(deals)]
    shown = Counter(firsts)
    return sum(shown[first] == 1 for first in firsts) / deals


def log10_orders(pool: list[int]) -> float:
    """log10 of the number of distinct orders of the cards in ``pool``."""
    counts = Counter(pool)
    return (math.lgamma(len(pool) + 1) - sum(math.lgamma(c + 1) for c in counts.values())) / math.log(10)


def chance_model(players: int, games: int, seed: int) -> tuple[float, float, float, float]:
    """Over ``games`` chance-model games: (share identified, share with a certain next card, fewest
    and median log10 of the stack orders consistent with seat 0's first information state)."""
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    rng = random.Random(seed)
    identified = certain = 0
    orders: list[float] = []
    for _ in range(games):
        state: SanktPetersburgState = game.new_initial_state()
        resolve_chance(state, rng)
        assert state.game_state is not None
        seen = view(state.game_state, 0).state
        pools = [pool for pool in unseen_cards(seen) if pool]
        consistent = sum(log10_orders(pool) for pool in pools)
        orders.append(consistent)
        identified += consistent == 0
        certain += any(len(set(pool)) == 1 for pool in pools)
    orders.sort()
    return identified / games, certain / games, orders[0], orders[len(orders) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(
        description="First observations and the deal: root-seed vs chance model."
    )
    parser.add_argument(
        "--deals", type=int, default=1 << 16, help="root-seed deals 0 .. N-1 (default 65,536)"
    )
    parser.add_argument("--games", type=int, default=2000, help="chance-model games per player count")
    parser.add_argument("--players", default="2,3,4", help="player counts (comma-separated)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.deals < 2 or args.games < 1:
        parser.error("--deals must be at least 2 and --games at least 1")
    start = time.process_time()
    print("Seat 0's first observation identifies the deal (it knows every card to come):")
    columns = f"{'root-seed model':>22}  {'chance model':>20}  {'next card certain':>17}  orders consistent"
    print(f"{'players':>7}  {columns}")
    for players in (int(text) for text in args.players.split(",")):
        old = root_seed_identified(players, args.deals)
        share, certain, fewest, median = chance_model(players, args.games, args.seed)
        print(
            f"{players:>7}  {100 * old:>6.1f} % of {args.deals:>6,} deals"
            f"  {100 * share:>5.1f} % of {args.games:,} games  {100 * certain:>16.1f} %"
            f"  at least 10^{fewest:.0f} (median 10^{median:.0f})"
        )
    print(f"({time.process_time() - start:.0f} s of CPU)")


if __name__ == "__main__":
    main()
