"""Move deadlines of turn-based tables: each turn's stored clock, the seat's vacation, and what
happens at half time and when the time runs out.

A turn-based table created with a time per move (``TableRow.move_deadline``) gives the seat to
act that long; the automation (``automation.py``) runs the clock of the current turn as one more
kind of plan, only in the process that holds the table's lease. The clock is stored
(``TurnClock``): a restart, or another process taking the lease over, goes on with the same turn's
clock, its reminder and its count of missed turns, never a fresh one. A player's vacation
(``AlertSettings.vacation_*``) stops the clock: the turn's due time moves by the part of the
vacation that fell within the turn (a vacation that began after the time had run out counts
nothing). Each seat's turns that ran out in a row are counted; the player's own move sets the
count back to 0.
"""

from __future__ import annotations

from typing import Protocol

from petersburg.server.clock import Clock
from petersburg.server.game.table import Table
from petersburg.server.persistence.deadlines import DeadlineStore, TurnClock
from petersburg.server.settings import Settings

DeadlineAlert = str
"""``reminder`` (half the time is gone), ``bot_moved`` (a bot played the turn), ``handed`` (a bot
took the seat for good)."""


class SeatAlerts(Protocol):
    """How the deadlines reach a player away from the table (``alerts/queue.py``)."""

    def seat_alert(self, table: Table, seat: int, kind: DeadlineAlert, facts: dict[str, object]) -> None:
        """Queue an alert of ``kind`` for ``seat``'s account (never in the move's way)."""
        ...

    async def vacation(self, uid: str) -> tuple[float, float] | None:
        """The latest vacation (start, until) of the account ``uid`` is, if any."""
        ...


def due_with_vacation(started: float, seconds: float, vacation: tuple[float, float] | None) -> float:
    """When a turn that began at ``started`` with ``seconds`` per move runs out, the clock stopped
    for the part of ``vacation`` that fell within the turn before it ran out."""
    due = started + seconds
    if vacation is None:
        return due
    start, until = vacation
    if start >= due or until <= started:
        return due
    return due + until - max(start, started)


class MoveDeadlines:
    """The stored clocks of turn-based tables' turns."""

    def __init__(
        self, store: DeadlineStore, clock: Clock, settings: Settings, alerts: SeatAlerts | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        self.alerts = alerts
        """Who tells a player away from the table; None: nobody is (a server without alerts)."""

    async def _vacation(self, table: Table, seat: int) -> tuple[float, float] | None:
        uid = table.row.seats[seat].user_id
        if self.alerts is None or uid is None:
            return None
        return await self.alerts.vacation(uid)

    async def turn(self, table: Table, seat: int, seq: int, *, start: bool) -> TurnClock | None:
        """The clock of ``seat``'s turn at log row ``seq``: the stored one, or (with ``start``, in
        the process that enforces it) a new one, stored now; None if none is stored and not
        ``start``."""
        stored = await self.store.turn_clock(table.id)
        if stored is not None and stored.seq == seq and stored.seat == seat:
            return stored
        if not start:
            return None
        missed = [*(stored.missed if stored is not None else ()), *([0] * table.row.num_seats)]
        missed = missed[: table.row.num_seats]
        if stored is not None and not stored.expired and stored.seat < len(missed):
            missed[stored.seat] = 0  # the player moved himself: a new run of misses starts
        now = self.clock.time()
        due = due_with_vacation(now, table.row.move_deadline, await self._vacation(table, seat))
        turn = TurnClock(table.id, seq, seat, now, due, False, False, tuple(missed))
        await self.store.save_turn_clock(turn)
        return turn

    async def recheck(self, table: Table, turn: TurnClock) -> TurnClock:
        """``turn`` with its due time moved by the seat's vacation as it is now (stored if it moved)."""
        due = due_with_vacation(turn.started, table.row.move_deadline, await self._vacation(table, turn.seat))
        if due == turn.due:
            return turn
        moved = turn._replace(due=due)
        await self.store.save_turn_clock(moved)
        return moved

    async def remind(self, table: Table, turn: TurnClock) -> TurnClock:
        """Half the time is gone: tell the player (once: the reminder is stored)."""
        reminded = turn._replace(reminded=True)
        await self.store.save_turn_clock(reminded)
        hours = max(1, round((turn.due - self.clock.time()) / 3600))
        self.tell(table, turn.seat, "reminder", count=hours)
        return reminded

    async def ran_out(self, turn: TurnClock) -> int:
        """The turn ran out: store it so, with one more miss of its seat; the seat's misses in a row."""
        missed = list(turn.missed)
        missed[turn.seat] += 1
        await self.store.save_turn_clock(turn._replace(expired=True, missed=tuple(missed)))
        return missed[turn.seat]

    def tell(self, table: Table, seat: int, kind: DeadlineAlert, **facts: object) -> None:
        if self.alerts is not None:
            self.alerts.seat_alert(table, seat, kind, facts)
