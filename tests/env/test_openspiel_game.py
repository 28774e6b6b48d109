"""The OpenSpiel game: OpenSpiel's own consistency tests, information states, resampling, bots."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from open_spiel.python.tests import games_sim_test  # the module: pytest must not collect its tests

from petersburg.bots import Bot, GreedyBot, make_bot
from petersburg.engine import apply_action, explain_illegal, legal_actions, marker_deals, new_game, view
from petersburg.engine.state import UNKNOWN
from petersburg.engine.views import unseen_cards
from petersburg.env.encoding import OBS_SIZE, encode_observation
from petersburg.env.openspiel_game import (
    GAME_NAME,
    INFO_TENSOR_SIZE,
    EngineBot,
    OpenSpielIsmctsBot,
    SanktPetersburgGame,
    SanktPetersburgState,
    resolve_chance,
)
from petersburg.env.render import render_text

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_ismcts.py"


def _dealt(players: int, seed: int) -> SanktPetersburgState:
    """A game's first decision, its markers and opening cards drawn by chance from ``seed``."""
    state: SanktPetersburgState = pyspiel.load_game(GAME_NAME, {"players": players}).new_initial_state()
    resolve_chance(state, random.Random(seed))
    return state


def _step(state: SanktPetersburgState, action: int, rng: random.Random) -> None:
    """Apply a decision and draw the cards it takes."""
    state.apply_action(action)
    resolve_chance(state, rng)


def _decisions(state: pyspiel.State) -> list[tuple[int, int]]:
    return [(step.player, step.action) for step in state.full_history() if step.player >= 0]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_openspiel_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 3, "edition": "second"},
        {"players": 5, "edition": "second", "market": True},
    ],
)
def test_openspiel_python_games_sim_test(params: dict[str, object]) -> None:
    """OpenSpiel's test for every registered game: clones, pickling, its own serialisation, returns
    (both editions, and the Market's five players)."""
    games_sim_test.GamesSimTest().sim_game(pyspiel.load_game(GAME_NAME, params))


def test_the_root_deals_the_markers_then_chance_draws_each_opening_card() -> None:
    root: SanktPetersburgState = pyspiel.load_game(GAME_NAME, {"players": 3}).new_initial_state()
    assert root.is_chance_node() and root.game_state is None
    deals = marker_deals(3)
    outcomes = root.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(len(deals))) and sum(
        p for _, p in outcomes
    ) == pytest.approx(1)
    root.apply_action(5)
    shape = new_game(3, 0).shape
    workers = list(shape.deck_cards[shape.round_deck])
    drawn: list[int] = []
    while root.is_chance_node():  # the six opening workers, one chance node each
        outcomes = root.chance_outcomes()
        assert [card for card, _ in outcomes] == sorted(set(workers))
        for card, probability in outcomes:
            assert probability == pytest.approx(workers.count(card) / len(workers))
        card = outcomes[len(drawn) % len(outcomes)][0]
        root.apply_action(card)
        workers.remove(card)
        drawn.append(card)
    assert len(drawn) == 6 and root.game_state is not None
    assert root.game_state.upper == drawn and root.game_state.markers == deals[5][0]
    assert sorted(root.game_state.stacks[shape.round_deck]) == sorted(workers)
    assert root.current_player() == root.game_state.current_player and root.legal_actions()


