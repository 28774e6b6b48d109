"""The greedy heuristic: its evaluation figures and the choices they lead to."""

from __future__ import annotations

from petersburg.bots import GreedyBot, make_bot
from petersburg.bots.evaluation import Schedule, distinct_red, rounds_after, schedule
from petersburg.bots.greedy import action_gains
from petersburg.cards import (
    ARISTOCRAT_BONUS,
    COLOUR,
    DECK,
    MARKET,
    PUB,
    RED,
    WORKER,
    aristocrat_bonus,
)
from petersburg.engine import (
    PASS_ID,
    STAGE_PUB,
    GameState,
    apply_unchecked,
    format_action,
    legal_actions,
    new_game,
    view,
    winners,
)
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, KIND_BUY, KIND_PUB, ROW_SLOTS


def _bought_card(state: GameState, action: int) -> int:
    arg = ACTION_ARG[action]
    return state.upper[arg] if arg < ROW_SLOTS else state.lower[arg - ROW_SLOTS]


def test_greedy_buys_a_worker_first() -> None:
    for seed in range(20):
        state = new_game(4, seed)
        action = GreedyBot(seed).choose(view(state, state.current_player))
        assert ACTION_KIND[action] == KIND_BUY, format_action(action)
        assert DECK[_bought_card(state, action)] == WORKER


def test_greedy_passes_when_it_cannot_pay_for_anything() -> None:
    state = new_game(2, 3)
    state.players[state.current_player].rubles = 0
    state.players[state.current_player].hand = [MARKET, MARKET, MARKET]
    assert GreedyBot().choose(view(state, state.current_player)) == PASS_ID


def _pub_state(last_round: bool) -> GameState:
    state = new_game(2, 5)
    seat = state.markers[1]
    player = state.players[seat]
    player.area[PUB] = 1
    player.rubles = 30
    state.phase = 1
    state.stage = STAGE_PUB
    state.pub_queue = [seat]
    state.to_act = seat
    state.last_round = last_round
    if not last_round:
        state.round = 1
    return state


def test_greedy_converts_rubles_at_the_pub_in_the_last_round_only() -> None:
    late = _pub_state(last_round=True)
    action = GreedyBot().choose(view(late, late.current_player))
    assert ACTION_KIND[action] == KIND_PUB and ACTION_ARG[action] == 5
    early = _pub_state(last_round=False)
    action = GreedyBot().choose(view(early, early.current_player))
    assert ACTION_KIND[action] == KIND_PUB and ACTION_ARG[action] == 0


def test_aristocrat_gain_is_the_exact_bonus_step_in_the_last_round() -> None:
    state = new_game(2, 1)
    state.last_round = True
    player = state.players[0]
    reds = [kind for kind in range(len(COLOUR)) if COLOUR[kind] == RED and DECK[kind] == 2]
    sched = schedule(state)
    for owned in range(len(reds) - 1):
        for kind in reds[:owned]:
            player.area[kind] = 1
        assert distinct_red(player) == owned
        gain = sched.aristocrat_gain(player, reds[owned])
        assert gain == aristocrat_bonus(owned + 1) - aristocrat_bonus(owned)
        assert sched.aristocrat_gain(player, reds[0]) == (0.0 if owned else ARISTOCRAT_BONUS[1])


def test_hand_cards_weigh_the_penalty_near_the_end() -> None:
    early = Schedule(6, 0, False)
    last = Schedule(0, 3, False)
    player = new_game(2, 1).players[0]
    assert last.hand_value(player, MARKET) < -4.0
    assert early.hand_value(player, MARKET) > last.hand_value(player, MARKET)


def test_a_ruble_is_worth_less_as_the_game_runs_out() -> None:
    worths = [Schedule(k, 0, False).ruble_now for k in range(8)]
    assert worths == sorted(worths)
    assert Schedule(0, 3, False).ruble(0) == Schedule(0, 3, False).weights.ruble_base


def test_rounds_left_come_from_stack_sizes() -> None:
    state = new_game(4, 2)
    start = rounds_after(state)
    assert start >= 3
    state.stacks[2] = state.stacks[2][:3]
    assert rounds_after(state) < start
    state.last_round = True
    assert rounds_after(state) == 0


def test_lower_row_discount_makes_the_same_card_better_there() -> None:
    state = new_game(2, 4)
    card = state.upper[0]
    state.lower = [card]
    state.upper = state.upper[1:]
    actions = legal_actions(state)
    gains = dict(zip(actions, action_gains(state, actions), strict=True))
    lower_buy = next(a for a in actions if ACTION_KIND[a] == KIND_BUY and ACTION_ARG[a] == ROW_SLOTS)
    upper_buys = [
        a for a in actions if ACTION_KIND[a] == KIND_BUY and _bought_card(state, a) == card and a != lower_buy
    ]
    assert upper_buys
    assert all(gains[lower_buy] > gains[a] for a in upper_buys)


def test_greedy_beats_random() -> None:
    wins = 0.0
    for game in range(10):
        state = new_game(2, game)
        bots = [make_bot("greedy", game), make_bot("random", game)]
        if game % 2:
            bots.reverse()
        greedy_seat = game % 2
        while not state.is_over:
            seat = state.current_player
            apply_unchecked(state, bots[seat].choose(view(state, seat)))
        best = winners(state)
        wins += (greedy_seat in best) / len(best)
    assert wins >= 9
