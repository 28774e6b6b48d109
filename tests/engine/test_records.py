"""JSON state round-trip, validation of bad files, game records and replay."""

import copy
import json
import random

import pytest

from petersburg.cards import CARD_ID
from petersburg.cards_second_edition import ALL_CARD_BY_ID as CARD_BY_ID_ALL
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
from petersburg.engine.state import STAGE_CRATE


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
        (lambda d: d["seats"][1].update(secret_hand=["lumberjack"]), "not in its hand"),
        (lambda d: d["seats"][1].update(secret_hand="lumberjack"), "secret hand of seat 1 must be a list"),
    ],
)
def test_malformed_or_inconsistent_states_are_refused(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(state_to_json(new_game(2, 3)))
    mutate(data)
    with pytest.raises(StateFormatError, match=message):
        state_from_json(data)


def test_secret_hand_cards_are_written_only_when_held_and_read_back() -> None:
    state = new_game(2, 3)
    plain = state_to_json(state)
    assert all("secret_hand" not in seat for seat in plain["seats"])
    state.players[1].hand = [CARD_BY_ID_ALL["market"], CARD_BY_ID_ALL["market"]]
    state.players[1].secret_hand = (CARD_BY_ID_ALL["market"],)
    state.stacks[1] = [card for card in state.stacks[1] if card != CARD_BY_ID_ALL["market"]]
    state.discards = [CARD_BY_ID_ALL["market"]] * 3  # the five Markets, all accounted for
    data = json.loads(json.dumps(state_to_json(state)))
    assert data["seats"][1]["secret_hand"] == ["market"] and "secret_hand" not in data["seats"][0]
    assert state_from_json(data) == state
    data["seats"][1].pop("secret_hand")  # a state written before secret cards were told apart
    assert state_from_json(data).players[1].secret_hand == ()


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


MARKET = GameOptions(edition="second", market=True)


def test_market_states_round_trip_and_are_written_as_version_2() -> None:
    state = new_game(5, 6, MARKET)
    rng = random.Random(6)
    while not state.is_over:
        data = json.loads(json.dumps(state_to_json(state)))
        assert data["version"] == 2 and set(data["stacks"]) == {
            "workers",
            "buildings",
            "aristocrats",
            "trading",
            "market",
        }
        assert state_from_json(data) == state
        apply_action(state, rng.choice(legal_actions(state)))


def test_market_records_replay_to_the_same_final_state() -> None:
    options = GameOptions(edition="second", market=True, joker="each_scoring", unpaid_crate="idle")
    record, final = random_game(3, 14, options)
    data = json.loads(json.dumps(record.to_json(final)))  # type: ignore[arg-type]
    assert data["version"] == 2 and data["options"]["joker"] == "each_scoring"
    assert GameRecord.from_json(data).replay() == final


def market_decision_state() -> dict[str, object]:
    """A Market state whose seat to act decides about a crate."""
    state = new_game(2, 3, MARKET)
    state.phase = 4
    state.round = 2
    state.to_act = state.markers[4]
    crate = CARD_BY_ID_ALL["m_fish_box"]
    state.stacks[4].remove(crate)
    state.players[0].area[crate] = 1
    apply_action(state, 0)
    apply_action(state, 0)
    assert state.stage == STAGE_CRATE
    return copy.deepcopy(dict(state_to_json(state)))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("market"), "no 'market'"),
        (lambda d: d["market"].update(decisions=[]), "exactly in the 'joker' and 'crate' stages"),
        (lambda d: d["market"]["decisions"][0].update(seat=1), "has no 'm_fish_box' in play"),
        (lambda d: d["market"]["decisions"][0].update(card="m_fish_1"), "asks for no decision"),
        (lambda d: d["market"]["jokers"].update(czar_and_carpenter="fish"), "in nobody's play area"),
        (lambda d: d["market"]["jokers"].update(czar_and_carpenter="gold"), "must be one of chicken"),
        (lambda d: d["market"].update(idle_crates=["m_fish_1"]), "may only hold crates"),
        (lambda d: d["market"].update(scoring="yes"), "wrong type"),
        (lambda d: d.update(stage="joker"), "needs the 'crate' stage"),
        (lambda d: d.update(version=1), "written as version 2"),
        (lambda d: d["options"].update(market_board=9), "'market_board' must be 10 or 8"),
        (lambda d: d["options"].update(edition="first"), "The Market needs the 2nd edition"),
        (lambda d: d["stacks"].pop("market"), "stacks.market must be a list"),
    ],
)
def test_malformed_market_states_are_refused(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = market_decision_state()
    assert state_from_json(copy.deepcopy(data)).stage == STAGE_CRATE
    mutate(data)
    with pytest.raises(StateFormatError, match=message):
        state_from_json(data)


def test_first_edition_states_cannot_carry_market_fields_or_five_players() -> None:
    data = copy.deepcopy(state_to_json(new_game(2, 3)))
    data["phase"] = "market"
    with pytest.raises(
        StateFormatError, match="'phase' must be one of worker, building, aristocrat, trading"
    ):
        state_from_json(data)
    data = copy.deepcopy(state_to_json(new_game(2, 3)))
    data["players"] = 5
    with pytest.raises(StateFormatError, match="5 players need the Market"):
        state_from_json(data)


def test_records_of_unknown_versions_are_refused() -> None:
    record, _ = random_game(1, 2)
    data = record.to_json()
    data["version"] = 3
    with pytest.raises(StateFormatError, match="Unsupported record version 3"):
        GameRecord.from_json(data)
