"""``AccountStore`` on SQLAlchemy Core: the statements of accounts, sessions, attempts to sign in
and up, profiles, the leaderboard and the server-wide settings, run on the ``SqlStore``'s database
thread.

An attempt is counted and stored in one write transaction. Within a process the writes run one
after another on the database thread; SQLite's ``BEGIN IMMEDIATE`` orders them between processes;
on PostgreSQL the transaction first takes one advisory lock (``ATTEMPTS_LOCK``) that every process
takes for it, so two processes cannot both count the same attempts and both store one more. One
lock for every name and address (rather than one per name and one per address) because a write
transaction of the database thread may hold several attempts: locks taken in different orders by
two processes could wait on each other.
"""

from __future__ import annotations

from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.server.persistence.accounts import (
    AccountRow,
    Crowded,
    Leader,
    Limit,
    NewAccount,
    NewSession,
    PlayedGame,
    RatingStep,
    SessionRow,
)
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore, table_from_row

ACCOUNT_COLUMNS = (
    db.accounts.c.id,
    db.accounts.c.name,
    db.accounts.c.uid,
    db.accounts.c.created,
    db.accounts.c.mu,
    db.accounts.c.sigma,
    db.accounts.c.rated_games,
    db.accounts.c.language,
)


SESSION_COLUMNS = (
    db.sessions.c.id_hash,
    db.sessions.c.account_id,
    db.sessions.c.created,
    db.sessions.c.last_seen,
    db.sessions.c.user_agent,
    db.sessions.c.expires,
)

Counted = tuple[Literal["name", "address"], sa.ColumnElement[bool], Limit]
"""One limit an attempt is counted against: its name, the attempts it counts, the limit."""


def _session(row: Any) -> SessionRow:
    """A ``SessionRow`` from a row with ``SESSION_COLUMNS``."""
    m = row._mapping
    return SessionRow(
        str(m["id_hash"]),
        int(str(m["account_id"])),
        float(str(m["created"])),
        float(str(m["last_seen"])),
        str(m["user_agent"]),
        float(str(m["expires"])),
    )


def _reserve(
    connection: Connection, table: sa.Table, counted: list[Counted], values: dict[str, object]
) -> Crowded | None:
    """Store an attempt (``values``) in ``table`` if every limit of ``counted`` has room; else
    ``Crowded`` for the first full one (see the module's docstring for why this is atomic)."""
    if connection.dialect.name == "postgresql":
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": db.ATTEMPTS_LOCK})
    created = table.c.created
    for by, where, limit in counted:
        times = (
            connection.execute(
                sa.select(created)
                .where(where, created > limit.since)
                .order_by(created.desc())
                .limit(limit.most)
            )
            .scalars()
            .all()
        )
        if len(times) >= limit.most:
            return Crowded(by, float(times[-1]))
    connection.execute(sa.insert(table).values(values))
    return None


def _account(row: Any) -> AccountRow | None:
    """An ``AccountRow`` from a row of ``ACCOUNT_COLUMNS`` (None for no row)."""
    if row is None:
        return None
    m = row._mapping
    return AccountRow(
        int(str(m["id"])),
        str(m["name"]),
        str(m["uid"]),
        float(str(m["created"])),
        float(str(m["mu"])),
        float(str(m["sigma"])),
        int(str(m["rated_games"])),
        None if m["language"] is None else str(m["language"]),
    )


