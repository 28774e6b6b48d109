"""Sankt Petersburg as a PettingZoo AEC environment (1-4 players, 5 with the Market; hidden
information, action masks).

Usage, as with PettingZoo's own classic environments::

    from petersburg.env.pettingzoo import env

    game = env(num_players=3)                      # wrapped; raw_env(...) for the bare class
    game.reset(seed=42)
    for agent in game.agent_iter():
        obs, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else game.action_space(agent).sample(obs["action_mask"])
        game.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (engine seats 0..n-1). The engine decides who acts
next (passing, Pub decisions, Observatory draws, the Market's crate and "?" decisions), so
``agent_selection`` is not plain round-robin. Each agent observes ``{"observation": float32[size],
"action_mask": int8[actions]}`` built from its own view only; the mask is all zero for agents not
to act. Both sizes come from the game's rules (``options``): ``OBS_SIZE`` and ``NUM_ACTIONS`` (559)
without the Market, ``MARKET_LAYOUT.size`` and ``NUM_ALL_ACTIONS`` (954) with it
(``petersburg.env.encoding.observation_layout``). Actions are the engine's fixed
action ids. Rewards are 0 until the game ends, then ``"rank"`` or ``"score"`` rewards
(``petersburg.env.rewards``). ``reset(seed=s)`` plays the same game as ``new_game(n, s)``.

With ``observation_format="array"`` an agent observes the float32 vector alone and finds its mask in
``infos[agent]["action_mask"]`` (PettingZoo's other convention for masks): the layout PettingZoo's
``api_test`` checks without remarks, where it accepts the ``Dict`` layout from its own classic games
only, by name.

``raw_env.step`` raises ``IllegalActionError`` (with the engine's explanation) for an illegal
action; ``env()`` wraps it like PettingZoo's classic games, so an illegal action there ends the
game with reward -1 for the offender and 0 for the others.

Render modes (the public table, a spectator's view): ``"ansi"`` returns the text, ``"human"``
prints it at reset and after every step (``render()`` prints it and returns None), ``"rgb_array"``
returns the same table drawn as a uint8 image (``petersburg.env.render.FRAME_SHAPE``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from petersburg.engine import (
    GameOptions,
    GameState,
    IllegalActionError,
    apply_unchecked,
    explain_illegal,
    final_scores,
    legal_actions,
    new_game,
    view,
    winners,
)
from petersburg.engine.options import MAX_PLAYERS, MAX_PLAYERS_MARKET
from petersburg.env.encoding import ObsArray, observation_layout
from petersburg.env.render import RENDER_MODES, FrameArray, check_render_mode, render_view
from petersburg.env.rewards import check_reward_mode, final_rewards

AgentID = str
OBSERVATION_FORMATS = ("dict", "array")
"""``"dict"``: ``{"observation", "action_mask"}``; ``"array"``: the vector, the mask in ``infos``."""
ObsDict = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""


def env(**kwargs: Any) -> AECEnv[AgentID, ObsDict, int]:
    """The wrapped environment: illegal actions end the game (-1 to the offender), bounds asserted."""
    wrapped: AECEnv[AgentID, ObsDict, int] = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


def make_observation_space(options: GameOptions | None = None) -> spaces.Dict:
    """The observation space of every agent (and of the Gymnasium environment) in a game with
    ``options`` (default: the 1st edition)."""
    layout = observation_layout(options)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=layout.low, high=layout.high, shape=(layout.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(layout.num_actions,), dtype=np.int8),
        }
    )


def game_options(given: GameOptions | Mapping[str, Any] | None) -> GameOptions:
    """The rule options an environment is made with: ``GameOptions``, or a mapping of its fields
    (``{"edition": "second", "market": True}``, handy in configuration files), or None (defaults)."""
    if given is None:
        return GameOptions()
    if isinstance(given, GameOptions):
        return given
    if not isinstance(given, Mapping):
        raise ValueError(f"The options are GameOptions or a mapping of their fields, not {given!r}.")
    known = set(GameOptions.__dataclass_fields__)
    unknown = sorted(str(key) for key in given if key not in known)
    if unknown:
        raise ValueError(f"Unknown game option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}.")
    return GameOptions(**given)


def check_players(num_players: object, options: GameOptions) -> int:
    """``num_players`` if a game with ``options`` seats that many (1-4, 5 with the Market), with the
    options checked too; else a ValueError that says why."""
    most = MAX_PLAYERS_MARKET if options.market else MAX_PLAYERS
    if isinstance(num_players, bool) or not isinstance(num_players, int) or not 1 <= num_players <= most:
        with_market = " with the Market" if options.market else f" ({MAX_PLAYERS_MARKET} with the Market)"
        raise ValueError(f"A game has 1 to {most} players{with_market}, not {num_players!r}.")
    new_game(num_players, 0, options)  # a sentence for options that do not go together
    return num_players


class raw_env(AECEnv[AgentID, ObsDict, int], EzPickle):  # type: ignore[misc]  # PettingZoo's naming
    """The unwrapped AEC environment; see the module docstring.

    Arguments: ``num_players`` (1-4, 5 with the Market; default 2), ``reward`` (``"rank"``
    default, or ``"score"``), ``options`` (``GameOptions`` or a mapping of its fields: edition,
    the Market and its options, rule variants, visibility), ``render_mode`` (``"ansi"``,
    ``"human"``, ``"rgb_array"`` or ``None``), ``observation_format`` (``"dict"`` default, or
    ``"array"``: the vector alone, the mask in ``infos[agent]["action_mask"]``).
    """

    metadata = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": list(RENDER_MODES),
        "name": "sankt_petersburg_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        num_players: int = 2,
        reward: str = "rank",
        options: GameOptions | Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        observation_format: str = "dict",
    ) -> None:
        EzPickle.__init__(self, num_players, reward, options, render_mode, observation_format)
        if observation_format not in OBSERVATION_FORMATS:
            raise ValueError(f"observation_format must be 'dict' or 'array', not {observation_format!r}.")
        self.mask_in_info = observation_format == "array"
        super().__init__()
        self.game_options = game_options(options)
        self.num_players = check_players(num_players, self.game_options)  # now, not at reset
        self.reward_mode = check_reward_mode(reward)
        self.layout = observation_layout(self.game_options)
        """The observation layout and action-space size of this environment's games."""
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.layout.num_actions) for a in self.possible_agents}
        self.observation_spaces: dict[AgentID, spaces.Space[Any]] = {
            a: make_observation_space(self.game_options)["observation"]
            if self.mask_in_info
            else make_observation_space(self.game_options)
            for a in self.possible_agents
        }
        self._seed_rng = random.Random()
        self._game: GameState | None = None
        self._legal: list[int] | None = None
        """The legal actions of the player to act, once ``observe`` has computed them."""

    # -- PettingZoo API ------------------------------------------------------------------------

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> GameState:
        """The full engine state (hidden data included: for tools, never for agents)."""
        if self._game is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: with ``seed``, the game of ``new_game(num_players, seed)``.

        Without a seed the game seed comes from a generator seeded by the last given seed (or the
        OS), so a run of resets after ``reset(seed=s)`` is reproducible. ``options`` is accepted
        for API compatibility and unused (rule options are fixed at construction).
        """
        if seed is not None:
            game_seed = int(seed)  # numpy integers too
            self._seed_rng = random.Random(game_seed)
        else:
            game_seed = self._seed_rng.randrange(2**31)
        self._game = new_game(self.num_players, game_seed, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentID, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._game.current_player]
        self._legal = None
        if self.mask_in_info:
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self.layout.mask([])
            self._mask_to_info()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: AgentID) -> Any:  # ObsDict, or ObsArray with observation_format="array"
        """What ``agent`` sees: its view encoded, and its legal-action mask (zero off turn) — or
        the encoded view alone with ``observation_format="array"`` (the mask is in ``infos``).

        Every call returns new arrays, so observations an agent keeps never change afterwards.
        """
        if self.mask_in_info:
            return self.layout.encode(view(self.game, self._seat[agent]))
        seen = view(self.game, self._seat[agent])
        legal = seen.legal_actions()
        if legal:
            self._legal = legal  # kept for step(): the agent to act chooses among exactly these
        observation: ObsArray = self.layout.encode(seen)
        return {"observation": observation, "action_mask": self.layout.mask(legal)}

    def step(self, action: int | None) -> None:
        """Apply ``action`` (an engine action id) for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action; None is only for finished agents.")
        action = int(action)
        legal = self._legal if self._legal is not None else legal_actions(state)
        if action not in legal:
            raise IllegalActionError(f"{agent}: {explain_illegal(state, action)}")
        self._cumulative_rewards[agent] = 0.0
        apply_unchecked(state, action)  # just checked: skip the engine's second legality pass
        self._legal = None
        # Rewards stay 0 (as reset set them) until the game is over, so nothing to clear here.
        if state.is_over:
            rewards = final_rewards(state, self.reward_mode)
            scores = final_scores(state)
            best = winners(state)
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = rewards[seat]
                self.infos[a] = {
                    "score": scores[seat].total,
                    "rubles": scores[seat].rubles,
                    "won": seat in best,
                }
                if self.mask_in_info:
                    self.infos[a]["action_mask"] = self.layout.mask([])
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            if self.mask_in_info:
                self.infos[agent]["action_mask"] = self.layout.mask([])
            self.agent_selection = self.possible_agents[state.current_player]
            if self.mask_in_info:
                self._mask_to_info()
        if self.render_mode == "human":
            self.render()

    def _mask_to_info(self) -> None:
        """Put the mask of the agent to act into its info (``observation_format="array"``)."""
        agent = self.agent_selection
        self._legal = view(self.game, self._seat[agent]).legal_actions()
        self.infos[agent]["action_mask"] = self.layout.mask(self._legal)

    def render(self) -> str | FrameArray | None:
        """The public table (a spectator's view: no hidden data) in the render mode.

        ``"ansi"``: the text; ``"rgb_array"``: the image; ``"human"``: prints the text and
        returns None; no render mode: None.
        """
        if self.render_mode is None:
            return None
        return render_view(view(self.game, None), self.render_mode)

    def close(self) -> None:
        """Nothing to release (no window, no files)."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


__all__ = ["check_players", "env", "game_options", "make_observation_space", "raw_env"]
