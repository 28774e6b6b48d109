"""The Market (docs/rules.md, "The 2nd edition (2014) and The Market"): set-up, phases, goods, scoring."""

from collections import Counter

import pytest

from petersburg.cards_second_edition import ALL_DECK, GOODS, MARKET_DECK
from petersburg.engine import (
    NUM_ALL_ACTIONS,
    GameOptions,
    GameState,
    IllegalActionError,
    goods_counts,
    legal_actions,
    majority_points,
    market_values,
    new_game,
    num_actions,
    state_to_json,
)
from petersburg.engine.shape import MARKET
from petersburg.engine.state import (
    ARISTOCRAT_PHASE,
    BUILDING_PHASE,
    MARKET_PHASE,
    STAGE_ACTIONS,
    STAGE_CRATE,
    STAGE_JOKER,
    TRADING_PHASE,
    WORKER_PHASE,
)
from petersburg.text import legal_action_infos

from .helpers import act, c, give, hand, legal_texts, position, price_of

WITH_MARKET = GameOptions(edition="second", market=True)


def market_position(
    players: int = 2,
    *,
    round_number: int = 1,
    options: GameOptions = WITH_MARKET,
    upper: tuple[str, ...] = (),
    to_act: int = 0,
) -> GameState:
    """A Market game in the market phase of ``round_number`` (see ``helpers.position``)."""
    state = position(players, phase=MARKET_PHASE, options=options, upper=upper, to_act=to_act)
    state.round = round_number
    return state


def good(name: str) -> int:
    return GOODS.index(name)


# ---------------------------------------------------------------------------------------------
# Components and set-up


def test_the_market_game_has_151_cards_in_five_stacks() -> None:
    state = new_game(1, 3, WITH_MARKET)
    sizes = [len(stack) for stack in state.stacks]
    assert sizes == [31 - 2, 28, 27, 30, 35]
    assert MARKET.num_cards == 151 and sum(sizes) + 2 == 151
    assert all(ALL_DECK[card] == MARKET_DECK for card in state.stacks[MARKET_DECK])
    workers = Counter(state.stacks[0] + state.upper)
    assert workers[c("ship_builder")] == 0 and workers[c("ship_builder_joker")] == 1
    assert sum(workers[c(f"ship_builder_{g}")] for g in (*GOODS, "joker")) == 6
    buildings = Counter(state.stacks[1])
    assert buildings[c("market")] == 0 and all(buildings[c(f"market_{g}")] == 1 for g in GOODS)
    crates = Counter(state.stacks[MARKET_DECK])
    assert [crates[c(f"m_{g}_box")] for g in GOODS] == [1] * 5
    assert [crates[c(f"m_{g}_1")] for g in GOODS] == [3] * 5


def test_five_players_opening_deal_fills_the_ten_card_board_and_each_buys_two() -> None:
    state = new_game(5, 8, WITH_MARKET)
    assert len(state.upper) == 10 and state.lower == [] and state.shape.board_size == 10
    assert all(ALL_DECK[card] == 0 for card in state.upper)
    bought = Counter[int]()
    while state.upper or state.stage == STAGE_JOKER:
        text = legal_texts(state)[0]
        assert text.startswith(("buy U", "joker "))
        bought[state.current_player] += text.startswith("buy")
        act(state, text)
    assert sorted(bought.values()) == [2] * 5
    for _ in range(5):
        act(state, "pass")
    assert state.phase == MARKET_PHASE
    assert len(state.upper) == 10 and all(ALL_DECK[card] == MARKET_DECK for card in state.upper)


@pytest.mark.parametrize(
    ("players", "held"), [(1, [5]), (2, [2, 3]), (3, [1, 2, 2]), (4, [1, 1, 1, 2]), (5, [1] * 5)]
)
def test_five_markers_are_dealt_round_the_table(players: int, held: list[int]) -> None:
    for seed in range(12):
        markers = new_game(players, seed, WITH_MARKET).markers
        assert len(markers) == 5 and sorted(Counter(markers).values()) == held


