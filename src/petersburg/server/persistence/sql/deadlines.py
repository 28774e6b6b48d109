"""``DeadlineStore`` and ``TableWebhookStore`` on SQLAlchemy Core, run on the ``SqlStore``'s
database thread: one row per table, replaced whole."""

from __future__ import annotations

from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.server.persistence.alerts import WebhookFormat
from petersburg.server.persistence.deadlines import TableWebhook, TurnClock
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore


def _replace(connection: Connection, table: sa.Table, table_id: int, values: dict[str, Any]) -> None:
    """Update ``table``'s row of ``table_id`` to ``values``, or insert it."""
    updated = connection.execute(sa.update(table).where(table.c.table_id == table_id).values(values))
    if updated.rowcount == 0:
        connection.execute(sa.insert(table).values(table_id=table_id, **values))


class SqlDeadlines:
    """Turn clocks and tables' webhooks on the server's database."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    async def turn_clock(self, table_id: int) -> TurnClock | None:
        t = db.turn_clocks
        query = sa.select(t).where(t.c.table_id == table_id)

        def read(connection: Connection) -> TurnClock | None:
            row = connection.execute(query).first()
            if row is None:
                return None
            m = row._mapping
            return TurnClock(
                table_id,
                int(m["seq"]),
                int(m["seat"]),
                float(m["started"]),
                float(m["due"]),
                bool(m["reminded"]),
                bool(m["expired"]),
                tuple(int(count) for count in m["missed"] or ()),
            )

        return await self.store.run_read(read)

    async def save_turn_clock(self, clock: TurnClock) -> None:
        values = clock._asdict()
        del values["table_id"]
        values["missed"] = list(clock.missed)
        await self.store.run_write(lambda c: _replace(c, db.turn_clocks, clock.table_id, values))

    async def table_webhook(self, table_id: int) -> TableWebhook | None:
        t = db.table_webhooks
        query = sa.select(t).where(t.c.table_id == table_id)

        def read(connection: Connection) -> TableWebhook | None:
            row = connection.execute(query).first()
            if row is None:
                return None
            m = row._mapping
            return TableWebhook(table_id, str(m["url"]), cast(WebhookFormat, m["format"]), m["failure"])

        return await self.store.run_read(read)

    async def save_table_webhook(self, table_id: int, hook: TableWebhook | None) -> None:
        t = db.table_webhooks

        def write(connection: Connection) -> None:
            if hook is None:
                connection.execute(sa.delete(t).where(t.c.table_id == table_id))
            else:
                values = {"url": hook.url, "format": hook.format, "failure": None}
                _replace(connection, t, table_id, values)

        await self.store.run_write(write)

    async def table_webhook_outcome(self, table_id: int, failure: str | None) -> None:
        t = db.table_webhooks
        statement = sa.update(t).where(t.c.table_id == table_id).values(failure=failure)
        await self.store.run_write(lambda connection: connection.execute(statement))