def test_every_card_drawn_later_is_a_chance_node_over_the_cards_the_player_to_see_it_has_not_seen() -> None:
    """Each draw's outcomes are the unseen cards of its stack for every seat that sees nothing
    hidden there (count / cards left): the uniform posterior, the real game's chance."""
    rng = random.Random(7)
    draws = refills = observed = 0
    for seed in range(6):
        state = _dealt(2, seed)
        while not state.is_terminal():
            if state.is_chance_node():
                assert state.game_state is not None
                deck = state._draw_deck
                seen = view(state.game_state, 0).state
                outcomes = dict(state.chance_outcomes())
                assert sum(outcomes.values()) == pytest.approx(1.0)
                if all(UNKNOWN not in player.hand for player in seen.players) and seen.drawn != UNKNOWN:
                    pool = unseen_cards(seen)[deck]  # nothing of this deck hidden in a hand: the stack
                    pool_left = list(pool)
                    for card in state._stacks[deck][len(state._stacks[deck]) - state._fixed[deck] :]:
                        pool_left.remove(card)  # drawn already for this decision
                    assert outcomes == pytest.approx(
                        {c: pool_left.count(c) / len(pool_left) for c in set(pool_left)}
                    )
                draws += 1
                card = rng.choices(list(outcomes), list(outcomes.values()))[0]
                state.apply_action(card)
                continue
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            observed += 543 <= action <= 546
            refills += state.is_chance_node() and not 543 <= action <= 546
    assert draws > 100 and refills > 10 and observed > 0


SAMPLER_SEED = 2026
"""The resampler's seed, so that the test samples the same worlds every run: unseeded, on this
game's four positions with something hidden, the world drawn was sometimes the true one (it may
be: few cards are unseen), and 2 of 4 differing failed the assertion below."""


def test_resampled_states_keep_the_observers_information_state() -> None:
    """OpenSpiel's ResampleInfostateTest, run from Python (where the resampler lives)."""
    state = _dealt(3, 11)
    sampler = pyspiel.UniformProbabilitySampler(SAMPLER_SEED, 0.0, 1.0)
    rng = random.Random(0)
    differs = known = hidden = 0
    while not state.is_terminal():
        if len(state.history()) % 6 == 1:
            for player in range(3):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(player)
                assert other.information_state_tensor(player) == state.information_state_tensor(player)
                assert other.current_player() == state.current_player()
                assert _decisions(other) == _decisions(state)  # chance outcomes may differ
                assert other.game_state is not None and state.game_state is not None
                seen = view(state.game_state, player).state
                if seen.drawn != UNKNOWN and all(UNKNOWN not in p.hand for p in seen.players):
                    assert other.game_state == state.game_state  # nothing hidden: the same world
                else:
                    hidden += 1
                    differs += other.game_state != state.game_state
                sampled, true = other.game_state.players, state.game_state.players
                assert sampled[player].hand == true[player].hand
                for seat in range(3):  # the cards everyone saw taken from the board stay known
                    assert sampled[seat].public_hand() == true[seat].public_hand()
                    assert len(sampled[seat].hand) == len(true[seat].hand)
                    known += seat != player and bool(true[seat].public_hand())
        _step(state, rng.choice(state.legal_actions()), rng)
    assert hidden > 2 and differs > hidden / 2  # where something was hidden, other worlds
    assert known > 10  # and other players often held cards taken from the board


@pytest.mark.parametrize(
    "params",
    [
        {"players": 1},
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "edition": "second"},
        {"players": 5, "edition": "second", "market": True},
    ],
)
def test_a_resampled_state_is_its_own_history_replayed_from_the_root(params: dict[str, object]) -> None:
    """The sampled world is a history: replayed from ``new_initial_state()`` it gives the same state
    (engine state, text, every seat's strings and tensors), and the seat that sampled it has the
    same information state as in the real game. Positions are taken at decisions and at chance
    nodes, including a decision waiting for its cards."""
    game = pyspiel.load_game(GAME_NAME, params)
    players = game.num_players()
    rng = random.Random(len(params) + players)
    state = game.new_initial_state()
    checked = redrawn = 0
    while not state.is_terminal():
        if rng.random() < 0.12:
            seat = rng.randrange(players)
            other = state.resample_from_infostate(seat, rng.random)
            again = game.new_initial_state()
            for action in other.history():
                again.apply_action(action)
            assert again.history() == other.history() and str(again) == str(other)
            assert again.game_state == other.game_state and again.current_player() == other.current_player()
            for observer in range(players):
                assert again.information_state_string(observer) == other.information_state_string(observer)
                assert again.information_state_tensor(observer) == other.information_state_tensor(observer)
                assert again.observation_string(observer) == other.observation_string(observer)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert _decisions(other) == _decisions(state)
            checked += 1
            redrawn += other.history() != state.history()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20 and redrawn > 0


