"""Property tests: random legal play in every edition and option, invariants checked at every step.

1 to 4 players in the 1st and 2nd edition, 1 to 5 with the Market: every card of the game (116,
or 151 with the Market) is somewhere exactly once, rubles are never negative, the JSON round-trip
is exact, and no view holds what it hides, while every view names the hand cards taken from the
board (a model of what everyone saw, kept beside the game from its actions, says which they are).
"""

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from petersburg.cards_second_edition import ALL_CARD_ID
from petersburg.engine import (
    GameOptions,
    GameState,
    apply_action,
    goods_counts,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    view,
    view_to_json,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    DRAWN_SOURCE,
    KIND_PLAY,
    KIND_TAKE,
    SOURCE_ROW,
    SOURCE_SLOT,
    UPPER_ROW,
)

options_strategy = st.builds(
    GameOptions,
    always_refill=st.booleans(),
    money=st.sampled_from(["kept", "traded"]),
    show_rubles=st.booleans(),
    show_hands=st.booleans(),
)
second_edition_strategy = st.builds(
    GameOptions,
    edition=st.just("second"),
    always_refill=st.booleans(),
    money=st.sampled_from(["", "kept", "traded"]),
    show_rubles=st.booleans(),
    show_hands=st.booleans(),
)
market_strategy = st.builds(
    GameOptions,
    edition=st.just("second"),
    market=st.just(True),
    always_refill=st.booleans(),
    money=st.sampled_from(["", "kept"]),
    show_rubles=st.booleans(),
    show_hands=st.booleans(),
    market_board=st.sampled_from([10, 8]),
    joker=st.sampled_from(["fixed", "each_scoring"]),
    market_values=st.sampled_from(["capped", "open"]),
    unpaid_crate=st.sampled_from(["discard", "idle"]),
    market_ties=st.sampled_from(["share", "step_down"]),
)

EDITIONS = pytest.mark.parametrize(
    ("max_players", "strategy"),
    [(4, options_strategy), (4, second_edition_strategy), (5, market_strategy)],
    ids=["first_edition", "second_edition", "market"],
)
"""A property test's cases: the 1st edition, the 2nd, the 2nd with the Market (up to 5 players)."""


def draw_setup(
    data: Any, max_players: int, strategy: st.SearchStrategy[GameOptions]
) -> tuple[int, GameOptions]:
    """A player count and options for one random game of an ``EDITIONS`` case."""
    players = data.draw(st.integers(1, max_players), label="players")
    options = data.draw(strategy, label="options")
    if players == 5 and options.market_board == 8:
        options = replace(options, market_board=10)  # 5 players need the 10-card board
    return players, options


def all_cards(state: GameState) -> Counter[int]:
    counts: Counter[int] = Counter()
    for place in (*state.stacks, state.upper, state.lower, state.discards):
        counts.update(place)
    if state.drawn >= 0:
        counts[state.drawn] += 1
    for player in state.players:
        counts.update(player.hand)
        counts.update(player.area_cards())
    return counts


NON_CARD_FIELDS = (
    "format",
    "options",
    "phase",
    "stage",
    "drawn_from",
    "markers",
    "market",
    "goods",
    "public_hand",
    "secret_hand",
)
"""Fields whose strings are not card ids (the stage 'pub' is spelled like the card), that only
name public cards (the Market's jokers, decisions and idle crates), or that repeat cards of a hand
(checked against the recall model instead)."""


class Recall:
    """What every player saw of each hand, from the actions alone: the cards taken from the board
    (public) and those taken from an Observatory draw (secret, known to their holder only)."""

    def __init__(self, players: int) -> None:
        self.public: list[Counter[int]] = [Counter() for _ in range(players)]
        self.secret: list[Counter[int]] = [Counter() for _ in range(players)]

    def before(self, state: GameState, action: int) -> None:
        """Note what ``action`` shows, in the state it is about to be applied to."""
        seat, kind, arg = state.current_player, ACTION_KIND[action], ACTION_ARG[action]
        if kind == KIND_TAKE and arg == DRAWN_SOURCE:
            self.secret[seat][state.drawn] += 1
        elif kind == KIND_TAKE:
            row = state.upper if SOURCE_ROW[arg] == UPPER_ROW else state.lower
            self.public[seat][row[SOURCE_SLOT[arg]]] += 1
        elif kind == KIND_PLAY:
            card = state.players[seat].hand[arg]
            known = self.public[seat] if self.public[seat][card] else self.secret[seat]
            known[card] -= 1
            known += Counter()  # drop zero counts


