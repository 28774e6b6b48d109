"""Catch-up between server processes: a table in memory brought to what the database holds after
another process of the same database changed it.

Log rows another process announced (``cluster/bus.py`` carries them) are applied through the same
``Game.apply`` as everything else when they follow on from the table's ``seq``, without reading
the database. Before each job the table's queue asks the database only for what of the table
changes while it is live (``Store.table_head``: status, next ``seq``, revision, seats), and reads
the table back whole (``catch_up``) only when its status or log differs or the announced rows have
a gap. It lives in ``game/`` because it applies rows to a ``Game``; ``cluster/`` only carries the
notices and never sees a game.

A notice can be lost (Redis away, a process killed between its write and its notice): the tables
someone here watches have their head checked against the database now and then (``check`` of the
tables ``quiet`` for a while), and all of them when the subscription to notices comes back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Sequence

from petersburg.server.game.game import Game
from petersburg.server.game.table import Table
from petersburg.server.persistence.store import LogRow, Store, TableStatus

log = logging.getLogger("petersburg.server")

StatusTaken = Callable[[Table, TableStatus], None]
"""Told after a read back took in a table's stored status, with the status the table had before
(the repository moves a table that ended or closed out of its live tables)."""


class CatchUp:
    """Brings tables in memory up to date with what other processes wrote."""

    def __init__(self, store: Store, status_taken: StatusTaken) -> None:
        self.store = store
        self.status_taken = status_taken
        self._versions: dict[int, int] = {}
        """Each watched table's ``version`` when ``quiet`` last looked at it."""

    async def before_job(self, table: Table, check: bool) -> None:
        """The ``before`` step of the table's queue: take in what other processes changed, so the
        job is checked against what is stored; if that fails, the table is read back next time."""
        try:
            await self._bring_up_to_date(table, check=check)
        except BaseException:
            table.behind = True
            raise

    async def follow(self, table: Table, rows: Sequence[LogRow], *, listed: bool, loaded: bool) -> bool:
        """Another process changed ``table`` (by appending ``rows`` to its log, or otherwise if
        none): take it in now if someone here needs it, else mark it to be read back before its
        next use. Whether whoever watches it must be told: it changed since they were last told
        (``Table.told``), by this notice or by an earlier request's catch-up, or it was just
        ``loaded``. ``listed``: see ``Tables.refresh``."""
        automatic = table.row.realtime and table.row.timer > 0
        automatic = automatic or any(s.kind == "bot" or s.autopass is not None for s in table.row.seats)
        if table.watchers == 0 and not automatic and not listed:
            # Nobody here needs it now: the next job or socket on it reads it back first.
            table.behind = True
            table.incoming.clear()
            return False
        if rows:
            table.incoming.update((row.seq, row) for row in rows if row.seq >= table.seq)
        else:
            table.behind = True
        await self._take_in(table)
        if not loaded and table.version == table.told:
            return False
        table.told = table.version
        return True

    async def catch_up_behind(self, tables: Iterable[Table]) -> bool:
        """Bring every table of ``tables`` that fell behind up to date, through its queue; whether
        any changed."""
        changed = False
        for table in [table for table in tables if table.out_of_date]:
            changed = await self._take_in(table) or changed
        return changed

    def quiet(self, tables: Iterable[Table]) -> list[Table]:
        """The tables of ``tables`` that did not change since the last call (nothing was heard of
        them, from a notice or a request here, for that long): those a lost notice may hold
        back. A table that keeps changing needs no check: a notice lost in between shows as a gap
        in the next one's rows, and once it stops changing it is quiet at the next call but one."""
        seen, self._versions = self._versions, {}
        found = []
        for table in tables:
            if seen.get(table.id) == table.version:
                found.append(table)
            self._versions[table.id] = table.version
        return found

    async def check(self, tables: Sequence[Table]) -> list[Table]:
        """Check each table's head against the database (``Store.table_head``, one indexed read,
        through its queue) and take in what differs; the tables changed since their watchers were
        last told (``Table.told``), who must be told now. A table that cannot be checked (the
        database away) is logged and checked again next time."""
        done = await asyncio.gather(*(table.queue.settle() for table in tables), return_exceptions=True)
        for table, outcome in zip(tables, done, strict=True):
            if isinstance(outcome, Exception):
                log.warning("table %s: cannot check it against the database: %s", table.id, outcome)
            elif isinstance(outcome, BaseException):
                raise outcome
            self._versions[table.id] = table.version
        return [table for table in tables if table.version != table.told]

    @staticmethod
    async def _take_in(table: Table) -> bool:
        """Run the table's queue once, so it takes in what other processes changed (its ``before``
        step); whether the table changed."""
        version = table.version
        await table.queue.settle(check=False)
        return table.version != version

    async def catch_up(self, table: Table) -> None:
        """Bring ``table`` to what the database holds after another process changed it: its row
        and seats, then every log row from its ``seq`` on, through ``Game.apply`` (the one replay
        path). Runs inside the table's queue, like every change."""
        row, rows = await self.store.table_since(table.id, table.seq)
        if row is None:
            return
        status = table.row.status
        table.row.seats = row.seats
        table.row.status = row.status
        table.row.result = row.result
        table.row.seed = row.seed
        table.row.revision = row.revision
        if row.seed is not None and table.game is None:
            table.game = Game(table.row, table.names())
        game = table.game
        if game is not None:
            game.names = table.names()
            for entry in rows:
                game.replay_row(table.id, entry)
                table.seq += 1
        self.status_taken(table, status)
        table.changed()

    async def read_back(self, table: Table) -> None:
        """Read ``table`` back whole (``catch_up``); announced rows it now holds are dropped."""
        table.behind = False
        await self.catch_up(table)
        for seq in [seq for seq in table.incoming if seq < table.seq]:
            del table.incoming[seq]

    async def _bring_up_to_date(self, table: Table, *, check: bool) -> None:
        """Before a job of ``table`` (with several processes): apply the log rows notices brought
        when they follow on from ``seq``. Then, for a job that acts (``check``; a notice may still
        be on its way, and a request must be checked against what is stored, as in a single
        process) or after a change announced without rows, read what of the table changes while
        it is live (``Store.table_head``: status, next ``seq``, revision, seats; one indexed read):
        seats that differ are taken over with their revision; a status or a log that differs, or a
        gap in the announced rows, is read back whole (``catch_up``)."""
        if not self._apply_incoming(table):
            await self.read_back(table)
            return
        if not (check or table.behind):
            return
        table.behind = False
        head = await self.store.table_head(table.id)
        if head is None or head.status != table.row.status or head.seq != table.seq:
            await self.read_back(table)
        elif head.revision != table.row.revision or head.seats != table.row.seats:
            # Another process changed seats only: take them over with the revision they are at,
            # so this process's next change of the row is made against what is stored.
            table.row.seats = head.seats
            table.row.revision = head.revision
            if table.game is not None:
                table.game.names = table.names()
            table.changed()

    @staticmethod
    def _apply_incoming(table: Table) -> bool:
        """Apply the announced rows that follow on from ``table.seq`` through ``Game.apply`` (the
        one replay path); False if rows are left that do not follow on (one in between is missing)."""
        incoming = table.incoming
        if not incoming:
            return True
        game = table.game
        applied = False
        while game is not None and table.seq in incoming:
            game.replay_row(table.id, incoming.pop(table.seq))
            table.seq += 1
            applied = True
        for seq in [seq for seq in incoming if seq < table.seq]:
            del incoming[seq]  # applied already (a repeated notice, or read from the database)
        if applied:
            table.changed()
        return not incoming
