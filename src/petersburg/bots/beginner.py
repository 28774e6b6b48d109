"""Beginner: a newcomer's first opponent, plausible but short-sighted.

It prices every legal action with greedy's *lite* evaluation (``greedy.action_gains`` with
``lite=True``: what a card brings over the scorings left, less its price; no denial, no taking
board cards into hand, no Observatory expectation), keeps the few actions within ``SPREAD`` VP of
the best one (at most ``CHOICES``), and picks among them at random, the better ones more often
(weights ``exp((gain - best) / TEMPERATURE)``). So it buys what it can use and never does
anything absurd: an action far below the best (passing while a clearly good buy is open, taking a
card it will be fined for) is never among the choices; but it often settles for the second or
third best and never takes a card away from a rival, which is what makes it beatable by a
person who plans (and by Greedy, see ``docs/bots.md``). Seeded and view-only like every bot: the
same view and seed give the same choice.
"""

from __future__ import annotations

import math
from typing import Final

from petersburg.bots.base import decision_rng, require_turn
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Weights
from petersburg.bots.greedy import action_gains
from petersburg.engine import ActionId, View

CHOICES: Final = 3
"""How many of the best actions it picks among."""
SPREAD: Final = 2.5
"""VP below the best action beyond which an action is never picked."""
TEMPERATURE: Final = 1.5
"""VP over which a choice's weight falls by a factor e: the higher, the more often a lesser move."""


class BeginnerBot:
    """Picks at random among the few best actions by greedy's lite evaluation, the better ones
    more often (see the module docstring)."""

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS, name: str = "beginner") -> None:
        self.name = name
        self.seed = seed
        self.weights = weights

    def choose(self, seen: View) -> ActionId:
        """One of the best few actions by the lite evaluation, drawn by the seeded decision rng."""
        actions = require_turn(seen)
        if len(actions) == 1:
            return actions[0]
        gains = action_gains(seen.state, actions, self.weights, lite=True, deny=False)
        order = sorted(range(len(actions)), key=lambda i: (-gains[i], actions[i]))
        best = gains[order[0]]
        chosen = [i for i in order[:CHOICES] if gains[i] >= best - SPREAD]
        weights = [math.exp((gains[i] - best) / TEMPERATURE) for i in chosen]
        pick = decision_rng(self.seed, seen).random() * sum(weights)
        for index, weight in zip(chosen, weights, strict=True):
            pick -= weight
            if pick <= 0.0:
                return actions[index]
        return actions[chosen[-1]]
