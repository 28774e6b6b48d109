"""Property tests of the events: random legal play in every edition, option and player count.

Everything public about a game is rebuilt from the events alone, as one seat (or a spectator, or
someone who sees every secret) reads them, and compared with the engine's state after every
action: every seat's rubles and VP (so the rubles follow exactly from the start money, purchases,
Pubs, crates and scorings, and the VP from scorings and Pubs), play areas, hand sizes (and the
reader's own hand cards), both rows, stack sizes, markers, round and phase. The final-scoring event
is ``final_scores``; a seat's stream never holds another seat's private event; every event
survives its JSON round trip and has a sentence; colour scorings pay what ``phase_income`` said
just before; and play with events reaches exactly the state that play without them reaches.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from petersburg.cards import OBSERVATORY
from petersburg.cards_second_edition import ALL_CARD_ID
from petersburg.engine import (
    OMNISCIENT,
    PUBLIC,
    Event,
    GameOptions,
    GameState,
    apply_unchecked,
    apply_with_events,
    event_from_json,
    event_to_json,
    events_for,
    final_scores,
    legal_actions,
    new_game,
    phase_income,
    winners,
)
from petersburg.engine.events import (
    ROW_DRAWN,
    ROW_LOWER,
    CardBought,
    CardPlayed,
    CardsDealt,
    CardTaken,
    CratePaid,
    CrateUnpaid,
    DrawnDiscarded,
    GameEnded,
    GameStarted,
    JokerNamed,
    LowerRowDiscarded,
    MarkersPassed,
    ObservatoryUsed,
    Passed,
    PhaseScored,
    PhaseStarted,
    PubBought,
    RoundStarted,
    UpperRowMovedDown,
)
from petersburg.engine.state import STARTING_RUBLES, UNKNOWN
from petersburg.text import describe_action, describe_event, describe_move

from .test_properties import EDITIONS, SETTINGS, draw_setup


class Ledger:
    """The game as rebuilt from one reader's events only."""

    def __init__(self, state: GameState, reader: int | None) -> None:
        self.reader = reader
        self.players = state.num_players
        self.rubles = [STARTING_RUBLES] * self.players
        self.vp = [0] * self.players
        self.areas: list[Counter[int]] = [Counter() for _ in range(self.players)]
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.upper: list[int] = []
        self.lower: list[int] = []
        self.taken_from_stacks = [0] * state.shape.num_decks
        self.markers: tuple[int, ...] = ()
        self.round = 0
        self.phase = -1
        self.scored_vp = [0] * self.players
        self.pub_vp = [0] * self.players
        self.final: GameEnded | None = None

    def read(self, event: Event) -> None:
        """Account for one event (as the reader received it)."""
        if isinstance(event, GameStarted):
            assert event.players == self.players
            self.markers = event.markers
        elif isinstance(event, RoundStarted):
            self.round = event.round
        elif isinstance(event, PhaseStarted):
            assert event.round == self.round and event.seat == self.markers[event.phase]
            self.phase = event.phase
        elif isinstance(event, CardsDealt):
            self.upper.extend(event.cards)
            self.taken_from_stacks[event.deck] += len(event.cards)
        elif isinstance(event, (CardBought, CardTaken)):
            if event.row != ROW_DRAWN:
                row = self.lower if event.row == ROW_LOWER else self.upper
                assert row.pop(event.slot) == event.card
            if isinstance(event, CardTaken):
                self.hands[event.seat].append(event.card)
            else:
                self._into_play(event.seat, event.card, event.price, event.displaced)
        elif isinstance(event, CardPlayed):
            hand = self.hands[event.seat]
            hand.remove(event.card if event.card in hand else UNKNOWN)  # a card the reader did not know
            self._into_play(event.seat, event.card, event.price, event.displaced)
        elif isinstance(event, ObservatoryUsed):
            self.taken_from_stacks[event.deck] += 1
        elif isinstance(event, PubBought):
            assert event.rubles == 2 * event.vp
            self.rubles[event.seat] -= event.rubles
            self.vp[event.seat] += event.vp
            self.pub_vp[event.seat] += event.vp
        elif isinstance(event, CratePaid):
            self.rubles[event.seat] -= event.rubles
        elif isinstance(event, CrateUnpaid) and event.discarded:
            self.areas[event.seat][event.card] -= 1
        elif isinstance(event, PhaseScored):
            assert event.round == self.round and event.phase == self.phase
            assert [income.seat for income in event.incomes] == [
                (self.markers[event.phase] + i) % self.players for i in range(self.players)
            ]
            for income in event.incomes:
                assert income.phase == event.phase
                assert income.rubles == income.card_rubles + income.mariinsky_rubles + income.tax_man_rubles
                parts = income.card_vp + income.mariinsky_vp + income.observatory_vp + sum(income.majority_vp)
                assert income.vp == parts
                self.rubles[income.seat] += income.rubles
                self.vp[income.seat] += income.vp
                self.scored_vp[income.seat] += income.vp
        elif isinstance(event, LowerRowDiscarded):
            assert event.cards == tuple(self.lower)
            self.lower = []
        elif isinstance(event, UpperRowMovedDown):
            assert event.cards == tuple(self.upper) and not self.lower
            self.lower, self.upper = self.upper, []
        elif isinstance(event, MarkersPassed):
            assert event.markers == tuple((seat + 1) % self.players for seat in self.markers)
            self.markers = event.markers
        elif isinstance(event, GameEnded):
            self.final = event

    def _into_play(self, seat: int, card: int, price: int, displaced: int) -> None:
        assert price >= 1
        self.rubles[seat] -= price
        self.areas[seat][card] += 1
        if displaced >= 0:
            self.areas[seat][displaced] -= 1

    def check(self, state: GameState) -> None:
        """What the events told agrees with the engine's state."""
        assert self.rubles == [player.rubles for player in state.players]
        assert self.vp == [player.vp for player in state.players]
        assert self.upper == state.upper and self.lower == state.lower
        assert self.markers == tuple(state.markers)
        assert (self.round, self.phase) == (state.round, state.phase)
        shape = state.shape
        sizes = [sum(shape.count[kind] for kind in shape.kinds_of_deck[deck]) for deck in shape.decks]
        assert [sizes[deck] - self.taken_from_stacks[deck] for deck in shape.decks] == [
            len(stack) for stack in state.stacks
        ]
        for seat, player in enumerate(state.players):
            assert +self.areas[seat] == Counter(player.area_cards())
            assert len(self.hands[seat]) == len(player.hand)
            if self.reader in (seat, OMNISCIENT):
                assert sorted(self.hands[seat]) == player.hand


