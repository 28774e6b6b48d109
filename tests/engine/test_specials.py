"""Special cards: Pub, Warehouse, Observatory, Mariinskij Theater, Tax Man (docs/rules.md, Special cards)."""

import pytest

from petersburg.cards import ARISTOCRAT, BUILDING, DECK, WORKER
from petersburg.engine import IllegalActionError
from petersburg.engine.state import (
    ARISTOCRAT_PHASE,
    BUILDING_PHASE,
    STAGE_ACTIONS,
    STAGE_OBSERVED,
    STAGE_PUB,
    WORKER_PHASE,
)

from .helpers import act, c, give, hand, legal_texts, position, price_of


def test_mariinskij_theater_pays_a_ruble_per_red_card_at_building_scoring() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "mariinskij_theater", "author", "judge", "pope")
    act(state, "pass")
    assert state.players[0].rubles == 25 + 3


def test_tax_man_pays_a_ruble_per_green_card_at_aristocrat_scoring() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE)
    give(state, 0, "tax_man", "lumberjack", "lumberjack", "wharf")
    act(state, "pass")
    assert state.players[0].rubles == 25 + 3


def test_pub_buys_vp_after_building_scoring_with_fresh_rubles() -> None:
    state = position(2, phase=BUILDING_PHASE, to_act=1)
    give(state, 0, "pub", "bank")
    state.players[0].rubles = 6
    act(state, "pass", "pass")
    assert state.stage == STAGE_PUB and state.current_player == 0
    # 6 + 5 rubles from the Bank scoring = 11: at most 5 VP (one Pub), 2 rubles each.
    assert legal_texts(state) == [f"pub {n}" for n in range(6)]
    act(state, "pub 5")
    assert (state.players[0].rubles, state.players[0].vp) == (1, 1 + 5)
    assert state.phase == ARISTOCRAT_PHASE and state.stage == STAGE_ACTIONS


def test_two_pubs_allow_ten_vp_limited_by_rubles() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "pub", "pub")
    state.players[0].rubles = 15
    act(state, "pass")
    assert legal_texts(state)[-1] == "pub 7"
    state.players[0].rubles = 40
    assert legal_texts(state)[-1] == "pub 10"
    with pytest.raises(IllegalActionError):
        act(state, "pass")


def test_pub_owners_decide_in_turn_order_from_building_start_player() -> None:
    state = position(3, phase=BUILDING_PHASE, to_act=2)
    for seat in range(3):
        give(state, seat, "pub")
    act(state, "pass", "pass", "pass")
    order = []
    while state.stage == STAGE_PUB:
        order.append(state.current_player)
        act(state, "pub 1")
    assert order == [2, 0, 1]
    assert [p.vp for p in state.players] == [1, 1, 1]


def test_pub_skipped_without_two_rubles() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "pub")
    state.players[0].rubles = 1
    act(state, "pass")
    assert state.phase == ARISTOCRAT_PHASE


def test_warehouse_displaced_while_holding_four_keeps_them_but_takes_no_more() -> None:
    state = position(1, upper=["bank", "lumberjack", "lumberjack"])
    give(state, 0, "warehouse")
    hand(state, 0, "market", "market", "author", "judge")
    act(state, "buy U1 over warehouse")
    player = state.players[0]
    assert len(player.hand) == 4 and player.hand_limit == 3
    assert not any(t.startswith("hand") for t in legal_texts(state))
    act(state, "play H1")
    assert len(player.hand) == 3
    assert not any(t.startswith("hand") for t in legal_texts(state))
    act(state, "play H1")
    assert "hand U1" in legal_texts(state)


def test_observatory_only_in_building_phase_and_never_the_last_card() -> None:
    state = position(1, phase=WORKER_PHASE)
    give(state, 0, "observatory")
    assert not any(t.startswith("observe") for t in legal_texts(state))
    state.phase = BUILDING_PHASE
    state.stacks[ARISTOCRAT] = state.stacks[ARISTOCRAT][:1]
    observes = [t for t in legal_texts(state) if t.startswith("observe")]
    assert observes == ["observe workers", "observe buildings", "observe trading"]


def test_observatory_draw_then_must_buy_hand_or_discard() -> None:
    state = position(2, phase=BUILDING_PHASE)
    give(state, 0, "observatory")
    top = state.stacks[WORKER][-1]
    act(state, "observe workers")
    assert state.stage == STAGE_OBSERVED and state.current_player == 0 and state.drawn == top
    texts = legal_texts(state)
    assert "pass" not in texts and "discard drawn" in texts and "hand drawn" in texts
    with pytest.raises(IllegalActionError, match="drawn"):
        act(state, "pass")
    act(state, "buy drawn")
    assert state.players[0].area[top] == 1 and state.current_player == 1
    assert state.stage == STAGE_ACTIONS


def test_observatory_bought_card_gets_no_lower_row_discount_but_other_reductions() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory", "carpenter_workshop", "market")
    state.stacks[BUILDING].append(c("market"))
    act(state, "observe buildings")
    assert price_of(state, "buy drawn") == 5 - 1 - 1


def test_observatory_drawn_trading_card_needs_a_displacement() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory")
    state.stacks[3].append(c("czar"))
    act(state, "observe trading")
    assert legal_texts(state) == ["hand drawn", "discard drawn"]
    act(state, "discard drawn")
    assert state.discards[-1] == c("czar")


def test_observatory_hand_limit_applies_to_drawn_card() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory")
    hand(state, 0, "market", "market", "market")
    act(state, "observe buildings")
    assert "hand drawn" not in legal_texts(state)


def test_used_observatory_scores_no_vp_and_turns_up_next_round() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory", "observatory")
    act(state, "observe workers", "discard drawn")
    assert [t for t in legal_texts(state) if t.startswith("observe")]  # the second one
    act(state, "pass")
    assert state.players[0].vp == 1  # only the unused Observatory scored
    act(state, "pass", "pass")
    assert state.round == 2 and state.players[0].observatories_used == 0


def test_two_observatories_are_used_on_separate_turns() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory", "observatory")
    act(state, "observe workers", "discard drawn", "observe buildings", "discard drawn")
    assert state.players[0].observatories_used == 2
    assert not any(t.startswith("observe") for t in legal_texts(state))
    assert [DECK[card] for card in state.discards] == [WORKER, BUILDING]
