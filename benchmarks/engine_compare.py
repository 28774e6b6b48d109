"""Engine speed of this checkout against another version, side by side in one run.

    python benchmarks/engine_compare.py --baseline /tmp/old-checkout [--rounds 7] [--games 300]
        [--pure] [--events]

``--baseline`` is a checkout (or ``git archive``) of the code to compare with, e.g. the commit
before the 2nd edition: ``git worktree add /tmp/old c5c084b``. Each round plays the same random
1st-edition games (``petersburg bench``'s loop: uniform choice among ``legal_actions``, applied
with ``apply_unchecked``; same seeds, so the very same games) once with each version, each in a
fresh process, alternating which goes first so that machine load hits both alike. Time is the
process's CPU time (``time.process_time``), so that other jobs on a shared machine slow the runs
less than wall-clock time would. Prints the median games per CPU second of each version per player
count and their ratio (new / old), then one JSON line; the ratio of interleaved runs is the figure
to read. With ``--events`` this checkout builds and keeps every event of each game (the cost of
events; the baseline plays without them). Each version runs compiled where its checkout holds a
build (``make install``, or ``python setup.py build_ext --inplace`` in a ``git archive``), else
pure Python; ``--pure`` runs both as pure Python (``PETERSBURG_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# The workload, run in each version's own process: the same games for both versions.
WORKLOAD = """
import random, sys, time
from petersburg.engine import apply_unchecked, legal_actions, new_game
players, games, with_events = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "events"
rng = random.Random(players)
seeds = [rng.randrange(2**31) for _ in range(games)]
start = time.process_time()
actions = 0
for seed in seeds:
    choice = random.Random(seed)
    if with_events:  # every event of the game kept, as a server's log would
        events = []
        state = new_game(players, seed, None, events)
        while not state.is_over:
            legal = legal_actions(state)
            apply_unchecked(state, legal[choice.randrange(len(legal))], events)
            actions += 1
        continue
    state = new_game(players, seed)
    while not state.is_over:
        legal = legal_actions(state)
        apply_unchecked(state, legal[choice.randrange(len(legal))])
        actions += 1
rate = games / (time.process_time() - start)
try:
    from petersburg import build_info
    compiled = build_info().compiled
except ImportError:  # a version from before the compiled build
    compiled = False
print(rate, actions, "compiled" if compiled else "pure")
"""


def run(
    source: Path, players: int, games: int, pure: bool = False, events: bool = False
) -> tuple[float, int, str]:
    """(games per second, actions played, build) of one run of the workload with ``source``'s
    package; with ``events``, every event of each game is built and kept."""
    env = {"PYTHONPATH": str(source / "src"), "PATH": "/usr/bin:/bin"}
    if pure:
        env["PETERSBURG_PURE_PYTHON"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", WORKLOAD, str(players), str(games), "events" if events else "plain"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rate, actions, build = result.stdout.split()
    return float(rate), int(actions), build


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, required=True, help="checkout of the code to compare with")
    parser.add_argument(
        "--rounds", type=int, default=7, help="interleaved runs per version (default %(default)s)"
    )
    parser.add_argument("--games", type=int, default=300, help="games per run (default %(default)s)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--pure", action="store_true", help="run both versions as pure Python")
    parser.add_argument(
        "--events",
        action="store_true",
        help="this checkout plays with events (apply_unchecked with a sink), the baseline without",
    )
    args = parser.parse_args()
    summary: dict[str, dict[str, float]] = {}
    for players in args.players:
        rates: dict[str, list[float]] = {"old": [], "new": []}
        builds: dict[str, str] = {}
        for number in range(args.rounds):
            order = [("old", args.baseline), ("new", HERE)]
            if number % 2:
                order.reverse()
            played = set()
            for label, source in order:
                rate, actions, build = run(
                    source, players, args.games, args.pure, args.events and label == "new"
                )
                rates[label].append(rate)
                played.add(actions)
                builds[label] = build
            if len(played) != 1:
                raise SystemExit("The two versions did not play the same games: compare 1st-edition engines.")
        old = statistics.median(rates["old"])
        new = statistics.median(rates["new"])
        ratio = new / old
        print(
            f"{players} players: old ({builds['old']}) {old:8.1f} games/s  "
            f"new ({builds['new']}{', events' if args.events else ''}) {new:8.1f} games/s  "
            f"new/old {ratio:.3f}  "
            f"({100 * (ratio - 1):+.1f} %, median of {args.rounds} interleaved runs of {args.games} games)"
        )
        summary[f"{players}p"] = {"old": round(old, 1), "new": round(new, 1), "ratio": round(ratio, 3)}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
