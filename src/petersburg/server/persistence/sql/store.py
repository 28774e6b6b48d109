"""``Store`` on SQLAlchemy Core: the same code for an SQLite file and a PostgreSQL database.

Every write runs on one database thread that owns one connection, so the event loop never waits
on the disk or the network (PostgreSQL's reads run beside it, on a small pool). Group commit:
every write waiting when a transaction starts goes into it, so many tables share one commit; if
one of them fails (such as a second writer of the same log row) the transaction is run again with
each write in its own savepoint, so that one undoes only itself (savepoints cost a round trip
each, so they are kept for that rare case); and each event loop is woken once per transaction,
not once per write. The schema is brought up to date by the Alembic migrations
before the first access (``database.migrate``). The other repositories of ``sql/`` (accounts,
ratings, leases) run their statements on the same thread (``run_read``, ``run_write``).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from petersburg.engine.json_types import OptionsJson
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.store import (
    ChatRow,
    HighScoreRow,
    LogKind,
    LogRow,
    SeatKind,
    SeatRow,
    SoloPlace,
    StorageError,
    TableChanged,
    TableHead,
    TableRow,
    TableStatus,
)
from petersburg.server.protocol.messages import GameResult

T = TypeVar("T")

INSERT_ACTION = sa.insert(db.actions)
"""A log row's insert, its values bound per row."""

_ACTIONS, _TABLES, _SEATS = db.actions.c, db.tables.c, db.seats.c
TABLE_HEAD = (
    sa.select(
        _TABLES.status,
        sa.select(sa.func.max(_ACTIONS.seq)).where(_ACTIONS.table_id == _TABLES.id).scalar_subquery(),
        _TABLES.revision,
        _SEATS.kind,
        _SEATS.name,
        _SEATS.user_id,
        _SEATS.token,
        _SEATS.bot,
        _SEATS.autopass,
    )
    .select_from(db.tables.outerjoin(db.seats, _SEATS.table_id == _TABLES.id))
    .where(_TABLES.id == sa.bindparam("table_id"))
    .order_by(_SEATS.seat)
)
"""A table's status, its last log row's ``seq`` (from the log's key), its revision and its seats,
one row per seat; its id bound per read."""

TABLE_POSITION = sa.select(
    _TABLES.status,
    sa.select(sa.func.max(_ACTIONS.seq)).where(_ACTIONS.table_id == _TABLES.id).scalar_subquery(),
    _TABLES.revision,
).where(_TABLES.id == sa.bindparam("table_id"))
"""A table's status, its last log row's ``seq`` and its revision: what a log row's write checks
(``TABLE_HEAD`` without the seats, which change only with the revision); its id bound per read."""

BATCH = 500
"""Most writes committed in one transaction."""

IN_CHUNK = 500
"""Most ids in one ``IN (...)`` list."""

ResultWrite = Callable[[Connection, TableRow], object]
"""A write that belongs to a game's result (its ratings), made in the transaction that stores it."""


@dataclass(eq=False)
class _Job:
    """One access to run on the database thread and the future (on its loop) that gets the result."""

    run: Callable[[Connection], object]
    write: bool
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[object]
    result: object = None
    error: BaseException | None = None


def _resolve(jobs: list[_Job]) -> None:
    """On the event loop: hand every finished job its result (a requester may have gone away)."""
    for job in jobs:
        if job.future.done():
            continue
        if job.error is not None:
            job.future.set_exception(job.error)
        else:
            job.future.set_result(job.result)


def _storage_error(error: Exception) -> Exception:
    return StorageError(str(error).splitlines()[0]) if isinstance(error, sa.exc.SQLAlchemyError) else error


