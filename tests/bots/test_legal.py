"""Every bot returns a legal action, in every stage, for 1 to 4 players."""

from __future__ import annotations

import pytest

from petersburg.bots import IsmctsBot, SearchConfig, bot_specs, make_bot
from petersburg.engine import STAGE_OBSERVED, STAGE_PUB, legal_actions, state_to_json, view

from .helpers import random_states, states_in_stage

CHEAP_SEARCH = SearchConfig(iterations=12, width=4, horizon=1)


@pytest.mark.parametrize("spec", ["random", "beginner", "greedy"])
def test_fast_bots_only_return_legal_actions(spec: str) -> None:
    states = random_states(400, seed=1)
    assert {state.num_players for state in states} == {1, 2, 3, 4}
    for number, state in enumerate(states):
        bot = make_bot(spec, number)
        action = bot.choose(view(state, state.current_player))
        assert action in legal_actions(state)


def test_ismcts_only_returns_legal_actions() -> None:
    for number, state in enumerate(random_states(60, seed=2)):
        bot = IsmctsBot(number, CHEAP_SEARCH)
        assert bot.choose(view(state, state.current_player)) in legal_actions(state)


@pytest.mark.parametrize("stage", [STAGE_PUB, STAGE_OBSERVED])
@pytest.mark.parametrize("spec", ["random", "beginner", "greedy", "ismcts:easy"])
def test_bots_handle_pub_and_observatory_decisions(spec: str, stage: int) -> None:
    for number, state in enumerate(states_in_stage(stage, 8, seed=3)):
        bot = make_bot(spec, number)
        assert bot.choose(view(state, state.current_player)) in legal_actions(state)


@pytest.mark.parametrize("spec", ["random", "beginner", "greedy", "ismcts:easy"])
def test_a_bot_does_not_change_the_view_it_is_given(spec: str) -> None:
    for number, state in enumerate(random_states(10, seed=4)):
        seen = view(state, state.current_player)
        before = state_to_json(seen.state)
        make_bot(spec, number).choose(seen)
        assert state_to_json(seen.state) == before


def test_bots_refuse_to_act_out_of_turn() -> None:
    state = random_states(1, seed=5, players=(3,))[0]
    other = (state.current_player + 1) % 3
    for spec in ("random", "beginner", "greedy", "ismcts:easy"):
        with pytest.raises(ValueError, match="not its seat's turn"):
            make_bot(spec).choose(view(state, other))


def test_every_registered_spec_builds_a_named_bot() -> None:
    specs = bot_specs()
    for spec in (
        "random",
        "beginner",
        "greedy",
        "ismcts",
        "ismcts:easy",
        "ismcts:medium",
        "ismcts:hard",
        "ismcts:expert",
        "ismcts:master",
    ):
        assert spec in specs
        assert make_bot(spec, 1).name
    with pytest.raises(ValueError, match="Known bots"):
        make_bot("nonsense")
