"""The research APIs with the 2nd edition and *The Market*: layouts, masks, environments, OpenSpiel."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium import Space, spaces
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from petersburg.cards_second_edition import NUM_GOODS
from petersburg.engine import (
    NUM_ACTIONS,
    NUM_ALL_ACTIONS,
    STAGE_CRATE,
    STAGE_JOKER,
    GameOptions,
    determinize,
    goods_counts,
    legal_actions,
    market_values,
    view,
)
from petersburg.engine.options import CHOICES, MARKET_OPTIONS
from petersburg.env.encoding import (
    CLASSIC_LAYOUT,
    MARKET_LAYOUT,
    OBS_SIZE,
    action_mask,
    encode_observation,
    observation_layout,
)
from petersburg.env.gymnasium_env import SanktPetersburgEnv
from petersburg.env.openspiel_game import GAME_NAME, INFO_TENSOR_SIZE, SanktPetersburgState, resolve_chance
from petersburg.env.pettingzoo import env, raw_env

from .helpers import random_states
from .test_env_pettingzoo import NOT_AN_ARRAY, dict_layout_remarks

MARKET = GameOptions(edition="second", market=True)
OTHER_MARKET_VALUES: dict[str, Any] = {name: CHOICES[name][1] for name in MARKET_OPTIONS}
"""Any: the options' values are of several types (``CHOICES`` holds them as objects)."""
ALL_MARKET_OPTIONS = GameOptions(edition="second", market=True, show_rubles=True, **OTHER_MARKET_VALUES)
"""Every Market option at its other value (the 8-card board among them)."""


def dict_space(space: Space[Any]) -> spaces.Dict:
    """An observation space, which is a ``Dict`` (observation and action mask)."""
    assert isinstance(space, spaces.Dict)
    return space


def discrete_space(space: Space[Any]) -> spaces.Discrete:
    """An action space, which is ``Discrete`` (one id per action)."""
    assert isinstance(space, spaces.Discrete)
    return space


def test_games_without_the_market_keep_the_classic_shapes() -> None:
    """A 1st-edition (or 2nd edition alone) environment observes and acts exactly as before."""
    assert OBS_SIZE == CLASSIC_LAYOUT.size == 1547
    for options in (GameOptions(), GameOptions(edition="second")):
        assert observation_layout(options) is CLASSIC_LAYOUT
        game = raw_env(num_players=4, options=options)
        assert dict_space(game.observation_space("player_0"))["observation"].shape == (1547,)
        assert discrete_space(game.action_space("player_0")).n == NUM_ACTIONS == 559
        state = next(random_states(2, 3, options))
        assert encode_observation(view(state, 0)).shape == (1547,)


def test_market_layout_is_contiguous_and_larger() -> None:
    layout = MARKET_LAYOUT
    offset = 0
    for field in layout.fields:
        assert field.offset == offset and field.size == len(field.high) > 0
        offset += field.size
    assert offset == layout.size > CLASSIC_LAYOUT.size
    assert layout.num_actions == NUM_ALL_ACTIONS == 954
    assert observation_layout(ALL_MARKET_OPTIONS) is layout  # both board sizes share it
    assert layout.field["phase"].size == 5 and layout.field["markers"].size == 5 * 5
    assert layout.field["seat4_goods"].size == NUM_GOODS


@pytest.mark.parametrize("num_players", [1, 2, 3, 4, 5])
def test_market_observations_stay_in_bounds_and_masks_are_the_legal_actions(num_players: int) -> None:
    options = ALL_MARKET_OPTIONS if num_players in (1, 3) else MARKET  # 5 players need 10 cards
    checked = 0
    for state in random_states(num_players, num_players, options):
        legal = legal_actions(state) if not state.is_over else []
        for seat in [*range(num_players), None]:
            seen = view(state, seat)
            obs = encode_observation(seen)
            assert obs.dtype == np.float32 and obs.shape == (MARKET_LAYOUT.size,)
            assert (obs >= MARKET_LAYOUT.low).all() and (obs <= MARKET_LAYOUT.high).all()
            if seat is not None:
                mask = action_mask(seen)
                assert mask.shape == (NUM_ALL_ACTIONS,)
                assert np.flatnonzero(mask).tolist() == (legal if seat == state.current_player else [])
                checked += seat == state.current_player
    assert checked > 50