def test_the_deal_starts_from_the_seat_the_options_name() -> None:
    for seed in range(8):
        options = GameOptions(edition="second", market=True, double_marker_seat=2)
        assert Counter(new_game(4, seed, options).markers)[2] == 2
        counts = Counter(new_game(3, seed, options).markers)
        assert counts[2] == 2 and counts[0] == 2 and counts[1] == 1


def test_bad_market_combinations_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="The Market needs the 2nd edition"):
        new_game(2, 1, GameOptions(market=True))
    with pytest.raises(ValueError, match="5 players need the Market"):
        new_game(5, 1, GameOptions(edition="second"))
    with pytest.raises(ValueError, match="5 players need the 10-card board"):
        new_game(5, 1, GameOptions(edition="second", market=True, market_board=8))
    with pytest.raises(ValueError, match="'joker' applies only to a game with the Market"):
        new_game(2, 1, GameOptions(edition="second", joker="each_scoring"))
    with pytest.raises(ValueError, match="'market_ties' is 'share' or 'step_down'"):
        new_game(2, 1, GameOptions(edition="second", market=True, market_ties="coin"))
    with pytest.raises(ValueError, match="'market_board' is 10 or 8"):
        new_game(2, 1, GameOptions(edition="second", market=True, market_board=9))


def test_the_action_space_grows_with_the_market() -> None:
    assert num_actions(WITH_MARKET) == NUM_ALL_ACTIONS == 954
    assert num_actions(GameOptions(edition="second", market=True, market_board=8)) == 954


# ---------------------------------------------------------------------------------------------
# Rounds: phases, supply, markers


def test_five_phases_and_supply_one_phase_ahead() -> None:
    state = position(1, options=WITH_MARKET)
    state.round = 2  # past the 2nd edition's opening, in which everyone must buy
    state.upper = []
    seen = []
    for phase, next_deck in (
        (WORKER_PHASE, MARKET_DECK),
        (MARKET_PHASE, 1),
        (BUILDING_PHASE, 2),
        (ARISTOCRAT_PHASE, 3),
        (TRADING_PHASE, 0),
    ):
        assert state.phase == phase
        state.upper = [state.stacks[next_deck].pop()]  # one card, so that taking it allows supply
        act(state, "hand U1", "pass")
        state.players[0].hand = []
        seen.append({ALL_DECK[card] for card in state.upper})
        state.upper = []
        state.lower = []
    assert seen == [{MARKET_DECK}, {1}, {2}, {3}, {0}]
    assert state.round == 3 and state.phase == WORKER_PHASE


def test_the_sack_holder_starts_the_market_phase_and_markers_pass_left() -> None:
    state = position(3, options=WITH_MARKET)
    state.markers = [0, 1, 2, 0, 2]
    act(state, "pass", "pass", "pass")
    assert state.phase == MARKET_PHASE and state.current_player == 2
    state.round = 1
    state.phase = TRADING_PHASE
    state.to_act = 0
    act(state, "pass", "pass", "pass")
    assert state.markers == [1, 2, 0, 1, 0]


def test_the_last_card_of_the_market_stack_ends_the_game_after_this_round() -> None:
    state = position(1, phase=WORKER_PHASE, upper=["lumberjack"], options=WITH_MARKET)
    state.round = 2
    state.stacks[MARKET_DECK] = state.stacks[MARKET_DECK][:2]
    act(state, "hand U1", "pass")
    assert state.stacks[MARKET_DECK] == [] and state.last_round and state.phase == MARKET_PHASE
    for _ in range(4):
        assert not state.is_over
        act(state, "pass")
    assert state.is_over


def test_the_observatory_draws_from_the_market_stack_too() -> None:
    state = position(1, phase=BUILDING_PHASE, options=WITH_MARKET)
    give(state, 0, "observatory")
    assert "observe market" in legal_texts(state)
    act(state, "observe market")
    assert ALL_DECK[state.drawn] == MARKET_DECK and state.drawn_deck == MARKET_DECK
    act(state, "buy drawn")
    assert state.stage == STAGE_ACTIONS


