"""Master (``ismcts:master``): legal, reproducible, and no hand card left that it could have avoided."""

from __future__ import annotations

from dataclasses import replace

from petersburg.bots import Bot, GreedyBot, IsmctsBot, make_bot
from petersburg.bots.ismcts import LEVELS, guarded_candidates
from petersburg.bots.value_model import SHIPPED
from petersburg.engine import GameOptions, apply_action, new_game, view
from petersburg.engine.actions import ACTION_KIND, KIND_PLAY, KIND_TAKE, PASS_ID, PLAY_IDS, TAKE_IDS

SMALL = replace(LEVELS["master"], iterations=16)
"""Master's search at a test's budget: the same evaluation and guard, fewer iterations."""


def _game(seed: int, players: int, options: GameOptions) -> tuple[list[int], list[str]]:
    """A game of Master (seat 0) against greedy; its actions, and what the take guard saw go wrong:
    a card taken while one was held or in the known last round, or a card left in hand at the end
    though Master could have played it in the last round."""
    state = new_game(players, seed, options)
    bots: list[Bot] = [
        IsmctsBot(seed, SMALL, name="master"),
        *(GreedyBot(seed + s) for s in range(1, players)),
    ]
    actions: list[int] = []
    problems: list[str] = []
    could_play = False
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        action = bots[seat].choose(seen)
        if seat == 0:
            if ACTION_KIND[action] == KIND_TAKE and (state.last_round or state.players[0].hand):
                problems.append(f"took a card into hand at step {state.step} holding {state.players[0].hand}")
            if state.last_round:
                could_play = could_play or any(ACTION_KIND[a] == KIND_PLAY for a in seen.legal_actions())
        apply_action(state, action)
        actions.append(action)
    if state.players[0].hand and could_play:
        problems.append(f"ended with {len(state.players[0].hand)} hand card(s) it could have played")
    return actions, problems


def test_master_is_the_search_with_the_learned_evaluation_and_the_hand_guard() -> None:
    master = LEVELS["master"]
    assert master.value_model == SHIPPED and master.take_guard
    assert master.iterations > LEVELS["expert"].iterations
    assert make_bot("ismcts:master", 1).name == "ismcts:master"


def test_master_plays_legal_reproducible_games_without_avoidable_hand_cards() -> None:
    for seed, players, options in ((1, 2, GameOptions()), (2, 3, GameOptions(edition="second", market=True))):
        actions, problems = _game(seed, players, options)
        assert problems == []
        if seed == 1:
            assert _game(seed, players, options)[0] == actions


def test_the_guard_drops_takes_and_adds_every_hand_play() -> None:
    state = new_game(2, 3)
    take, play_first, play_second = TAKE_IDS[0], PLAY_IDS[0][0], PLAY_IDS[1][0]
    actions = [PASS_ID, take, play_first, play_second]
    gains = [0.0, 3.0, 1.0, -2.0]
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [take, PASS_ID]  # empty hand
    state.players[state.to_act].hand.append(3)
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [PASS_ID]  # one card held
    state.last_round = True
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [PASS_ID, play_first, play_second]
    assert guarded_candidates(state, [take, TAKE_IDS[1]], [1.0, 2.0], [take]) == [take]  # nothing else
