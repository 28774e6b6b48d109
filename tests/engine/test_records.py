"""JSON state round-trip, validation of bad files, game records and replay."""

import copy
import json
import random

import pytest

from petersburg.cards import CARD_ID
from petersburg.engine import (
    GameOptions,
    GameRecord,
    StateFormatError,
    apply_action,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)


def random_game(players: int, seed: int, options: GameOptions | None = None) -> tuple[GameRecord, object]:
    state = new_game(players, seed, options)
    record = GameRecord(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        apply_action(state, action)
        record.actions.append(action)
    return record, state


def test_state_json_round_trip_is_exact_mid_game() -> None:
    state = new_game(3, 4, GameOptions(always_refill=True, money="traded"))
    rng = random.Random(4)
    for _ in range(80):
        data = json.loads(json.dumps(state_to_json(state)))
        assert state_from_json(data) == state
        apply_action(state, rng.choice(legal_actions(state)))


def test_stacks_are_listed_top_card_first() -> None:
    state = new_game(2, 1)
    data = state_to_json(state)
    assert data["stacks"]["buildings"][0] == CARD_ID[state.stacks[1][-1]]
    assert data["stacks"]["buildings"][-1] == CARD_ID[state.stacks[1][0]]


def test_record_replays_to_the_same_final_state() -> None:
    record, final = random_game(4, 12)
    data = json.loads(json.dumps(record.to_json(final)))  # type: ignore[arg-type]
    again = GameRecord.from_json(data).replay()
    assert again == final
    assert data["winners"] and len(data["scores"]) == 4


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("seats"), "no 'seats'"),
        (lambda d: d.update(format="something"), "not a game state"),
        (lambda d: d.update(version=7), "Unsupported state version"),
        (lambda d: d.update(players=6), "1 to 4 players"),
        (lambda d: d["upper"].append("market"), "'market'"),
        (lambda d: d["upper"].append("castle"), "'castle', which is not a card id"),
        (lambda d: d["seats"][0].update(rubles=-3), "at least 0"),
        (lambda d: d["seats"][0].update(rubles="many"), "wrong type"),
        (lambda d: d.update(phase="lunch"), "'phase' must be one of"),
        (lambda d: d["markers"].update(worker=5), "markers.worker"),
        (lambda d: d["stacks"].update(workers=["market", *d["stacks"]["workers"][1:]]), "another deck"),
        (lambda d: d.update(to_act=2), "to_act"),
        (lambda d: d.update(stage="observed"), "drawn card"),
        (lambda d: d["options"].update(colour="red"), "Unknown option"),
    ],
)
def test_malformed_or_inconsistent_states_are_refused(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(state_to_json(new_game(2, 3)))
    mutate(data)
    with pytest.raises(StateFormatError, match=message):
        state_from_json(data)


def test_non_object_state_is_refused() -> None:
    with pytest.raises(StateFormatError):
        state_from_json([1, 2, 3])


def test_record_with_illegal_action_names_its_position() -> None:
    record, _ = random_game(2, 5)
    data = record.to_json()
    data["actions"][3] = "buy U8"
    with pytest.raises(StateFormatError, match="Action 4"):
        GameRecord.from_json(data).replay()
    data["actions"][3] = "fly away"
    with pytest.raises(StateFormatError, match="Action 4 of the record"):
        GameRecord.from_json(data)