def test_information_state_strings_grow_by_one_step_and_tell_seats_apart() -> None:
    state = _dealt(2, 3)
    rng = random.Random(3)
    before = [state.information_state_string(p) for p in range(2)]
    while not state.is_terminal():
        actor = state.current_player()
        action = rng.choice(state.legal_actions())
        _step(state, action, rng)
        after = [state.information_state_string(p) for p in range(2)]
        for player in range(2):
            assert after[player].startswith(before[player] + "\n")  # nothing is ever forgotten
            step = after[player][len(before[player]) + 1 :]
            assert "\n" not in step and step.startswith(f"{actor}:{state.action_to_string(actor, action)}|")
        before = after
    assert before[0] != before[1]  # each seat's private part (its own hand and rubles) differs


def test_information_state_tensor_is_the_view_then_the_action_history() -> None:
    game = pyspiel.load_game(GAME_NAME)
    assert game.information_state_tensor_size() == INFO_TENSOR_SIZE
    state = _dealt(2, 5)
    rng = random.Random(5)
    for _ in range(30):
        _step(state, rng.choice(state.legal_actions()), rng)
    for player in range(2):
        tensor = np.array(state.information_state_tensor(player), dtype=np.float32)
        assert state.game_state is not None
        np.testing.assert_array_equal(tensor[:OBS_SIZE], encode_observation(view(state.game_state, player)))
        history = tensor[OBS_SIZE:].reshape(-1, 14)
        steps = [(a.player, a.action) for a in state.full_history() if a.player >= 0]
        assert len(steps) == 30 and not history[30:].any()
        for row, (actor, action) in zip(history, steps, strict=False):
            assert row[:4].tolist().index(1.0) == (actor - player) % 2
            assert sum(int(bit) << i for i, bit in enumerate(row[4:])) == action


def test_observations_are_the_current_view_and_public_observers_see_the_spectator_view() -> None:
    state = _dealt(2, 8)
    assert state.game_state is not None
    assert state.observation_string(1) == render_text(view(state.game_state, 1))
    np.testing.assert_array_equal(
        np.array(state.observation_tensor(0), dtype=np.float32), encode_observation(view(state.game_state, 0))
    )
    public = make_observation(
        pyspiel.load_game(GAME_NAME),
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    assert public.string_from(state, 0) == render_text(view(state.game_state, None))
    public.set_from(state, 1)
    np.testing.assert_array_equal(public.tensor, encode_observation(view(state.game_state, None)))


def test_illegal_actions_and_bad_parameters_get_clear_errors() -> None:
    state = _dealt(2, 1)
    assert state.game_state is not None
    before = state.game_state.copy()
    illegal = next(a for a in range(559) if a not in state.legal_actions())
    with pytest.raises(Exception, match=re.escape(explain_illegal(before, illegal))):
        state.apply_action(illegal)
    history = state.history()
    with pytest.raises(Exception, match=re.escape(explain_illegal(before, illegal))):
        state.apply_action(illegal)
    assert state.game_state == before and state.history() == history
    with pytest.raises(Exception, match="1 to 4 players"):
        pyspiel.load_game(GAME_NAME, {"players": 5})


def test_openspiel_ismcts_plays_against_an_engine_bot() -> None:
    game = pyspiel.load_game(GAME_NAME)
    random_state = np.random.RandomState(1)
    searcher = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, random_state), 2.0, max_simulations=3, random_state=random_state
    )
    bots = [searcher, EngineBot("greedy", 1)]
    state = game.new_initial_state()
    chance = random.Random(2)
    resolve_chance(state, chance)
    moves = 0
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        _step(state, action, chance)
        moves += 1
    assert moves > 50 and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_state_started_at_a_view_resamples_the_hidden_cards_and_keeps_the_seats_string() -> None:
    """``state_at`` (how a bot that sees only a view searches with OpenSpiel): its worlds agree with
    the view, differ in what it hides, and every sample has the seat's information state."""
    game = SanktPetersburgGame({"players": 3})
    engine_state = new_game(3, 8)
    rng = random.Random(3)
    while engine_state.round < 2:  # a few turns in: cards on the board, in hands, stacks drawn
        apply_action(engine_state, GreedyBot().choose(view(engine_state, engine_state.current_player)))
    seat = engine_state.current_player
    seen = view(engine_state, seat)
    start = game.state_at(seen, rng)
    assert start.current_player() == seat and start.legal_actions() == legal_actions(engine_state)
    key = start.information_state_string(seat)
    worlds = set()
    for _ in range(6):
        other = start.resample_from_infostate(seat, rng.random)
        assert other.information_state_string(seat) == key
        assert other.game_state is not None and view(other.game_state, seat).state == seen.state
        worlds.add(tuple(map(tuple, other.game_state.stacks)))
    assert len(worlds) > 1  # the stacks' order is hidden: drawn afresh
    start.apply_action(start.legal_actions()[0])
    with pytest.raises(ValueError, match="resampled only at its start"):
        start.resample_from_infostate(seat, rng.random)
    with pytest.raises(ValueError, match="seat's view"):
        game.state_at(view(engine_state, None), rng)


