"""The fixed action space, its text notation and validated apply."""

import json
from pathlib import Path

import pytest

from petersburg.engine import (
    NUM_ACTIONS,
    NUM_ALL_ACTIONS,
    ActionParseError,
    IllegalActionError,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    state_to_json,
)
from petersburg.engine.actions import ACTION_TEXT
from petersburg.text import legal_action_infos

from .helpers import give, position

FIRST_EDITION_ACTIONS = Path(__file__).with_name("golden") / "first_edition_actions.json"


def test_the_first_edition_ids_and_texts_never_change() -> None:
    texts = json.loads(FIRST_EDITION_ACTIONS.read_text(encoding="utf-8"))["texts"]
    assert NUM_ACTIONS == len(texts) == 559
    assert list(ACTION_TEXT[:NUM_ACTIONS]) == texts


def test_every_id_round_trips_through_text() -> None:
    assert len(set(ACTION_TEXT)) == NUM_ALL_ACTIONS
    for action in range(NUM_ALL_ACTIONS):
        text = format_action(action)
        assert parse_action(text) == action
        assert format_action(parse_action(text.upper())) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  BUY   u3 ", "buy U3"),
        ("buy L2 over Market", "buy L2 over market"),
        ("Observe Aristocrat", "observe aristocrats"),
        ("observe worker", "observe workers"),
        ("PASS", "pass"),
        ("pub 10", "pub 10"),
    ],
)
def test_parse_is_lenient_and_format_canonical(text: str, canonical: str) -> None:
    assert format_action(parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["", "buy", "buy U11", "buy U1 over nothing", "pub 11", "play H5", "jump", "joker gold", "pay crate"],
)
def test_parse_rejects_non_actions_with_a_hint(text: str) -> None:
    with pytest.raises(ActionParseError) as error:
        parse_action(text)
    assert "'" in str(error.value)


def test_unknown_card_after_over_is_named() -> None:
    with pytest.raises(ActionParseError, match="Unknown card 'castle'"):
        parse_action("buy U1 over castle")


def test_format_rejects_out_of_range_ids() -> None:
    for bad in (-1, NUM_ALL_ACTIONS):
        with pytest.raises(ActionParseError):
            format_action(bad)


def test_legal_actions_are_sorted_and_unique() -> None:
    state = new_game(4, 17)
    for _ in range(60):
        actions = legal_actions(state)
        assert actions == sorted(set(actions))
        apply_action(state, actions[len(actions) // 2])


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("buy U7", "upper row has no card 7"),
        ("buy L1", "lower row has no card 1"),
        ("play H1", "hand has no card 1"),
        ("observe workers", "only be used during the building phase"),
        ("pub 2", "only right after a building scoring"),
        ("discard drawn", "no drawn card"),
        ("buy U1", "costs you 8 rubles and you have 5"),
    ],
)
def test_illegal_actions_explain_themselves_and_change_nothing(action: str, message: str) -> None:
    state = position(2, upper=["czar_and_carpenter"])
    state.players[0].rubles = 5
    before = state_to_json(state)
    with pytest.raises(IllegalActionError, match=message):
        apply_action(state, parse_action(action))
    assert state_to_json(state) == before


def test_non_int_and_out_of_range_actions_are_refused() -> None:
    state = new_game(2, 1)
    for bad in (-1, NUM_ALL_ACTIONS, 1.5, "pass", True, False, None):
        with pytest.raises(IllegalActionError, match=f"There is no action number {bad!r}"):
            apply_action(state, bad)


def test_market_ids_are_refused_in_a_game_without_the_market() -> None:
    state = new_game(2, 1)
    with pytest.raises(IllegalActionError, match="with goods in this game"):
        apply_action(state, NUM_ACTIONS)


def test_actions_after_the_game_is_over_are_refused() -> None:
    state = new_game(1, 1)
    state.stage = 3
    with pytest.raises(IllegalActionError, match="game is over"):
        apply_action(state, 0)


def test_action_infos_give_text_price_and_description() -> None:
    state = position(1, lower=["bank"])
    give(state, 0, "market")
    infos = {info.text: info for info in legal_action_infos(state)}
    assert infos["buy L1 over market"].price == 13 - 5 - 1
    assert "displacing your Market" in infos["buy L1 over market"].description
    assert infos["hand L1"].price == 0
    assert infos["pass"].description == "Pass"
