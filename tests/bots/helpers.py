"""States for bot tests: reached by random play from seeded games, covering every stage."""

from __future__ import annotations

import random

from petersburg.engine import GameState, apply_unchecked, legal_actions, new_game


def random_states(count: int, seed: int, players: tuple[int, ...] = (1, 2, 3, 4)) -> list[GameState]:
    """``count`` states in which someone is to act, after random play of random length."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = new_game(rng.choice(players), rng.randrange(2**31))
        for _ in range(rng.randrange(0, 260)):
            if state.is_over:
                break
            actions = legal_actions(state)
            apply_unchecked(state, actions[rng.randrange(len(actions))])
        if not state.is_over:
            states.append(state)
    return states


def states_in_stage(stage: int, count: int, seed: int) -> list[GameState]:
    """``count`` states whose player to act faces ``stage`` (Pub, Observatory draw, ...)."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        state = new_game(rng.choice((2, 3, 4)), rng.randrange(2**31))
        while not state.is_over and len(found) < count:
            if state.stage == stage:
                found.append(state.copy())
            actions = legal_actions(state)
            apply_unchecked(state, actions[rng.randrange(len(actions))])
    return found