def test_openspiel_ismcts_as_a_bot_plays_legal_moves_and_replays_from_its_seed() -> None:
    """The bot ``petersburg evaluate`` measures (``--policy openspiel-ismcts:N``): seeded search and
    resampler, so the same seed plays the same game."""

    def play(seed: int) -> list[int]:
        state = new_game(2, 5)
        bots: list[Bot] = [OpenSpielIsmctsBot(3, seed), GreedyBot()]
        actions = []
        while not state.is_over:
            action = bots[state.current_player].choose(view(state, state.current_player))
            assert action in legal_actions(state)
            apply_action(state, action)
            actions.append(action)
        return actions

    first = play(4)
    assert first == play(4) and len(first) > 50
    assert make_bot("openspiel-ismcts:50", 1).name == "openspiel-ismcts:50"


def test_ismcts_example_plays_the_same_games_in_three_processes() -> None:
    """Seeded chance, search, resampler and bots: the same command, the same games (only the
    seconds per decision may differ), whatever each process's hash seed."""
    outputs = []
    for hash_seed in ("1", "2", "3"):
        result = subprocess.run(
            [sys.executable, str(EXAMPLE), "--games", "2", "--simulations", "3"],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert "win rate" in result.stdout and "s per decision" in result.stdout
        outputs.append(re.sub(r"[0-9.]+ s per decision", "", result.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].count(" decisions, returns ") == 2


def test_a_first_observation_no_longer_identifies_the_deal() -> None:
    """Under the root-seed model seat 0's first observation named the deal in 99.6 % of 4-player
    games (benchmarks/openspiel_chance.py); now the cards to come are not drawn yet: games that
    seat 0 cannot tell apart at its first decision go on with different cards."""
    first = _dealt(4, 0)
    seen = first.information_state_string(0)
    boards = set()
    for seed in range(6):
        state = first.clone()
        while not state.is_chance_node():  # everybody passes until the board is refilled
            assert 0 in state.legal_actions()
            state.apply_action(0)
        outcomes = state.chance_outcomes()
        assert len(outcomes) > 1 and max(p for _, p in outcomes) < 0.5
        resolve_chance(state, random.Random(seed))
        assert state.information_state_string(0).startswith(seen)
        assert state.game_state is not None
        boards.add(tuple(state.game_state.upper))
    assert len(boards) > 1
    resampled = first.resample_from_infostate(0, random.Random(1).random)
    assert resampled.information_state_string(0) == seen
