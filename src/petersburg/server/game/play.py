"""Playing: actions, undo and auto-pass, each through the table's queue and the one write path.

The order for a change of the game is always: wait for the table's turn in its queue, check the
request against the state it will be applied to (token, ``seq``, whose turn, the engine's
legality), write the log row, apply it, tell everyone. Two requests on one table never
interleave, so a request made against a state that has moved on is refused as stale with a
sentence, never applied to a state it was not checked on. Actions and undos are both log rows
written by ``_write``; bots, auto-pass and the turn timer play through ``play_for`` the same way.
"""

from __future__ import annotations

import logging

from petersburg.engine import (
    GameState,
    final_scores,
)
from petersburg.server.errors import Refusal
from petersburg.server.game.result import result_of, solo_placement
from petersburg.server.game.service import TableService
from petersburg.server.game.table import Table
from petersburg.server.persistence.store import LogKind, LogRow, SoloPlace, StorageError
from petersburg.text.notices import notice
from petersburg.text.wording import Message

log = logging.getLogger("petersburg.server")


class Play(TableService):
    """Acting, undoing and auto-pass on running games."""

    # Requests of players -----------------------------------------------------------------------

    async def act(self, table: Table, token: str, seq: int, action: int) -> None:
        """A player's action: checked by the engine on the real state, logged durably, applied,
        broadcast."""
        # Checked by its write (``Tables.append``), not by a read before it.
        await table.queue.run(lambda: self._act(table, token, seq, action), check=False)

    async def undo(self, table: Table, token: str, seq: int) -> None:
        """Take back your own last action, with the bots' moves made after it, if no other person
        acted since, the table allows it and no card was revealed since (an Observatory draw or
        new cards dealt cannot be taken back)."""
        await table.queue.run(lambda: self._undo(table, token, seq), check=False)

    async def set_autopass(self, table: Table, token: str, on: bool) -> None:
        """Pass for this seat whenever it is to act, until the current phase ends."""
        await table.queue.run(lambda: self._set_autopass(table, token, on))

    async def _act(self, table: Table, token: str, seq: int, action: int) -> None:
        seat = self._acting_seat(table, token, seq)
        await self._write(table, LogRow(table.seq, "action", seat, action))
        table.person_acted_at = self.clock.time()
        await self.after_change(table)

    async def _undo(self, table: Table, token: str, seq: int) -> None:
        seat = self._acting_seat(table, token, seq)
        game = table.game
        assert game is not None
        refused = game.undo_refusal(seat, table.people())
        span = game.undo_span(seat)
        if refused is not None:
            raise refused
        if not span:
            raise Refusal("nothing_to_undo")
        name, move, later = table.names()[seat], game.move_words(span[0]), len(span) - 1
        await self._write(table, LogRow(table.seq, "undo", seat, span[0].row.action))
        await self.announce(
            table,
            notice("takes_back_with_later", name=name, count=later, move=move)
            if later
            else notice("takes_back", name=name, move=move),
        )
        await self.after_change(table)

    async def _set_autopass(self, table: Table, token: str, on: bool) -> None:
        state = table.state
        if state is None or table.row.status != "playing":
            raise Refusal("autopass_needs_game")
        seat = table.seat_of_token(token)
        if seat is None:
            raise Refusal("unknown_token")
        try:
            await self.tables.set_autopass(table, seat, (state.round, state.phase) if on else None)
        except StorageError as error:
            log.error("table %s: cannot store auto-pass of seat %s: %s", table.id, seat, error)
            raise Refusal("autopass_not_saved") from None
        await self.after_change(table)

    def _acting_seat(self, table: Table, token: str, seq: int) -> int:
        """A player's request at this moment: a running game, a valid token, the current seq."""
        if table.game is None or table.row.status == "open":
            raise Refusal("not_started")
        seat = table.seat_of_token(token)
        if seat is None:
            raise Refusal("unknown_token")
        stale = table.stale(seq)
        if stale is not None:
            raise stale
        return seat

    # Moves the server makes --------------------------------------------------------------------

    async def play_for(
        self,
        table: Table,
        seat: int,
        action: int,
        seq: int,
        announced: Message | None,
        kind: LogKind = "action",
    ) -> bool:
        """Play ``action`` for ``seat`` (a bot, the timer, auto-pass) if the game is still where it
        was when the move was chosen; False if it has moved on meanwhile. ``kind`` says whether a
        bot played it for the seat's player (``LogKind``), which the log tells."""
        return await table.queue.run(lambda: self._play_for(table, seat, action, seq, announced, kind))

    async def _play_for(
        self, table: Table, seat: int, action: int, seq: int, announced: Message | None, kind: LogKind
    ) -> bool:
        state = table.state
        if state is None or table.row.status != "playing" or table.seq != seq or state.current_player != seat:
            return False
        if announced is not None:
            await self.announce(table, announced)
        await self._write(table, LogRow(seq, kind, seat, action))
        await self.after_change(table)
        return True

    # The one write path ------------------------------------------------------------------------

    async def _write(self, table: Table, row: LogRow) -> None:
        """Check ``row`` against the game right now, write it, apply it (``Tables.append``)."""
        try:
            await self.tables.append(table, row, self.clock.time())
        except StorageError as error:
            log.error("table %s: cannot write log row %s: %s", table.id, row.seq, error)
            raise Refusal("action_not_recorded") from None

    async def _solo_place(self, table: Table, state: GameState) -> SoloPlace | None:
        """Where a person's finished solo game places in the high-score list (None otherwise)."""
        seat = table.row.seats[0]
        if table.row.num_seats != 1 or seat.kind != "human" or seat.user_id is None:
            return None
        line = final_scores(state)[0]
        return await self.tables.solo_placement(table, line.total, line.rubles, seat.user_id)

    async def after_change(self, table: Table) -> None:
        """After the game moved: switch off auto-passes of a past phase, finish the game if it is
        over, tell everyone. The move itself is durable already: bookkeeping that cannot be stored
        now is logged and done again at the next change or start-up, never reported as a failure
        of the move."""
        state = table.state
        assert state is not None
        try:
            for seat, seat_row in enumerate(table.row.seats):
                if seat_row.autopass is not None and seat_row.autopass != (state.round, state.phase):
                    await self.tables.set_autopass(table, seat, None)
            if state.is_over and table.row.status != "over":
                result = result_of(state, table.names())
                place = await self._solo_place(table, state)
                if place is not None:
                    result["placement"] = solo_placement(place)
                await self.tables.finish(table, result)
        except (StorageError, Refusal) as error:  # Refusal: another process changed a seat first
            log.error("table %s: cannot store the bookkeeping of row %s: %s", table.id, table.seq - 1, error)
        self.events.table_changed(table)
