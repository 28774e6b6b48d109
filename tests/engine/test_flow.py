"""Turn order, phases, scoring, card supply and the end of a round (docs/rules.md, Rounds and phases)."""

from petersburg.cards import ARISTOCRAT, BUILDING, DECK, TRADING, WORKER
from petersburg.engine import GameOptions, legal_actions, new_game
from petersburg.engine.state import (
    ARISTOCRAT_PHASE,
    BUILDING_PHASE,
    TRADING_PHASE,
    WORKER_PHASE,
)

from .helpers import act, c, give, hand, legal_texts, position


def test_turns_go_clockwise_from_the_phase_start_player() -> None:
    state = position(3, upper=["lumberjack"] * 6, to_act=1)
    order = []
    for _ in range(4):
        order.append(state.current_player)
        act(state, "hand U1")
    assert order == [1, 2, 0, 1]


def test_phase_ends_after_all_pass_consecutively_counted_from_first_passer() -> None:
    state = position(3, upper=["lumberjack"] * 6, to_act=0)
    act(state, "pass", "hand U1", "pass", "pass")  # seat 0 passes, 1 acts, 2 and 0 pass
    assert state.phase == WORKER_PHASE and state.current_player == 1
    act(state, "pass")
    assert state.phase == BUILDING_PHASE


def test_passing_is_not_final() -> None:
    state = position(2, upper=["lumberjack"] * 4)
    act(state, "pass", "hand U1")
    assert state.phase == WORKER_PHASE
    act(state, "hand U1")  # seat 0 passed before and acts again
    assert len(state.players[0].hand) == 1


def test_solo_one_pass_ends_the_actions() -> None:
    state = new_game(1, 3)
    act(state, "pass")
    assert state.phase == BUILDING_PHASE


def test_any_card_in_any_phase() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE, upper=["lumberjack", "market"])
    assert {"buy U1", "buy U2"} <= set(legal_texts(state))


def test_play_from_hand_any_colour_any_phase_even_taken_this_phase() -> None:
    state = position(1, phase=WORKER_PHASE, upper=["judge"])
    act(state, "hand U1")
    assert "play H1" in legal_texts(state)
    act(state, "play H1")
    assert state.players[0].area[c("judge")] == 1 and state.players[0].rubles == 9


def test_hand_limit_three_and_four_with_warehouse() -> None:
    state = position(1, upper=["lumberjack"] * 6)
    act(state, "hand U1", "hand U1", "hand U1")
    assert not any(t.startswith("hand") for t in legal_texts(state))
    give(state, 0, "warehouse")
    act(state, "hand U1")
    assert len(state.players[0].hand) == 4
    assert not any(t.startswith("hand") for t in legal_texts(state))


def test_scoring_by_colour_including_trading_cards() -> None:
    state = position(1)
    give(state, 0, "lumberjack", "lumberjack", "wharf", "market", "bank", "author", "pope")
    act(state, "pass")  # worker scoring: 3+3+6 rubles, 1 VP (Wharf)
    assert (state.players[0].rubles, state.players[0].vp) == (25 + 12, 1)
    act(state, "pass")  # building scoring: Market 1 VP, Bank 5 rubles 1 VP
    assert (state.players[0].rubles, state.players[0].vp) == (37 + 5, 3)
    act(state, "pass")  # aristocrat scoring: Author 1, Pope 1 ruble 1 VP
    assert (state.players[0].rubles, state.players[0].vp) == (42 + 2, 4)
    act(state, "pass")  # trading: no scoring
    assert (state.players[0].rubles, state.players[0].vp) == (44, 4)


def test_five_aristocrats_worth_12_rubles_and_1_vp() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE)
    give(state, 0, "author", "author", "administrator", "secretary", "controller")
    act(state, "pass")
    assert (state.players[0].rubles, state.players[0].vp) == (25 + 12, 1)


def test_cards_from_earlier_rounds_score_every_round() -> None:
    state = new_game(1, 4)
    give(state, 0, "lumberjack")
    for _ in range(2):
        before = state.players[0].rubles
        act(state, "pass")
        assert state.players[0].rubles == before + 3
        act(state, "pass", "pass", "pass")


def test_supply_after_five_taken_adds_five_of_next_stack() -> None:
    state = new_game(4, 8)
    for _ in range(5):
        act(state, "hand U1" if len(state.players[state.current_player].hand) < 3 else "buy U1")
    size = len(state.stacks[BUILDING])
    for _ in range(4):
        act(state, "pass")
    assert state.phase == BUILDING_PHASE
    assert len(state.upper) == 8 and size - len(state.stacks[BUILDING]) == 5
    assert [DECK[card] for card in state.upper[-5:]] == [BUILDING] * 5


def test_supply_comes_from_next_phase_stack() -> None:
    for phase, deck in ((WORKER_PHASE, BUILDING), (BUILDING_PHASE, ARISTOCRAT), (ARISTOCRAT_PHASE, TRADING)):
        state = position(1, phase=phase, upper=["lumberjack"])
        act(state, "hand U1", "pass")
        assert [DECK[card] for card in state.upper] == [deck] * 8


def test_no_card_taken_means_no_supply_unless_always_refill() -> None:
    state = position(2, upper=["lumberjack"] * 3)
    hand(state, 0, "market")
    act(state, "play H1", "pass", "pass")
    assert state.phase == BUILDING_PHASE and len(state.upper) == 3
    refill = position(2, upper=["lumberjack"] * 3, options=GameOptions(always_refill=True))
    act(refill, "pass", "pass")
    assert len(refill.upper) == 8


def test_observatory_draw_does_not_count_as_taken() -> None:
    state = position(1, phase=BUILDING_PHASE, upper=["market"])
    give(state, 0, "observatory")
    act(state, "observe aristocrats", "hand drawn", "pass")
    assert state.phase == ARISTOCRAT_PHASE and len(state.upper) == 1


def test_end_of_round_discards_lower_shifts_upper_and_deals_workers() -> None:
    state = position(2, phase=TRADING_PHASE, upper=["market", "author", "bank"], lower=["hospital", "judge"])
    workers = len(state.stacks[WORKER])
    state.markers = [0, 1, 1, 0]
    give(state, 0, "observatory")
    state.players[0].observatories_used = 1
    act(state, "pass", "pass")
    assert state.round == 2 and state.phase == WORKER_PHASE
    assert state.discards == [c("hospital"), c("judge")]
    assert state.lower == [c("market"), c("author"), c("bank")]
    assert len(state.upper) == 5 and all(DECK[card] == WORKER for card in state.upper)
    assert workers - len(state.stacks[WORKER]) == 5
    assert state.markers == [1, 0, 0, 1]
    assert state.players[0].observatories_used == 0
    assert state.current_player == 1


def test_markers_pass_to_the_left_neighbour() -> None:
    state = new_game(4, 2)
    before = state.markers.copy()
    for _ in range(4):
        for _ in range(4):
            act(state, "pass")
    assert state.round == 2
    assert state.markers == [(seat + 1) % 4 for seat in before]


def test_game_over_has_no_legal_actions() -> None:
    state = new_game(1, 1)
    state.stage = 3
    assert legal_actions(state) == []
