"""A hint at a table: the three moves the strongest evaluation likes best for the asking seat,
from that seat's view, searched in a bot worker within ``hint_seconds``.

Refused, each with its sentence: where the game may be rated or the creator turned hints off
(``policy.py``), to a socket without a seat, off its turn or against an older state, and beyond
``hint_limit`` hints per ``hint_window`` seconds per person. Every hint given is announced to the
whole table (a chat notice, kept with the game), so everyone sees that hints were used.
"""

from __future__ import annotations

import asyncio

from petersburg.engine import view
from petersburg.server.analysis.policy import hint_refusal
from petersburg.server.analysis.work import hint_in_worker
from petersburg.server.clock import Clock
from petersburg.server.errors import Refusal
from petersburg.server.game.automation import BotRunner
from petersburg.server.game.chat import FloodLimit
from petersburg.server.game.events import TableEvents
from petersburg.server.game.service import TableService
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.protocol.messages import HintMessage
from petersburg.server.settings import Settings
from petersburg.text.notices import notice

WORKER_GRACE = 2.0
"""Seconds a hint may wait for a free bot worker (and its start) beyond its search's bound."""


class Hints(TableService):
    """Hints for the seats of tables that allow them."""

    def __init__(
        self, tables: Tables, events: TableEvents, clock: Clock, settings: Settings, runner: BotRunner
    ) -> None:
        super().__init__(tables, events, clock)
        self.settings = settings
        self.runner = runner
        self.limit = FloodLimit(settings.hint_limit, settings.hint_window, clock)

    async def hint(self, table: Table, uid: str, token: str, seq: int, language: str) -> HintMessage:
        """The hint for the seat whose token this is, at the state of log row ``seq``, worded in the
        asking socket's ``language``."""
        refused = hint_refusal(table.row)
        if refused is not None:
            raise refused
        seat = table.seat_of_token(token)
        if seat is None:
            raise Refusal("hint_not_seated", status=403)
        state = table.state
        if state is None or state.is_over:
            raise Refusal("hint_no_game", status=409)
        stale = table.stale(seq)
        if stale is not None:
            raise stale
        if state.current_player != seat:
            raise Refusal("hint_not_your_turn", status=409)
        if self.limit.full(uid):
            raise Refusal(
                "hint_flood",
                status=429,
                most=self.settings.hint_limit,
                seconds=round(self.settings.hint_window),
            )
        self.limit.count(uid)
        seen = view(state, seat)
        names = table.names()
        bound = self.settings.hint_seconds
        try:
            found = await asyncio.wait_for(
                self.runner.compute(hint_in_worker, seen, names, bound, language, urgent=True),
                bound + WORKER_GRACE,
            )
        except TimeoutError:
            raise Refusal("hint_too_slow", status=503) from None
        await self.announce(table, notice("hint_used", name=names[seat]))
        return {"type": "hint", "seq": seq, **found}
