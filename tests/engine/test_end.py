"""End trigger and final scoring (docs/rules.md, End of the game)."""

from petersburg.cards import ARISTOCRAT, TRADING, WORKER
from petersburg.engine import GameOptions, final_scores, in_final_phase, new_game, pass_ends_actions, winners
from petersburg.engine.state import ARISTOCRAT_PHASE, MARKET_PHASE, STAGE_OVER, TRADING_PHASE

from .helpers import act, give, hand, position


def test_last_card_placed_ends_after_this_round() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE, upper=["author"])
    state.stacks[TRADING] = state.stacks[TRADING][:3]
    act(state, "hand U1", "pass")
    assert state.stacks[TRADING] == [] and state.last_round
    assert state.phase == TRADING_PHASE and not state.is_over
    act(state, "pass")
    assert state.is_over and state.stage == STAGE_OVER and state.current_player == -1


def test_worker_deal_emptying_the_stack_makes_the_next_round_last() -> None:
    state = position(1, phase=TRADING_PHASE, upper=["market"])
    state.stacks[WORKER] = state.stacks[WORKER][:4]
    act(state, "pass")
    assert state.round == 2 and state.last_round and not state.is_over
    assert state.stacks[WORKER] == []
    for _ in range(4):
        act(state, "pass")
    assert state.is_over and state.round == 2


def test_short_stack_places_what_there_is() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE, upper=["author"])
    state.stacks[TRADING] = state.stacks[TRADING][:2]
    act(state, "hand U1", "pass")
    assert len(state.upper) == 2 and state.last_round


def test_the_observatory_never_triggers_the_end() -> None:
    state = position(1, phase=1)
    give(state, 0, "observatory")
    state.stacks[ARISTOCRAT] = state.stacks[ARISTOCRAT][:2]
    act(state, "observe aristocrats", "discard drawn")
    assert len(state.stacks[ARISTOCRAT]) == 1 and not state.last_round


def test_worked_example_52_vp_to_74() -> None:
    state = position(1)
    give(
        state,
        0,
        "author",
        "administrator",
        "warehouse_manager",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
    )
    state.players[0].vp = 52
    state.players[0].rubles = 17
    (line,) = final_scores(state)
    assert (line.play_vp, line.aristocrat_bonus, line.money_vp, line.hand_penalty) == (52, 21, 1, 0)
    assert line.total == 74 and line.rubles == 17


def test_aristocrat_bonus_counts_trading_aristocrats_and_caps_at_55() -> None:
    state = position(1)
    reds = ["author", "administrator", "warehouse_manager", "secretary", "controller", "judge"]
    reds += ["mistress_of_ceremonies", "pope", "czar", "senator", "admiral"]
    give(state, 0, *reds)
    assert final_scores(state)[0].aristocrat_bonus == 55


def test_hand_penalty_can_make_totals_negative() -> None:
    state = position(1)
    state.players[0].rubles = 0
    hand(state, 0, "market", "author")
    line = final_scores(state)[0]
    assert line.hand_penalty == -10 and line.total == -10


def test_ties_broken_by_rubles_then_shared() -> None:
    state = position(3)
    for player in state.players:
        player.vp = 30
    state.players[0].rubles = 19
    state.players[1].rubles = 15
    state.players[2].rubles = 11
    assert [line.total for line in final_scores(state)] == [31, 31, 31]
    assert winners(state) == [0]
    state.players[1].rubles = 19
    assert winners(state) == [0, 1]


def test_money_option_traded_keeps_only_the_remainder_for_the_tie_break() -> None:
    state = position(2, options=GameOptions(money="traded"))
    state.players[0].rubles = 29
    state.players[1].rubles = 23
    lines = final_scores(state)
    assert [line.money_vp for line in lines] == [2, 2]
    assert [line.rubles for line in lines] == [9, 3]
    kept = position(2)
    kept.players[0].rubles = 29
    assert final_scores(kept)[0].rubles == 29


def test_a_random_game_reaches_the_end_for_every_player_count() -> None:
    from petersburg.engine import apply_action, legal_actions

    for players in (1, 2, 3, 4):
        state = new_game(players, 99)
        while not state.is_over:
            apply_action(state, legal_actions(state)[-1])
        assert state.phase == TRADING_PHASE
        assert any(not stack for stack in state.stacks)
        assert winners(state)


def test_the_final_phase_is_the_last_rounds_last_and_a_pass_ends_it_once_all_others_passed() -> None:
    """``in_final_phase``: no turn comes after this phase's actions; ``pass_ends_actions``: the pass
    of the seat to act would end them (every other seat passed since the last action)."""
    state = position(3, phase=ARISTOCRAT_PHASE, upper=["author"])
    state.last_round = True
    assert not in_final_phase(state), "the trading phase still follows"
    state = position(3, phase=TRADING_PHASE, upper=["author"])
    assert not in_final_phase(state), "the last round is not known"
    state.last_round = True
    assert in_final_phase(state)
    seen = []
    while not state.is_over:
        seen.append(pass_ends_actions(state))
        act(state, "pass")
    assert seen == [False, False, True] and state.is_over
    market = position(3, phase=MARKET_PHASE, options=GameOptions(edition="second", market=True))
    market.last_round = True
    assert not in_final_phase(market), "the Market's phase comes second in a round"
    market.phase = TRADING_PHASE
    assert in_final_phase(market)
