"""A table in memory: what is stored of it, its game, and what this process keeps about it.

Only the ``Tables`` repository (``tables.py``) changes a table's row, ``seq`` or game, right after
the store has written the change; every change runs through the table's ``SerialQueue``.
"""

from __future__ import annotations

import hmac
from collections import Counter, deque
from dataclasses import dataclass, field

from petersburg.engine import GameState
from petersburg.server.errors import Refusal
from petersburg.server.game.game import Game
from petersburg.server.game.queue import SerialQueue
from petersburg.server.persistence.store import ChatRow, LogRow, TableRow

CHAT_KEPT = 100
"""Chat lines of a table (and of the lobby) kept in memory."""


@dataclass(eq=False)
class Table:
    """A table in memory. Its fields are of four kinds, in this order: what is stored (the row,
    the log's length, the recent chat); the game the log made and the queue that changes it;
    what this process keeps while the table is live (the turn timer, the last person's move, what
    other processes changed and it has not taken in); who watches and what they were told."""

    # Stored: written first, then set here ------------------------------------------------------
    row: TableRow
    seq: int = 0
    """The sequence number a new log row must carry: the number of rows in the durable log."""
    chat: deque[ChatRow] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))

    # The game and the one way to change it -----------------------------------------------------
    game: Game | None = None
    queue: SerialQueue = field(default_factory=SerialQueue)

    # Live bookkeeping of this process (memory only) --------------------------------------------
    deadline: float | None = None
    """When the turn timer passes for the seat to act (epoch seconds), if it runs."""
    person_acted_at: float = 0.0
    """When a person last acted here (epoch seconds; memory only): a bot move that would end the
    chance to undo it waits until ``undo_grace`` seconds after it."""
    behind: bool = False
    """Another process changed the table otherwise than by log rows since this one last read it
    (read back before the next job, or at once if someone here watches it or the server may have
    to move for it)."""
    incoming: dict[int, LogRow] = field(default_factory=dict)
    """Log rows other processes announced (by ``seq``) and this one has not applied yet."""

    # Watchers and versions ---------------------------------------------------------------------
    watchers: int = 0
    """Sockets open on this table (a finished table stays in memory while anyone watches)."""
    present: Counter[str] = field(default_factory=Counter)
    """Open sockets on this table per browser identity (who is here)."""
    version: int = 0
    """Counts changes, so what is built from the table can be reused until the next one."""
    told: int = 0
    """The ``version`` its watchers and the automation were last told of (``TableEvents``). With
    several processes a request here can take in another process's change and then be refused
    (the seat was taken, the game started meanwhile); the notice of that change, coming after,
    then brings nothing new, yet the change must still be shown."""

    @property
    def out_of_date(self) -> bool:
        """Whether another process changed the table in a way this one has not taken in yet."""
        return self.behind or bool(self.incoming)

    def stale(self, seq: int) -> Refusal | None:
        """The refusal of a request made against log row ``seq`` when the game is at another one
        (it moved on since the request was made); None if the request is current."""
        if seq == self.seq:
            return None
        return Refusal("stale", made=seq, now=self.seq)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    @property
    def live(self) -> bool:
        return self.row.status in ("open", "playing")

    def names(self) -> list[str]:
        return [seat.name or f"Seat {i + 1}" for i, seat in enumerate(self.row.seats)]

    def seat_of_uid(self, uid: str) -> int | None:
        for i, seat in enumerate(self.row.seats):
            if seat.kind == "human" and seat.user_id == uid:
                return i
        return None

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat whose secret token this is (compared in constant time), or None."""
        if not token or not token.isascii():
            return None
        found = None
        for i, seat in enumerate(self.row.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, token):
                found = i
        return found

    def person_here(self) -> bool:
        """Whether anyone holding a seat has the table open right now."""
        return any(seat.user_id in self.present for seat in self.row.seats if seat.kind == "human")

    def people(self) -> list[int]:
        """The seats played by persons (not bots)."""
        return [i for i, seat in enumerate(self.row.seats) if seat.kind == "human"]

    def bot_only(self) -> bool:
        return all(seat.kind == "bot" for seat in self.row.seats)

    def changed(self) -> None:
        self.version += 1
