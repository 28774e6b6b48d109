"""The compiled build against the interpreted one, side by side in one run, in CPU time.

    python benchmarks/compiled_vs_interpreted.py                 # about 3 minutes
    python benchmarks/compiled_vs_interpreted.py --runs 5 --seconds 5 --positions 40

Every measurement runs in a fresh process, with ``PETERSBURG_PURE_PYTHON=1`` for the interpreted
build; the two builds alternate run by run, so that a busy machine slows both alike, and the
medians are compared. Measured:

- random full games per CPU-second (``legal_actions`` + ``apply_unchecked``, uniform choice), with
  2 and 4 players;
- ``ismcts:expert`` iterations per CPU-second at positions from greedy self-play (4 players by
  default), and whether both builds make the same choice at every position (the search has an
  iteration budget and a seed, so they must).

Prints a table (interpreted, compiled, ratio), then one JSON line. Needs the compiled build
(``make install`` where a C compiler works).
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
from typing import Any

PURE_PYTHON_VARIABLE = "PETERSBURG_PURE_PYTHON"
BUILDS = ("interpreted", "compiled")


def random_games_worker(players: int, seconds: float, seed: int) -> dict[str, Any]:
    """Random games for ``seconds`` of CPU time in this process."""
    from petersburg.cli import play_random_games

    result = play_random_games(players, seconds, seed, clock=time.process_time)
    return {"rate": result["games_per_second"], "games": result["games"]}


def ismcts_worker(players: int, positions: int, seed: int) -> dict[str, Any]:
    """``ismcts:expert`` at ``positions`` positions: iterations per CPU-second and every choice."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bots_speed import sample_positions

    from petersburg.bots import IsmctsBot, make_bot
    from petersburg.engine import view

    iterations = 0
    cpu = 0.0
    choices = []
    for number, state in enumerate(sample_positions(players, positions, seed)):
        bot = make_bot("ismcts:expert", number)
        assert isinstance(bot, IsmctsBot)
        seen = view(state, state.current_player)
        start = time.process_time()
        choices.append(bot.choose(seen))
        cpu += time.process_time() - start
        iterations += bot.last.iterations
    return {"rate": iterations / cpu, "iterations": iterations, "choices": choices}


def worker(args: argparse.Namespace) -> None:
    """Run one measurement in this process and print it as JSON (with the build in use)."""
    from petersburg import build_info

    if args.worker == "random":
        result = random_games_worker(args.players, args.seconds, args.seed)
    else:
        result = ismcts_worker(args.players, args.positions, args.seed)
    result["compiled"] = build_info().compiled
    result["build"] = str(build_info())
    print(json.dumps(result))


def measure(build: str, *args: str) -> dict[str, Any]:
    """One measurement in a fresh process of ``build``; exits if that build is not the one that ran."""
    env = {key: value for key, value in os.environ.items() if key != PURE_PYTHON_VARIABLE}
    if build == "interpreted":
        env[PURE_PYTHON_VARIABLE] = "1"
    done = subprocess.run(
        [sys.executable, __file__, *args], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    if result["compiled"] != (build == "compiled"):
        sys.exit(f"The {build} build did not run ({result['build']}): run `make install` first.")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per build and measurement")
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds of random games per run")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], help="for the random games")
    parser.add_argument("--search-players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--positions", type=int, default=24, help="ISMCTS decisions per run")
    parser.add_argument("--worker", choices=("random", "ismcts"), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        args.players = args.players[0]
        worker(args)
        return

    rows: list[tuple[str, dict[str, float]]] = []
    for players in args.players:
        rates: dict[str, list[float]] = {build: [] for build in BUILDS}
        for run in range(args.runs):
            for build in BUILDS:
                worker_args = [
                    "--worker",
                    "random",
                    "--players",
                    str(players),
                    "--seconds",
                    str(args.seconds),
                ]
                result = measure(build, *worker_args, "--seed", str(run))
                rates[build].append(result["rate"])
        rows.append((f"random {players}-player games per CPU-second", _medians(rates)))

    rates = {build: [] for build in BUILDS}
    choices: dict[str, list[int]] = {}
    for _ in range(args.runs):
        for build in BUILDS:
            worker_args = ["--worker", "ismcts", "--players", str(args.search_players)]
            result = measure(build, *worker_args, "--positions", str(args.positions))
            rates[build].append(result["rate"])
            choices.setdefault(build, result["choices"])
            if result["choices"] != choices[build]:
                sys.exit(f"The {build} build chose differently in two runs of the same positions.")
    rows.append((f"ismcts:expert iterations per CPU-second ({args.search_players} players)", _medians(rates)))
    same = sum(a == b for a, b in zip(choices["interpreted"], choices["compiled"], strict=True))

    width = max(len(label) for label, _ in rows)
    print(f"{'':{width}}  {'interpreted':>12}  {'compiled':>12}  {'ratio':>6}")
    for label, medians in rows:
        ratio = medians["compiled"] / medians["interpreted"]
        print(f"{label:{width}}  {medians['interpreted']:12.1f}  {medians['compiled']:12.1f}  {ratio:5.2f}x")
    print(f"ismcts:expert choices identical in both builds at {same} of {args.positions} positions")
    print(f"(medians of {args.runs} runs per build, alternating; CPU time of each process)")
    summary = {
        label: {**medians, "ratio": medians["compiled"] / medians["interpreted"]} for label, medians in rows
    }
    summary["identical_choices"] = {"same": same, "positions": args.positions}
    print(json.dumps(summary))
    if same != args.positions:
        sys.exit(1)


def _medians(rates: dict[str, list[float]]) -> dict[str, float]:
    return {build: round(statistics.median(values), 1) for build, values in rates.items()}


if __name__ == "__main__":
    main()
