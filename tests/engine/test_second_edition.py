"""The 2nd edition without the Market (docs/rules.md, "The 2nd edition (2014) and The Market")."""

import pytest

from petersburg.cards import NUM_KINDS
from petersburg.engine import (
    NUM_ACTIONS,
    GameOptions,
    IllegalActionError,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
    num_actions,
    parse_action,
    state_to_json,
)
from petersburg.engine.shape import FIRST, SECOND
from petersburg.engine.state import BUILDING_PHASE, WORKER_PHASE

from .helpers import act, c, give, legal_texts, position, price_of

SECOND_EDITION = GameOptions(edition="second")


def test_changed_costs_and_names() -> None:
    assert [SECOND.cost[c(i)] for i in ("observatory", "judge", "mistress_of_ceremonies")] == [7, 17, 20]
    assert [FIRST.cost[c(i)] for i in ("observatory", "judge", "mistress_of_ceremonies")] == [6, 16, 18]
    assert SECOND.cost[c("mariinskij_theater")] == 15
    renamed = {
        "pope": "Abbot",
        "czar": "Czarina",
        "potjomkins_village": "Potemkin Village",
        "mariinskij_theater": "Mariinsky Theater",
    }
    for card_id, name in renamed.items():
        assert SECOND.card_name[c(card_id)] == name
        assert FIRST.card_name[c(card_id)] != name
    changed = [FIRST.card_name[k] for k in range(NUM_KINDS) if SECOND.cost[k] != FIRST.cost[k]]
    assert changed == ["Observatory", "Judge", "Mistress of Ceremonies", "Mariinskij Theater"]
    assert SECOND.count == FIRST.count and SECOND.num_cards == 116


def test_second_edition_prices_use_its_costs() -> None:
    state = position(1, upper=["judge"], lower=["observatory"], options=SECOND_EDITION)
    assert price_of(state, "buy U1") == 17
    assert price_of(state, "buy L1") == 7 - 1


def test_mariinsky_theater_gives_a_vp_per_red_card_at_building_scoring() -> None:
    state = position(1, phase=BUILDING_PHASE, options=SECOND_EDITION)
    give(state, 0, "mariinskij_theater", "author", "judge", "pope")
    act(state, "pass")
    assert (state.players[0].rubles, state.players[0].vp) == (25, 3)


def test_first_worker_phase_everyone_must_buy_until_the_opening_workers_are_gone() -> None:
    state = new_game(3, 5, SECOND_EDITION)
    first = state.current_player
    with pytest.raises(IllegalActionError, match="must buy"):
        act(state, "pass")
    with pytest.raises(IllegalActionError, match="must buy"):
        act(state, "hand U1")
    bought = [0, 0, 0]
    while state.upper:
        actions = legal_texts(state)
        assert actions and all(text.startswith("buy U") for text in actions)
        bought[state.current_player] += 1
        act(state, actions[0])
    assert bought == [2, 2, 2]
    assert state.phase == WORKER_PHASE and state.current_player == first
    assert legal_texts(state) == ["pass"]


def test_later_phases_and_the_first_edition_are_as_usual() -> None:
    state = new_game(2, 5, SECOND_EDITION)
    while state.upper:
        act(state, legal_texts(state)[0])
    act(state, "pass", "pass")
    assert state.phase == BUILDING_PHASE and "pass" in legal_texts(state)
    assert "pass" in legal_texts(new_game(2, 5))


def test_money_defaults_to_traded_in_the_second_edition_and_kept_stays_available() -> None:
    assert GameOptions(edition="second").money == "traded"
    assert GameOptions().money == "kept"
    assert GameOptions(edition="second", money="kept").money == "kept"
    state = new_game(1, 2, SECOND_EDITION)
    state.players[0].rubles = 37
    assert final_scores(state)[0].money_vp == 3 and final_scores(state)[0].rubles == 7


def test_second_edition_keeps_the_first_edition_action_space() -> None:
    assert num_actions(SECOND_EDITION) == num_actions(GameOptions()) == NUM_ACTIONS == 559
    state = new_game(4, 9, SECOND_EDITION)
    while not state.is_over:
        actions = legal_actions(state)
        assert all(a < NUM_ACTIONS for a in actions)
        apply_action(state, actions[-1])


def test_market_only_actions_are_refused_with_a_reason() -> None:
    state = new_game(2, 1, SECOND_EDITION)
    before = state_to_json(state)
    for text, reason in (
        ("joker fish", "belongs to the Market"),
        ("pay crate fish", "belongs to the Market"),
        ("observe market", "no market stack"),
        ("buy U9", "holds 8 cards"),
        ("buy U1 over ship_builder_fish", "no Ship Builder with goods"),
    ):
        with pytest.raises(IllegalActionError, match=reason):
            act(state, text)
    assert state_to_json(state) == before
    assert parse_action("observe market") >= NUM_ACTIONS


def test_second_edition_state_json_is_version_2_with_its_options() -> None:
    data = state_to_json(new_game(2, 1, SECOND_EDITION))
    assert data["version"] == 2
    assert data["options"]["edition"] == "second" and data["options"]["market"] is False
    assert "market" not in data and "joker" not in data["options"]
    first = state_to_json(new_game(2, 1))
    assert first["version"] == 1 and "edition" not in first["options"]
