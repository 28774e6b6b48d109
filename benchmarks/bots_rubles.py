"""What exact rubles are worth to a bot: the same deals played with and without the ruble ledger.

    python benchmarks/bots_rubles.py --bots ismcts:hard --players 2 4 --games 40 --jobs 2

Views keep every seat's rubles (every ruble earned or spent is public: ``engine.ledger``). Before
they did, a bot saw only its own and a search guessed the others' (``estimate_hidden_rubles``).
For each bot spec and player count this plays ``--games`` deals twice, the bot in one seat (the
seat rotates with the deal) and ``--opponent`` bots in the others: once as now (``view``), once
with the opponents' rubles hidden from the bot alone (``hidden_rubles_view``, the views before the
ledger). Same deal, same seats, same bot seeds: only what the bot knows of the money differs.

Prints per row the bot's win rate each way (shared wins split, Wilson 95 % interval), the
paired difference of its wins and of its final score margin (mean, 95 % interval from the
paired standard error), and how far the old guesses were from the truth (mean absolute error
per hidden opponent, over the bot's decisions). ``--json`` prints the rows as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from petersburg.bots import make_bot
from petersburg.bots.ismcts import estimate_hidden_rubles
from petersburg.engine import (
    GameOptions,
    apply_action,
    final_scores,
    hidden_rubles_view,
    new_game,
    view,
    winners,
)
from petersburg.tournament.runner import derive_seed
from petersburg.tournament.stats import Z95, wilson_interval


def play(task: tuple[str, str, int, int, int, bool, dict[str, Any]]) -> dict[str, Any]:
    """One game: ``spec`` in seat ``deal % players``, ``opponent`` elsewhere; ``blind``: the bot
    sees the opponents' rubles hidden. Returns its win share, margin and guess errors."""
    spec, opponent, players, deal, seed, blind, option_fields = task
    options = GameOptions(**option_fields)
    game_seed = derive_seed(seed, "rubles", players, deal) % (2**31)
    state = new_game(players, game_seed, options)
    seat = deal % players
    bots = [
        make_bot(spec if s == seat else opponent, derive_seed(seed, "bot", players, deal, s))
        for s in range(players)
    ]
    errors: list[float] = []
    while not state.is_over:
        acting = state.current_player
        if acting == seat and blind:
            seen = hidden_rubles_view(state, acting)
            guesses = estimate_hidden_rubles(seen)
            errors.extend(
                abs(guess - player.rubles)
                for other, (guess, player) in enumerate(zip(guesses, state.players, strict=True))
                if other != seat
            )
        else:
            seen = view(state, acting)
        apply_action(state, bots[acting].choose(seen))
    best = winners(state)
    totals = [line.total for line in final_scores(state)]
    others = [total for s, total in enumerate(totals) if s != seat]
    return {
        "win": (1.0 / len(best)) if seat in best else 0.0,
        "margin": totals[seat] - statistics.fmean(others) if others else float(totals[seat]),
        "errors": errors,
    }


def _mean_interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, half


def measure(
    spec: str, opponent: str, players: int, games: int, seed: int, options: GameOptions, jobs: int
) -> dict[str, Any]:
    fields = {name: getattr(options, name) for name in options.__dataclass_fields__}
    tasks = [
        (spec, opponent, players, deal, seed, blind, fields)
        for deal in range(games)
        for blind in (False, True)
    ]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play, tasks, chunksize=1)
    else:
        results = [play(task) for task in tasks]
    exact, blind = results[0::2], results[1::2]
    row: dict[str, Any] = {"bot": spec, "opponent": opponent, "players": players, "games": games}
    for name, part in (("exact", exact), ("hidden", blind)):
        wins = sum(r["win"] for r in part)
        low, high = wilson_interval(wins, games)
        row[name] = {
            "wins": wins,
            "win_rate": wins / games,
            "low": low,
            "high": high,
            "mean_margin": statistics.fmean(r["margin"] for r in part),
        }
    win_diff = [a["win"] - b["win"] for a, b in zip(exact, blind, strict=True)]
    margin_diff = [a["margin"] - b["margin"] for a, b in zip(exact, blind, strict=True)]
    row["win_difference"] = _mean_interval(win_diff)
    row["margin_difference"] = _mean_interval(margin_diff)
    row["deals_differing"] = sum(1 for d in win_diff if d)
    errors = [e for r in blind for e in r["errors"]]
    row["guess_error"] = statistics.fmean(errors) if errors else 0.0
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=["ismcts:easy", "ismcts:hard"])
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--games", type=int, default=40, help="deals per row, each played both ways")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--edition", default="first", choices=("first", "second"))
    parser.add_argument("--market", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = GameOptions(edition=args.edition, market=args.market)
    rows = []
    for players in args.players:
        for spec in args.bots:
            start = time.perf_counter()
            row = measure(spec, args.opponent, players, args.games, args.seed, options, args.jobs)
            row["seconds"] = round(time.perf_counter() - start, 1)
            rows.append(row)
            e, h = row["exact"], row["hidden"]
            wd, md = row["win_difference"], row["margin_difference"]
            print(
                f"{spec} vs {players - 1} {args.opponent}, {players}p, {args.games} deals"
                f" ({args.edition}{' + Market' if args.market else ''}):"
                f" exact rubles {e['wins']:g}/{args.games} = {100 * e['win_rate']:.1f}%"
                f" (CI {100 * e['low']:.1f}-{100 * e['high']:.1f}%),"
                f" hidden {h['wins']:g}/{args.games} = {100 * h['win_rate']:.1f}%"
                f" (CI {100 * h['low']:.1f}-{100 * h['high']:.1f}%);"
                f" paired win difference {100 * wd[0]:+.1f} +- {100 * wd[1]:.1f} points"
                f" ({row['deals_differing']} deals differ), margin {md[0]:+.2f} +- {md[1]:.2f} VP;"
                f" old guess error {row['guess_error']:.2f} rubles per opponent; {row['seconds']} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
