"""Every bot plays legal moves in 2nd-edition and Market games, in every stage they bring."""

from __future__ import annotations

import random

import pytest

from petersburg.bots import IsmctsBot, SearchConfig, make_bot
from petersburg.engine import (
    STAGE_CRATE,
    STAGE_JOKER,
    GameOptions,
    GameState,
    apply_action,
    apply_unchecked,
    legal_actions,
    new_game,
    view,
)

CONFIGS = [
    GameOptions(edition="second"),
    GameOptions(edition="second", market=True),
    GameOptions(edition="second", market=True, market_board=8, joker="each_scoring", unpaid_crate="idle"),
]
CHEAP_SEARCH = SearchConfig(iterations=8, width=3, horizon=2)


def market_states(count: int, seed: int, stages: tuple[int, ...] = ()) -> list[GameState]:
    """States of random Market games (every option set above) with someone to act, optionally only
    in the given stages."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        options = rng.choice(CONFIGS)
        players = rng.randrange(1, 6 if options.market and options.market_board == 10 else 5)
        state = new_game(players, rng.randrange(2**31), options)
        while not state.is_over and len(found) < count:
            if (not stages and rng.random() < 0.02) or state.stage in stages:
                found.append(state.copy())
            actions = legal_actions(state)
            apply_unchecked(state, actions[rng.randrange(len(actions))])
    return found


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_fast_bots_play_whole_games_of_every_edition(spec: str) -> None:
    for number, options in enumerate(CONFIGS):
        players = 5 if options.market and options.market_board == 10 else 3
        state = new_game(players, 40 + number, options)
        bots = [make_bot(spec, seat) for seat in range(players)]
        while not state.is_over:
            apply_action(state, bots[state.current_player].choose(view(state, state.current_player)))
        assert state.round >= 2


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_fast_bots_decide_jokers_and_crates(spec: str) -> None:
    states = market_states(12, seed=5, stages=(STAGE_JOKER, STAGE_CRATE))
    assert {state.stage for state in states} == {STAGE_JOKER, STAGE_CRATE}
    for number, state in enumerate(states):
        action = make_bot(spec, number).choose(view(state, state.current_player))
        assert action in legal_actions(state)


def test_ismcts_returns_legal_actions_in_market_games() -> None:
    states = market_states(10, seed=6) + market_states(4, seed=7, stages=(STAGE_JOKER, STAGE_CRATE))
    for number, state in enumerate(states):
        bot = IsmctsBot(number, CHEAP_SEARCH)
        assert bot.choose(view(state, state.current_player)) in legal_actions(state)
