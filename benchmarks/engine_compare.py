"""Engine speed of this checkout against another version, side by side in one run.

    python benchmarks/engine_compare.py                       # against c5c084b, both drivers
    python benchmarks/engine_compare.py --baseline /tmp/old-checkout [--rounds 9] [--games 300]
    python benchmarks/engine_compare.py --drivers randrange --players 2

``--baseline`` is a commit (extracted with ``git archive`` into a temporary directory; default
``c5c084b``, the engine before the compiled build) or a checkout of the code to compare with. The
baseline runs as it is there (pure Python for ``c5c084b``); this checkout runs the build it has
(compiled after ``make install``; ``PETERSBURG_PURE_PYTHON=1`` for pure Python). Each line names
both builds. Each round plays the same random 1st-edition games (``petersburg bench``'s loop: a
uniform choice among ``legal_actions``, applied with ``apply_unchecked``; same seeds, so the very
same games) once with each version, each in a fresh process, alternating which goes first so that
machine load hits both alike. Time is the process's CPU time (``time.process_time``), so that other
jobs on a shared machine slow the runs less than wall-clock time would. Prints the median games per
CPU second of each version per player count and driver and their ratio (new / old), then one JSON
line; the ratio of interleaved runs is the figure to read.

The driver (the loop that picks the random actions) is the same code on both sides and counts in
the time. Two are measured: ``randrange`` picks with ``random.Random.randrange`` (the standard
library's Python-level code, about a quarter of a compiled game's time), ``random`` with
``int(random() * n)`` (one call into C; ``petersburg bench`` uses it). They play different games,
each the same on both sides. With ``--events`` this checkout builds and keeps every event of each
game (the cost of events; the baseline plays without them; use it with ``--drivers randrange``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from baseline import DEFAULT_BASELINE, baseline_src

HERE = Path(__file__).resolve().parents[1]

DRIVERS = ("randrange", "random")
# The workload, run in each version's own process: the same games for both versions. Its last
# line names the build that ran ("pure" for a version from before the compiled build).
WORKLOAD = """
import random, sys, time
import petersburg
from petersburg.engine import apply_unchecked, legal_actions, new_game


def play(seeds, driver):
    actions = 0
    if with_events:  # every event of each game built and kept, as a server's log would
        for seed in seeds:
            events = []
            state = new_game(players, seed, None, events)
            choice = random.Random(seed)
            while not state.is_over:
                legal = legal_actions(state)
                apply_unchecked(state, legal[choice.randrange(len(legal))], events)
                actions += 1
    elif driver == "randrange":
        for seed in seeds:
            state = new_game(players, seed)
            choice = random.Random(seed)
            while not state.is_over:
                legal = legal_actions(state)
                apply_unchecked(state, legal[choice.randrange(len(legal))])
                actions += 1
    else:
        for seed in seeds:
            state = new_game(players, seed)
            uniform = random.Random(seed).random
            while not state.is_over:
                legal = legal_actions(state)
                apply_unchecked(state, legal[int(uniform() * len(legal))])
                actions += 1
    return actions


players, games, driver = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
with_events = sys.argv[4] == "events"
rng = random.Random(players)
seeds = [rng.randrange(2**31) for _ in range(games)]
start = time.process_time()
actions = play(seeds, driver)
print(games / (time.process_time() - start), actions)
build_info = getattr(petersburg, "build_info", None)
print("compiled" if build_info is not None and build_info().compiled else "pure")
"""


def run(src: Path, players: int, games: int, driver: str, events: bool = False) -> tuple[float, int, str]:
    """(games per second, actions played, build) of one run of the workload with ``src``'s package
    (``events``: building and keeping every event, with the ``randrange`` driver)."""
    result = subprocess.run(
        [sys.executable, "-c", WORKLOAD, str(players), str(games), driver, "events" if events else "plain"],
        env={**os.environ, "PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        check=True,
    )
    figures, build = result.stdout.splitlines()
    rate, actions = figures.split()
    return float(rate), int(actions), build


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--baseline",
        default=DEFAULT_BASELINE,
        help="commit or checkout of the code to compare with (default %(default)s)",
    )
    parser.add_argument(
        "--rounds", type=int, default=9, help="interleaved runs per version (default %(default)s)"
    )
    parser.add_argument("--games", type=int, default=300, help="games per run (default %(default)s)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--drivers", nargs="+", choices=DRIVERS, default=list(DRIVERS))
    parser.add_argument(
        "--events",
        action="store_true",
        help="this checkout builds and keeps every event of each game (the baseline plays without)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="engine-compare-") as tmp:
        compare(baseline_src(args.baseline, Path(tmp)), args)


def compare(baseline: Path, args: argparse.Namespace) -> None:
    """Run the interleaved rounds and print one line per player count and driver, then JSON."""
    summary: dict[str, dict[str, float | str]] = {}
    for players in args.players:
        for driver in args.drivers:
            rates: dict[str, list[float]] = {"old": [], "new": []}
            builds: dict[str, str] = {}
            for number in range(args.rounds):
                order = [("old", baseline), ("new", HERE / "src")]
                if number % 2:
                    order.reverse()
                played = set()
                for label, source in order:
                    events = args.events and label == "new"
                    rate, actions, builds[label] = run(source, players, args.games, driver, events)
                    rates[label].append(rate)
                    played.add(actions)
                if len(played) != 1:
                    raise SystemExit(
                        "The two versions did not play the same games: compare 1st-edition engines."
                    )
            old = statistics.median(rates["old"])
            new = statistics.median(rates["new"])
            ratio = new / old
            print(
                f"{players} players, driver {driver:9}: old ({builds['old']}) {old:8.1f} games/s  "
                f"new ({builds['new']}) {new:8.1f} games/s  new/old {ratio:.3f}  "
                f"(median of {args.rounds} interleaved runs of {args.games} games)",
                flush=True,
            )
            summary[f"{players}p {driver}"] = {
                "old": round(old, 1),
                "new": round(new, 1),
                "ratio": round(ratio, 3),
                "old_build": builds["old"],
                "new_build": builds["new"],
            }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