class SqlAccounts:
    """``AccountStore`` on the server's database."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    async def setting(self, key: str) -> str | None:
        query = sa.select(db.settings.c.value).where(db.settings.c.key == key)

        def read(connection: Connection) -> str | None:
            value = connection.execute(query).scalar_one_or_none()
            return None if value is None else str(value)

        return await self.store.run_read(read)

    async def add_setting(self, key: str, value: str) -> None:
        statement = sa.insert(db.settings).values(key=key, value=value)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def _find(self, where: sa.ColumnElement[bool]) -> AccountRow | None:
        query = sa.select(*ACCOUNT_COLUMNS).where(where)
        return await self.store.run_read(lambda connection: _account(connection.execute(query).first()))

    async def account_by_id(self, account_id: int) -> AccountRow | None:
        return await self._find(db.accounts.c.id == account_id)

    async def account_by_uid(self, uid: str) -> AccountRow | None:
        return await self._find(db.accounts.c.uid == uid)

    async def account_by_name(self, name_key: str) -> AccountRow | None:
        return await self._find(db.accounts.c.name_key == name_key)

    async def add_account(self, account: NewAccount) -> None:
        statement = sa.insert(db.accounts).values({**account._asdict(), "rated_games": 0})
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def set_language(self, account_id: int, language: str) -> None:
        statement = sa.update(db.accounts).where(db.accounts.c.id == account_id).values(language=language)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def password_hash(self, name_key: str) -> tuple[AccountRow, str] | None:
        query = sa.select(*ACCOUNT_COLUMNS, db.accounts.c.password_hash).where(
            db.accounts.c.name_key == name_key
        )

        def read(connection: Connection) -> tuple[AccountRow, str] | None:
            row = connection.execute(query).first()
            account = _account(row)
            if row is None or account is None:
                return None
            return account, str(row._mapping["password_hash"])

        return await self.store.run_read(read)

    async def reserve_sign_in(
        self, name_key: str, address: str, created: float, by_name: Limit, by_address: Limit
    ) -> Crowded | None:
        attempts = db.login_attempts
        counted: list[Counted] = [
            ("name", attempts.c.name_key == name_key, by_name),
            ("address", attempts.c.address == address, by_address),
        ]
        values: dict[str, object] = {"name_key": name_key, "address": address, "created": created}
        return await self.store.run_write(lambda connection: _reserve(connection, attempts, counted, values))

    async def forget_sign_ins(self, name_key: str) -> None:
        statement = sa.delete(db.login_attempts).where(db.login_attempts.c.name_key == name_key)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def reserve_sign_up(self, address: str, created: float, limit: Limit) -> Crowded | None:
        counted: list[Counted] = [("address", db.sign_ups.c.address == address, limit)]
        values: dict[str, object] = {"address": address, "created": created}
        return await self.store.run_write(
            lambda connection: _reserve(connection, db.sign_ups, counted, values)
        )

    async def set_password(self, account_id: int, password_hash: str, keep_session: str) -> None:
        s = db.sessions.c
        update = (
            sa.update(db.accounts).where(db.accounts.c.id == account_id).values(password_hash=password_hash)
        )
        others = sa.delete(db.sessions).where(s.account_id == account_id, s.id_hash != keep_session)

        def write(connection: Connection) -> None:
            connection.execute(update)
            connection.execute(others)

        await self.store.run_write(write)

    async def replace_password(self, account_id: int, old_hash: str, new_hash: str) -> bool:
        a = db.accounts.c
        update = (
            sa.update(db.accounts)
            .where(a.id == account_id, a.password_hash == old_hash)
            .values(password_hash=new_hash)
        )
        sessions = sa.delete(db.sessions).where(db.sessions.c.account_id == account_id)

        def write(connection: Connection) -> bool:
            if connection.execute(update).rowcount != 1:
                return False
            connection.execute(sessions)
            return True

        return await self.store.run_write(write)

    async def add_session(self, session: NewSession) -> None:
        insert = sa.insert(db.sessions).values({**session._asdict(), "last_seen": session.created})
        ended = sa.delete(db.sessions).where(db.sessions.c.expires <= session.created)

        def write(connection: Connection) -> None:
            connection.execute(ended)
            connection.execute(insert)

        await self.store.run_write(write)

    async def session(self, id_hash: str, now: float) -> tuple[AccountRow, SessionRow] | None:
        s = db.sessions.c
        query = (
            sa.select(*ACCOUNT_COLUMNS, *SESSION_COLUMNS)
            .join_from(db.sessions, db.accounts, db.accounts.c.id == s.account_id)
            .where(s.id_hash == id_hash, s.expires > now)
        )

        def read(connection: Connection) -> tuple[AccountRow, SessionRow] | None:
            row = connection.execute(query).first()
            account = _account(row)
            return None if account is None else (account, _session(row))

        return await self.store.run_read(read)

    async def touch_session(self, id_hash: str, last_seen: float, expires: float) -> None:
        statement = (
            sa.update(db.sessions)
            .where(db.sessions.c.id_hash == id_hash)
            .values(last_seen=last_seen, expires=expires)
        )
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def sessions(self, account_id: int, now: float) -> list[SessionRow]:
        s = db.sessions.c
        query = (
            sa.select(*SESSION_COLUMNS)
            .where(s.account_id == account_id, s.expires > now)
            .order_by(s.last_seen.desc())
        )
        return await self.store.run_read(
            lambda connection: [_session(row) for row in connection.execute(query)]
        )

    async def end_session(self, id_hash: str) -> None:
        statement = sa.delete(db.sessions).where(db.sessions.c.id_hash == id_hash)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def end_sessions(self, account_id: int) -> None:
        statement = sa.delete(db.sessions).where(db.sessions.c.account_id == account_id)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def history(self, account: AccountRow, limit: int) -> tuple[list[RatingStep], list[PlayedGame]]:
        t, s, r = db.tables.c, db.seats.c, db.ratings.c
        steps_query = (
            sa.select(r.table_id, r.created, r.mu_before, r.mu, r.sigma)
            .where(r.account_id == account.id)
            .order_by(r.created, r.table_id)
        )
        games_query = (
            sa.select(db.tables, s.seat.label("my_seat"))
            .join_from(db.tables, db.seats, s.table_id == t.id)
            .where(s.user_id == account.uid, s.kind == "human", t.status != "closed")
            .order_by(t.id.desc())
            .limit(limit)
        )

        def read(connection: Connection) -> tuple[list[RatingStep], list[PlayedGame]]:
            steps = [
                RatingStep(
                    int(row.table_id),
                    float(row.created),
                    float(row.mu_before),
                    float(row.mu),
                    float(row.sigma),
                )
                for row in connection.execute(steps_query)
            ]
            games = [
                PlayedGame(table_from_row(row), int(row.my_seat)) for row in connection.execute(games_query)
            ]
            return steps, games

        return await self.store.run_read(read)

    async def leaders(self, limit: int) -> list[Leader]:
        a = db.accounts.c
        query = (
            sa.select(a.name, a.mu, a.sigma, a.rated_games)
            .where(a.rated_games > 0)
            .order_by((a.mu - 3 * a.sigma).desc(), a.id)
            .limit(limit)
        )

        def read(connection: Connection) -> list[Leader]:
            return [
                Leader(str(row.name), float(row.mu), float(row.sigma), int(row.rated_games))
                for row in connection.execute(query)
            ]

        return await self.store.run_read(read)
