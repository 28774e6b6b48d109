"""The PettingZoo AEC environment: PettingZoo's own API, seed, render and parallel tests, rewards, turns."""

from __future__ import annotations

import os
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
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

NOT_AN_ARRAY = "Observation is not a NumPy array"
NOT_BOX_OR_DISCRETE = "Observation space for each agent probably should be gymnasium.spaces.box or"
DICT_LAYOUT_REMARKS = (NOT_AN_ARRAY, NOT_BOX_OR_DISCRETE)
"""What ``api_test`` says of the ``Dict(observation, action_mask)`` layout of PettingZoo's classic
games when the environment is not one of them: it exempts those games by name only (lists in
``pettingzoo/test/api_test.py``), and there is no public way to join them (docs/research.md)."""
API_TEST_FILE = os.path.join("pettingzoo", "test", "api_test.py")


def dict_layout_remarks(run: Callable[[], object]) -> Counter[str]:
    """Run ``run`` with every warning recorded; each must be one of ``DICT_LAYOUT_REMARKS`` from
    PettingZoo's ``api_test`` (anything else fails): their number by kind."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    remarks: Counter[str] = Counter()
    for warning in caught:
        message = str(warning.message)
        kind = next((known for known in DICT_LAYOUT_REMARKS if message.startswith(known)), None)
        assert kind is not None and warning.filename.endswith(API_TEST_FILE), f"{warning.filename}: {message}"
        remarks[kind] += 1
    return remarks


@pytest.fixture
def no_warnings() -> Iterator[list[str]]:
    """Collect every warning of the test: there must be none."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        messages: list[str] = []
        yield messages
        messages.extend(str(w.message) for w in caught)
    assert messages == []


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_pettingzoo_api_test(num_players: int) -> None:
    """The default ``Dict`` layout passes ``api_test`` with its remarks on that layout alone (the
    array layout passes with none: ``test_array_observations_pass_the_api_test...``)."""
    remarks = dict_layout_remarks(lambda: api_test(env(num_players=num_players), num_cycles=1000))
    assert remarks[NOT_AN_ARRAY] > 0 and remarks[NOT_BOX_OR_DISCRETE] == num_players


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_raw_env_passes_api_test_with_each_reward(reward: str) -> None:
    remarks = dict_layout_remarks(lambda: api_test(raw_env(num_players=3, reward=reward), num_cycles=1000))
    assert remarks[NOT_AN_ARRAY] > 0


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_pettingzoo_seed_test(num_players: int, no_warnings: list[str]) -> None:
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


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_array_observations_pass_the_api_test_with_no_warning_and_no_exemption(num_players: int) -> None:
    """``api_test`` remarks on every ``Dict`` observation (the 89-311 warnings of a run) of an
    environment that is not one of PettingZoo's classic games; the array format, its mask in
    ``infos``, gets none, from ``api_test``, ``parallel_api_test`` and ``seed_test`` alike."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(num_players=num_players, observation_format="array"), num_cycles=1000)
        parallel_api_test(
            turn_based_aec_to_parallel(env(num_players=num_players, observation_format="array")),
            num_cycles=1000,
        )
        seed_test(lambda: env(num_players=num_players, observation_format="array"), num_cycles=300)
    assert [str(w.message) for w in caught] == []


def test_array_observations_are_the_dict_ones_with_the_mask_in_infos() -> None:
    as_dict, as_array = raw_env(num_players=3), raw_env(num_players=3, observation_format="array")
    as_dict.reset(seed=5)
    as_array.reset(seed=5)
    rng = np.random.default_rng(5)
    dict_space = as_dict.observation_space("player_0")
    assert isinstance(dict_space, spaces.Dict)
    assert as_array.observation_space("player_0") == dict_space["observation"]
    while not as_dict.game.is_over:
        for agent in as_dict.agents:
            seen = as_dict.observe(agent)
            np.testing.assert_array_equal(as_array.observe(agent), seen["observation"])
            np.testing.assert_array_equal(as_array.infos[agent]["action_mask"], seen["action_mask"])
        action = int(rng.choice(np.flatnonzero(as_dict.observe(as_dict.agent_selection)["action_mask"])))
        as_dict.step(action)
        as_array.step(action)
    assert all(not info["action_mask"].any() and "score" in info for info in as_array.infos.values())
    wrapped = env(num_players=2, observation_format="array")  # the wrapper finds the mask in infos
    wrapped.reset(seed=1)
    _, _, _, _, info = wrapped.last()
    wrapped.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert all(wrapped.terminations.values()) and wrapped.rewards[wrapped.agents[0]] == -1


def test_normal_use_of_the_wrapped_env_and_its_parallel_conversion_warns_nothing() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game = env(num_players=3, render_mode="ansi")
        game.reset(seed=3)
        for agent in game.agent_iter():
            obs, _, termination, truncation, _ = game.last()
            game.step(
                None if termination or truncation else game.action_space(agent).sample(obs["action_mask"])
            )
            game.render()
        parallel = turn_based_aec_to_parallel(env(num_players=2))
        observations, _ = parallel.reset(seed=3)
        while parallel.agents:
            observations, *_ = parallel.step(
                {
                    agent: int(np.flatnonzero(seen["action_mask"])[0]) if seen["action_mask"].any() else 0
                    for agent, seen in observations.items()
                }
            )
    assert [str(w.message) for w in caught] == []