# ---------------------------------------------------------------------------------------------
# Yellow cards, goods and prices


def test_yellow_cards_any_phase_identical_reduction_no_colour_discount() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE, upper=["m_fish_1", "m_fish_1"], options=WITH_MARKET)
    give(state, 0, "carpenter_workshop", "gold_smelter")
    assert price_of(state, "buy U1") == 5
    act(state, "buy U1")
    assert price_of(state, "buy U1") == 4
    hand(state, 0, "m_apple_2")
    assert "play H1" in legal_texts(state)


def test_all_ship_builders_and_all_markets_are_identical_cards_for_the_price() -> None:
    state = position(1, upper=["ship_builder_fish", "market_grain"], options=WITH_MARKET)
    give(state, 0, "ship_builder_apple", "ship_builder_joker", "market_chicken")
    assert price_of(state, "buy U1") == 7 - 2
    assert price_of(state, "buy U2") == 5 - 1


def test_no_trading_card_displaces_a_yellow_card() -> None:
    state = position(1, upper=["bank"], options=WITH_MARKET)
    give(state, 0, "m_grain_1", "m_grain_box")
    assert not any(text.startswith("buy U1") for text in legal_texts(state))


def test_goods_are_counted_from_the_play_area_only() -> None:
    state = position(2, options=WITH_MARKET)
    give(state, 0, "m_chicken_3", "m_chicken_2", "bank", "ship_builder_fish", "market_fish", "harbor")
    hand(state, 0, "m_chicken_box")
    assert goods_counts(state, 0) == [5, 1, 0, 3, 0]
    assert goods_counts(state, 1) == [0] * 5


def test_worked_example_a_displaced_ship_builder_takes_its_apple_away() -> None:
    state = position(1, upper=["wharf"], options=WITH_MARKET)
    give(state, 0, "ship_builder_apple", "ship_builder_fish", "m_apple_1")
    assert goods_counts(state, 0)[good("apple")] == 2
    texts = legal_texts(state)
    assert "buy U1 over ship_builder_apple" in texts and "buy U1 over ship_builder_fish" in texts
    assert price_of(state, "buy U1 over ship_builder_apple") == 12 - 7
    act(state, "buy U1 over ship_builder_apple")
    assert goods_counts(state, 0)[good("apple")] == 1
    assert state.discards[-1] == c("ship_builder_apple")


# ---------------------------------------------------------------------------------------------
# The "?" joker


def test_a_joker_is_named_when_it_enters_play_and_the_turn_then_passes() -> None:
    state = position(2, upper=["ship_builder_joker"], options=WITH_MARKET)
    act(state, "buy U1")
    assert state.stage == STAGE_JOKER and state.current_player == 0
    assert legal_texts(state) == [f"joker {g}" for g in GOODS]
    infos = legal_action_infos(state)
    assert infos[3].description == "Name fish for the '?' on your Ship Builder" and infos[3].price == 0
    with pytest.raises(IllegalActionError, match="First name the good"):
        act(state, "pass")
    act(state, "joker fish")
    assert state.stage == STAGE_ACTIONS and state.current_player == 1
    assert goods_counts(state, 0)[good("fish")] == 1
    assert state_to_json(state)["market"]["jokers"]["ship_builder_joker"] == "fish"


def test_czar_and_carpenter_carries_a_joker_that_leaves_with_it() -> None:
    state = position(1, upper=["czar_and_carpenter", "fur_shop"], options=WITH_MARKET)
    act(state, "buy U1", "joker cabbage")
    assert goods_counts(state, 0)[good("cabbage")] == 1
    act(state, "buy U1 over czar_and_carpenter")
    assert goods_counts(state, 0) == [0] * 5
    assert state_to_json(state)["market"]["jokers"]["czar_and_carpenter"] is None


