"""A trained policy as a bot, so tournaments, the server and other bots can play against it.

A policy here is any function from the environments' observation dict (``{"observation": float32
vector, "action_mask": int8 mask}`` of one seat's view, exactly what the environments give) to an
action id. ``PolicyBot`` builds that dict from the view it is asked about and checks the answer,
so any learning library fits, e.g. a Stable-Baselines3 / sb3-contrib model::

    from sb3_contrib import MaskablePPO
    from petersburg.bots import register_bot
    from petersburg.env.policy_bot import PolicyBot, masked_model_policy

    model = MaskablePPO.load("ppo.zip", device="cpu")
    register_bot("ppo", lambda seed: PolicyBot(masked_model_policy(model), name="ppo"))
    # petersburg tournament --import my_policy.py --bots ppo,greedy

The bot decides from its seat's view only, like every bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy.typing as npt

from petersburg.bots.base import require_turn
from petersburg.engine import ActionId, View, format_action
from petersburg.env.encoding import MaskArray, observation_layout
from petersburg.env.pettingzoo import ObsDict

Policy = Callable[[ObsDict], int]
"""Observation dict of one seat's view -> an action id among the mask's ones."""


class MaskedModel(Protocol):
    """A model with sb3-contrib's masked ``predict`` (e.g. ``MaskablePPO``)."""

    def predict(
        self, observation: ObsDict, *, action_masks: MaskArray, deterministic: bool
    ) -> tuple[npt.NDArray[Any], object]: ...


def masked_model_policy(model: MaskedModel) -> Policy:
    """The model's deterministic choice among the legal actions, as a ``Policy``."""

    def act(observation: ObsDict) -> int:
        action, _ = model.predict(observation, action_masks=observation["action_mask"], deterministic=True)
        return int(action)

    return act


class PolicyBot:
    """A bot whose choice is ``policy(observation dict of its view)``; an illegal answer is an error."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def choose(self, seen: View) -> ActionId:
        """The policy's action for ``seen``; ValueError if it is not the seat's turn or not legal."""
        legal = require_turn(seen)
        layout = observation_layout(seen.state.shape)  # the spaces of the seat's game
        mask = layout.mask(legal)
        action = int(self.policy({"observation": layout.encode(seen), "action_mask": mask}))
        if action not in legal:
            shown = format_action(action) if 0 <= action < len(mask) else str(action)
            raise ValueError(f"The policy of bot '{self.name}' chose an illegal action ({shown}).")
        return action


__all__ = ["MaskedModel", "Policy", "PolicyBot", "masked_model_policy"]
