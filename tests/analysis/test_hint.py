"""A hint decides from the seat's view alone: it never names a card the seat has not seen, and its
moves are the seat's legal moves. Random positions of both editions (and the Market), random seats."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from petersburg.analysis import Budget, hint
from petersburg.analysis.hint import HINT_MOVES, hint_lines
from petersburg.engine import GameState, View, apply_action, legal_actions, new_game, view, view_to_json
from petersburg.engine.state import UNKNOWN
from petersburg.text.narration import describe_action
from tests.engine.test_properties import EDITIONS, SETTINGS, draw_setup

SMALL = Budget(determinizations=2, width=4)


def seen_kinds(seen: View) -> set[int]:
    """Every card kind the view shows anywhere: the board, discards, a drawn card, hands, play areas."""
    state = seen.state
    kinds = {*state.upper, *state.lower, *state.discards}
    if state.drawn >= 0:
        kinds.add(state.drawn)
    for player in state.players:
        kinds.update(card for card in player.hand if card != UNKNOWN)
        kinds.update(kind for kind in state.shape.kinds if player.area[kind])
    return kinds


def unseen_names_in(text: str, seen: View) -> list[str]:
    """Names of cards the view does not show that ``text`` mentions (a seen card's name, which may
    contain an unseen one's, is struck out first)."""
    names = seen.state.shape.card_name
    shown = seen_kinds(seen)
    for kind in sorted(shown, key=lambda k: -len(names[k])):
        text = text.replace(names[kind], "#")
    return [names[kind] for kind in seen.state.shape.kinds if kind not in shown and names[kind] in text]


def play_to_random_position(players: int, seed: int, options: Any, data: Any) -> GameState | None:
    state = new_game(players, seed, options)
    steps = data.draw(st.integers(0, 200), label="steps")
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return None
        legal = legal_actions(state)
        apply_action(state, legal[rng.randrange(len(legal))])
    return None if state.is_over else state


@EDITIONS
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_a_hint_names_only_cards_the_seat_has_seen(
    max_players: int, strategy: st.SearchStrategy[Any], seed: int, data: Any
) -> None:
    players, options = draw_setup(data, max_players, strategy)
    state = play_to_random_position(players, seed, options, data)
    if state is None:
        return
    seen = view(state, state.current_player)
    found = hint(seen, SMALL)
    legal = seen.legal_actions()
    wordings = {describe_action(seen.state, action, "en") for action in legal}
    assert len(found.moves) == min(HINT_MOVES, len(wordings))
    assert all(move.action in legal for move in found.moves)
    assert found.seat == seen.seat
    words = " ".join(hint_lines(found)) + " " + str(found.to_json())
    assert unseen_names_in(words, seen) == []


def test_a_hint_shows_three_different_moves_where_the_board_holds_copies_of_one_card() -> None:
    """Seed 142 deals four Fur Trappers into a duel's upper row: eight of the nine legal moves are
    copies of two, and the hint still shows the three different ones (pass, take, buy), not two."""
    state = new_game(2, 142)
    seen = view(state, state.current_player)
    assert {state.shape.card_name[kind] for kind in state.upper} == {"Fur Trapper"}
    found = hint(seen, SMALL)
    shown = [move.move for move in found.moves]
    assert len(shown) == HINT_MOVES == len(set(shown))
    assert {move.action for move in found.moves} <= set(seen.legal_actions())


def test_the_same_view_gives_the_same_hint_whatever_is_hidden() -> None:
    """Two games that differ only in what the seat cannot see (the stacks' order, the others' hidden
    hands) give the seat the same view, and the same hint."""
    state = new_game(3, 5)
    rng = random.Random(5)
    for _ in range(40):
        legal = legal_actions(state)
        apply_action(state, legal[rng.randrange(len(legal))])
    seat = state.current_player
    other = state.copy()
    for stack in other.stacks:
        random.Random(9).shuffle(stack)
    first, second = view(state, seat), view(other, seat)
    assert state.stacks != other.stacks
    assert view_to_json(first) == view_to_json(second)
    assert hint(first, SMALL).to_json() == hint(second, SMALL).to_json()
