"""The Gymnasium environment: registration, check_env, bots, illegal actions, determinism."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from petersburg.bots import register_bot
from petersburg.engine import NUM_ACTIONS, IllegalActionError, View, legal_actions, view, winners
from petersburg.env import ENV_ID
from petersburg.env.encoding import encode_observation
from petersburg.env.gymnasium_env import SanktPetersburgEnv
from petersburg.env.rewards import final_rewards


class LastLegalBot:
    """A deterministic test bot: always the highest legal action id (never a plain pass if it can)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "test-last-legal"

    def choose(self, seen: View) -> int:
        actions = seen.legal_actions()
        assert actions, "asked to act off turn"
        return actions[-1]


register_bot("test-last-legal", LastLegalBot)


def _random_episode(env: gymnasium.Env, seed: int) -> tuple[float, dict, int]:  # type: ignore[type-arg]
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_check_env_passes_without_warnings(num_players: int) -> None:
    env = gymnasium.make(ENV_ID, num_players=num_players)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_registered_id_builds_the_environment() -> None:
    env = gymnasium.make(ENV_ID, num_players=3, opponents=["random", "test-last-legal"], seat=1)
    assert isinstance(env.unwrapped, SanktPetersburgEnv)
    assert env.unwrapped.opponent_specs == ["random", "test-last-legal"]


def test_learner_acts_only_on_its_turn_and_sees_its_own_view() -> None:
    env = SanktPetersburgEnv(num_players=3, opponents="random", seat=2)
    obs, info = env.reset(seed=4)
    assert info["seat"] == 2
    rng = np.random.default_rng(0)
    while True:
        state = env.game
        assert state.current_player == 2
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal_actions(state)
        np.testing.assert_array_equal(obs["observation"], encode_observation(view(state, 2)))
        np.testing.assert_array_equal(env.action_masks(), obs["action_mask"])
        obs, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            break
    assert env.game.is_over
    assert info["won"] == (2 in winners(env.game))
    assert reward == final_rewards(env.game, "rank")[2]
    if winners(env.game) == [2]:
        assert reward == 1.0
    assert not obs["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_any_registered_bot_spec_plays_the_other_seats() -> None:
    env = SanktPetersburgEnv(num_players=2, opponents="test-last-legal", seat=0)
    env.reset(seed=1)
    assert isinstance(env.bots[1], LastLegalBot)
    reward, info, _ = _random_episode(env, 1)
    assert info["seat"] == 0 and len(info["scores"]) == 2
    assert reward == final_rewards(env.game, "rank")[0]


def test_random_seat_varies_and_is_reproducible() -> None:
    env = SanktPetersburgEnv(num_players=4)
    seats = [env.reset(seed=s)[1]["seat"] for s in range(12)]
    assert len(set(seats)) > 1
    assert seats == [env.reset(seed=s)[1]["seat"] for s in range(12)]
    assert env.reset(seed=0, options={"seat": 3})[1]["seat"] == 3


def test_same_seed_and_actions_give_the_same_episode() -> None:
    one, two = SanktPetersburgEnv(num_players=3), SanktPetersburgEnv(num_players=3)
    assert _random_episode(one, 21) == _random_episode(two, 21)
    assert one.game == two.game


def test_illegal_action_is_a_loss_by_default() -> None:
    env = SanktPetersburgEnv(num_players=2, seat=0)
    obs, _ = env.reset(seed=3)
    before = env.game.copy()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and "explanation" in info
    assert env.game == before
    assert not obs["action_mask"].any()
    score_env = SanktPetersburgEnv(num_players=2, reward="score", illegal_reward=-500.0)
    score_env.reset(seed=3)
    assert score_env.step(NUM_ACTIONS - 1)[1] == -500.0


def test_illegal_action_can_raise_instead() -> None:
    env = SanktPetersburgEnv(num_players=2, illegal_action="raise")
    obs, _ = env.reset(seed=3)
    before = env.game.copy()
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.game == before


def test_score_reward_mode_pays_the_score_difference() -> None:
    env = SanktPetersburgEnv(num_players=2, reward="score", seat=1)
    reward, info, _ = _random_episode(env, 8)
    assert reward == info["scores"][1] - info["scores"][0]


def test_render_ansi_uses_the_learners_view() -> None:
    env = SanktPetersburgEnv(num_players=2, seat=0, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and "Seat 0: 0 VP, 25 rubles" in text and "Seat 1: 0 VP, ? rubles" in text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 0}, "1 to 4 players"),
        ({"opponents": "nobody"}, "Unknown bot"),
        ({"num_players": 3, "opponents": ["random"]}, "needs 2 opponent"),
        ({"seat": 2}, "learning seat"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"reward": "elo"}, "Unknown reward"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SanktPetersburgEnv(**kwargs)  # type: ignore[arg-type]
