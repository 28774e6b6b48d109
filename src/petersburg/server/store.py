"""Durable storage for tables, seats, the action log and chat (SQLite, standard library only).

The action log is the truth: a game is rebuilt from (players, seed, options, log) after any restart.
Every write is committed before the caller goes on (and so before anything is broadcast), with
SQLite's write-ahead log and ``synchronous=FULL`` so that a committed action survives a kill -9 or a
power cut. The log is append-only: an undo is itself a row (kind ``undo``), never a deletion.
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

LOBBY = 0
"""Chat rows of the lobby use table id 0 (real tables start at 1)."""


@dataclass
class SeatRow:
    """One seat of a table: empty, a human (with a user id and secret token) or a bot."""

    kind: str = "empty"
    name: str = ""
    user_id: str | None = None
    token: str | None = None
    bot: str | None = None
    autopass: tuple[int, int] | None = None
    """(round, phase) in which the server passes for this seat whenever it is to act."""


@dataclass
class TableRow:
    """A table as stored: its settings, seats and status (the game itself is the action log)."""

    id: int
    name: str
    created: float
    num_seats: int
    options: dict[str, Any]
    realtime: bool
    timer: int
    allow_undo: bool
    creator: str
    seed: int | None = None
    status: str = "open"
    result: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class LogRow:
    """One durable log entry: an action by a seat, or an undo of that seat's last action."""

    seq: int
    kind: str
    seat: int
    action: int


def _round_phase(pair: list[int]) -> tuple[int, int]:
    round_, phase = pair
    return int(round_), int(phase)


