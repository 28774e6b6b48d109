"""``AlertStore`` on SQLAlchemy Core: an account's alert settings and the queue of alerts, run on
the ``SqlStore``'s database thread.

Queuing is one write transaction: the unique ``key`` keeps a turn from being queued twice (by two
processes, or by one before and after a restart), and the interval is checked in the same
transaction, so two alerts of one game within it cannot both be queued.
"""

from __future__ import annotations

from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.server.persistence.alerts import (
    AlertSettings,
    Channel,
    JsonObject,
    NewAlert,
    QueuedAlert,
    WebhookFormat,
)
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore

SETTINGS_COLUMNS = (
    "email",
    "email_confirmed",
    "email_alerts",
    "push_subscription",
    "webhook_url",
    "webhook_format",
    "webhook_failure",
    "interval",
    "muted",
    "vacation_start",
    "vacation_until",
    "vacation_year",
    "vacation_days",
)


def _settings(account_id: int, row: Any) -> AlertSettings:
    if row is None:
        return AlertSettings(account_id)
    m = row._mapping
    return AlertSettings(
        account_id,
        email=m["email"],
        email_confirmed=bool(m["email_confirmed"]),
        email_alerts=bool(m["email_alerts"]),
        push_subscription=m["push_subscription"],
        webhook_url=m["webhook_url"],
        webhook_format=cast(WebhookFormat, m["webhook_format"]),
        webhook_failure=m["webhook_failure"],
        interval=float(m["interval"]),
        muted=tuple(int(table) for table in m["muted"] or ()),
        vacation_start=m["vacation_start"],
        vacation_until=m["vacation_until"],
        vacation_year=m["vacation_year"],
        vacation_days=int(m["vacation_days"]),
    )


def _queued(row: Any) -> QueuedAlert:
    m = row._mapping
    return QueuedAlert(
        int(m["id"]),
        int(m["account_id"]),
        None if m["table_id"] is None else int(m["table_id"]),
        cast(Channel, m["channel"]),
        str(m["kind"]),
        cast(JsonObject, m["payload"]),
        int(m["attempts"]),
    )


class SqlAlerts:
    """``AlertStore`` on the server's database."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    async def settings(self, account_id: int) -> AlertSettings:
        t = db.account_alerts
        query = sa.select(t).where(t.c.account_id == account_id)
        return await self.store.run_read(
            lambda connection: _settings(account_id, connection.execute(query).first())
        )

    async def save_settings(self, settings: AlertSettings) -> None:
        t = db.account_alerts
        values: dict[str, object] = {name: getattr(settings, name) for name in SETTINGS_COLUMNS}
        values["muted"] = list(settings.muted)
        values["email_key"] = None if settings.email is None else settings.email.lower()

        def write(connection: Connection) -> None:
            updated = connection.execute(
                sa.update(t).where(t.c.account_id == settings.account_id).values(values)
            )
            if updated.rowcount == 0:
                connection.execute(sa.insert(t).values(account_id=settings.account_id, **values))

        await self.store.run_write(write)

    async def confirmed_accounts(self, email_key: str) -> list[int]:
        t = db.account_alerts.c
        query = sa.select(t.account_id).where(t.email_key == email_key, t.email_confirmed.is_(True))
        return await self.store.run_read(
            lambda connection: [int(found) for found in connection.execute(query).scalars()]
        )

    async def enqueue(self, alert: NewAlert, interval: float) -> bool:
        q = db.alert_queue.c
        exists = sa.select(q.id).where(q.key == alert.key)
        recent = sa.select(q.id).where(
            q.account_id == alert.account_id,
            q.table_id == alert.table_id,
            q.channel == alert.channel,
            q.kind == alert.kind,
            q.created > alert.created - interval,
        )
        values = {**alert._asdict(), "due": alert.created, "attempts": 0, "status": "pending"}

        def write(connection: Connection) -> bool:
            if connection.execute(exists).first() is not None:
                return False
            if alert.table_id is not None and connection.execute(recent.limit(1)).first() is not None:
                return False
            connection.execute(sa.insert(db.alert_queue).values(values))
            return True

        return await self.store.run_write(write)

    async def due(self, now: float, limit: int) -> list[QueuedAlert]:
        q = db.alert_queue.c
        query = (
            sa.select(db.alert_queue)
            .where(q.status == "pending", q.due <= now)
            .order_by(q.due, q.id)
            .limit(limit)
        )
        return await self.store.run_read(
            lambda connection: [_queued(row) for row in connection.execute(query)]
        )

    async def _update(self, alert_id: int, **values: object) -> None:
        statement = sa.update(db.alert_queue).where(db.alert_queue.c.id == alert_id).values(values)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def sent(self, alert_id: int) -> None:
        await self._update(alert_id, status="sent", error=None, payload={})  # its links are not kept

    async def retry(self, alert_id: int, due: float, error: str) -> None:
        await self._update(alert_id, due=due, error=error, attempts=db.alert_queue.c.attempts + 1)

    async def failed(self, alert_id: int, error: str) -> None:
        await self._update(alert_id, status="failed", error=error, attempts=db.alert_queue.c.attempts + 1)

    async def forget_push(self, account_id: int, subscription: JsonObject | None) -> None:
        t = db.account_alerts

        def write(connection: Connection) -> None:
            row = connection.execute(
                sa.select(t.c.push_subscription).where(t.c.account_id == account_id)
            ).first()
            if row is not None and row[0] == subscription:
                connection.execute(
                    sa.update(t).where(t.c.account_id == account_id).values(push_subscription=None)
                )

        await self.store.run_write(write)

    async def webhook_outcome(self, account_id: int, failure: str | None) -> None:
        t = db.account_alerts
        statement = sa.update(t).where(t.c.account_id == account_id).values(webhook_failure=failure)
        await self.store.run_write(lambda connection: connection.execute(statement))