def test_with_each_scoring_jokers_are_named_anew_at_every_market_scoring() -> None:
    options = GameOptions(edition="second", market=True, joker="each_scoring")
    state = position(2, upper=["ship_builder_joker"], options=options)
    act(state, "buy U1")
    assert state.stage == STAGE_ACTIONS and state.current_player == 1
    give(state, 1, "m_grain_1")
    state.phase = MARKET_PHASE
    state.markers[MARKET_PHASE] = 1
    state.to_act = 1
    act(state, "pass", "pass")
    assert state.stage == STAGE_JOKER and state.current_player == 0
    act(state, "joker grain")  # ties seat 1's grain: both lead (share) and score first place
    assert state.phase == BUILDING_PHASE
    assert [p.vp for p in state.players] == [1, 1]


# ---------------------------------------------------------------------------------------------
# The market scoring: crates, income, majorities


def test_worked_example_round_3_chicken_5_3_3_0() -> None:
    state = market_position(4, round_number=3)
    give(state, 0, "m_chicken_3", "m_chicken_2")
    give(state, 1, "m_chicken_2", "m_chicken_1")
    give(state, 2, "peterhof", "m_chicken_2")
    assert [goods_counts(state, seat)[good("chicken")] for seat in range(4)] == [5, 3, 3, 0]
    act(state, "pass", "pass", "pass", "pass")
    assert [p.vp for p in state.players] == [3, 1, 1, 0]


def test_worked_example_round_2_fish_4_4_2_shared_lead() -> None:
    state = market_position(3, round_number=2)
    give(state, 0, "m_fish_3", "m_fish_1")
    give(state, 1, "m_fish_2", "m_fish_2")
    give(state, 2, "harbor", "ship_builder_fish")
    act(state, "pass", "pass", "pass")
    assert [p.vp for p in state.players] == [2, 2, 0]


def test_worked_example_round_4_a_crate_costs_4_or_is_discarded_before_the_majorities() -> None:
    state = market_position(2, round_number=4)
    give(state, 0, "m_apple_box")
    give(state, 1, "m_apple_3")
    act(state, "pass", "pass")
    assert state.stage == STAGE_CRATE and state.current_player == 0
    assert legal_texts(state) == ["pay crate apple", "skip crate apple"]
    assert {i.text: i.price for i in legal_action_infos(state)} == {
        "pay crate apple": 4,
        "skip crate apple": 0,
    }
    kept = state.copy()
    act(kept, "pay crate apple")
    assert kept.players[0].rubles == 25 - 4 and [p.vp for p in kept.players] == [4, 2]
    act(state, "skip crate apple")
    assert state.players[0].area[c("m_apple_box")] == 0 and state.discards[-1] == c("m_apple_box")
    assert [p.vp for p in state.players] == [0, 4] and state.phase == BUILDING_PHASE


def test_an_idle_crate_stays_and_counts_nothing_at_that_scoring_only() -> None:
    options = GameOptions(edition="second", market=True, unpaid_crate="idle")
    state = market_position(2, round_number=2, options=options)
    give(state, 0, "m_grain_box")
    give(state, 1, "m_grain_1")
    act(state, "pass", "pass", "skip crate grain")
    assert state.players[0].area[c("m_grain_box")] == 1
    assert [p.vp for p in state.players] == [0, 2]
    assert goods_counts(state, 0)[good("grain")] == 4
    assert state_to_json(state)["market"]["idle_crates"] == []


def test_crates_are_decided_in_turn_order_from_the_sack_holder() -> None:
    state = market_position(3, round_number=1, to_act=2)
    give(state, 0, "m_fish_box", "m_chicken_box")
    give(state, 2, "m_apple_box")
    act(state, "pass", "pass", "pass")
    order = []
    while state.stage == STAGE_CRATE:
        order.append((state.current_player, legal_texts(state)[0]))
        act(state, legal_texts(state)[0])
    assert order == [(2, "pay crate apple"), (0, "pay crate chicken"), (0, "pay crate fish")]


def test_a_crate_its_owner_cannot_pay_for_is_left_unpaid_without_asking() -> None:
    state = market_position(1, round_number=5)
    give(state, 0, "m_cabbage_box")
    state.players[0].rubles = 4
    act(state, "pass")
    assert state.phase == BUILDING_PHASE and state.players[0].area[c("m_cabbage_box")] == 0


