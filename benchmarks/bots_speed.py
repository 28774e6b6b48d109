"""Decision time of each bot, and ISMCTS iterations per second, on one core.

Positions come from greedy self-play (so they look like real games); every bot decides at the
same positions, one process, no parallelism::

    python benchmarks/bots_speed.py                   # 4 players, 60 positions
    python benchmarks/bots_speed.py --players 2 --positions 100 --bots greedy,ismcts:hard
    python benchmarks/bots_speed.py --json
    python benchmarks/bots_speed.py --baseline /tmp/old-checkout --bots ismcts:hard,ismcts:expert --rounds 3
    python benchmarks/bots_speed.py --baseline /tmp/c5c084b --new-build compiled --bots ismcts:expert
    python benchmarks/bots_speed.py --baseline /tmp/built-old --new-build compiled --old-build compiled \
        --market --players 3 --positions 20 --bots ismcts:master

With ``--baseline`` (a checkout or ``git archive`` of another commit) the same positions are
measured with this checkout's code and with the baseline's, each in its own pure-Python process
(``PETERSBURG_PURE_PYTHON=1``, so neither side's compiled modules or their absence tilt it),
alternating for ``--rounds`` rounds on the same machine; it prints each side's ISMCTS iterations per
second of CPU time (``time.process_time``: other jobs on a shared machine slow it far less than
wall-clock time) and the ratio new / old (the median over rounds): the side-by-side figure a
shared, noisy machine allows. ``--new-build compiled`` runs this checkout's compiled build instead
(the baseline stays pure Python): what the compiled build gains over an older pure-Python one;
with ``--old-build compiled`` too, the baseline runs its own compiled build (a checkout built with
``make install``): what a change gains where the bots are served. Each side reports the build it
ran, and a side that did not run the build asked for stops the comparison. ``--market``: positions
of 2nd-edition games with the Market.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from petersburg import build_info
from petersburg.bots import IsmctsBot, make_bot
from petersburg.engine import GameOptions, GameState, apply_unchecked, new_game, view


def sample_positions(players: int, count: int, seed: int, market: bool = False) -> list[GameState]:
    """Positions with a real choice (more than one legal action), spread over greedy games (of the
    2nd edition with the Market if ``market``)."""
    options = GameOptions(edition="second", market=True) if market else None
    positions: list[GameState] = []
    game = 0
    while len(positions) < count:
        state = new_game(players, seed * 1000 + game, options)
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
    """Median and worst decision time over ``positions``; iterations per second for ISMCTS, per
    wall-clock second and per CPU-second of this process (the figure a loaded machine keeps)."""
    times = []
    iterations = 0
    searched = 0.0
    cpu = 0.0
    for number, state in enumerate(positions):
        bot = make_bot(spec, number)
        seen = view(state, state.current_player)
        start = time.perf_counter()
        cpu_start = time.process_time()
        bot.choose(seen)
        cpu += time.process_time() - cpu_start
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if isinstance(bot, IsmctsBot) and bot.last.iterations:
            iterations += bot.last.iterations
            searched += bot.last.seconds
    result: dict[str, float | str | int] = {
        "bot": spec,
        "build": str(build_info()),
        "positions": len(positions),
        "median_seconds": round(statistics.median(times), 5),
        "worst_seconds": round(max(times), 5),
        "mean_seconds": round(statistics.fmean(times), 5),
    }
    if searched:
        result["iterations_per_second"] = round(iterations / searched, 1)
        result["iterations_per_cpu_second"] = round(iterations / cpu, 1)
    return result


HERE = Path(__file__).resolve().parents[1]


def _run_side(source: Path, args: argparse.Namespace, compiled: bool = False) -> dict[str, dict[str, float]]:
    """One measurement of every bot with the package under ``source`` (its ``src``), in a process
    (pure Python unless ``compiled``: then the build that checkout holds; SystemExit if it holds
    none, or one older than its sources, which then run as pure Python)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--players", str(args.players)]
    command += ["--positions", str(args.positions), "--seed", str(args.seed), "--bots", args.bots]
    if args.market:
        command.append("--market")
    environment = {**os.environ, "PYTHONPATH": str(source / "src"), "PETERSBURG_PURE_PYTHON": "1"}
    if compiled:
        del environment["PETERSBURG_PURE_PYTHON"]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True, cwd=source)
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    builds = {str(r["build"]) for r in results}
    if compiled and not all(build.startswith("compiled") for build in builds):
        raise SystemExit(f"{source} ran {', '.join(sorted(builds))}, not a compiled build: build it first.")
    return {str(r["bot"]): {k: float(v) for k, v in r.items() if k not in ("bot", "build")} for r in results}


def compare(args: argparse.Namespace) -> None:
    """This checkout against ``args.baseline``, rounds alternating (module docstring)."""
    sides: dict[str, list[dict[str, dict[str, float]]]] = {"new": [], "old": []}
    for _ in range(args.rounds):
        sides["new"].append(_run_side(HERE, args, compiled=args.new_build == "compiled"))
        sides["old"].append(_run_side(args.baseline, args, compiled=args.old_build == "compiled"))
    summary = {}
    for spec in (s.strip() for s in args.bots.split(",")):
        key = (
            "iterations_per_cpu_second"
            if "iterations_per_second" in sides["new"][0][spec]
            else "mean_seconds"
        )
        new = [run[spec][key] for run in sides["new"]]
        old = [run[spec][key] for run in sides["old"]]
        ratios = [a / b for a, b in zip(new, old, strict=True)]
        summary[spec] = {
            "measure": key,
            "new": new,
            "old": old,
            "ratio_median": round(statistics.median(ratios), 3),
        }
        shown = {side: ", ".join(f"{v:.4g}" for v in values) for side, values in (("new", new), ("old", old))}
        print(
            f"{spec:14s} {key}: new {shown['new']}; old {shown['old']};"
            f" new/old median {summary[spec]['ratio_median']}"
        )
    print(json.dumps(summary))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random,greedy,ismcts:easy,ismcts:medium,ismcts:hard,ismcts:expert")
    parser.add_argument("--json", action="store_true", help="print one JSON object per bot")
    parser.add_argument("--baseline", type=Path, default=None, help="checkout to compare with, side by side")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds with --baseline")
    parser.add_argument(
        "--new-build",
        choices=("pure", "compiled"),
        default="pure",
        help="with --baseline: run this checkout pure Python (like for like) or compiled (what it serves)",
    )
    parser.add_argument(
        "--old-build",
        choices=("pure", "compiled"),
        default="pure",
        help="with --baseline: run the baseline pure Python or its own compiled build",
    )
    parser.add_argument("--market", action="store_true", help="positions of 2nd-edition Market games")
    args = parser.parse_args()
    if args.baseline is not None:
        compare(args)
        return
    positions = sample_positions(args.players, args.positions, args.seed, args.market)
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
