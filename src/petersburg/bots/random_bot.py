"""Random: uniform choice among the legal actions (the baseline every bot must beat)."""

from __future__ import annotations

from petersburg.bots.base import decision_rng, require_turn
from petersburg.engine import ActionId, View


class RandomBot:
    """Picks uniformly among the legal actions of its view."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.seed = seed

    def choose(self, seen: View) -> ActionId:
        """A uniformly random legal action, fixed by the seed and the view's step."""
        actions = require_turn(seen)
        return actions[decision_rng(self.seed, seen).randrange(len(actions))]
