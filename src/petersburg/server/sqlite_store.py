"""``Store`` on one SQLite file (standard library only), every access on one database thread.

SQLite runs in WAL mode with ``synchronous=FULL``, so a committed write survives a kill -9 or a
power cut. All access goes through one thread that owns the connection: the event loop never
waits on the disk. Group commit: every write waiting when a transaction starts goes into it (each
in its own savepoint, so one failing write does not undo the others), so many tables share one
fsync; and the loop is woken once per transaction, not once per write.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

from petersburg.server.store import (
    ChatRow,
    HighScoreRow,
    JsonObject,
    LogKind,
    LogRow,
    SeatKind,
    SeatRow,
    SoloPlace,
    StorageError,
    TableRow,
    TableStatus,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    seats INTEGER NOT NULL,
    options TEXT NOT NULL,
    realtime INTEGER NOT NULL,
    timer INTEGER NOT NULL,
    allow_undo INTEGER NOT NULL,
    creator TEXT NOT NULL,
    seed INTEGER,
    status TEXT NOT NULL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    user_id TEXT,
    token TEXT,
    bot TEXT,
    autopass TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    action INTEGER NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    created REAL NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_id, id);
"""

INDEXES = """
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status, id);
"""
"""Indexes added since the first schema (created on open, for old databases too)."""

BATCH = 500
"""Most writes committed in one transaction."""

TABLE_COLUMNS = (
    "id, name, created, seats, options, realtime, timer, allow_undo, creator, seed, status, result"
)


