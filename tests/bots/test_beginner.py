"""Beginner: seeded, plausible choices among the best few by greedy-lite's gain (its strength
against Random and Greedy is a benchmark's matter: ``benchmarks/bots_ladder.py``)."""

from __future__ import annotations

from petersburg.bots import BeginnerBot, make_bot
from petersburg.bots.beginner import CHOICES, SPREAD
from petersburg.bots.greedy import action_gains
from petersburg.engine import PASS_ID, new_game, view

from .helpers import random_states


def test_the_same_view_and_seed_give_the_same_choice_and_seeds_vary_it() -> None:
    states = random_states(30, seed=31, players=(2, 3, 4))
    differs = 0
    for number, state in enumerate(states):
        seen = view(state, state.current_player)
        first = BeginnerBot(number).choose(seen)
        assert BeginnerBot(number).choose(view(state, state.current_player)) == first
        differs += any(BeginnerBot(seed).choose(seen) != first for seed in range(8))
    assert differs > 0, "the seed must matter somewhere: a beginner is not greedy"


def test_it_picks_only_among_the_best_few_by_the_lite_gain() -> None:
    for number, state in enumerate(random_states(80, seed=32, players=(2, 3, 4))):
        seen = view(state, state.current_player)
        actions = seen.legal_actions()
        gains = action_gains(seen.state, actions, lite=True, deny=False)
        best = max(gains)
        ranked = sorted(gains, reverse=True)
        choice = make_bot("beginner", number).choose(seen)
        gain = gains[actions.index(choice)]
        assert gain >= best - SPREAD
        assert gain >= ranked[min(CHOICES, len(ranked)) - 1]


def test_it_buys_a_worker_at_the_start_rather_than_passing() -> None:
    """A clearly good buy early in the game is never passed up."""
    for players in (2, 3, 4):
        state = new_game(players, 5)
        seen = view(state, state.current_player)
        for seed in range(12):
            assert BeginnerBot(seed).choose(seen) != PASS_ID
