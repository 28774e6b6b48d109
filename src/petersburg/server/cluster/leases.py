"""Which server process runs a table's bots, auto-pass and turn timer: a lease in the database,
which also keeps the turn timer's deadline for the turn it was planned for.

With several processes on one database every process has every live table in memory, but only the
holder of a table's lease makes the server's own moves there, so each bot move or timer pass is
computed and made once. A lease lasts ``ServerConfig.lease_seconds``; its holder renews it while it
has plans for the table; if the holder dies, the lease runs out and the next process that looks
(every third of a lease) takes it over. Taking or renewing is one statement (insert, or update
where the lease is this process's or has run out), so two processes can never both hold it. Even
if a lease were misjudged, the log's key (table, seq) still lets exactly one move through.
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from petersburg.server.clock import Clock
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore


class Leases:
    """This process's leases on tables' automation."""

    def __init__(self, store: SqlStore, clock: Clock, seconds: float) -> None:
        self.store = store
        self.clock = clock
        self.seconds = seconds
        self.holder = secrets.token_hex(8)

    async def hold(self, table_ids: list[int]) -> set[int]:
        """Take or renew the leases of ``table_ids``; the ones this process holds now."""
        if not table_ids:
            return set()
        now = self.clock.time()
        expires = now + self.seconds
        dialect = postgresql if self.store.dialect == "postgresql" else sqlite
        leases = db.leases

        def take(connection: Connection) -> set[int]:
            held = set()
            for table_id in table_ids:
                statement = (
                    dialect.insert(leases)
                    .values(table_id=table_id, holder=self.holder, expires=expires)
                    .on_conflict_do_update(
                        index_elements=[leases.c.table_id],
                        set_={"holder": self.holder, "expires": expires},
                        where=sa.or_(leases.c.holder == self.holder, leases.c.expires < now),
                    )
                    .returning(leases.c.table_id)
                )
                if connection.execute(statement).first() is not None:
                    held.add(table_id)
            return held

        return await self.store.run_write(take)

    async def deadline(self, table_id: int, seq: int, proposed: float) -> float:
        """The turn timer's deadline for ``table_id``'s game at log row ``seq``: the one stored with
        the lease for this turn (by this process or an earlier holder that died), else ``proposed``,
        stored now with this process's lease so a process taking the lease over finds it."""
        leases = db.leases.c

        def settle(connection: Connection) -> float:
            connection.execute(
                sa.update(db.leases)
                .where(
                    leases.table_id == table_id,
                    leases.holder == self.holder,
                    sa.or_(leases.seq.is_(None), leases.seq != seq),
                )
                .values(seq=seq, deadline=proposed)
            )
            stored = connection.execute(
                sa.select(leases.deadline).where(leases.table_id == table_id, leases.seq == seq)
            ).scalar_one_or_none()
            return proposed if stored is None else float(stored)

        return await self.store.run_write(settle)

    async def stored_deadline(self, table_id: int, seq: int) -> float | None:
        """The turn timer's deadline the lease's holder stored for ``table_id``'s turn at log row
        ``seq`` (None if none is stored yet): what a process without the lease shows, so a
        table opened there mid-turn shows the time that is left, not a whole turn."""
        leases = db.leases.c
        statement = sa.select(leases.deadline).where(leases.table_id == table_id, leases.seq == seq)

        def read(connection: Connection) -> float | None:
            stored = connection.execute(statement).scalar_one_or_none()
            return None if stored is None else float(stored)

        return await self.store.run_read(read)

    async def release(self, table_id: int) -> None:
        """Give a lease back (the table needs no more automatic moves here)."""
        statement = sa.delete(db.leases).where(
            db.leases.c.table_id == table_id, db.leases.c.holder == self.holder
        )
        await self.store.run_write(lambda connection: connection.execute(statement))
