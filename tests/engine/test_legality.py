"""``legal_actions`` against ``explain_illegal``, and the fast path's prices against ``card_price``.

``legal_actions`` is the engine's hot path: it inlines the price of every card and collects ids by
arithmetic. ``explain_illegal`` asks the rules one by one with the named predicates. Over random
states of both editions, with and without the Market, the two must agree on every action id: an
id left out gets a specific reason, a legal one none. And raising or lowering a player's rubles
across ``card_price`` must make a purchase legal exactly from that price on.
"""

import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from petersburg.engine import (
    NUM_ALL_ACTIONS,
    GameOptions,
    GameState,
    apply_action,
    card_price,
    explain_illegal,
    legal_actions,
    new_game,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_PLAY,
    target_kind,
)
from petersburg.engine.rules import source_card
from petersburg.engine.state import NO_CARD, STAGE_ACTIONS, STAGE_OBSERVED

from .test_properties import EDITIONS, draw_setup

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
EVERY = 7
"""Every this many states of a game are checked (and every one of an uncommon stage)."""


def check_agreement(state: GameState) -> None:
    legal = set(legal_actions(state))
    for action in range(NUM_ALL_ACTIONS):
        reason = explain_illegal(state, action)
        if action in legal:
            assert reason == "", (action, reason)
        else:
            assert reason.endswith((".", ")")), (action, reason)


def purchase_card(state: GameState, action: int) -> tuple[int, bool]:
    """The card a buy or play action puts into play and whether it comes from the lower row."""
    player = state.players[state.to_act]
    if ACTION_KIND[action] == KIND_PLAY:
        return player.hand[ACTION_ARG[action]], False
    if ACTION_ARG[action] == DRAWN_SOURCE:
        return state.drawn, False
    return source_card(state, ACTION_ARG[action])


def check_prices(state: GameState) -> None:
    """Every purchase the rules allow but for its price is legal exactly from ``card_price`` on."""
    if state.stage not in (STAGE_ACTIONS, STAGE_OBSERVED):
        return
    player = state.players[state.to_act]
    rich = state.copy()
    rich.players[rich.to_act].rubles = 10_000
    candidates = [a for a in legal_actions(rich) if ACTION_KIND[a] in (KIND_BUY, KIND_PLAY)]
    for action in candidates:
        card, from_lower = purchase_card(state, action)
        target = ACTION_TARGET[action]
        displaced = target_kind(target) if target else NO_CARD
        price = card_price(player, card, from_lower, displaced, state.shape)
        for rubles, expected in ((price - 1, False), (price, True)):
            probe = state.copy()
            probe.players[probe.to_act].rubles = rubles
            assert (action in legal_actions(probe)) == expected, (action, price, rubles)


def play_and_check(players: int, seed: int, options: GameOptions) -> None:
    """Play a game uniformly at random from ``seed``, checking every few states and each
    uncommon stage (a drawn card, a Pub, a Market decision)."""
    state = new_game(players, seed, options)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        if step % EVERY == 0 or state.stage != STAGE_ACTIONS:
            check_agreement(state)
            check_prices(state)
        apply_action(state, rng.choice(legal_actions(state)))
        step += 1
    check_agreement(state)


@EDITIONS
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_every_id_left_out_has_a_reason_and_every_price_is_card_price(
    max_players: int, strategy: st.SearchStrategy[GameOptions], seed: int, data: Any
) -> None:
    players, options = draw_setup(data, max_players, strategy)
    play_and_check(players, seed, options)
