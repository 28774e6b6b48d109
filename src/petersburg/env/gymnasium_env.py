"""Sankt Petersburg as a single-agent Gymnasium environment: one learning seat against bots.

Registered as ``petersburg/SanktPetersburg-v0`` when ``petersburg.env`` is imported::

    import gymnasium, petersburg.env
    env = gymnasium.make("petersburg/SanktPetersburg-v0", num_players=3, opponents="random")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(obs["action_mask"])

The other seats are played by bots from ``petersburg.bots.make_bot`` (any registered spec string:
``"random"``, and the stronger bots as they are registered). Every ``step`` applies the learner's
action, then lets the bots move until it is the learner's turn again or the game is over, so one
step may cover many engine actions. Observations are those of the PettingZoo environment: a dict
with ``"observation"`` (float32, the learner's view only) and ``"action_mask"`` (int8);
``action_masks()`` returns the mask too (the method ``sb3_contrib``'s MaskablePPO looks for).

When the episode is over the mask allows action 0 (pass) alone, never nothing: a vectorised
environment with Gymnasium's default next-step autoreset asks its agent for one more action on
that final observation (the action is ignored: the next step resets), and a masked sampler cannot
choose from an all-zero mask.

Render modes show the learner's view: ``"ansi"`` returns the text, ``"human"`` prints it at reset
and after every step, ``"rgb_array"`` returns it drawn as a uint8 image (what Stable-Baselines3's
``make_vec_env`` asks for, and what video recorders record).

Illegal actions: with ``illegal_action="loss"`` (default) an illegal action ends the episode at
once with reward ``illegal_reward`` (default -1 for ``"rank"`` rewards, -100 for ``"score"``) and
``info["illegal_action"] = True`` with the engine's explanation; the game is not changed. With
``illegal_action="raise"`` it raises ``IllegalActionError`` instead. Either way an agent that
samples from the mask never meets it; the default keeps generic tools (``check_env``, unmasked
baselines) running and teaches an unmasked learner that illegal moves are the worst outcome.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from petersburg.bots import Bot, make_bot
from petersburg.engine import (
    GameOptions,
    GameState,
    IllegalActionError,
    apply_action,
    apply_unchecked,
    explain_illegal,
    final_scores,
    new_game,
    view,
    winners,
)
from petersburg.env.encoding import MaskArray, observation_layout
from petersburg.env.pettingzoo import ObsDict, check_players, game_options, make_observation_space
from petersburg.env.render import RENDER_MODES, FrameArray, check_render_mode, render_view
from petersburg.env.rewards import check_reward_mode, final_rewards

ILLEGAL_MODES = ("loss", "raise")
DEFAULT_ILLEGAL_REWARD = {"rank": -1.0, "score": -100.0}
FINAL_ACTIONS = (0,)
"""What the mask allows once the episode is over: pass alone (a placeholder the environment ignores)."""


class SanktPetersburgEnv(gymnasium.Env[ObsDict, np.int64]):
    """One learning seat against bots; see the module docstring.

    Arguments: ``num_players`` (1-4, 5 with the Market; default 2); ``opponents``: one bot spec
    for every other seat or a list with one spec per other seat in seat order (default
    ``"random"``); ``seat``: the learner's seat, or ``None`` (default) for a random seat each
    episode; ``reward``: ``"rank"`` or ``"score"`` (``petersburg.env.rewards``);
    ``illegal_action`` / ``illegal_reward`` (above); ``options``: ``GameOptions`` or a mapping of
    its fields (edition, the Market and its options, variants, visibility: the observation and
    action spaces grow with the Market); ``render_mode``: ``"ansi"``, ``"human"``,
    ``"rgb_array"`` or ``None``.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 - Gymnasium reads the class

    def __init__(
        self,
        num_players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        reward: str = "rank",
        illegal_action: str = "loss",
        illegal_reward: float | None = None,
        options: GameOptions | Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game_options = game_options(options)
        num_players = check_players(num_players, self.game_options)
        specs = [opponents] * (num_players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != num_players - 1:
            raise ValueError(
                f"A {num_players}-player game needs {num_players - 1} opponent spec(s), got {len(specs)}."
            )
        for spec in specs:
            make_bot(spec, 0)  # an unknown spec fails now, naming the known bots
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < num_players):
            raise ValueError(f"The learning seat must be 0 to {num_players - 1} or None, not {seat!r}.")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be 'loss' or 'raise', not {illegal_action!r}.")
        self.num_players = num_players
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.reward_mode = check_reward_mode(reward)
        self.illegal_action = illegal_action
        self.illegal_reward = (
            float(illegal_reward) if illegal_reward is not None else DEFAULT_ILLEGAL_REWARD[self.reward_mode]
        )
        self.render_mode = check_render_mode(render_mode)
        self.layout = observation_layout(self.game_options)
        """The observation layout and action-space size of this environment's games."""
        self.action_space = spaces.Discrete(self.layout.num_actions)
        self.observation_space = make_observation_space(self.game_options)
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self._game: GameState | None = None
        self._done = False
        self._legal: list[int] = []
        """The learner's legal actions in the current observation (FINAL_ACTIONS once done)."""

    @property
    def game(self) -> GameState:
        """The full engine state (hidden data included: for tools and tests, never for agents)."""
        if self._game is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """A new game; its seed, the learner's seat and the bots' seeds all come from ``np_random``.

        ``options`` may hold ``{"seat": k}`` to put the learner in seat ``k`` for this episode.
        ``info`` holds the learner's seat alone: the game's seed would rebuild every hidden stack, so
        it is never handed out (the same ``seed`` here and the same actions replay an episode).
        """
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**31))
        seat = self.fixed_seat
        if options and options.get("seat") is not None:
            seat = int(options["seat"])
            if not 0 <= seat < self.num_players:
                raise ValueError(f"The learning seat must be 0 to {self.num_players - 1}, not {seat}.")
        self.seat = int(rng.integers(self.num_players)) if seat is None else seat
        others = [s for s in range(self.num_players) if s != self.seat]
        self.bots = {
            other: make_bot(spec, int(rng.integers(2**31)))
            for other, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._game = new_game(self.num_players, game_seed, self.game_options)
        self._done = False
        self._play_bots()
        observation = self._observation()
        if self.render_mode == "human":
            self.render()
        return observation, {"seat": self.seat}

    def step(self, action: np.int64 | int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' until the learner is to act or the game ends."""
        if self._done:
            raise RuntimeError("The episode is over; call reset() to start a new game.")
        state = self.game
        action = int(action)
        if action not in self._legal:
            reason = explain_illegal(state, action)
            if self.illegal_action == "raise":
                raise IllegalActionError(reason)
            self._done = True
            info = {"illegal_action": True, "explanation": reason}
            return self._finish_step(self.illegal_reward, info)
        apply_unchecked(state, action)  # checked against the learner's legal actions above
        self._play_bots()
        if not state.is_over:
            return self._finish_step(0.0, {})
        self._done = True
        best = winners(state)
        info = {
            "scores": [line.total for line in final_scores(state)],
            "winners": best,
            "won": self.seat in best,
            "seat": self.seat,
        }
        return self._finish_step(final_rewards(state, self.reward_mode)[self.seat], info)

    def _finish_step(
        self, reward: float, info: dict[str, Any]
    ) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        observation = self._observation()
        if self.render_mode == "human":
            self.render()
        return observation, reward, self._done, False, info

    def action_masks(self) -> MaskArray:
        """The learner's legal-action mask now (pass alone once the episode is over)."""
        return self.layout.mask(self._legal)

    def render(self) -> str | FrameArray | None:
        """The learner's view (its own hand and rubles, nothing hidden) in the render mode.

        ``"ansi"``: the text; ``"rgb_array"``: the image; ``"human"``: prints the text and
        returns None; no render mode: None.
        """
        if self.render_mode is None:
            return None
        return render_view(view(self.game, self.seat), self.render_mode)

    def _play_bots(self) -> None:
        state = self.game
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            apply_action(state, self.bots[seat].choose(view(state, seat)))

    def _observation(self) -> ObsDict:
        seen = view(self.game, self.seat)
        # Once the episode has ended (also after an illegal action) nothing is playable; the mask
        # still offers the placeholder pass, never nothing (module docstring).
        self._legal = list(FINAL_ACTIONS) if self._done else seen.legal_actions()
        return {"observation": self.layout.encode(seen), "action_mask": self.layout.mask(self._legal)}


__all__ = ["SanktPetersburgEnv"]
