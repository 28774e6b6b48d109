"""``AccountStore`` on SQLAlchemy Core: the statements of accounts, failed sign-ins, profiles,
the leaderboard and the server-wide settings, run on the ``SqlStore``'s database thread."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.server.persistence.accounts import AccountRow, Leader, NewAccount, PlayedGame, RatingStep
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
)


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

    async def failed_sign_ins(
        self, name_key: str, address: str, since: float
    ) -> tuple[list[float], list[float]]:
        attempts = db.login_attempts.c

        def read(connection: Connection) -> tuple[list[float], list[float]]:
            by_name = connection.execute(
                sa.select(attempts.created)
                .where(attempts.name_key == name_key, attempts.created > since)
                .order_by(attempts.created)
            ).scalars()
            by_address = connection.execute(
                sa.select(attempts.created)
                .where(attempts.address == address, attempts.created > since)
                .order_by(attempts.created)
            ).scalars()
            return [float(t) for t in by_name], [float(t) for t in by_address]

        return await self.store.run_read(read)

    async def add_failed_sign_in(self, name_key: str, address: str, created: float) -> None:
        statement = sa.insert(db.login_attempts).values(name_key=name_key, address=address, created=created)
        await self.store.run_write(lambda connection: connection.execute(statement))

    async def forget_failed_sign_ins(self, name_key: str) -> None:
        statement = sa.delete(db.login_attempts).where(db.login_attempts.c.name_key == name_key)
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
