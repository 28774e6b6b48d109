"""Prices with every reduction and the minimum of 1 (docs/rules.md, Price of a card)."""

from petersburg.cards import CARD_BY_ID
from petersburg.engine import card_price
from petersburg.engine.state import BUILDING_PHASE, PlayerState

from .helpers import act, give, hand, legal_texts, position, price_of


def player_with(*card_ids: str) -> PlayerState:
    player = PlayerState()
    for card_id in card_ids:
        player.area[CARD_BY_ID[card_id]] += 1
    return player


def price(player: PlayerState, card_id: str, from_lower: bool = False, over: str | None = None) -> int:
    displaced = CARD_BY_ID[over] if over else -1
    return card_price(player, CARD_BY_ID[card_id], from_lower, displaced)


def test_market_with_two_owned_costs_three() -> None:
    assert price(player_with("market", "market"), "market") == 3


def test_lumberjacks_cost_3_2_1_1() -> None:
    state = position(1, upper=["lumberjack"] * 4)
    state.players[0].rubles = 100
    paid = []
    for _ in range(4):
        before = state.players[0].rubles
        act(state, "buy U1")
        paid.append(before - state.players[0].rubles)
    assert paid == [3, 2, 1, 1]


def test_theater_from_lower_row_with_one_owned_and_carpenter_workshop_costs_17() -> None:
    state = position(2, phase=BUILDING_PHASE, lower=["theater"])
    give(state, 0, "theater", "carpenter_workshop")
    assert price_of(state, "buy L1") == 17


def test_st_isaacs_over_market_from_lower_row_with_carpenter_workshop_costs_8() -> None:
    state = position(2, lower=["st_isaacs_cathedral"])
    give(state, 0, "market", "carpenter_workshop")
    assert price_of(state, "buy L1 over market") == 8


def test_wharf_over_ship_builder_costs_5() -> None:
    assert price(player_with("ship_builder"), "wharf", over="ship_builder") == 5


def test_red_trading_card_cheaper_than_displaced_aristocrat_costs_1() -> None:
    assert price(player_with("mistress_of_ceremonies"), "pope", over="mistress_of_ceremonies") == 1


def test_gold_smelter_reduces_red_cards_only() -> None:
    player = player_with("gold_smelter")
    assert price(player, "author") == 3
    assert price(player, "senator", over="author") == 12 - 4 - 1
    assert price(player, "market") == 5
    assert price(player, "lumberjack") == 3


def test_carpenter_workshop_reduces_blue_cards_only() -> None:
    player = player_with("carpenter_workshop")
    assert price(player, "market") == 4
    assert price(player, "bank", over="market") == 13 - 5 - 1
    assert price(player, "author") == 4


def test_lower_row_discount_not_for_play_from_hand() -> None:
    state = position(1, lower=["market"])
    hand(state, 0, "market")
    assert price_of(state, "buy L1") == 4
    assert price_of(state, "play H1") == 5


def test_hand_cards_give_no_reduction() -> None:
    state = position(1, upper=["market"])
    hand(state, 0, "market", "market")
    assert price_of(state, "buy U1") == 5


def test_never_below_one_and_never_paid_back() -> None:
    state = position(1, lower=["pub"])
    give(state, 0, "pub", "carpenter_workshop")
    assert price_of(state, "buy L1") == 1
    act(state, "buy L1")
    assert state.players[0].rubles == 24


def test_potjomkins_village_worth_6_when_displaced() -> None:
    assert price(player_with("potjomkins_village"), "bank", over="potjomkins_village") == 13 - 6
    assert price(player_with("warehouse"), "bank", over="warehouse") == 13 - 2


def test_unaffordable_cards_are_not_offered() -> None:
    state = position(1, upper=["theater", "market"])
    state.players[0].rubles = 6
    texts = legal_texts(state)
    assert "buy U2" in texts and "buy U1" not in texts
    assert "hand U1" in texts