def test_market_fields_decode_to_the_view() -> None:
    decisions = 0
    for seed in range(4):
        for state in random_states(3, seed, MARKET, every=3):
            for seat in range(3):
                fields = MARKET_LAYOUT.describe(encode_observation(view(state, seat)))
                assert fields["phase"].index(1.0) == state.phase
                assert fields["num_players"] == [0.0, 0.0, 1.0, 0.0, 0.0]
                for phase, holder in enumerate(state.markers):
                    assert fields["markers"][phase * 5 : phase * 5 + 5].index(1.0) == (holder - seat) % 3
                for other in range(3):
                    slot = (other - seat) % 3
                    assert fields[f"seat{slot}_goods"] == [float(c) for c in goods_counts(state, other)]
                assert fields["seat3_goods"] == fields["seat4_goods"] == [0.0] * NUM_GOODS
                market = state.market
                assert market is not None
                assert fields["market_scoring"] == [float(market.scoring)]
                for slot, good in enumerate(market.jokers):
                    named = fields["jokers"][slot * NUM_GOODS : (slot + 1) * NUM_GOODS]
                    assert named == [float(good == g) for g in range(NUM_GOODS)]  # all 0 if NO_GOOD
                first, second = market_values(state.round, state.options)
                assert fields["market_values"] == pytest.approx([first / 10, second / 10])
                if market.queue:
                    decider, card = market.queue[0]
                    assert fields["market_decider"].index(1.0) == (decider - seat) % 3
                    assert fields["market_decision_card"].index(1.0) == card
                    assert state.stage in (STAGE_CRATE, STAGE_JOKER)
                    decisions += 1
                else:
                    assert sum(fields["market_decider"]) == sum(fields["market_decision_card"]) == 0.0
    assert decisions > 0


@pytest.mark.parametrize("num_players", [2, 5])
def test_market_observation_never_depends_on_hidden_data(num_players: int) -> None:
    rng = random.Random(num_players)
    for state in random_states(num_players, 7, MARKET, every=4):
        for seat in range(num_players):
            mine = encode_observation(view(state, seat))
            sampled = determinize(
                view(state, seat), rng, hidden_rubles=[rng.randint(0, 90) for _ in state.players]
            )
            np.testing.assert_array_equal(encode_observation(view(sampled, seat)), mine)


def test_pettingzoo_market_env_passes_the_api_test() -> None:
    game = env(num_players=5, options={"edition": "second", "market": True})
    assert game.observation_space("player_4")["observation"].shape == (MARKET_LAYOUT.size,)
    assert game.action_space("player_4").n == NUM_ALL_ACTIONS
    assert dict_layout_remarks(lambda: api_test(game, num_cycles=1000))[NOT_AN_ARRAY] > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 5}, r"1 to 4 players \(5 with the Market\)"),
        ({"num_players": 6, "options": MARKET}, "1 to 5 players with the Market"),
        ({"options": {"market": True}}, "needs the 2nd edition"),
        ({"options": {"edition": "second", "joker": "each_scoring"}}, "only to a game with the Market"),
        ({"options": {"colour": "red"}}, "Unknown game option"),
    ],
)
def test_bad_market_arguments_get_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    for make in (raw_env, SanktPetersburgEnv):
        with pytest.raises(ValueError, match=message):
            make(**kwargs)


def test_gymnasium_market_env_passes_check_env_and_plays_to_the_end() -> None:
    game = SanktPetersburgEnv(num_players=4, opponents="greedy", options=ALL_MARKET_OPTIONS)
    assert dict_space(game.observation_space)["observation"].shape == (MARKET_LAYOUT.size,)
    assert discrete_space(game.action_space).n == NUM_ALL_ACTIONS
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(game, skip_render_check=True)
    assert [str(w.message) for w in caught] == []
    obs, _ = game.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = False
    while not terminated:
        assert obs["action_mask"].shape == (NUM_ALL_ACTIONS,) and game.action_masks().any()
        obs, _, terminated, _, info = game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(info["scores"]) == 4 and game.game.market is not None


def test_openspiel_market_game_passes_the_random_simulation_test() -> None:
    params = {"players": 5, "edition": "second", "market": True, "joker": "each_scoring"}
    game = pyspiel.load_game(GAME_NAME, params)
    assert game.num_distinct_actions() == NUM_ALL_ACTIONS and game.num_players() == 5
    assert game.observation_tensor_size() == MARKET_LAYOUT.size
    assert game.information_state_tensor_size() > INFO_TENSOR_SIZE
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state: SanktPetersburgState = game.new_initial_state()
    resolve_chance(state, random.Random(9))
    assert state.game_state is not None and state.game_state.options.market
    assert state.game_state.options.joker == "each_scoring" and state.game_state.num_players == 5
    tensor = np.array(state.information_state_tensor(2), dtype=np.float32)
    np.testing.assert_array_equal(tensor[: MARKET_LAYOUT.size], encode_observation(view(state.game_state, 2)))
    classic = pyspiel.load_game(GAME_NAME, {"players": 2})
    assert classic.num_distinct_actions() == NUM_ACTIONS
    assert classic.information_state_tensor_size() == INFO_TENSOR_SIZE


def test_openspiel_refuses_options_that_do_not_go_together() -> None:
    with pytest.raises(Exception, match="needs the 2nd edition"):
        pyspiel.load_game(GAME_NAME, {"players": 2, "market": True})
    with pytest.raises(Exception, match="1 to 4 players"):
        pyspiel.load_game(GAME_NAME, {"players": 5, "edition": "second"})
