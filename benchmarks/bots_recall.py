"""Do the bots decide differently only where remembering public hand cards matters?

    python benchmarks/bots_recall.py --baseline /tmp/old-checkout [--games 40] [--bots greedy ismcts:hard]

Views remember the cards taken from the board into a hand (every player saw them), and bots that
search determinizations keep those cards in their hands. This plays seeded games (2 to 4 players,
every seat the same bot) with this checkout's code and, at every decision, asks the same bot of
the code at ``--baseline`` (a checkout of a commit before views remembered hand cards, e.g.
``git worktree add /tmp/old 2828f54``; its process reads each position as a state file) what it
would do in the same position. Each decision is classed by what could make the two differ:

* ``known``: some other seat holds a hand card whose identity is public (the new knowledge);
* ``end-game``: the position offers a take into hand of a card that can no longer be played (the
  last phase of the last round, not affordable). The new bots never take it, and it is no longer
  among a search's candidates, so a search's tree (and its random stream) changes even where the
  old choice was another action: the width it spent on that take now goes to the next best action;
* ``other``: neither. A difference here is a regression: the exit status is then 1.

Prints, per bot, the decisions and differences of each class, and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from petersburg.bots import make_bot
from petersburg.bots.greedy import _never_played
from petersburg.engine import apply_action, new_game, state_to_json, view
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, DRAWN_SOURCE, KIND_TAKE, ROW_SLOTS
from petersburg.engine.rules import legal_actions
from petersburg.engine.state import GameState

# Run in the baseline's own process: one JSON line in per position (spec, bot seed, seat, state),
# one action id out.
DECIDER = """
import json, sys
from petersburg.bots import make_bot
from petersburg.engine import state_from_json, view
for line in sys.stdin:
    spec, seed, seat, data = json.loads(line)
    print(make_bot(spec, seed).choose(view(state_from_json(data), seat)), flush=True)
"""


def _taken_card(state: GameState, action: int) -> int:
    arg = ACTION_ARG[action]
    if arg == DRAWN_SOURCE:
        return state.drawn
    return state.upper[arg] if arg < ROW_SLOTS else state.lower[arg - ROW_SLOTS]


def _class(state: GameState) -> str:
    seat = state.to_act
    if any(player.public_hand() for other, player in enumerate(state.players) if other != seat):
        return "known"
    player = state.players[seat]
    if any(
        ACTION_KIND[action] == KIND_TAKE and _never_played(state, player, _taken_card(state, action))
        for action in legal_actions(state)
    ):
        return "end-game"
    return "other"


def compare(spec: str, games: int, first_seed: int, baseline: Path) -> dict[str, list[int]]:
    """Per class, [decisions, differences] over ``games`` self-play games of ``spec``."""
    env = {**os.environ, "PYTHONPATH": str(baseline / "src"), "PETERSBURG_PURE_PYTHON": "1"}
    old_bots = subprocess.Popen(
        [sys.executable, "-c", DECIDER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=baseline,
    )
    assert old_bots.stdin is not None and old_bots.stdout is not None
    counts: dict[str, list[int]] = {"known": [0, 0], "end-game": [0, 0], "other": [0, 0]}
    try:
        for number in range(games):
            seed = first_seed + number
            players = 2 + number % 3
            state = new_game(players, seed)
            bots = [make_bot(spec, seed * 10 + seat) for seat in range(players)]
            while not state.is_over:
                seat = state.current_player
                data = state_to_json(state)
                for entry in data["seats"]:  # type: ignore[union-attr]
                    entry.pop("secret_hand", None)  # type: ignore[union-attr]
                old_bots.stdin.write(json.dumps([spec, seed * 10 + seat, seat, data]) + "\n")
                old_bots.stdin.flush()
                action = bots[seat].choose(view(state, seat))
                old = int(old_bots.stdout.readline())
                tally = counts[_class(state)]
                tally[0] += 1
                tally[1] += action != old
                apply_action(state, action)
    finally:
        old_bots.stdin.close()
        old_bots.wait(timeout=60)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, required=True, help="checkout of the code to compare with")
    parser.add_argument("--games", type=int, default=40, help="games per bot (default %(default)s)")
    parser.add_argument("--seed", type=int, default=3000, help="seed of the first game")
    parser.add_argument("--bots", nargs="+", default=["greedy", "ismcts:hard"], help="bot specs to compare")
    args = parser.parse_args()
    summary: dict[str, dict[str, list[int]]] = {}
    regressions = 0
    for spec in args.bots:
        counts = compare(spec, args.games, args.seed, args.baseline.resolve())
        summary[spec] = counts
        regressions += counts["other"][1]
        parts = ", ".join(f"{name}: {diff}/{total} differ" for name, (total, diff) in counts.items())
        print(f"{spec:14s} {args.games} games; decisions by class: {parts}", flush=True)
    print(json.dumps(summary))
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
