"""Decision time of each bot, and ISMCTS iterations per second, on one core.

Positions come from greedy self-play (so they look like real games); every bot decides at the
same positions, one process, no parallelism::

    python benchmarks/bots_speed.py                   # 4 players, 60 positions
    python benchmarks/bots_speed.py --players 2 --positions 100 --bots greedy,ismcts:hard
    python benchmarks/bots_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from petersburg.bots import IsmctsBot, make_bot
from petersburg.engine import GameState, apply_unchecked, new_game, view


def sample_positions(players: int, count: int, seed: int) -> list[GameState]:
    """Positions with a real choice (more than one legal action), spread over greedy games."""
    positions: list[GameState] = []
    game = 0
    while len(positions) < count:
        state = new_game(players, seed * 1000 + game)
        bots = [make_bot("greedy", seat) for seat in range(players)]
        step = 0
        while not state.is_over and len(positions) < count:
            seat = state.current_player
            seen = view(state, seat)
            if len(seen.legal_actions()) > 1 and step % 7 == game % 7:
                positions.append(state.copy())
            apply_unchecked(state, bots[seat].choose(seen))
            step += 1
        game += 1
    return positions


def measure(spec: str, positions: list[GameState]) -> dict[str, float | str | int]:
    """Median and worst decision time over ``positions``; iterations per second for ISMCTS."""
    times = []
    iterations = 0
    searched = 0.0
    for number, state in enumerate(positions):
        bot = make_bot(spec, number)
        seen = view(state, state.current_player)
        start = time.perf_counter()
        bot.choose(seen)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if isinstance(bot, IsmctsBot) and bot.last.iterations:
            iterations += bot.last.iterations
            searched += bot.last.seconds
    result: dict[str, float | str | int] = {
        "bot": spec,
        "positions": len(positions),
        "median_seconds": round(statistics.median(times), 5),
        "worst_seconds": round(max(times), 5),
        "mean_seconds": round(statistics.fmean(times), 5),
    }
    if searched:
        result["iterations_per_second"] = round(iterations / searched, 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random,greedy,ismcts:easy,ismcts:medium,ismcts:hard,ismcts:expert")
    parser.add_argument("--json", action="store_true", help="print one JSON object per bot")
    args = parser.parse_args()
    positions = sample_positions(args.players, args.positions, args.seed)
    for spec in args.bots.split(","):
        result = measure(spec.strip(), positions)
        if args.json:
            print(json.dumps(result))
            continue
        rate = result.get("iterations_per_second")
        extra = f"  {rate} iterations/s" if rate is not None else ""
        print(
            f"{result['bot']:14s} median {1000 * float(result['median_seconds']):8.1f} ms"
            f"  worst {1000 * float(result['worst_seconds']):8.1f} ms{extra}"
        )


if __name__ == "__main__":
    main()
