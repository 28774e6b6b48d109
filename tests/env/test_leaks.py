"""No API hands a seat what its view hides: each test plays whole games, gathers everything the API
gives one seat (observations, masks, ``info`` / ``infos``, renders, OpenSpiel strings and tensors)
and tries to rebuild hidden facts from it.

Two attacks, each with a control that shows it works when the data is there:

- **Seeds.** Every whole number handed out (in infos, in render texts, in strings) is tried as the
  engine seed of the game: a seed that rebuilds the stacks still to be dealt would tell the seat
  every card to come (``info["game_seed"]`` once did exactly that).
- **Worlds.** The hidden facts are drawn again (``determinize`` from the seat's view: stacks, other
  players' secret hand cards, a card drawn out of sight) and everything handed out must stay the
  same: nothing the seat gets depends on them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import numpy as np
import pyspiel
import pytest
from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # type: ignore[import-untyped]

from petersburg.engine import GameState, determinize, new_game, view
from petersburg.engine.state import UNKNOWN
from petersburg.env.gymnasium_env import SanktPetersburgEnv
from petersburg.env.openspiel_game import GAME_NAME, SanktPetersburgState, resolve_chance
from petersburg.env.pettingzoo import env as pettingzoo_env
from petersburg.env.pettingzoo import raw_env

MAX_SEED = 2**63
LARGE_SEED = 1_000_003_000
"""PettingZoo plays the game of the seed given to ``reset``: a seed as small as the numbers every
render shows (rubles, VP, counts) would be "found" in them by chance, not handed out."""


def _numbers(*things: object) -> set[int]:
    """Every whole number in ``things``: ints and whole floats in nested dicts, lists and tuples,
    and every run of digits in strings."""
    found: set[int] = set()
    pending: list[object] = list(things)
    while pending:
        thing = pending.pop()
        if isinstance(thing, dict):
            pending.extend(thing.keys())
            pending.extend(thing.values())
        elif isinstance(thing, list | tuple | set):
            pending.extend(thing)
        elif isinstance(thing, str):
            found.update(int(digits) for digits in re.findall(r"\d+", thing))
        elif isinstance(thing, bool):
            continue
        elif isinstance(thing, int | np.integer) or (
            isinstance(thing, float | np.floating) and float(thing).is_integer()
        ):
            found.add(int(thing))
    return {number for number in found if 0 <= number < MAX_SEED}


def _seeds_that_rebuild(candidates: Iterable[int], truth: GameState) -> list[int]:
    """The candidate seeds whose game holds the stacks ``truth`` has still to deal, in that order
    (stacks are dealt from their end, so what is left is a prefix of the set-up's stacks)."""
    found = []
    for seed in candidates:
        stacks = new_game(truth.num_players, seed, truth.options).stacks
        if all(stack[: len(left)] == left for stack, left in zip(stacks, truth.stacks, strict=True)):
            found.append(seed)
    return found


def _other_world(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with everything ``seat`` does not see drawn again, the stacks' order included."""
    other = determinize(view(state, seat), rng)
    assert other.stacks != state.stacks or not any(len(stack) > 1 for stack in state.stacks)
    return other


@pytest.mark.parametrize("num_players", [2, 4])
def test_gymnasium_hands_out_nothing_that_rebuilds_hidden_facts(num_players: int) -> None:
    env = SanktPetersburgEnv(num_players=num_players, opponents="random", render_mode="ansi")
    handed: list[Any] = []
    obs, info = env.reset(seed=num_players)
    truth_at_start = env.game.copy()
    handed += [info, env.render()]
    rng = np.random.default_rng(num_players)
    worlds = random.Random(num_players)
    terminated = False
    while not terminated:
        if not env.game.is_over:  # the same observation and render in another world
            true_game, seen = env.game, obs
            env._game = _other_world(true_game, env.seat, worlds)
            again = env._observation()
            np.testing.assert_array_equal(again["observation"], seen["observation"])
            np.testing.assert_array_equal(again["action_mask"], seen["action_mask"])
            assert env.render() == handed[-1]
            env._game = true_game
            env._observation()
        obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        handed += [info, env.render()]
    assert _seeds_that_rebuild(_numbers(*handed), truth_at_start) == []
    assert _seeds_that_rebuild([truth_at_start.seed], truth_at_start) == [truth_at_start.seed]  # control


@pytest.mark.parametrize("num_players", [2, 3])
def test_pettingzoo_aec_hands_out_nothing_that_rebuilds_hidden_facts(num_players: int) -> None:
    game = pettingzoo_env(num_players=num_players, render_mode="ansi")
    game.reset(seed=LARGE_SEED + num_players)
    raw = game.unwrapped
    assert isinstance(raw, raw_env)
    truth_at_start = raw.game.copy()
    handed: list[Any] = [raw.infos, game.render()]
    rng = np.random.default_rng(num_players)
    worlds = random.Random(num_players)
    for agent in game.agent_iter():
        obs, _, termination, truncation, info = game.last()
        handed += [info, game.render()]
        if not raw.game.is_over:
            seat = raw.possible_agents.index(agent)
            true_game = raw.game
            raw._game = _other_world(true_game, seat, worlds)
            again = raw.observe(agent)
            np.testing.assert_array_equal(again["observation"], obs["observation"])
            np.testing.assert_array_equal(again["action_mask"], obs["action_mask"])
            raw._game = _other_world(true_game, seat, worlds)
            assert game.render() == handed[-1]  # the public table: the same
            raw._game = true_game
            raw.observe(agent)
        game.step(None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    handed.append(raw.infos)
    assert _seeds_that_rebuild(_numbers(*handed), truth_at_start) == []
    assert _seeds_that_rebuild([truth_at_start.seed], truth_at_start) == [truth_at_start.seed]  # control


def test_pettingzoo_parallel_hands_out_nothing_that_rebuilds_hidden_facts() -> None:
    parallel = turn_based_aec_to_parallel(pettingzoo_env(num_players=3, render_mode="ansi"))
    observations, infos = parallel.reset(seed=LARGE_SEED)
    truth_at_start = parallel.aec_env.unwrapped.game.copy()
    handed: list[Any] = [infos, parallel.render()]
    rng = np.random.default_rng(9)
    steps = 0
    while parallel.agents:
        actions = {}
        for agent, seen in observations.items():
            legal = np.flatnonzero(seen["action_mask"])
            actions[agent] = int(rng.choice(legal)) if legal.size else 0
        observations, rewards, terminations, truncations, infos = parallel.step(actions)
        handed += [rewards, terminations, truncations, infos, parallel.render()]
        steps += 1
    assert steps > 50
    assert _seeds_that_rebuild(_numbers(*handed), truth_at_start) == []
    assert _seeds_that_rebuild([truth_at_start.seed], truth_at_start) == [truth_at_start.seed]  # control


def _openspiel_outputs(state: SanktPetersburgState, seat: int) -> tuple[str, list[float], str, list[float]]:
    return (
        state.information_state_string(seat),
        state.information_state_tensor(seat),
        state.observation_string(seat),
        state.observation_tensor(seat),
    )


def _hides_a_draw(state: SanktPetersburgState, seat: int) -> bool:
    """Whether ``seat``'s view hides a card drawn with an Observatory (in a hand, or just drawn)."""
    assert state.game_state is not None
    seen = view(state.game_state, seat).state
    return seen.drawn == UNKNOWN or any(UNKNOWN in player.hand for player in seen.players)


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_hands_a_seat_nothing_its_view_hides(players: int) -> None:
    """Every string and tensor a seat gets is the same in worlds resampled from its information
    state, and no number in them is a seed that rebuilds the cards still to come.

    A resampled state is a history a seat's search may read whole (chance outcomes, text,
    serialisation): resampled with the same sampler from the real game and from another world the
    seat cannot tell from it (whose hidden draws differ), it is the same state, so nothing of the
    real game's hidden outcomes is in it."""
    state: SanktPetersburgState = pyspiel.load_game(GAME_NAME, {"players": players}).new_initial_state()
    chance = random.Random(players)
    resolve_chance(state, chance)
    assert state.game_state is not None
    truth_at_start = state.game_state.copy()
    sampler = random.Random(players).random
    handed: list[Any] = []
    decisions = hidden_differ = 0
    while not state.is_terminal():
        for seat in range(players):
            if decisions % 5 == 0:
                outputs = _openspiel_outputs(state, seat)
                handed.append([outputs[0], outputs[2]])
                assert _openspiel_outputs(state.resample_from_infostate(seat, sampler), seat) == outputs
            if decisions % 5 == 0 or _hides_a_draw(state, seat):
                other_world = state.resample_from_infostate(seat, sampler)
                hidden_differ += other_world.history() != state.history()
                from_truth, from_other = (
                    world.resample_from_infostate(seat, random.Random(decisions).random)
                    for world in (state, other_world)
                )
                assert from_truth.history() == from_other.history() and str(from_truth) == str(from_other)
        state.apply_action(chance.choice(state.legal_actions()))
        resolve_chance(state, chance)
        decisions += 1
    numbers = _numbers(*handed)
    assert len(numbers) > 10
    assert _seeds_that_rebuild(numbers, truth_at_start) == []
    assert hidden_differ > 0  # control: worlds the seat cannot tell apart had other hidden draws