class SqlStore:
    """``Store`` on any database URL (``database.database_url``); ``":memory:"`` for a throw-away
    SQLite database."""

    def __init__(self, url: str, *, with_result: Sequence[ResultWrite] = ()) -> None:
        self.url = url
        self.path = db.sqlite_file(url)
        """The SQLite file, if the database is one (``None`` for PostgreSQL or in memory)."""
        self.engine: Engine = db.create_engine(url)
        self.dialect = self.engine.dialect.name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._open_error: BaseException | None = None
        self.with_result: list[ResultWrite] = list(with_result)
        """Writes that belong to a game's result (its ratings), made in the transaction that stores
        the result (``finish``), so a game is never finished without them, nor they without it."""
        self._thread = threading.Thread(target=self._serve, name="sql-store", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._open_error is not None:
            self.engine.dispose()
            raise self._open_error

    # The database thread -----------------------------------------------------------------------

    def _open(self) -> Connection:
        with self.engine.connect() as connection:
            db.migrate(connection)
            connection.commit()
        return self.engine.connect()

    def _serve(self) -> None:
        try:
            connection = self._open()
        except BaseException as error:  # reported by the constructor
            self._open_error = _storage_error(error) if isinstance(error, Exception) else error
            self._ready.set()
            return
        self._ready.set()
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                batch = [first]
                stop = False
                while len(batch) < BATCH:
                    try:
                        more = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    batch.append(more)
                self._run_batch(connection, batch)
                if stop:
                    return
        finally:
            connection.close()
            self.engine.dispose()

    def _run_batch(self, connection: Connection, batch: list[_Job]) -> None:
        """Run jobs in order: consecutive writes share one transaction; then wake each loop once."""
        writes: list[_Job] = []
        for job in batch:
            if job.write:
                writes.append(job)
                continue
            self._commit(connection, writes)
            writes = []
            try:
                with connection.begin():
                    job.result = job.run(connection)
            except Exception as error:
                job.error = _storage_error(error)
        self._commit(connection, writes)
        by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        for job in batch:
            by_loop.setdefault(job.loop, []).append(job)
        for loop, jobs in by_loop.items():
            if not loop.is_closed():
                loop.call_soon_threadsafe(_resolve, jobs)

    @staticmethod
    def _commit(connection: Connection, writes: list[_Job]) -> None:
        """Commit ``writes`` in one transaction. First all together, without savepoints (the
        common case: nothing fails); if one fails, the transaction is rolled back and run again
        with each write in its own savepoint, so the failing one (e.g. a second writer of the same
        log row) undoes only itself. A write is a function of the connection alone: running it
        again after a rollback does the same."""
        if not writes:
            return
        try:
            with connection.begin():
                for job in writes:
                    job.result = job.run(connection)
            return
        except Exception as error:
            if len(writes) == 1:
                writes[0].result = None
                writes[0].error = _storage_error(error)
                return
        try:
            with connection.begin():
                for job in writes:
                    savepoint = connection.begin_nested()
                    try:
                        job.result = job.run(connection)
                    except Exception as error:  # e.g. a second writer of the same seq
                        savepoint.rollback()
                        job.result = None
                        job.error = _storage_error(error)
                    else:
                        savepoint.commit()
        except Exception as error:  # the transaction itself failed: none of it was written
            for job in writes:
                job.result = None
                job.error = _storage_error(error)

    # Submitting --------------------------------------------------------------------------------

    async def _submit(self, run: Callable[[Connection], T], *, write: bool) -> T:
        if not write and self.dialect == "postgresql":
            # PostgreSQL serves reads side by side: they need not wait in line behind the writes
            # (and each other) on the database thread, each on a connection of the pool.
            return await asyncio.to_thread(self._read_now, run)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._jobs.put(_Job(run, write, loop, future))
        return cast(T, await future)

    def _read_now(self, run: Callable[[Connection], T]) -> T:
        try:
            with self.engine.connect() as connection:
                result = run(connection)
                connection.rollback()  # nothing to keep: end the read's transaction at once
                return result
        except sa.exc.SQLAlchemyError as error:
            raise _storage_error(error) from None

    async def run_read(self, run: Callable[[Connection], T]) -> T:
        """Run a read-only function on the database thread (for the other repositories of ``sql/``:
        accounts, leases)."""
        return await self._submit(run, write=False)

    async def run_write(self, run: Callable[[Connection], T]) -> T:
        """Run a write on the database thread, whole or not at all, durable when this returns."""
        return await self._submit(run, write=True)

    async def close(self) -> None:
        """Finish every queued job, then close the connection."""
        self._jobs.put(None)
        await asyncio.to_thread(self._thread.join, 30)

    # Writes ------------------------------------------------------------------------------------

    async def create_table(self, row: TableRow) -> int:
        values = _table_values(row)
        seat_values = [_seat_values(seat) for seat in row.seats]

        def insert(connection: Connection) -> int:
            inserted = connection.execute(sa.insert(db.tables).values(values)).inserted_primary_key
            assert inserted is not None
            table_id = int(inserted[0])
            if seat_values:
                connection.execute(
                    sa.insert(db.seats),
                    [{"table_id": table_id, "seat": i, **seat} for i, seat in enumerate(seat_values)],
                )
            return table_id

        return await self._submit(insert, write=True)

    async def save_seat(self, table_id: int, index: int, seat: SeatRow, revision: int) -> None:
        statement = (
            sa.update(db.seats)
            .where(db.seats.c.table_id == table_id, db.seats.c.seat == index)
            .values(_seat_values(seat))
        )

        def write(connection: Connection) -> None:
            _change_table(connection, table_id, revision, {})
            connection.execute(statement)

        await self._submit(write, write=True)

    async def set_status(
        self, table_id: int, status: TableStatus, revision: int, *, seed: int | None = None
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if seed is not None:
            values["seed"] = seed
        await self._submit(
            lambda connection: _change_table(connection, table_id, revision, values), write=True
        )

    async def finish(self, row: TableRow, revision: int) -> None:
        seats = [_seat_values(seat) for seat in row.seats]
        s = db.seats.c

        def write(connection: Connection) -> None:
            _change_table(connection, row.id, revision, {"status": "over", "result": row.result})
            for index, values in enumerate(seats):
                connection.execute(
                    sa.update(db.seats).where(s.table_id == row.id, s.seat == index).values(values)
                )
            for also in self.with_result:
                also(connection, row)

        await self._submit(write, write=True)

    async def append_log(self, table_id: int, row: LogRow, created: float) -> None:
        values = _log_values(table_id, row, created)
        # One statement for every row (its compiled form cached once): the most frequent write.
        await self._submit(lambda connection: connection.execute(INSERT_ACTION, values), write=True)

    async def append_log_if_current(
        self, table_id: int, row: LogRow, created: float, status: TableStatus, revision: int
    ) -> bool:
        values = _log_values(table_id, row, created)
        expected = (status, row.seq - 1 if row.seq else None, revision)

        def write(connection: Connection) -> bool:
            if (
                tuple(connection.execute(TABLE_POSITION, {"table_id": table_id}).one_or_none() or ())
                != expected
            ):
                return False
            connection.execute(INSERT_ACTION, values)
            return True

        return await self._submit(write, write=True)

    async def add_chat(self, table_id: int, line: ChatRow) -> None:
        statement = sa.insert(db.chat).values(
            table_id=table_id, created=line.t, name=line.name, text=line.text
        )
        await self._submit(lambda connection: connection.execute(statement), write=True)

    # Reads -------------------------------------------------------------------------------------

    async def live_tables(self) -> list[TableRow]:
        t = db.tables.c
        query = sa.select(db.tables).where(t.status.in_(("open", "playing"))).order_by(t.id)
        return await self._submit(lambda connection: _tables(connection, query), write=False)

    async def table(self, table_id: int) -> TableRow | None:
        query = sa.select(db.tables).where(db.tables.c.id == table_id)
        rows = await self._submit(lambda connection: _tables(connection, query), write=False)
        return rows[0] if rows else None

    async def log(self, table_id: int) -> list[LogRow]:
        return await self._submit(lambda connection: _log(connection, table_id, 0), write=False)

    async def table_since(self, table_id: int, seq: int) -> tuple[TableRow | None, list[LogRow]]:
        query = sa.select(db.tables).where(db.tables.c.id == table_id)

        def read(connection: Connection) -> tuple[TableRow | None, list[LogRow]]:
            rows = _tables(connection, query)
            return (rows[0] if rows else None), _log(connection, table_id, seq)

        return await self._submit(read, write=False)

    async def table_head(self, table_id: int) -> TableHead | None:
        return await self._submit(lambda connection: _table_head(connection, table_id), write=False)

    async def chat(self, table_id: int, limit: int) -> list[ChatRow]:
        c = db.chat.c
        query = (
            sa.select(c.created, c.name, c.text)
            .where(c.table_id == table_id)
            .order_by(c.id.desc())
            .limit(limit)
        )

        def read(connection: Connection) -> list[ChatRow]:
            rows = connection.execute(query).all()
            return [ChatRow(float(t), str(name), str(text)) for t, name, text in reversed(rows)]

        return await self._submit(read, write=False)

    async def finished_tables(self, limit: int) -> list[TableRow]:
        t = db.tables.c
        query = sa.select(db.tables).where(t.status == "over").order_by(t.id.desc()).limit(limit)
        return await self._submit(lambda connection: _tables(connection, query), write=False)

    async def solo_highscores(self, limit: int) -> list[HighScoreRow]:
        t, s = db.tables.c, db.seats.c
        total = t.result[("scores", 0, "total")].as_integer()
        rubles = t.result[("scores", 0, "rubles")].as_integer()
        rounds = t.result[("rounds",)].as_integer()
        query = (
            sa.select(t.id, s.name, total, rubles, rounds)
            .join_from(db.tables, db.seats, sa.and_(s.table_id == t.id, s.seat == 0))
            .where(t.seats == 1, t.status == "over", t.result.is_not(None), s.kind == "human")
            .order_by(total.desc(), rubles.desc(), t.id)
            .limit(limit)
        )

        def read(connection: Connection) -> list[HighScoreRow]:
            return [
                HighScoreRow(
                    int(table), str(name), int(total), int(rubles), None if rounds is None else int(rounds)
                )
                for table, name, total, rubles, rounds in connection.execute(query)
            ]

        return await self._submit(read, write=False)

    async def solo_placement(self, table: int, total: int, rubles: int, uid: str) -> SoloPlace:
        t, s = db.tables.c, db.seats.c
        their_total = t.result[("scores", 0, "total")].as_integer()
        their_rubles = t.result[("scores", 0, "rubles")].as_integer()
        finished = (
            sa.select(sa.func.count())
            .select_from(db.tables.join(db.seats, sa.and_(s.table_id == t.id, s.seat == 0)))
            .where(t.seats == 1, t.status == "over", t.result.is_not(None), s.kind == "human")
        )
        # Better in the order of ``solo_highscores``: more VP, then more rubles, then older.
        better = sa.or_(
            their_total > total,
            sa.and_(
                their_total == total,
                sa.or_(their_rubles > rubles, sa.and_(their_rubles == rubles, t.id < table)),
            ),
        )
        mine = s.user_id == uid

        def read(connection: Connection) -> SoloPlace:
            def count(query: Any) -> int:
                return int(connection.execute(query).scalar_one())

            return SoloPlace(
                count(finished.where(better)) + 1,
                count(finished) + 1,
                count(finished.where(mine, better)) + 1,
                count(finished.where(mine)) + 1,
            )

        return await self._submit(read, write=False)


def _table_values(row: TableRow) -> dict[str, Any]:
    return {
        "name": row.name,
        "created": row.created,
        "seats": row.num_seats,
        "options": row.options,
        "realtime": row.realtime,
        "timer": row.timer,
        "allow_undo": row.allow_undo,
        "creator": row.creator,
        "seed": row.seed,
        "status": row.status,
        "result": row.result,
        "rated": row.rated,
        "hints": row.hints,
        "move_deadline": row.move_deadline,
        "deadline_bot": row.deadline_bot,
        "revision": row.revision,
    }


def _change_table(connection: Connection, table_id: int, revision: int, values: dict[str, Any]) -> None:
    """Change a table's row (and count the change) only if it is still at ``revision``: the one
    statement that makes two processes' changes of one table exclusive (``TableChanged``)."""
    t = db.tables.c
    changed = connection.execute(
        sa.update(db.tables)
        .where(t.id == table_id, t.revision == revision)
        .values({**values, "revision": t.revision + 1})
    )
    if changed.rowcount != 1:
        raise TableChanged(f"table {table_id} was changed by another process since revision {revision}")


def _log_values(table_id: int, row: LogRow, created: float) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": row.seq,
        "kind": row.kind,
        "seat": row.seat,
        "action": row.action,
        "created": created,
    }


def _seat_values(seat: SeatRow) -> dict[str, Any]:
    return {
        "kind": seat.kind,
        "name": seat.name,
        "user_id": seat.user_id,
        "token": seat.token,
        "bot": seat.bot,
        "autopass": list(seat.autopass) if seat.autopass is not None else None,
    }


def table_from_row(r: sa.Row[Any]) -> TableRow:
    """A ``TableRow`` (without its seats) from a row of ``database.tables``."""
    return TableRow(
        id=int(r.id),
        name=str(r.name),
        created=float(r.created),
        num_seats=int(r.seats),
        options=cast(OptionsJson, r.options),
        realtime=bool(r.realtime),
        timer=int(r.timer),
        allow_undo=bool(r.allow_undo),
        creator=str(r.creator),
        seed=None if r.seed is None else int(r.seed),
        status=cast(TableStatus, r.status),
        result=cast(GameResult | None, r.result),
        rated=bool(r.rated),
        hints=bool(r.hints),
        move_deadline=int(r.move_deadline),
        deadline_bot=None if r.deadline_bot is None else str(r.deadline_bot),
        revision=int(r.revision),
    )


def seat_from_row(r: sa.Row[Any]) -> SeatRow:
    """A ``SeatRow`` from a row of ``database.seats``."""
    until = None
    if r.autopass:
        round_, phase = r.autopass
        until = (int(round_), int(phase))
    return SeatRow(cast(SeatKind, r.kind), str(r.name), r.user_id, r.token, r.bot, until)


def _table_head(connection: Connection, table_id: int) -> TableHead | None:
    rows = connection.execute(TABLE_HEAD, {"table_id": table_id}).all()
    if not rows:
        return None
    status, last, revision = rows[0][0], rows[0][1], rows[0][2]
    seats = [seat_from_row(cast("sa.Row[Any]", row)) for row in rows if row.kind is not None]
    return TableHead(cast(TableStatus, status), 0 if last is None else int(last) + 1, int(revision), seats)


def _log(connection: Connection, table_id: int, since: int) -> list[LogRow]:
    """A table's log rows from ``since`` on, in order."""
    a = db.actions.c
    query = (
        sa.select(a.seq, a.kind, a.seat, a.action)
        .where(a.table_id == table_id, a.seq >= since)
        .order_by(a.seq)
    )
    return [
        LogRow(int(seq), cast(LogKind, kind), int(seat), int(action))
        for seq, kind, seat, action in connection.execute(query)
    ]


def _tables(connection: Connection, query: sa.Select[Any]) -> list[TableRow]:
    """The tables ``query`` selects (with their seats), in its order."""
    tables = {int(r.id): table_from_row(r) for r in connection.execute(query)}
    ids: Sequence[int] = list(tables)
    s = db.seats.c
    for start in range(0, len(ids), IN_CHUNK):
        chunk = ids[start : start + IN_CHUNK]
        seat_query = sa.select(db.seats).where(s.table_id.in_(chunk)).order_by(s.table_id, s.seat)
        for r in connection.execute(seat_query):
            tables[int(r.table_id)].seats.append(seat_from_row(r))
    return list(tables.values())
