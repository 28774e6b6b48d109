"""The bot interface: a bot decides from its seat's view, never from the full state.

A bot is created with a seed and returns one legal action id for a view whose seat is to act.
The same view and the same seed give the same choice: a bot derives its randomness for a decision
from its seed and the view's step counter, not from a generator that drifts with past calls.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from petersburg.engine import ActionId, View


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``choose(view) -> action id`` method is a bot."""

    name: str

    def choose(self, seen: View) -> ActionId:
        """Return a legal action for ``seen.seat``, which must be the player to act."""
        ...


def decision_rng(seed: int, seen: View) -> random.Random:
    """A generator fixed by (bot seed, game step, seat): same view + same seed, same choice."""
    seat = seen.seat if seen.seat is not None else -1
    return random.Random((seed * 1_000_003 + seen.state.step) * 8 + seat + 1)


def require_turn(seen: View) -> list[ActionId]:
    """The viewer's legal actions; raise ValueError if it is not the viewer's turn."""
    actions = seen.legal_actions()
    if not actions:
        raise ValueError("A bot was asked to act, but it is not its seat's turn.")
    return actions
