"""The PettingZoo AEC environment: PettingZoo's own API, seed, render and parallel tests, rewards, turns."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # type: ignore[import-untyped]

from petersburg.engine import NUM_ACTIONS, IllegalActionError, final_scores, legal_actions, new_game, winners
from petersburg.env.pettingzoo import env, raw_env
from petersburg.env.render import FRAME_SHAPE

ENV_NAME = raw_env.metadata["name"]
api_test_module = importlib.import_module("pettingzoo.test.api_test")  # the module, not its function


@pytest.fixture
def no_warnings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Collect every warning of the test; PettingZoo treats this env as one of its Dict-observation games.

    PettingZoo's ``api_test`` exempts its own classic games, which observe exactly this
    ``Dict(observation, action_mask)`` layout, from two warnings by name ("Observation is not a
    NumPy array", "Observation space ... should be box or discrete"). Adding this environment's
    name to those two lists gives it the same treatment, no more: any other warning is collected
    and fails the test.
    """
    monkeypatch.setattr(api_test_module, "env_obs_dicts", [*api_test_module.env_obs_dicts, ENV_NAME])
    monkeypatch.setattr(api_test_module, "env_obs_space", [*api_test_module.env_obs_space, ENV_NAME])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        messages: list[str] = []
        yield messages
        messages.extend(str(w.message) for w in caught)
    assert messages == []


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_pettingzoo_api_test(num_players: int, no_warnings: list[str]) -> None:
    api_test(env(num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_raw_env_passes_api_test_with_each_reward(reward: str, no_warnings: list[str]) -> None:
    api_test(raw_env(num_players=3, reward=reward), num_cycles=1000)


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_pettingzoo_seed_test(num_players: int) -> None:
    seed_test(lambda: env(num_players=num_players), num_cycles=300)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_pettingzoo_render_test(num_players: int, capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        return env(num_players=num_players, render_mode=render_mode)

    checks: dict[str, Callable[[Any], bool]] = {
        "ansi": lambda text: "Seat 0:" in text and "Stacks:" in text,
        "rgb_array": lambda frame: frame.shape == FRAME_SHAPE and bool((frame != frame[0, 0]).any()),
    }
    render_test(make, custom_tests=checks)
    assert "Stacks:" in capsys.readouterr().out  # "human" printed the table (and returned None)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_pettingzoo_parallel_api_test_on_the_turn_based_conversion(
    num_players: int, no_warnings: list[str]
) -> None:
    parallel_api_test(turn_based_aec_to_parallel(env(num_players=num_players)), num_cycles=1000)


def test_reset_with_seed_plays_the_engine_game_of_that_seed() -> None:
    game = raw_env(num_players=3)
    game.reset(seed=1234)
    assert game.game == new_game(3, 1234)
    game.reset()
    unseeded_after_1234 = game.game.seed
    game.reset(seed=1234)
    game.reset()
    assert game.game.seed == unseeded_after_1234  # resets without a seed continue reproducibly


def test_agent_selection_follows_the_engine_and_only_it_has_a_mask() -> None:
    game = raw_env(num_players=4)
    game.reset(seed=9)
    rng = np.random.default_rng(0)
    while not game.game.is_over:
        current = game.agent_selection
        assert current == f"player_{game.game.current_player}"
        for agent in game.agents:
            mask = game.observe(agent)["action_mask"]
            if agent == current:
                assert np.flatnonzero(mask).tolist() == legal_actions(game.game)
            else:
                assert not mask.any()
        game.step(int(rng.choice(np.flatnonzero(game.observe(current)["action_mask"]))))


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_rank_rewards_are_zero_sum_and_favour_the_winners(num_players: int) -> None:
    game = raw_env(num_players=num_players, reward="rank")
    game.reset(seed=num_players)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in game.agent_iter():
        obs, reward, termination, truncation, info = game.last()
        totals[agent] += reward
        if termination or truncation:
            assert set(info) == {"score", "rubles", "won"}
            game.step(None)
            continue
        assert reward == 0.0
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = game.game
    best = winners(state)
    rewards = [totals[f"player_{i}"] for i in range(num_players)]
    assert sum(rewards) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in rewards)
    assert max(rewards) == rewards[best[0]]
    if len(best) == 1:
        assert rewards[best[0]] == 1.0
    keys = [(line.total, line.rubles) for line in final_scores(state)]
    worst = keys.index(min(keys))
    if keys.count(min(keys)) == 1:
        assert rewards[worst] == -1.0


def test_score_rewards_are_differences_to_the_mean_of_the_others() -> None:
    replay = raw_env(num_players=3, reward="score")
    replay.reset(seed=77)
    rng = np.random.default_rng(3)
    final: dict[str, float] = {}
    for agent in replay.agent_iter():
        obs, reward, termination, truncation, _ = replay.last()
        if termination or truncation:
            final[agent] = reward
            replay.step(None)
            continue
        replay.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    totals = [line.total for line in final_scores(replay.game)]
    assert replay.game.is_over and replay.agents == []
    for seat in range(3):
        others = [t for s, t in enumerate(totals) if s != seat]
        assert final[f"player_{seat}"] == pytest.approx(totals[seat] - sum(others) / 2)


def test_solo_reward_is_the_final_total() -> None:
    game = raw_env(num_players=1)
    game.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in game.agent_iter():
        obs, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            assert reward == float(final_scores(game.game)[0].total)
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert game.agents == []


def test_raw_env_rejects_an_illegal_action_without_changing_the_game() -> None:
    game = raw_env(num_players=2)
    game.reset(seed=3)
    before = game.game.copy()
    illegal = next(a for a in range(NUM_ACTIONS) if a not in legal_actions(game.game))
    with pytest.raises(IllegalActionError, match="player_"):
        game.step(illegal)
    assert game.game == before


def test_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    game = env(num_players=2)
    game.reset(seed=3)
    offender = game.agent_selection
    illegal = next(a for a in range(NUM_ACTIONS) if a not in legal_actions(game.unwrapped.game))
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.rewards[offender] == -1
    assert [game.rewards[a] for a in game.agents if a != offender] == [0]


def test_render_ansi_shows_the_public_table_only() -> None:
    game = raw_env(num_players=2, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert text is not None and "Round 1, worker phase" in text
    # rubles are public (the ledger of every ruble earned or spent), secret hand cards are not
    assert "Seat 0: 0 VP, 25 rubles" in text and "Seat 1: 0 VP, 25 rubles" in text
    assert raw_env(num_players=2).render() is None


def test_render_human_prints_the_table_at_reset_and_after_steps(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env(num_players=2, render_mode="human")
    game.reset(seed=2)
    assert capsys.readouterr().out.count("Round 1, worker phase") == 1
    game.step(legal_actions(game.game)[0])
    assert "Seat 1:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 5}, "1 to 4 players"),
        ({"reward": "elo"}, "Unknown reward"),
        ({"render_mode": "rgb"}, "render_mode"),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)  # type: ignore[arg-type]


def test_using_the_env_before_reset_is_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        raw_env().observe("player_0")
