"""Golden records: complete recorded games whose every state and final scores are checked.

Each file holds a record (players, seed, options, actions), the final scores and a SHA-256 over
the JSON of every state after every action, so any change to a rule shows up as a failure here.
There is one per configuration: the 1st edition (files made before the 2nd edition existed, never
rewritten), the 2nd edition, and the Market with its default and its other options.
Write a missing file with ``python tests/engine/test_golden.py``; regenerate one deliberately after
a rule fix with ``python tests/engine/test_golden.py NAME``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from petersburg.engine import GameOptions, GameRecord, GameState, final_scores, new_game, view, winners
from petersburg.engine import apply_action as apply
from petersburg.engine.records import state_to_json

GOLDEN_DIR = Path(__file__).with_name("golden")
GAMES = [
    ("solo", 1, 2024, GameOptions()),
    ("two_players", 2, 7, GameOptions()),
    ("three_players_options", 3, 33, GameOptions(always_refill=True, money="traded", double_marker_seat=1)),
    ("four_players", 4, 404, GameOptions()),
    ("second_edition", 3, 2014, GameOptions(edition="second")),
    ("second_edition_options", 2, 41, GameOptions(edition="second", money="kept", always_refill=True)),
    ("market_five_players", 5, 5, GameOptions(edition="second", market=True)),
    ("market_solo", 1, 35, GameOptions(edition="second", market=True)),
    (
        "market_options",
        3,
        324,
        GameOptions(
            edition="second",
            market=True,
            market_board=8,
            joker="each_scoring",
            market_values="open",
            unpaid_crate="idle",
            market_ties="step_down",
            double_marker_seat=1,
        ),
    ),
]


def replay_with_trace(record: GameRecord) -> tuple[GameState, str]:
    state = new_game(record.num_players, record.seed, record.options)
    trace = hashlib.sha256(json.dumps(state_to_json(state), sort_keys=True).encode())
    for action in record.actions:
        apply(state, action)
        trace.update(json.dumps(state_to_json(state), sort_keys=True).encode())
    return state, trace.hexdigest()


@pytest.mark.parametrize("name", [game[0] for game in GAMES])
def test_golden_record(name: str) -> None:
    data = json.loads((GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8"))
    record = GameRecord.from_json(data["record"])
    state, trace = replay_with_trace(record)
    assert state.is_over
    assert [line._asdict() for line in final_scores(state)] == data["record"]["scores"]
    assert winners(state) == data["record"]["winners"]
    assert state.round == data["rounds"]
    assert trace == data["trace_sha256"]


def regenerate(names: list[str]) -> None:
    """Play the named golden games (default: those without a file) with greedy bots and write them."""
    from petersburg.bots import make_bot

    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, players, seed, options in GAMES:
        if (names and name not in names) or (not names and (GOLDEN_DIR / f"{name}.json").exists()):
            continue
        state = new_game(players, seed, options)
        bots = [make_bot("greedy", seed + seat) for seat in range(players)]
        record = GameRecord(players, seed, options, names=["greedy"] * players)
        while not state.is_over:
            action = bots[state.current_player].choose(view(state, state.current_player))
            apply(state, action)
            record.actions.append(action)
        _, trace = replay_with_trace(record)
        payload = {"record": record.to_json(state), "rounds": state.round, "trace_sha256": trace}
        (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        print(name, [line.total for line in final_scores(state)], file=sys.stderr)


if __name__ == "__main__":
    regenerate(sys.argv[1:])
