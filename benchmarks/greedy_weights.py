"""The evaluation's figures (``Weights``) probed by greedy self-play: one greedy with some figures
changed against greedies with the defaults, every deal played once with the variant in each seat.

    python benchmarks/greedy_weights.py --players 4 --deals 1000 diversity=1.0,deny=1.5 deny=0.8
    python benchmarks/greedy_weights.py --players 3 --deals 500 --market diversity=0.6 [--json]

Each argument is a variant: ``name=number`` pairs joined by commas, the names ``Weights``' fields.
Every variant plays the same deals, and in each game the other seats' greedies are those of the
same deal with the variant absent: where the variant chooses as the default does, the game is the
same, so the figures measure only what its different choices change (common random numbers; the
default against itself prints a lead of exactly 0). Printed per variant: its lead (its score less
the mean of the other seats' scores, VP a game) with a 95 % interval, and its games won (a shared
first place counts as that share) with the Wilson 95 % interval, against the chance share.

Greedy is the search levels' playout policy and the source of their candidates, and its figures
are their cut-off's, so a figure that makes greedy stronger is the first thing to try in a search
(``ismcts:master+weights.<name>=<number>``, docs/bots.md). About 7 ms a 4-player game, compiled.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from petersburg.bots import WEIGHT_NAMES, GreedyBot, changed_weights
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Weights
from petersburg.engine import GameOptions, apply_unchecked, final_scores, new_game, view, winners
from petersburg.tournament.runner import derive_seed
from petersburg.tournament.stats import Z95, wilson_interval


def parse_variant(text: str) -> Weights:
    """``name=number,…`` as the default weights with those figures changed; SystemExit with a
    sentence when a name or number is wrong."""
    changes = []
    for pair in text.split(","):
        name, equals, number = pair.strip().partition("=")
        if not equals:
            raise SystemExit(f"'{pair}' is not name=number with a name among: {', '.join(WEIGHT_NAMES)}.")
        changes.append((name, number))
    try:
        return changed_weights(DEFAULT_WEIGHTS, changes)
    except ValueError as error:
        raise SystemExit(str(error)) from None


def probe(weights: Weights, players: int, deals: int, seed: int, options: GameOptions) -> dict[str, Any]:
    """The variant's lead and games won over ``deals`` deals, each played with it in every seat."""
    leads: list[float] = []
    wins = 0.0
    for deal in range(deals):
        deal_seed = derive_seed(seed, "deal", deal)
        for variant_seat in range(players):
            state = new_game(players, deal_seed, options)
            bots = [
                GreedyBot(
                    derive_seed(seed, "bot", deal, seat), weights if seat == variant_seat else DEFAULT_WEIGHTS
                )
                for seat in range(players)
            ]
            while not state.is_over:
                seat = state.current_player
                apply_unchecked(state, bots[seat].choose(view(state, seat)))
            totals = [line.total for line in final_scores(state)]
            others = totals[:variant_seat] + totals[variant_seat + 1 :]
            leads.append(totals[variant_seat] - statistics.fmean(others))
            first = winners(state)
            if variant_seat in first:
                wins += 1.0 / len(first)
    games = len(leads)
    lead = statistics.fmean(leads)
    half = Z95 * statistics.stdev(leads) / math.sqrt(games) if games > 1 else math.inf
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "lead": lead,
        "lead_low": lead - half,
        "lead_high": lead + half,
        "wins": wins,
        "win_rate": wins / games,
        "win_low": low,
        "win_high": high,
        "chance": 1.0 / players,
    }


def format_row(row: dict[str, Any]) -> str:
    """One variant's figures as a line."""
    won = f"{row['wins']:.1f}/{row['games']} ({100 * row['win_rate']:.1f}%"
    interval = f"95% CI {100 * row['win_low']:.1f}-{100 * row['win_high']:.1f}%"
    return (
        f"{row['variant']}: lead {row['lead']:+.2f} VP a game (95% CI {row['lead_low']:+.2f} to"
        f" {row['lead_high']:+.2f}), won {won}; {interval}, chance {100 * row['chance']:.1f}%),"
        f" {row['cpu_seconds']:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="name=number[,name=number…] (Weights' fields)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played once per seat")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--market", action="store_true", help="2nd edition with the Market")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1:
        raise SystemExit("--deals must be at least 1.")
    variants = [(text, parse_variant(text)) for text in args.variants]
    options = GameOptions(edition="second", market=True) if args.market else GameOptions()
    rows = []
    for text, weights in variants:
        start = time.process_time()
        row = {"variant": text, **probe(weights, args.players, args.deals, args.seed, options)}
        row["cpu_seconds"] = time.process_time() - start
        rows.append(row)
        if not args.json:
            print(format_row(row), flush=True)
    if args.json:
        print(
            json.dumps({"players": args.players, "market": args.market, "seed": args.seed, "variants": rows})
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
