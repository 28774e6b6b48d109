"""Differential run: do two versions of the code make exactly the same bot decisions?

    python benchmarks/bots_differential.py --baseline /tmp/old-checkout [--games 100] [--bots greedy ...]
    python benchmarks/bots_differential.py --baseline /tmp/old-checkout --market --bots ismcts:hard

Plays the same seeded 1st-edition games (1 to 4 players, every seat the same bot; with ``--market``
games of the 2nd edition with the Market) with the code of
this checkout and with the code at ``--baseline`` (a checkout or ``git archive`` of another commit,
e.g. ``git worktree add /tmp/old c5c084b``), each in its own process, and compares every game's
whole action sequence and final scores. Prints one line per bot and a JSON summary; the exit status
is 1 if any game differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# Run inside each checkout's own process: plays the games and prints one JSON line per game.
PLAYER = """
import hashlib, json, sys
from petersburg.bots import make_bot
from petersburg.engine import GameOptions, apply_action, final_scores, new_game, view
spec, games, first_seed, market = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "market"
options = GameOptions(edition="second", market=True) if market else None
for number in range(games):
    seed = first_seed + number
    players = 1 + number % 4
    state = new_game(players, seed, options)
    bots = [make_bot(spec, seed * 10 + seat) for seat in range(players)]
    actions = []
    while not state.is_over:
        action = bots[state.current_player].choose(view(state, state.current_player))
        apply_action(state, action)
        actions.append(action)
    digest = hashlib.sha256(json.dumps(actions).encode()).hexdigest()
    scores = [line.total for line in final_scores(state)]
    game = {"seed": seed, "players": players, "actions": len(actions), "sha": digest, "scores": scores}
    print(json.dumps(game))
"""


def play(source: Path, spec: str, games: int, first_seed: int, market: bool) -> list[dict[str, object]]:
    """The games played by ``spec`` bots with the package under ``source`` (its ``src`` folder)."""
    result = subprocess.run(
        [sys.executable, "-c", PLAYER, spec, str(games), str(first_seed), "market" if market else "first"],
        env={"PYTHONPATH": str(source / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
    )
    return [json.loads(line) for line in result.stdout.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, required=True, help="checkout of the code to compare with")
    parser.add_argument("--games", type=int, default=100, help="games per bot (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--bots", nargs="+", default=["random", "greedy"], help="bot specs to compare")
    parser.add_argument("--market", action="store_true", help="games of the 2nd edition with the Market")
    args = parser.parse_args()
    summary: dict[str, dict[str, int]] = {}
    differ = 0
    for spec in args.bots:
        new = play(HERE, spec, args.games, args.seed, args.market)
        old = play(args.baseline, spec, args.games, args.seed, args.market)
        same = sum(1 for a, b in zip(new, old, strict=True) if a == b)
        decisions = sum(int(str(game["actions"])) for game in new)
        differ += len(new) - same
        print(f"{spec:14s} {same}/{len(new)} games identical ({decisions} decisions)")
        summary[spec] = {"games": len(new), "identical": same, "decisions": decisions}
    print(json.dumps(summary))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
