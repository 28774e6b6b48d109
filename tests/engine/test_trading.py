"""Trading cards and displacement (docs/rules.md, Trading cards)."""

import pytest

from petersburg.engine import IllegalActionError
from petersburg.engine.state import BUILDING_PHASE

from .helpers import act, c, give, hand, legal_texts, position, price_of


def test_trading_card_needs_a_card_to_displace_but_may_be_taken() -> None:
    state = position(1, upper=["bank"])
    texts = legal_texts(state)
    assert not any(t.startswith("buy U1") for t in texts)
    assert "hand U1" in texts
    with pytest.raises(IllegalActionError, match="Market"):
        act(state, "buy U1 over market")


def test_blue_trading_card_displaces_any_ordinary_building() -> None:
    state = position(1, upper=["bank"])
    give(state, 0, "market", "pub", "potjomkins_village", "lumberjack", "author")
    buys = [t for t in legal_texts(state) if t.startswith("buy U1")]
    assert buys == ["buy U1 over market", "buy U1 over potjomkins_village", "buy U1 over pub"]


def test_red_trading_card_displaces_any_ordinary_aristocrat() -> None:
    state = position(1, upper=["czar"])
    state.players[0].rubles = 60
    give(state, 0, "author", "judge", "market")
    buys = [t for t in legal_texts(state) if t.startswith("buy U1")]
    assert buys == ["buy U1 over author", "buy U1 over judge"]


def test_green_trading_card_displaces_only_matching_symbol() -> None:
    state = position(1, upper=["wharf", "fur_shop"])
    give(state, 0, "ship_builder", "lumberjack", "shepherd")
    buys = [t for t in legal_texts(state) if t.startswith("buy")]
    assert buys == ["buy U1 over ship_builder"]


def test_czar_and_carpenter_may_be_displaced_by_any_green_trading_card() -> None:
    state = position(1, upper=["carpenter_workshop", "gold_smelter", "weaving_mill", "fur_shop", "wharf"])
    state.players[0].rubles = 50
    give(state, 0, "czar_and_carpenter")
    buys = [t for t in legal_texts(state) if t.startswith("buy")]
    assert buys == [f"buy U{i} over czar_and_carpenter" for i in range(1, 6)]


def test_trading_card_never_displaces_a_trading_card() -> None:
    state = position(1, upper=["hermitage", "weapon_master"])
    give(state, 0, "bank", "pope", "wharf")
    assert not any(t.startswith("buy") for t in legal_texts(state))


def test_displaced_card_is_discarded_and_price_depends_on_choice() -> None:
    state = position(1, upper=["hermitage"])
    give(state, 0, "market", "firehouse")
    assert price_of(state, "buy U1 over market") == 13
    assert price_of(state, "buy U1 over firehouse") == 7
    act(state, "buy U1 over firehouse")
    player = state.players[0]
    assert player.area[c("firehouse")] == 0 and player.area[c("hermitage")] == 1
    assert player.area[c("market")] == 1
    assert state.discards == [c("firehouse")]
    assert player.rubles == 25 - 7


def test_play_trading_card_from_hand_displaces() -> None:
    state = position(1)
    hand(state, 0, "tax_man")
    give(state, 0, "secretary")
    assert legal_texts(state)[-1] == "play H1 over secretary"
    act(state, "play H1 over secretary")
    assert state.players[0].rubles == 25 - (17 - 12)
    assert state.players[0].hand == []


def test_used_observatory_cannot_be_displaced_that_round() -> None:
    state = position(1, phase=BUILDING_PHASE, upper=["bank"])
    give(state, 0, "observatory")
    assert "buy U1 over observatory" in legal_texts(state)
    act(state, "observe aristocrats", "discard drawn")
    assert "buy U1 over observatory" not in legal_texts(state)
    give(state, 0, "observatory")  # a second, unused one may be displaced
    assert "buy U1 over observatory" in legal_texts(state)


def test_non_trading_card_rejects_a_displacement() -> None:
    state = position(1, upper=["market"])
    give(state, 0, "pub")
    with pytest.raises(IllegalActionError, match="not a trading card"):
        act(state, "buy U1 over pub")