MOVES = (
    Passed,
    CardBought,
    CardTaken,
    CardPlayed,
    ObservatoryUsed,
    DrawnDiscarded,
    PubBought,
    JokerNamed,
    CratePaid,
    CrateUnpaid,
)
"""The events a move starts with: the move itself, by the seat that made it."""


def check_you(sentence: str) -> None:
    """Spoken to, the reader is "You" where a sentence starts and "you" everywhere else."""
    for match in re.finditer(r"\b[Yy]ou\b", sentence):
        starts = match.start() == 0 or sentence[: match.start()].endswith(". ")
        assert (match.group() == "You") == starts, sentence


def check_event(event: Event, reader: int | None, names: list[str], state: GameState) -> None:
    """A received event is the reader's to see, round-trips through JSON and has a sentence."""
    assert event.private_to in (PUBLIC, reader) or reader == OMNISCIENT
    if isinstance(event, (ObservatoryUsed, CardTaken)) and event.private_to == PUBLIC:
        secret = isinstance(event, ObservatoryUsed) or (
            event.row == ROW_DRAWN and not state.options.show_hands
        )
        assert (event.card == UNKNOWN) == (secret and reader not in (event.seat, OMNISCIENT))
    data = json.loads(json.dumps(event_to_json(event)))
    assert data["type"] == event.type and event_from_json(data) == event
    sentence = describe_event(event, names, state.shape, reader)
    assert sentence.endswith((".", "!")) and not sentence[0].islower()
    if reader is not None and reader >= 0:
        check_you(describe_event(event, names, state.shape, reader, second_person=True))
    caption = describe_move(event, state.shape, reader)
    assert (caption is not None) == isinstance(event, MOVES), "a caption for every move, and only for moves"
    if event.private_to == PUBLIC and getattr(event, "card", None) == UNKNOWN:
        assert not any(ALL_CARD_ID[kind] in sentence for kind in state.shape.kinds)
        hidden = set(state.shape.card_name) - {"", state.shape.card_name[OBSERVATORY]}
        assert caption is None or not any(name in caption for name in hidden), caption


def check_move_phrase(before: GameState, action: int, move: Event, names: list[str]) -> None:
    """A legal action's sentence in the menu is the phrase its move is told with to its mover:
    "Buy Market from the upper row for 5 rubles" / "You buy Market from the upper row for 5 rubles."
    (An Observatory's draw alone differs: the menu cannot name the card it will draw.)"""
    assert isinstance(move, MOVES)
    told = describe_event(move, names, before.shape, move.seat, second_person=True)
    offered = describe_action(before, action)
    expected = f"You {offered[0].lower()}{offered[1:]}."
    if isinstance(move, ObservatoryUsed):
        expected = expected.replace("the top card", before.shape.card_name[move.card])
    assert expected == told


def play_with_events(players: int, seed: int, options: GameOptions, data: Any) -> None:
    setup: list[Event] = []
    state = new_game(players, seed, options, setup)
    plain = new_game(players, seed, options)
    readers: list[int | None] = [OMNISCIENT, None, *range(players)]
    ledgers = {reader: Ledger(state, reader) for reader in readers}
    names = [f"Seat {seat}" for seat in range(players)]
    step_events = setup
    while True:
        for reader, ledger in ledgers.items():
            for event in events_for(step_events, reader):
                check_event(event, reader, names, state)
                ledger.read(event)
            ledger.check(state)
        if state.is_over:
            break
        legal = legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        before = state.copy()
        step_events = apply_with_events(state, action)
        apply_unchecked(plain, action)
        assert plain == state  # events change nothing in the game
        for event in step_events:
            if isinstance(event, PhaseScored) and event.phase != state.shape.market_phase:
                expected = phase_income(before, event.phase)
                assert list(event.incomes) == [expected[income.seat] for income in event.incomes]
        move = step_events[0]
        assert isinstance(move, MOVES) and move.seat == before.to_act
        check_move_phrase(before, action, move, names)
    lines = final_scores(state)
    for ledger in ledgers.values():
        assert ledger.final is not None
        assert ledger.final.scores == tuple(lines) and list(ledger.final.winners) == winners(state)
        for line in lines:
            assert ledger.scored_vp[line.seat] + ledger.pub_vp[line.seat] == line.play_vp


@EDITIONS
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_the_events_of_a_random_game_tell_the_whole_public_game(
    max_players: int, strategy: st.SearchStrategy[GameOptions], seed: int, data: Any
) -> None:
    players, options = draw_setup(data, max_players, strategy)
    play_with_events(players, seed, options, data)