def test_income_from_yellow_cards_at_the_market_scoring() -> None:
    state = market_position(1)
    give(state, 0, "m_fish_1", "m_fish_1", "m_grain_2", "m_apple_3", "lumberjack")
    act(state, "pass")
    assert state.players[0].rubles == 25 + 2 + 2 + 1


def test_a_solo_player_takes_first_place_in_every_good_he_holds() -> None:
    state = market_position(1, round_number=6)
    give(state, 0, "m_fish_1", "bank", "peterhof")
    act(state, "pass")
    assert state.players[0].vp == 3 * 6


def test_step_down_ties_score_second_place() -> None:
    options = GameOptions(edition="second", market=True, market_ties="step_down")
    state = market_position(3, round_number=4, options=options)
    for seat in (0, 1):
        give(state, seat, "m_cabbage_2")
    give(state, 2, "m_cabbage_1")
    act(state, "pass", "pass", "pass")
    assert [p.vp for p in state.players] == [2, 2, 0]


@pytest.mark.parametrize(
    ("counts", "values", "share", "step_down"),
    [
        ([5, 3, 3, 0], (3, 1), [3, 1, 1, 0], [3, 1, 1, 0]),
        ([4, 4, 2], (2, 1), [2, 2, 0], [1, 1, 0]),
        ([0, 2, 0], (3, 1), [0, 3, 0], [0, 3, 0]),
        ([0, 0], (3, 1), [0, 0], [0, 0]),
        ([1, 2, 2, 2], (3, 1), [0, 3, 3, 3], [0, 1, 1, 1]),
        ([6, 1, 1], (1, 0), [1, 0, 0], [1, 0, 0]),
    ],
)
def test_majority_points(
    counts: list[int], values: tuple[int, int], share: list[int], step_down: list[int]
) -> None:
    first, second = values
    assert majority_points(counts, first, second, "share") == share
    assert majority_points(counts, first, second, "step_down") == step_down


def test_round_values_capped_and_open() -> None:
    capped = GameOptions(edition="second", market=True)
    values = [market_values(r, capped) for r in range(1, 10)]
    assert values == [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (6, 3), (6, 3), (6, 3)]
    opened = GameOptions(edition="second", market=True, market_values="open")
    assert [market_values(r, opened) for r in (1, 4, 7, 9)] == [(1, 0), (4, 2), (7, 3), (9, 4)]


# ---------------------------------------------------------------------------------------------
# Illegal decisions explain themselves and change nothing


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("joker fish", "only when such a card enters your play area"),
        ("pay crate fish", "only at the market scoring"),
        ("skip crate fish", "only at the market scoring"),
        ("buy U10", "upper row has no card 10"),
        ("hand L9", "lower row has no card 9"),
    ],
)
def test_market_decisions_out_of_turn_are_refused(text: str, message: str) -> None:
    state = market_position(2, upper=("m_fish_1",))
    before = state_to_json(state)
    with pytest.raises(IllegalActionError, match=message):
        act(state, text)
    assert state_to_json(state) == before


def test_a_crate_decision_must_be_about_the_crate_asked_for() -> None:
    state = market_position(2, round_number=3)
    give(state, 0, "m_fish_box")
    act(state, "pass", "pass")
    before = state_to_json(state)
    for text in ("pass", "pay crate apple", "joker fish", "buy U1"):
        with pytest.raises(IllegalActionError, match="pay 3 rubles for your Fish box"):
            act(state, text)
    state.players[0].rubles = 2
    assert legal_texts(state) == ["skip crate fish"]
    with pytest.raises(IllegalActionError, match="costs 3 rubles and you have 2"):
        act(state, "pay crate fish")
    state.players[0].rubles = 25
    assert state_to_json(state) == before


def test_legal_actions_of_a_market_game_are_sorted_and_in_its_space() -> None:
    state = new_game(4, 21, WITH_MARKET)
    while not state.is_over:
        actions = legal_actions(state)
        assert actions == sorted(set(actions)) and actions[-1] < 954
        act(state, legal_texts(state)[len(actions) // 3])
