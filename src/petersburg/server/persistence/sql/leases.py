"""``LeaseStore`` on SQLAlchemy Core. Taking or renewing a lease is one statement (insert, or
update where the lease is the holder's or has run out), so two processes can never both hold it."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore


class SqlLeases:
    """``LeaseStore`` on the server's database."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    async def hold(self, holder: str, table_ids: list[int], now: float, expires: float) -> set[int]:
        dialect = postgresql if self.store.dialect == "postgresql" else sqlite
        leases = db.leases

        def take(connection: Connection) -> set[int]:
            held = set()
            for table_id in table_ids:
                statement = (
                    dialect.insert(leases)
                    .values(table_id=table_id, holder=holder, expires=expires)
                    .on_conflict_do_update(
                        index_elements=[leases.c.table_id],
                        set_={"holder": holder, "expires": expires},
                        where=sa.or_(leases.c.holder == holder, leases.c.expires < now),
                    )
                    .returning(leases.c.table_id)
                )
                if connection.execute(statement).first() is not None:
                    held.add(table_id)
            return held

        return await self.store.run_write(take)

    async def settle_deadline(self, holder: str, table_id: int, seq: int, proposed: float) -> float:
        leases = db.leases.c

        def settle(connection: Connection) -> float:
            connection.execute(
                sa.update(db.leases)
                .where(
                    leases.table_id == table_id,
                    leases.holder == holder,
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
        leases = db.leases.c
        statement = sa.select(leases.deadline).where(leases.table_id == table_id, leases.seq == seq)

        def read(connection: Connection) -> float | None:
            stored = connection.execute(statement).scalar_one_or_none()
            return None if stored is None else float(stored)

        return await self.store.run_read(read)

    async def release(self, holder: str, table_id: int) -> None:
        statement = sa.delete(db.leases).where(db.leases.c.table_id == table_id, db.leases.c.holder == holder)
        await self.store.run_write(lambda connection: connection.execute(statement))
