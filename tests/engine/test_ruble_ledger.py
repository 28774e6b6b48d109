"""Perfect recall of money: the rubles a view keeps follow from the public events alone.

``RubleLedger`` reads only what a spectator is told (``events_for(events, None)``); along random
games of both editions, with and without the Market and its options, it must equal the true
rubles at every step, and so must every seat's view.
"""

from __future__ import annotations

import random

import pytest

from petersburg.engine import GameOptions, events_for, legal_actions, new_game, view
from petersburg.engine.events import Event
from petersburg.engine.ledger import RubleLedger
from petersburg.engine.rules import apply_action

GAMES = [(players, GameOptions()) for players in (1, 2, 3, 4)] + [
    (2, GameOptions(edition="second")),
    (2, GameOptions(edition="second", market=True)),
    (3, GameOptions(edition="second", market=True, joker="each_scoring", unpaid_crate="idle")),
    (4, GameOptions(edition="second", market=True, market_board=8)),
    (5, GameOptions(edition="second", market=True)),
]


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_the_public_ledger_equals_the_true_rubles_at_every_step(players: int, options: GameOptions) -> None:
    checked = 0
    spent = 0
    for seed in range(3):
        events: list[Event] = []
        state = new_game(players, seed, options, sink=events)
        ledger = RubleLedger(players)
        ledger.record(events_for(events, None))
        rng = random.Random(seed)
        while True:
            truth = [player.rubles for player in state.players]
            assert ledger.rubles == truth, f"step {state.step}"
            for seat in range(players):
                assert [p.rubles for p in view(state, seat).state.players] == truth
            checked += 1
            if state.is_over:
                break
            events = []
            apply_action(state, rng.choice(legal_actions(state)), events)
            before = sum(ledger.rubles)
            ledger.record(events_for(events, None))
            spent += max(0, before - sum(ledger.rubles))
    assert checked > 100 and spent > 0
