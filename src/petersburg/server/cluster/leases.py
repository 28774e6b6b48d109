"""Which server process runs a table's bots, auto-pass and turn timer: a lease in the database,
which also keeps the turn timer's deadline for the turn it was planned for.

With several processes on one database every process has every live table in memory, but only the
holder of a table's lease makes the server's own moves there, so each bot move or timer pass is
computed and made once. A lease lasts ``Settings.lease_seconds``; its holder renews it while it
has plans for the table; if the holder dies, the lease runs out and the next process that looks
(every third of a lease) takes it over. The leases are stored through ``LeaseStore``
(``persistence/leases.py``), where taking or renewing one is one statement, so two processes can
never both hold it. Even if a lease were misjudged, the log's key (table, seq) still lets exactly
one move through.
"""

from __future__ import annotations

import secrets

from petersburg.server.clock import Clock
from petersburg.server.persistence.leases import LeaseStore


class Leases:
    """This process's leases on tables' automation."""

    def __init__(self, store: LeaseStore, clock: Clock, seconds: float) -> None:
        self.store = store
        self.clock = clock
        self.seconds = seconds
        self.holder = secrets.token_hex(8)

    async def hold(self, table_ids: list[int]) -> set[int]:
        """Take or renew the leases of ``table_ids``; the ones this process holds now."""
        if not table_ids:
            return set()
        now = self.clock.time()
        return await self.store.hold(self.holder, table_ids, now, now + self.seconds)

    async def deadline(self, table_id: int, seq: int, proposed: float) -> float:
        """The turn timer's deadline for ``table_id``'s game at log row ``seq``: the one stored with
        the lease for this turn (by this process or an earlier holder that died), else ``proposed``,
        stored now with this process's lease so a process taking the lease over finds it."""
        return await self.store.settle_deadline(self.holder, table_id, seq, proposed)

    async def stored_deadline(self, table_id: int, seq: int) -> float | None:
        """The turn timer's deadline the lease's holder stored for ``table_id``'s turn at log row
        ``seq`` (None if none is stored yet): what a process without the lease shows, so a
        table opened there mid-turn shows the time that is left, not a whole turn."""
        return await self.store.stored_deadline(table_id, seq)

    async def release(self, table_id: int) -> None:
        """Give a lease back (the table needs no more automatic moves here)."""
        await self.store.release(self.holder, table_id)
