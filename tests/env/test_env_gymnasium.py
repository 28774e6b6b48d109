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
from petersburg.env.encoding import OBS_SIZE, encode_observation
from petersburg.env.gymnasium_env import SanktPetersburgEnv
from petersburg.env.render import FRAME_SHAPE, render_frame
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
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]  # the placeholder pass, never all zero
    np.testing.assert_array_equal(env.action_masks(), obs["action_mask"])
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
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0]
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
    assert (
        isinstance(text, str) and "Seat 0: 0 VP, 25 rubles" in text and "Seat 1: 0 VP, 25 rubles" in text
    )  # the public ledger


def test_render_human_prints_at_reset_and_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = SanktPetersburgEnv(num_players=2, seat=0, render_mode="human")
    obs, _ = env.reset(seed=2)
    assert capsys.readouterr().out.count("Seat 0: 0 VP, 25 rubles") == 1
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "Seat 1:" in capsys.readouterr().out
    assert env.render() is None
    assert "Seat 0:" in capsys.readouterr().out


def test_render_rgb_array_draws_the_learners_view_at_a_fixed_size() -> None:
    env = SanktPetersburgEnv(num_players=3, seat=1, render_mode="rgb_array")
    obs, _ = env.reset(seed=5)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8 and first.shape == FRAME_SHAPE
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    second = env.render()
    assert isinstance(second, np.ndarray) and second.shape == FRAME_SHAPE
    assert not np.array_equal(first, second)  # the table changed, and so does the picture
    np.testing.assert_array_equal(second, render_frame(view(env.game, 1)))


AUTORESET = gymnasium.vector.AutoresetMode


@pytest.mark.parametrize("mode", [AUTORESET.NEXT_STEP, AUTORESET.SAME_STEP])
def test_vector_env_masks_are_never_all_zero_in_both_autoreset_modes(mode: AUTORESET) -> None:
    envs = gymnasium.make_vec(
        ENV_ID,
        num_envs=2,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
        num_players=2,
    )
    obs, _ = envs.reset(seed=0)
    envs.single_action_space.seed(0)
    episodes = 0
    for _ in range(600):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([envs.single_action_space.sample(mask) for mask in masks])
        assert all(mask[a] for mask, a in zip(masks, actions, strict=True))
        obs, _, terminated, _, _ = envs.step(actions)
        episodes += int(terminated.sum())
    assert episodes >= 2  # the loop crossed episode ends (where the final observation is returned)
    envs.close()


def test_stable_baselines3_make_vec_env_with_default_arguments() -> None:
    from stable_baselines3.common.env_util import make_vec_env  # the [sb3] extra (make test installs it)

    envs = make_vec_env(ENV_ID)
    obs = envs.reset()
    assert isinstance(obs, dict)
    assert obs["observation"].shape == (1, OBS_SIZE) and obs["action_mask"].any()
    frame = envs.get_images()[0]
    assert frame is not None and frame.shape == FRAME_SHAPE
    envs.close()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 0}, "1 to 4 players"),
        ({"opponents": "nobody"}, "Unknown bot"),
        ({"num_players": 3, "opponents": ["random"]}, "needs 2 opponent"),
        ({"seat": 2}, "learning seat"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"reward": "elo"}, "Unknown reward"),
        ({"render_mode": "rgb"}, "render_mode"),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SanktPetersburgEnv(**kwargs)  # type: ignore[arg-type]
