"""Shared helpers for the environment tests: random legal play through the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from petersburg.engine import GameOptions, GameState, apply_action, legal_actions, new_game


def random_states(
    num_players: int, seed: int, options: GameOptions | None = None, every: int = 1
) -> Iterator[GameState]:
    """Every ``every``-th state of a game played with uniformly random legal actions, to the end."""
    state = new_game(num_players, seed, options)
    rng = random.Random(seed)
    while True:
        if state.step % every == 0 or state.is_over:
            yield state
        if state.is_over:
            return
        apply_action(state, rng.choice(legal_actions(state)))