def database_path(url: str) -> str:
    """The SQLite file of a database URL (``sqlite:///data/x.db``, ``sqlite:////abs.db``) or path."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :]
    if url.startswith("sqlite://"):
        raise ValueError(f"Unsupported database URL {url!r}: use sqlite:///relative.db or sqlite:////abs.db.")
    if "://" in url:
        raise ValueError(f"Unsupported database URL {url!r}: only SQLite (sqlite:///path) is supported.")
    return url


class Store:
    """All database access. Thread-safe (one connection behind a lock); every write commits."""

    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()
        self._queue: queue.SimpleQueue[tuple[tuple[Any, ...], Future[None]] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_loop, name="log-writer", daemon=True)
        self._writer.start()

    def _migrate(self) -> None:
        """Bring a database written by an older version up to this schema (columns added since)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(seats)")}
        if "autopass" not in columns:
            self._db.execute("ALTER TABLE seats ADD COLUMN autopass TEXT")

    def close(self) -> None:
        self._queue.put(None)
        self._writer.join(timeout=10)
        with self._lock:
            self._db.close()

    def _write_loop(self) -> None:
        """Group commit: every log row waiting when a transaction starts goes into it, so many
        tables share one fsync; each row's future resolves only after its COMMIT returned."""
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < 500:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            outcomes: list[BaseException | None] = []
            with self._lock:
                try:
                    self._db.execute("BEGIN IMMEDIATE")
                    for params, _future in batch:
                        try:
                            self._db.execute(
                                "INSERT INTO actions (table_id, seq, kind, seat, action, created)"
                                " VALUES (?,?,?,?,?,?)",
                                params,
                            )
                            outcomes.append(None)
                        except sqlite3.Error as error:  # e.g. a second writer of the same seq
                            outcomes.append(error)
                    self._db.execute("COMMIT")
                except sqlite3.Error as error:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    outcomes = [error] * len(batch)
            for (_params, future), outcome in zip(batch, outcomes, strict=True):
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)
            if stop:
                return

    def _write(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(sql, params)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return cursor

    # Tables -------------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> int:
        """Insert a table and its empty seats in one transaction; returns the new id."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(
                    "INSERT INTO tables (name, created, seats, options, realtime, timer, allow_undo, creator,"
                    " seed, status, result) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
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
                        None,
                    ),
                )
                table_id = int(cursor.lastrowid or 0)
                for seat, seat_row in enumerate(row.seats):
                    self._db.execute(
                        "INSERT INTO seats (table_id, seat, kind, name, user_id, token, bot)"
                        " VALUES (?,?,?,?,?,?,?)",
                        (
                            table_id,
                            seat,
                            seat_row.kind,
                            seat_row.name,
                            seat_row.user_id,
                            seat_row.token,
                            seat_row.bot,
                        ),
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        row.id = table_id
        return table_id

    def save_seat(self, table_id: int, seat: int, row: SeatRow) -> None:
        """Store every field of a seat (who sits there, and its auto-pass, which outlives a restart)."""
        autopass = json.dumps(list(row.autopass)) if row.autopass is not None else None
        self._write(
            "UPDATE seats SET kind=?, name=?, user_id=?, token=?, bot=?, autopass=?"
            " WHERE table_id=? AND seat=?",
            (row.kind, row.name, row.user_id, row.token, row.bot, autopass, table_id, seat),
        )

    def set_status(
        self, table_id: int, status: str, seed: int | None = None, result: dict[str, Any] | None = None
    ) -> None:
        self._write(
            "UPDATE tables SET status=?, seed=COALESCE(?, seed), result=? WHERE id=?",
            (status, seed, json.dumps(result) if result is not None else None, table_id),
        )

    def load_tables(self) -> list[TableRow]:
        """Every table with its seats, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, name, created, seats, options, realtime, timer, allow_undo, creator, seed,"
                " status, result FROM tables ORDER BY id"
            ).fetchall()
            seat_rows = self._db.execute(
                "SELECT table_id, seat, kind, name, user_id, token, bot, autopass FROM seats"
                " ORDER BY table_id, seat"
            ).fetchall()
        tables = {
            r[0]: TableRow(
                id=r[0],
                name=r[1],
                created=r[2],
                num_seats=r[3],
                options=json.loads(r[4]),
                realtime=bool(r[5]),
                timer=r[6],
                allow_undo=bool(r[7]),
                creator=r[8],
                seed=r[9],
                status=r[10],
                result=json.loads(r[11]) if r[11] else None,
            )
            for r in rows
        }
        for table_id, _seat, kind, name, user_id, token, bot, autopass in seat_rows:
            if table_id in tables:
                until = _round_phase(json.loads(autopass)) if autopass else None
                tables[table_id].seats.append(SeatRow(kind, name, user_id, token, bot, until))
        return list(tables.values())

    # Action log ---------------------------------------------------------------------------

    def append(self, table_id: int, seq: int, kind: str, seat: int, action: int) -> None:
        """Append one log row; the primary key (table, seq) refuses a second writer of the same seq."""
        self._write(
            "INSERT INTO actions (table_id, seq, kind, seat, action, created) VALUES (?,?,?,?,?,?)",
            (table_id, seq, kind, seat, action, time.time()),
        )

    def append_later(self, table_id: int, seq: int, kind: str, seat: int, action: int) -> Future[None]:
        """Queue one log row for the group-commit writer; the future resolves once it is durable."""
        future: Future[None] = Future()
        self._queue.put(((table_id, seq, kind, seat, action, time.time()), future))
        return future

    def load_log(self, table_id: int) -> list[LogRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, seat, action FROM actions WHERE table_id=? ORDER BY seq", (table_id,)
            ).fetchall()
        return [LogRow(*row) for row in rows]

    # Chat ---------------------------------------------------------------------------------

    def add_chat(self, table_id: int, name: str, text: str) -> float:
        now = time.time()
        self._write(
            "INSERT INTO chat (table_id, created, name, text) VALUES (?,?,?,?)", (table_id, now, name, text)
        )
        return now

    def load_chat(self, table_id: int, limit: int = 100) -> list[tuple[float, str, str]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT created, name, text FROM chat WHERE table_id=? ORDER BY id DESC LIMIT ?",
                (table_id, limit),
            ).fetchall()
        return [(r[0], r[1], r[2]) for r in reversed(rows)]
