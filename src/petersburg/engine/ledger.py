"""The public ruble ledger: every seat's rubles rebuilt from the public events alone.

Every ruble earned or spent in this game is public: the start's rubles, the price of every card
bought or played from hand, every scoring's income (the market scoring's included), every Pub
purchase and every crate paid. A player who remembers the game therefore knows every seat's
rubles, which is why views keep them (``petersburg.engine.views``); the option ``show_rubles``
only decides what a person's presentation shows. ``RubleLedger`` is that memory written out: it
reads a spectator's event stream (``events_for(events, None)``) and nothing else. The tests play
random games of both editions, with and without the Market, and check at every step that the
ledger equals the true rubles. Clients that show a person only the events (a log, a replay) can
keep one to answer "how many rubles has she?".

Off the search path (it reads events, which the search never builds): not compiled.
"""

from __future__ import annotations

from collections.abc import Iterable

from petersburg.engine.constants import STARTING_RUBLES
from petersburg.engine.events import CardBought, CardPlayed, CratePaid, Event, PhaseScored, PubBought


class RubleLedger:
    """Every seat's rubles, kept from public events: start with ``STARTING_RUBLES`` each, then
    ``record`` the events as they come (private events' public forms suffice)."""

    __slots__ = ("rubles",)

    def __init__(self, players: int) -> None:
        self.rubles = [STARTING_RUBLES] * players

    def record(self, events: Iterable[Event]) -> None:
        """Add what ``events`` paid and earned to the balances."""
        rubles = self.rubles
        for event in events:
            if isinstance(event, CardBought | CardPlayed):
                rubles[event.seat] -= event.price
            elif isinstance(event, PhaseScored):
                for income in event.incomes:
                    rubles[income.seat] += income.rubles
            elif isinstance(event, PubBought | CratePaid):
                rubles[event.seat] -= event.rubles


__all__ = ["RubleLedger"]
