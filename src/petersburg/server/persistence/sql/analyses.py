"""``AnalysisStore`` on SQLAlchemy Core: the statements of game analyses, run on the
``SqlStore``'s database thread."""

from __future__ import annotations

from typing import cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.analysis import AnalysisJson
from petersburg.server.persistence.analyses import LossSummary, SeatLoss
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import SqlStore


class SqlAnalyses:
    """``AnalysisStore`` on the server's database."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    async def save_analysis(
        self, table_id: int, created: float, data: AnalysisJson, losses: list[SeatLoss]
    ) -> None:
        def write(connection: Connection) -> None:
            connection.execute(sa.delete(db.analyses).where(db.analyses.c.table_id == table_id))
            connection.execute(sa.delete(db.analysis_losses).where(db.analysis_losses.c.table_id == table_id))
            connection.execute(sa.insert(db.analyses).values(table_id=table_id, created=created, data=data))
            if losses:
                connection.execute(
                    sa.insert(db.analysis_losses),
                    [
                        {
                            "table_id": table_id,
                            "seat": loss.seat,
                            "user_id": loss.user_id,
                            "created": created,
                            "decisions": loss.decisions,
                            "average_loss": loss.average_loss,
                        }
                        for loss in losses
                    ],
                )

        await self.store.run_write(write)

    async def analysis(self, table_id: int) -> AnalysisJson | None:
        query = sa.select(db.analyses.c.data).where(db.analyses.c.table_id == table_id)

        def read(connection: Connection) -> AnalysisJson | None:
            return cast(AnalysisJson | None, connection.execute(query).scalar_one_or_none())

        return await self.store.run_read(read)

    async def unanalysed(self, limit: int) -> list[int]:
        t, s, a = db.tables.c, db.seats.c, db.analyses.c
        with_person = sa.select(s.table_id).where(s.table_id == t.id, s.kind == "human").exists()
        done = sa.select(a.table_id).where(a.table_id == t.id).exists()
        query = sa.select(t.id).where(t.status == "over", with_person, ~done).order_by(t.id).limit(limit)

        def read(connection: Connection) -> list[int]:
            return [int(row) for row in connection.execute(query).scalars()]

        return await self.store.run_read(read)

    async def average_loss(self, user_id: str, games: int) -> LossSummary:
        c = db.analysis_losses.c
        recent = (
            sa.select(c.decisions, c.average_loss)
            .where(c.user_id == user_id, c.decisions > 0)
            .order_by(c.created.desc(), c.table_id.desc())
            .limit(games)
            .subquery()
        )
        query = sa.select(
            sa.func.count(),
            sa.func.sum(recent.c.decisions),
            sa.func.sum(recent.c.decisions * recent.c.average_loss),
        )

        def read(connection: Connection) -> LossSummary:
            count, decisions, total = connection.execute(query).one()
            if not count or not decisions:
                return LossSummary(0, 0, 0.0)
            return LossSummary(int(count), int(decisions), float(total) / int(decisions))

        return await self.store.run_read(read)