def database_path(url: str) -> str:
    """The SQLite file of a database URL (``sqlite:///data/x.db``, ``sqlite:////abs.db``) or path."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :]
    if url.startswith("sqlite://"):
        raise ValueError(f"Unsupported database URL {url!r}: use sqlite:///relative.db or sqlite:////abs.db.")
    if "://" in url:
        raise ValueError(f"Unsupported database URL {url!r}: only SQLite (sqlite:///path) is supported.")
    return url


@dataclass(eq=False)
class _Job:
    """One access to run on the database thread and the future (on its loop) that gets the result."""

    run: Callable[[sqlite3.Connection], object]
    write: bool
    atomic: bool
    """A write of several statements: it gets a savepoint, so it is kept whole or not at all (a
    single statement is atomic by itself, and a failing one undoes only itself)."""
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


class SqliteStore:
    """``Store`` on one SQLite file; ``":memory:"`` for a throw-away database."""

    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._open_error: BaseException | None = None
        self._thread = threading.Thread(target=self._serve, name="sqlite-store", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._open_error is not None:
            raise self._open_error

    # The database thread -----------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(seats)")}
        if "autopass" not in columns:  # databases written before auto-pass was stored
            db.execute("ALTER TABLE seats ADD COLUMN autopass TEXT")
        db.executescript(INDEXES)
        return db

    def _serve(self) -> None:
        try:
            db = self._open()
        except BaseException as error:  # reported by the constructor
            self._open_error = error
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
                self._run_batch(db, batch)
                if stop:
                    return
        finally:
            db.close()

    def _run_batch(self, db: sqlite3.Connection, batch: list[_Job]) -> None:
        """Run jobs in order: consecutive writes share one transaction; then wake each loop once."""
        writes: list[_Job] = []
        for job in batch:
            if job.write:
                writes.append(job)
                continue
            self._commit(db, writes)
            writes = []
            try:
                job.result = job.run(db)
            except sqlite3.Error as error:
                job.error = StorageError(str(error))
            except Exception as error:
                job.error = error
        self._commit(db, writes)
        by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        for job in batch:
            by_loop.setdefault(job.loop, []).append(job)
        for loop, jobs in by_loop.items():
            if not loop.is_closed():
                loop.call_soon_threadsafe(_resolve, jobs)

    @staticmethod
    def _commit(db: sqlite3.Connection, writes: list[_Job]) -> None:
        if not writes:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            for job in writes:
                if job.atomic:
                    db.execute("SAVEPOINT job")
                try:
                    job.result = job.run(db)
                except Exception as error:  # e.g. a second writer of the same seq
                    if job.atomic:
                        db.execute("ROLLBACK TO job")
                    job.error = StorageError(str(error)) if isinstance(error, sqlite3.Error) else error
                if job.atomic:
                    db.execute("RELEASE job")
            db.execute("COMMIT")
        except sqlite3.Error as error:  # the transaction itself failed: none of it was written
            if db.in_transaction:
                db.execute("ROLLBACK")
            for job in writes:
                job.result = None
                job.error = StorageError(str(error))

    # Submitting --------------------------------------------------------------------------------

    async def _submit(
        self, run: Callable[[sqlite3.Connection], T], *, write: bool, atomic: bool = False
    ) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._jobs.put(_Job(run, write, atomic, loop, future))
        return cast(T, await future)

    async def run_read(self, run: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read-only function on the database thread (for checks of this implementation)."""
        return await self._submit(run, write=False)

    async def close(self) -> None:
        """Finish every queued job, then close the connection."""
        self._jobs.put(None)
        await asyncio.to_thread(self._thread.join, 30)

    # Writes ------------------------------------------------------------------------------------

    async def create_table(self, row: TableRow) -> int:
        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                f"INSERT INTO tables ({TABLE_COLUMNS.removeprefix('id, ')}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.name,
                    row.created,
                    row.num_seats,
                    json.dumps(row.options),
                    int(row.realtime),
                    row.timer,
                    int(row.allow_undo),
                    row.creator,
                    row.seed,
                    row.status,
                    None if row.result is None else json.dumps(row.result),
                ),
            )
            table_id = int(cursor.lastrowid or 0)
            for index, seat in enumerate(row.seats):
                db.execute(
                    "INSERT INTO seats (table_id, seat, kind, name, user_id, token, bot, autopass)"
                    " VALUES (?,?,?,?,?,?,?,?)",
                    (table_id, index, *_seat_values(seat)),
                )
            return table_id

        return await self._submit(insert, write=True, atomic=True)

    async def save_seat(self, table_id: int, index: int, seat: SeatRow) -> None:
        values = (*_seat_values(seat), table_id, index)

        def update(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE seats SET kind=?, name=?, user_id=?, token=?, bot=?, autopass=?"
                " WHERE table_id=? AND seat=?",
                values,
            )

        await self._submit(update, write=True)

    async def set_status(
        self, table_id: int, status: TableStatus, *, seed: int | None = None, result: JsonObject | None = None
    ) -> None:
        values = (status, seed, None if result is None else json.dumps(result), table_id)

        def update(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET status=?, seed=COALESCE(?, seed), result=? WHERE id=?", values)

        await self._submit(update, write=True)

    async def append_log(self, table_id: int, row: LogRow, created: float) -> None:
        values = (table_id, row.seq, row.kind, row.seat, row.action, created)

        def insert(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO actions (table_id, seq, kind, seat, action, created) VALUES (?,?,?,?,?,?)",
                values,
            )

        await self._submit(insert, write=True)

    async def add_chat(self, table_id: int, line: ChatRow) -> None:
        values = (table_id, line.t, line.name, line.text)

        def insert(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO chat (table_id, created, name, text) VALUES (?,?,?,?)", values)

        await self._submit(insert, write=True)

    # Reads -------------------------------------------------------------------------------------

    async def live_tables(self) -> list[TableRow]:
        return await self._submit(
            lambda db: _tables(db, "status IN ('open', 'playing') ORDER BY id", ()), write=False
        )

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._submit(lambda db: _tables(db, "id=?", (table_id,)), write=False)
        return rows[0] if rows else None

    async def log(self, table_id: int) -> list[LogRow]:
        def read(db: sqlite3.Connection) -> list[LogRow]:
            rows = db.execute(
                "SELECT seq, kind, seat, action FROM actions WHERE table_id=? ORDER BY seq", (table_id,)
            ).fetchall()
            return [
                LogRow(int(seq), cast(LogKind, kind), int(seat), int(action))
                for seq, kind, seat, action in rows
            ]

        return await self._submit(read, write=False)

    async def chat(self, table_id: int, limit: int) -> list[ChatRow]:
        def read(db: sqlite3.Connection) -> list[ChatRow]:
            rows = db.execute(
                "SELECT created, name, text FROM chat WHERE table_id=? ORDER BY id DESC LIMIT ?",
                (table_id, limit),
            ).fetchall()
            return [ChatRow(float(t), str(name), str(text)) for t, name, text in reversed(rows)]

        return await self._submit(read, write=False)

    async def finished_tables(self, limit: int) -> list[TableRow]:
        return await self._submit(
            lambda db: _tables(db, "status='over' ORDER BY id DESC LIMIT ?", (limit,)), write=False
        )

    async def solo_highscores(self, limit: int) -> list[HighScoreRow]:
        def read(db: sqlite3.Connection) -> list[HighScoreRow]:
            rows = db.execute(
                "SELECT t.id, s.name, json_extract(t.result, '$.scores[0].total') AS total,"
                " json_extract(t.result, '$.scores[0].rubles') AS rubles, json_extract(t.result, '$.rounds')"
                " FROM tables t JOIN seats s ON s.table_id = t.id AND s.seat = 0"
                " WHERE t.seats = 1 AND t.status = 'over' AND t.result IS NOT NULL AND s.kind = 'human'"
                " ORDER BY total DESC, rubles DESC, t.id LIMIT ?",
                (limit,),
            ).fetchall()
            return [
                HighScoreRow(
                    int(table), str(name), int(total), int(rubles), None if rounds is None else int(rounds)
                )
                for table, name, total, rubles, rounds in rows
            ]

        return await self._submit(read, write=False)

    async def solo_placement(self, table: int, total: int, rubles: int, uid: str) -> SoloPlace:
        better = (total, total, rubles, rubles, table)

        def read(db: sqlite3.Connection) -> SoloPlace:
            def count(extra: str, params: tuple[object, ...]) -> int:
                return int(db.execute(f"SELECT COUNT(*) {SOLO_GAMES}{extra}", params).fetchone()[0])

            mine = " AND s.user_id = ?"
            return SoloPlace(
                count(SOLO_BETTER, better) + 1,
                count("", ()) + 1,
                count(mine + SOLO_BETTER, (uid, *better)) + 1,
                count(mine, (uid,)) + 1,
            )

        return await self._submit(read, write=False)


SOLO_GAMES = (
    "FROM tables t JOIN seats s ON s.table_id = t.id AND s.seat = 0"
    " WHERE t.seats = 1 AND t.status = 'over' AND t.result IS NOT NULL AND s.kind = 'human'"
)
SOLO_BETTER = (
    " AND (json_extract(t.result, '$.scores[0].total') > ?"
    " OR (json_extract(t.result, '$.scores[0].total') = ?"
    " AND (json_extract(t.result, '$.scores[0].rubles') > ?"
    " OR (json_extract(t.result, '$.scores[0].rubles') = ? AND t.id < ?))))"
)


def _seat_values(seat: SeatRow) -> tuple[str, str, str | None, str | None, str | None, str | None]:
    autopass = json.dumps(list(seat.autopass)) if seat.autopass is not None else None
    return (seat.kind, seat.name, seat.user_id, seat.token, seat.bot, autopass)


def _tables(db: sqlite3.Connection, where: str, params: tuple[object, ...]) -> list[TableRow]:
    """Tables matching ``where`` (with their seats), in the order ``where`` gives."""
    rows = db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where}", params).fetchall()
    tables = {
        r[0]: TableRow(
            id=int(r[0]),
            name=str(r[1]),
            created=float(r[2]),
            num_seats=int(r[3]),
            options=cast(JsonObject, json.loads(r[4])),
            realtime=bool(r[5]),
            timer=int(r[6]),
            allow_undo=bool(r[7]),
            creator=str(r[8]),
            seed=None if r[9] is None else int(r[9]),
            status=cast(TableStatus, r[10]),
            result=cast(JsonObject, json.loads(r[11])) if r[11] else None,
        )
        for r in rows
    }
    if not tables:
        return []
    ids = list(tables)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        seat_rows = db.execute(
            "SELECT table_id, seat, kind, name, user_id, token, bot, autopass FROM seats"
            f" WHERE table_id IN ({marks}) ORDER BY table_id, seat",
            chunk,
        ).fetchall()
        for table_id, _index, kind, name, user_id, token, bot, autopass in seat_rows:
            until = None
            if autopass:
                round_, phase = json.loads(autopass)
                until = (int(round_), int(phase))
            tables[table_id].seats.append(SeatRow(cast(SeatKind, kind), name, user_id, token, bot, until))
    return list(tables.values())