def ids(cards: Counter[int]) -> list[str]:
    return [ALL_CARD_ID[card] for card in sorted(cards.elements())]


def card_ids_in(data: Any) -> Counter[str]:
    """Every card id string anywhere in a JSON value."""
    found: Counter[str] = Counter()
    if isinstance(data, str) and data in ALL_CARD_ID:
        found[data] += 1
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in NON_CARD_FIELDS:
                found += card_ids_in(value)
    elif isinstance(data, list):
        for value in data:
            found += card_ids_in(value)
    return found


def check_invariants(state: GameState, recall: Recall) -> None:
    shape = state.shape
    counts = all_cards(state)
    assert sum(counts.values()) == shape.num_cards == (151 if shape.market else 116)
    assert all(counts[kind] == shape.count[kind] for kind in range(len(shape.count)))
    assert len(state.upper) + len(state.lower) <= shape.board_size
    legal = legal_actions(state)
    for seat, player in enumerate(state.players):
        assert Counter(player.secret_hand) == recall.secret[seat]
        assert Counter(player.public_hand()) == recall.public[seat]
        assert player.rubles >= 0
        assert len(player.hand) <= 4
        if len(player.hand) > player.hand_limit:  # only after a Warehouse was displaced
            assert not (seat == state.current_player and any(ACTION_KIND[a] == KIND_TAKE for a in legal))
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    if state.market is not None:
        for seat in range(state.num_players):
            assert all(count >= 0 for count in goods_counts(state, seat))
    public = Counter(ALL_CARD_ID[c] for c in (*state.upper, *state.lower, *state.discards))
    for player in state.players:
        public.update(ALL_CARD_ID[c] for c in player.area_cards())
    for seat in [None, *range(state.num_players)]:
        data = view_to_json(view(state, seat))
        assert "stacks" not in data
        assert data["seed"] is None or state.is_over
        allowed = public.copy()
        for other, player in enumerate(state.players):
            entry = data["seats"][other]
            assert entry.get("public_hand", []) == ids(recall.public[other])  # written when not empty
            if other == seat or state.options.show_hands:
                allowed.update(ALL_CARD_ID[c] for c in player.hand)
                assert entry.get("secret_hand", []) == ids(recall.secret[other])
            else:
                assert entry["hand"] is None and entry["hand_size"] == len(player.hand)
                assert "secret_hand" not in entry
            if other != seat and not state.options.show_rubles:
                assert entry["rubles"] is None
        if state.drawn >= 0 and seat == state.current_player:
            allowed[ALL_CARD_ID[state.drawn]] += 1
        assert card_ids_in(data) == allowed


def play_randomly(players: int, seed: int, options: GameOptions, data: Any) -> GameState:
    state = new_game(players, seed, options)
    recall = Recall(players)
    check_invariants(state, recall)
    while not state.is_over:
        legal = legal_actions(state)
        assert legal, "a player to act always has an action"
        index = data.draw(st.integers(0, len(legal) - 1), label="choice")
        recall.before(state, legal[index])
        apply_action(state, legal[index])
        check_invariants(state, recall)
    assert any(not stack for stack in state.stacks)
    return state


# Shrinking a whole game is slow; the failing example is reported with its seed instead.
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@EDITIONS
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_random_play_keeps_every_invariant(
    max_players: int, strategy: st.SearchStrategy[GameOptions], seed: int, data: Any
) -> None:
    players, options = draw_setup(data, max_players, strategy)
    play_randomly(players, seed, options, data)
