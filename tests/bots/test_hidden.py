"""A bot decides from its view: changing what the view hides never changes its choice."""

from __future__ import annotations

import random

import pytest

from petersburg.bots import make_bot
from petersburg.cards import DECK
from petersburg.engine import GameState, view

from .helpers import random_states

SPECS = ["random", "beginner", "greedy", "ismcts:easy"]


def _alter_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same public picture with different hidden data: stacks reshuffled, opponents' secret
    hand cards (drawn with an Observatory) swapped with stack cards of the same deck. (Hand cards
    taken from the board are public: every player saw them; so are rubles, every one earned or
    spent in public: views keep them.)"""
    other = state.copy()
    for stack in other.stacks:
        rng.shuffle(stack)
    for number, player in enumerate(other.players):
        if number == seat:
            continue
        secret = list(player.secret_hand)
        for index, card in enumerate(secret):
            stack = other.stacks[DECK[card]]
            if stack:
                position = rng.randrange(len(stack))
                secret[index], stack[position] = stack[position], card
                player.hand[player.hand.index(card)] = secret[index]
        player.hand.sort()
        player.secret_hand = tuple(sorted(secret))
    return other


@pytest.mark.parametrize("spec", SPECS)
def test_choice_ignores_hidden_information(spec: str) -> None:
    rng = random.Random(7)
    changed = 0
    for number, state in enumerate(
        random_states(40 if spec != "ismcts:easy" else 12, seed=8, players=(2, 3, 4))
    ):
        seat = state.current_player
        altered = _alter_hidden(state, seat, rng)
        if altered != state:
            changed += 1
        first = make_bot(spec, number).choose(view(state, seat))
        second = make_bot(spec, number).choose(view(altered, seat))
        assert first == second
    assert changed > 0, "the test must really change hidden data"


@pytest.mark.parametrize("spec", SPECS)
def test_same_view_and_seed_give_the_same_choice(spec: str) -> None:
    for number, state in enumerate(random_states(8, seed=9)):
        seen = view(state, state.current_player)
        bot = make_bot(spec, number)
        first = bot.choose(seen)
        make_bot(spec, number + 1000).choose(seen)  # other bots' use changes nothing
        assert make_bot(spec, number).choose(seen) == first
        assert bot.choose(seen) == first


def test_views_hide_what_the_alteration_changes() -> None:
    rng = random.Random(10)
    state = random_states(1, seed=11, players=(4,))[0]
    seat = state.current_player
    assert view(state, seat).state == view(_alter_hidden(state, seat, rng), seat).state
