"""Every decision explained where it is taken: the advice the server sends the seat that decides."""

from __future__ import annotations

from petersburg.engine.actions import PASS_ID
from petersburg.engine.options import GameOptions
from petersburg.engine.rules import apply_action, legal_actions
from petersburg.engine.shape import MARKET_PHASE
from petersburg.server.view.advice import seat_advice
from petersburg.server.view.presenter import legal_for
from tests.engine.helpers import give, hand, position

WITH_MARKET = GameOptions(edition="second", market=True)


def test_buying_a_crate_names_its_keep_price_and_warns_when_the_rubles_fall_short() -> None:
    state = position(2, phase=MARKET_PHASE, options=WITH_MARKET, upper=("m_fish_box",))
    state.round = 3
    give(state, 0, "m_apple_box")
    state.players[0].rubles = 5
    buy = next(a for a in legal_for(state) if a["kind"] == "buy")
    note = buy.get("note", "")
    assert "3 ₽ at this round's market scoring, before the market's income" in note, note
    left = 5 - buy["price"]
    assert left < 2 * 3 and buy.get("warning") is True
    assert f"you would have {left} ₽, less than the 6 ₽ your 2 crates" in note
    state.players[0].rubles = 30
    rich = next(a for a in legal_for(state) if a["kind"] == "buy")
    assert "warning" not in rich and "Warning" not in rich.get("note", "")
    advice = seat_advice(state, 0)
    assert advice.get("crates", "").startswith("Keeping a crate costs 3 ₽ at this round's market scoring")
    assert "You hold 1 crate: keeping it costs 3 ₽" in advice.get("crates", "")


def test_the_hand_penalty_is_told_on_taking_and_a_full_hand_says_why_taking_is_gone() -> None:
    state = position(2, upper=("lumberjack",))
    take = next(a for a in legal_for(state) if a["kind"] == "hand")
    assert "costs 5 VP" in take.get("note", "")
    assert "costs 5 VP" in seat_advice(state, 0)["hand"]
    hand(state, 0, "pub", "market", "library")
    assert not any(a["kind"] == "hand" for a in legal_for(state))
    assert seat_advice(state, 0).get("hand_full", "").startswith("Your hand is full (3 of 3)")


def test_a_refused_pass_comes_with_the_engines_reason() -> None:
    state = position(2, options=GameOptions(edition="second"), upper=("lumberjack",))
    state.round = 1
    assert PASS_ID not in legal_actions(state)
    reason = seat_advice(state, 0).get("pass_refused", "")
    assert reason and "pass" in reason.lower(), reason
    assert "pass_refused" not in seat_advice(state, 1)


def test_each_good_a_question_mark_may_be_named_says_what_it_would_change() -> None:
    state = position(2, phase=MARKET_PHASE, options=WITH_MARKET, upper=("ship_builder_joker",))
    state.round = 3
    give(state, 0, "m_fish_2")
    give(state, 1, "m_fish_1")
    buy = next(a for a in legal_for(state) if a["kind"] == "buy")
    apply_action(state, buy["id"])
    notes = {a["good"]: a.get("note", "") for a in legal_for(state) if a["kind"] == "joker"}
    assert notes["fish"] == "You would count 3 fish, worth 3 VP if the market scoring were now."
    assert notes["apple"] == "You would count 1 apple, worth 3 VP if the market scoring were now."
