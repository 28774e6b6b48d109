"""``petersburg evaluate``: one bot or policy measured under the project's evaluation protocol.

The protocol (``PROTOCOL``, docs/benchmark.md) fixes everything but the candidate: the candidate
sits at a table of ``--players`` seats against ``--opponent`` bots in every other seat; deals
(shuffled stacks and start markers) are derived from ``--seed`` and each deal is played once with
the candidate in every seat (the tournament runner's rotation), so the luck of the cards and of the
seats cancels out; the number of games is rounded up to whole deals. It reports the candidate's
win rate (a shared first place split), its Wilson 95 % interval and the chance level, the mean
rank reward of the environments (+1 for each seat beaten, -1 for each seat ahead, divided by the
others; in [-1, 1]) with a 95 % interval, the mean final-score margin over the opponents, an Elo
rating against the opponent (Bradley-Terry fit of the pairwise results, the opponent at 1500) and
the candidate's decision time. Any spec ``make_bot`` knows is a candidate, including bots
registered by ``--import`` (a trained policy wrapped in ``petersburg.env.PolicyBot``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from typing import Any

DIGITS = 4
"""Decimals kept of a rate in a result."""
PROTOCOL = "petersburg-eval/1"
"""The version of the protocol: a result names it, and any change to what is measured bumps it."""


def register(subparsers: Any) -> None:
    """Add the ``evaluate`` subcommand to the ``petersburg`` CLI."""
    from petersburg.cli import add_option_arguments
    from petersburg.tournament.backends import add_backend_arguments
    from petersburg.tournament.cli import add_import_argument

    p = subparsers.add_parser(
        "evaluate",
        help="measure a bot or policy under the evaluation protocol (docs/benchmark.md)",
        description="The candidate against --opponent bots, seats rotated over the same deals.",
    )
    p.add_argument(
        "--policy", required=True, help="the candidate's bot spec (e.g. ismcts:hard, or one --import adds)"
    )
    p.add_argument("--players", "-p", type=int, default=2, help="seats at the table (default %(default)s)")
    p.add_argument("--opponent", default="greedy", help="bot spec in every other seat (default %(default)s)")
    p.add_argument(
        "--games", type=int, default=200, help="games, rounded up to whole deals (default %(default)s)"
    )
    p.add_argument("--seed", type=int, default=2026, help="seed of the deals and bots (default %(default)s)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default %(default)s)")
    add_backend_arguments(p)
    p.add_argument("--out", help="write every game's record and result as JSON lines to this file")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    add_import_argument(p)
    add_option_arguments(p)
    p.set_defaults(func=cmd_evaluate)


def cmd_evaluate(args: argparse.Namespace) -> None:
    from petersburg.cli import CliError

    try:
        result = evaluate_from_args(args)
    except ValueError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{getattr(error, 'filename', '') or 'file'}: {error.strerror}.") from None
    print(json.dumps(result, indent=2) if args.json else format_result(result))


def evaluate_from_args(args: argparse.Namespace) -> dict[str, Any]:
    from petersburg.bots import import_bot_modules
    from petersburg.cli import options_from_args
    from petersburg.tournament.backends import backend_from_args
    from petersburg.tournament.runner import TournamentSpec, run_games, whole_deals

    import_bot_modules(args.modules)
    if args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}.")
    if args.players < 1:
        raise ValueError(f"--players must be at least 1, not {args.players}.")
    options = options_from_args(args)
    spec = TournamentSpec(
        (args.policy, *[args.opponent] * (args.players - 1)),
        whole_deals(args.games, args.players),
        args.seed,
        options,
    )
    lines = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for line in run_games(spec, args.jobs, args.modules, backend=backend_from_args(args)):
            lines.append(line)
            if out is not None:
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
    finally:
        if out is not None:
            out.close()
    return summarize_candidate(
        lines, spec.labels(), args.players, vars(args) | {"options": options.to_json()}
    )


def summarize_candidate(
    lines: list[dict[str, Any]], labels: list[str], players: int, settings: dict[str, Any]
) -> dict[str, Any]:
    """The protocol's figures for entry 0 (the candidate) from the tournament's game lines."""
    from petersburg.tournament.stats import Z95, summarize, wilson_interval

    summary = summarize(lines, labels)
    candidate = summary["bots"][0]
    ranks: list[float] = []
    margins: list[float] = []
    for line in lines:
        seat = line["entries"].index(0)
        result = line["result"]
        keys = list(zip(result["scores"], result["rubles"], strict=True))
        others = [s for s in range(players) if s != seat]
        if others:
            ranks.append(sum((keys[seat] > keys[o]) - (keys[seat] < keys[o]) for o in others) / len(others))
            margins.append(result["scores"][seat] - statistics.fmean(result["scores"][o] for o in others))
        else:
            ranks.append(float(result["scores"][seat]))
            margins.append(float(result["scores"][seat]))
    games = len(lines)
    low, high = wilson_interval(candidate["wins"], games)
    half = Z95 * statistics.stdev(ranks) / math.sqrt(games) if games > 1 else float("nan")
    opponent_elo = summary["bots"][1]["elo"] if len(summary["bots"]) > 1 else 1500.0
    return {
        "protocol": PROTOCOL,
        "policy": settings["policy"],
        "opponent": settings["opponent"] if players > 1 else None,
        "players": players,
        "options": settings["options"],
        "seed": settings["seed"],
        "games": games,
        "deals": games // players,
        "wins": candidate["wins"],
        "win_rate": round(candidate["wins"] / games, DIGITS),
        "win_rate_low": round(low, DIGITS),
        "win_rate_high": round(high, DIGITS),
        "chance": round(1 / players, DIGITS),
        "mean_rank_reward": round(statistics.fmean(ranks), DIGITS),
        "mean_rank_reward_half_interval": round(half, DIGITS),
        "mean_score": candidate["mean_score"],
        "mean_margin": round(statistics.fmean(margins), 2),
        "elo_vs_opponent": round(candidate["elo"] - opponent_elo + 1500.0, 1),
        "mean_decision_seconds": candidate["mean_decision_seconds"],
        "mean_rounds": summary["mean_rounds"],
    }


def format_result(result: dict[str, Any]) -> str:
    """The result as the benchmark table's row text."""
    options = result["options"]
    edition = "Market" if options.get("market") else f"{options.get('edition', 'first')} edition"
    against = f" vs {result['players'] - 1} {result['opponent']}" if result["opponent"] else " (solo)"
    return (
        f"{result['protocol']}: {result['policy']}{against}, {result['players']} players, {edition},"
        f" {result['games']} games ({result['deals']} deals x {result['players']} seats),"
        f" seed {result['seed']}\n"
        f"  win rate {100 * result['win_rate']:.1f}% ({result['wins']:g}/{result['games']},"
        f" 95% CI {100 * result['win_rate_low']:.1f}-{100 * result['win_rate_high']:.1f}%, chance"
        f" {100 * result['chance']:.1f}%)\n"
        f"  mean rank reward {result['mean_rank_reward']:+.3f}"
        f" +- {result['mean_rank_reward_half_interval']:.3f},"
        f" mean score {result['mean_score']}, margin {result['mean_margin']:+.1f} VP,"
        f" Elo vs opponent {result['elo_vs_opponent']:.0f}\n"
        f"  {1000 * result['mean_decision_seconds']:.1f} ms per decision, {result['mean_rounds']} rounds"
    )


if __name__ == "__main__":
    from petersburg.cli import main

    sys.exit(main(["evaluate", *sys.argv[1:]]))
