"""The benchmark table of docs/benchmark.md: ``petersburg evaluate`` for every baseline row.

    python benchmarks/benchmark_table.py --games 40 --jobs 2 [--policies random greedy ismcts:easy]
        [--players 2 4] [--settings first market] [--opponents random greedy]

Each cell is one ``petersburg evaluate`` run (the protocol of docs/benchmark.md: seats rotated
over the same deals, seed 2026 unless ``--seed``); the command of each is printed with its result,
then the whole table in Markdown: win rate with its Wilson 95 % interval and game count, per
opponent, and the candidate's mean time per decision.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from petersburg.cli import build_parser
from petersburg.research.evaluate import evaluate_from_args, format_result

SETTINGS = {"first": [], "second": ["--edition", "second"], "market": ["--edition", "second", "--market"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--policies",
        nargs="+",
        default=["random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"],
    )
    parser.add_argument("--opponents", nargs="+", default=["random", "greedy"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--settings", nargs="+", default=["first", "market"], choices=sorted(SETTINGS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--import", dest="modules", action="append", default=[])
    parser.add_argument("--json", help="also write every result into this JSON file")
    args = parser.parse_args(argv)
    results = []
    for setting in args.settings:
        for players in args.players:
            for policy in args.policies:
                for opponent in args.opponents:
                    command = [
                        "evaluate",
                        "--policy",
                        policy,
                        "--opponent",
                        opponent,
                        "--players",
                        str(players),
                        "--games",
                        str(args.games),
                        "--seed",
                        str(args.seed),
                        *SETTINGS[setting],
                    ]
                    command += [f"--import={module}" for module in args.modules]
                    start = time.perf_counter()
                    result = evaluate_from_args(
                        build_parser().parse_args([*command, "--jobs", str(args.jobs)])
                    )
                    result |= {
                        "setting": setting,
                        "command": "petersburg " + shlex.join(command),
                        "wall_seconds": round(time.perf_counter() - start, 1),
                    }
                    results.append(result)
                    print(result["command"], f"({result['wall_seconds']} s)")
                    print(format_result(result), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)
    print()
    print(
        "| setting | players | policy | "
        + " | ".join(f"vs {o}" for o in args.opponents)
        + " | ms / decision |"
    )
    print("|---|---:|---|" + "---|" * len(args.opponents) + "---:|")
    for setting in args.settings:
        for players in args.players:
            for policy in args.policies:
                cells = [
                    r
                    for r in results
                    if (r["setting"], r["players"], r["policy"]) == (setting, players, policy)
                ]
                text = [
                    f"{100 * r['win_rate']:.1f} % ({r['wins']:g}/{r['games']};"
                    f" {100 * r['win_rate_low']:.1f}–{100 * r['win_rate_high']:.1f})"
                    for r in cells
                ]
                ms = 1000 * max(r["mean_decision_seconds"] for r in cells)
                print(f"| {setting} | {players} | {policy} | " + " | ".join(text) + f" | {ms:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
