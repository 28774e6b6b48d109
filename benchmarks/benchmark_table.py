"""The benchmark table of docs/benchmark.md: ``petersburg evaluate`` for every cell not yet measured.

    python benchmarks/benchmark_table.py --games 200 --jobs 2 [--policies random greedy ismcts:hard]
        [--players 2 4] [--settings first market] [--opponents random greedy]
        [--deadline-seconds 3600] [--write-docs]
    PETERSBURG_PPO_MODEL=ppo.zip python benchmarks/benchmark_table.py --policies ppo \\
        --import examples/ppo_selfplay.py --label "MaskablePPO, 1 h of CPU" --record-env PETERSBURG_PPO_MODEL

Each cell is one ``petersburg evaluate`` run (the protocol of docs/benchmark.md: seats rotated
over the same deals, seed 2026 unless ``--seed``), kept as a JSON file in ``--results``
(``benchmarks/results/table/``) with its command, build, processes and wall time
(``petersburg.research.table``). A cell already kept is not run again, whatever its games and seed
(``--force`` measures it anew and replaces it), so the table grows over several runs and machines
and a smaller run never overwrites a larger one; but a cell whose bot has changed since it was
measured (``table.changed_bots``) is measured anew. No cell is started after ``--deadline-seconds``.
``--write-docs`` then rewrites the page's table from the kept cells.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import sys
import time
from pathlib import Path

from petersburg.buildinfo import build_info
from petersburg.cli import build_parser
from petersburg.research import table
from petersburg.research.evaluate import evaluate_from_args, format_result
from petersburg.tournament.runner import whole_deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policies", nargs="+", default=list(table.ROW_ORDER))
    parser.add_argument("--opponents", nargs="+", default=list(table.OPPONENTS))
    parser.add_argument("--players", nargs="+", type=int, default=list(table.TABLE_SIZES))
    parser.add_argument("--settings", nargs="+", default=["first", "market"], choices=sorted(table.SETTINGS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--import", dest="modules", action="append", default=[])
    parser.add_argument("--label", help="the row's name (one policy only; default: its spec)")
    parser.add_argument(
        "--record-env",
        action="append",
        default=[],
        metavar="NAME",
        help="an environment variable the policy reads, written into the cell's command",
    )
    parser.add_argument("--results", type=Path, default=table.RESULTS, help="the cells' folder")
    parser.add_argument(
        "--force", action="store_true", help="measure cells already kept anew, replacing them"
    )
    parser.add_argument("--deadline-seconds", type=float, help="start no cell after this many seconds")
    parser.add_argument("--write-docs", action="store_true", help="then rewrite the page's table")
    args = parser.parse_args(argv)
    if args.label and len(args.policies) != 1:
        parser.error("--label names one row: give one policy with it")
    started = time.monotonic()
    environment = " ".join(f"{name}={shlex.quote(os.environ.get(name, ''))}" for name in args.record_env)
    for setting in args.settings:
        for players in args.players:
            for policy in args.policies:
                for opponent in args.opponents:
                    label = args.label or policy
                    path = table.cell_file(args.results, setting, players, label, opponent)
                    kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
                    changed = table.changed_bots(kept) if kept is not None else []
                    if changed:
                        print(f"{path}: measured of an earlier {', '.join(changed)}; measuring it anew")
                    elif kept is not None and not args.force:
                        if (kept["games"], kept["seed"]) == (whole_deals(args.games, players), args.seed):
                            print(f"kept: {path}")
                        else:
                            print(
                                f"kept: {path} ({kept['games']} games, seed {kept['seed']});"
                                " --force measures it anew"
                            )
                        continue
                    if args.deadline_seconds and time.monotonic() - started > args.deadline_seconds:
                        print(f"not started (deadline): {path}")
                        continue
                    command = table.evaluate_arguments(
                        policy, opponent, players, setting, args.games, args.seed, args.modules
                    )
                    begun = time.perf_counter()
                    result = evaluate_from_args(
                        build_parser().parse_args([*command, "--jobs", str(args.jobs)])
                    )
                    result |= {
                        "setting": setting,
                        "label": label,
                        "command": " ".join(filter(None, [environment, "petersburg", shlex.join(command)])),
                        "wall_seconds": round(time.perf_counter() - begun, 1),
                        "jobs": args.jobs,
                        "build": "compiled" if build_info().compiled else "pure Python",
                        "measured": datetime.date.today().isoformat(),
                        "definitions": table.bot_definitions(policy, opponent, setting, players),
                    }
                    kept_at = table.save_cell(args.results, result)
                    print(f"{result['command']} ({result['wall_seconds']} s) -> {kept_at}")
                    print(format_result(result), flush=True)
    if args.write_docs:
        return table.main(["--results", str(args.results)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
