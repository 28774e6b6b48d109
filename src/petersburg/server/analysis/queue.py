"""The analysis of every finished game with a person at it: queued when the game ends, run one at a
time in a process of its own at a low priority (``work.analysis_process``), stored; a replay of an
older game asks for it on demand (``analysis``), which queues it if it is missing.

Not in the bot pool: an analysis takes seconds to a minute, and a bot's move at a table where
people wait must not queue behind it. The process is started for each game and ended when the
server stops (``stop``), so a stopping server never waits for an analysis.

At start-up the finished games not yet analysed are queued (a server stopped mid-queue loses
nothing). With several processes two may analyse the same game; the second stores the same
analysis again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from multiprocessing.process import BaseProcess

from petersburg.analysis import AnalysisJson
from petersburg.engine import GameRecord, options_from_json
from petersburg.server.analysis.work import analysis_process
from petersburg.server.clock import Clock
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.analyses import AnalysisStore, LossSummary, SeatLoss
from petersburg.server.persistence.store import StorageError

log = logging.getLogger("petersburg.server")

BACKLOG_AT_START = 100
"""Finished games without an analysis queued at start-up (more follow on demand)."""


def table_record(table: Table) -> GameRecord | None:
    """The record of a table's game: the actions that count (undone ones left out)."""
    game, row = table.game, table.row
    if game is None or row.seed is None:
        return None
    actions = [entry.action for entry in game.effective]
    return GameRecord(row.num_seats, row.seed, options_from_json(row.options), actions, table.names())


class AnalysisQueue:
    """Analyses finished games in the background, one at a time."""

    def __init__(
        self, tables: Tables, store: AnalysisStore, clock: Clock, *, background: bool = True
    ) -> None:
        self.tables = tables
        self.store = store
        self.clock = clock
        self.background = background
        """Whether every finished game is analysed when it ends (else only on demand)."""
        self._process: BaseProcess | None = None
        self._queue: asyncio.Queue[int] = asyncio.Queue()
        self._queued: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self.done = asyncio.Event()
        """Set after each analysis is stored (tests and benchmarks wait on it)."""

    async def start(self) -> None:
        if self.background:
            for table_id in await self.store.unanalysed(BACKLOG_AT_START):
                self._enqueue(table_id)
        self._task = asyncio.create_task(self._run(), name="analysis-queue")

    async def stop(self) -> None:
        process = self._process
        if process is not None and process.is_alive():
            process.terminate()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def table_changed(self, table: Table) -> None:
        """Listener of every table change: a game that just ended with a person at it is queued."""
        if self.background and table.row.status == "over" and table.people():
            self._enqueue(table.id)

    async def analysis(self, table: Table) -> AnalysisJson | None:
        """The stored analysis of a finished game, or None after queueing it."""
        found = await self.store.analysis(table.id)
        if found is None:
            self._enqueue(table.id)
        return found

    async def average_loss(self, user_id: str, games: int) -> LossSummary:
        """``user_id``'s average loss per move over his last ``games`` analysed games."""
        return await self.store.average_loss(user_id, games)

    def _enqueue(self, table_id: int) -> None:
        if table_id not in self._queued:
            self._queued.add(table_id)
            self._queue.put_nowait(table_id)

    async def _run(self) -> None:
        while True:
            table_id = await self._queue.get()
            try:
                if await self.store.analysis(table_id) is None:
                    await self._analyse(table_id)
            except (StorageError, OSError, ValueError) as error:
                log.error("the analysis of table %s failed: %s", table_id, error)
            except Exception:
                log.exception("the analysis of table %s failed", table_id)
            finally:
                self._queued.discard(table_id)
                self.done.set()
                self.done = asyncio.Event()

    async def _analyse(self, table_id: int) -> None:
        table = await self.tables.get(table_id)
        record = table_record(table)
        if record is None or table.row.status != "over":
            return
        data = await self._compute(record, table.people())
        if data is None:
            return
        users = {i: seat.user_id for i, seat in enumerate(table.row.seats)}
        losses = [
            SeatLoss(line["seat"], user, line["decisions"], line["average_loss"])
            for line in data["summary"]
            if (user := users.get(line["seat"])) is not None
        ]
        await self.store.save_analysis(table_id, self.clock.time(), data, losses)

    async def _compute(self, record: GameRecord, seats: list[int]) -> AnalysisJson | None:
        """The analysis from a process of its own; None if that process ended without one (the
        server stopping, or the process killed)."""
        context = multiprocessing.get_context("spawn")
        receiver, sender = context.Pipe(duplex=False)
        process = context.Process(
            target=analysis_process, args=(sender, record, seats, os.getpid()), name="analysis", daemon=True
        )
        process.start()
        sender.close()
        self._process = process
        try:
            found: AnalysisJson = await asyncio.to_thread(receiver.recv)
            return found
        except EOFError:
            return None
        finally:
            receiver.close()
            if process.is_alive():
                process.terminate()
            with contextlib.suppress(ValueError):
                await asyncio.to_thread(process.join)
            self._process = None
