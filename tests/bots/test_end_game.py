"""End-game hand cards: no bot takes into hand a card it can no longer play (a certain -5 VP)."""

from __future__ import annotations

import pytest

from petersburg.bots import make_bot
from petersburg.bots.greedy import NEVER_PLAYED_GAIN, action_gains, greedy_action
from petersburg.cards import card
from petersburg.engine import GameState, apply_action, format_action, legal_actions, new_game, view
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, KIND_TAKE, ROW_SLOTS
from petersburg.engine.shape import ARISTOCRAT_PHASE, TRADING_PHASE

CZAR = card("czar")


def _final_trading_phase(players: int, seed: int) -> GameState:
    """A greedy game played up to the first turn of the last phase of its last round."""
    state = new_game(players, seed)
    while not (state.last_round and state.phase == TRADING_PHASE):
        assert not state.is_over
        apply_action(state, greedy_action(state))
    return state


def _czar_within_reach(state: GameState) -> GameState:
    """The Czar moved into the lower row (from wherever it is; the game keeps all its cards), the
    player to act short of rubles (he cannot pay its 23) and the others rich and just ahead: the
    Czar is worth much to the leader, so keeping it from him tempts a bot."""
    for stack in state.stacks:
        if CZAR in stack:
            stack.remove(CZAR)
            break
    else:
        if CZAR in state.discards:
            state.discards.remove(CZAR)
        else:
            owner = next(p for p in state.players if p.area[CZAR] or CZAR in p.hand)
            if owner.area[CZAR]:
                owner.area[CZAR] -= 1
            else:
                owner.hand.remove(CZAR)
    if len(state.upper) + len(state.lower) >= state.shape.board_size:
        state.discards.append((state.lower or state.upper).pop(0))
    state.lower.append(CZAR)
    seat = state.to_act
    me = state.players[seat]
    me.rubles = 3
    for other, player in enumerate(state.players):
        if other != seat:
            player.rubles = 60
            player.vp = me.vp + 2
    return state


def _czar_take(state: GameState) -> int:
    slot = ROW_SLOTS + state.lower.index(CZAR)
    takes = [a for a in legal_actions(state) if ACTION_KIND[a] == KIND_TAKE and ACTION_ARG[a] == slot]
    assert len(takes) == 1
    return takes[0]


@pytest.fixture(scope="module")
def czar_position() -> GameState:
    state = _czar_within_reach(_final_trading_phase(2, 2))
    assert state.players[state.to_act].hand == []  # room for the Czar: taking it is legal
    return state


def test_taking_an_unplayable_card_has_the_certain_penalty_gain(czar_position: GameState) -> None:
    take = _czar_take(czar_position)
    gains = action_gains(czar_position, legal_actions(czar_position))
    assert gains[legal_actions(czar_position).index(take)] == NEVER_PLAYED_GAIN
    assert NEVER_PLAYED_GAIN < -5.0


def test_a_card_still_playable_keeps_its_ordinary_gain(czar_position: GameState) -> None:
    rich = czar_position.copy()
    rich.players[rich.to_act].rubles = 40  # the Czar can be played from hand later this phase
    actions = legal_actions(rich)
    assert action_gains(rich, actions)[actions.index(_czar_take(rich))] > NEVER_PLAYED_GAIN
    earlier = czar_position.copy()
    earlier.phase = ARISTOCRAT_PHASE  # a trading phase follows, with new rubles
    actions = legal_actions(earlier)
    assert action_gains(earlier, actions)[actions.index(_czar_take(earlier))] > NEVER_PLAYED_GAIN


@pytest.mark.parametrize("spec", ["greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"])
def test_no_bot_takes_the_czar_it_cannot_play_in_the_last_phase(czar_position: GameState, spec: str) -> None:
    take = _czar_take(czar_position)
    for seed in range(3):
        choice = make_bot(spec, seed=seed).choose(view(czar_position, czar_position.to_act))
        assert choice != take, f"{spec} (seed {seed}) took the Czar into hand: {format_action(choice)}"
