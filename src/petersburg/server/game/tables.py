"""The repository of tables, which keeps memory and storage as one.

Each change is written to the store first and applied to memory only once the write returned, so
memory never shows what is not durable and a failed write changes nothing. Live tables (open or
playing) are in memory; finished tables leave it and are loaded on demand (a few stay cached).
Storage is reached through the ``Store`` protocol only. With several processes on one database
(``cluster/bus.py``), each change is announced to the others, and what they change is taken in by
``catch_up.py`` before each job of a table's queue.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import cast

from petersburg.server.cluster.bus import Bus, NoBus, Notice
from petersburg.server.errors import LogReplayError, Refusal
from petersburg.server.game.catch_up import CatchUp
from petersburg.server.game.game import Game
from petersburg.server.game.queue import Behind
from petersburg.server.game.table import CHAT_KEPT, Table
from petersburg.server.persistence.store import (
    LOBBY,
    ChatRow,
    HighScoreRow,
    LogRow,
    SeatRow,
    SoloPlace,
    StorageError,
    Store,
    TableChanged,
    TableRow,
    TableStatus,
)
from petersburg.server.protocol.messages import GameResult
from petersburg.server.settings import Settings

FINISH_ATTEMPTS = 5
"""Times the end of a game is stored again after another process changed the table meanwhile."""


class Tables:
    """The repository of tables: every change is written, then applied to memory."""

    def __init__(self, store: Store, settings: Settings, bus: Bus | None = None) -> None:
        self.store = store
        self.settings = settings
        self._live: dict[int, Table] = {}
        self._finished: OrderedDict[int, Table] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Table | None]] = {}
        self.unservable: dict[int, str] = {}
        """Tables whose log does not replay, set aside at start-up: why, per table id."""
        self.recent_finished: deque[TableRow] = deque(maxlen=20)
        """The last finished tables, newest first, for the lobby."""
        self.highscores: list[HighScoreRow] = []
        self.lobby_chat: deque[ChatRow] = deque(maxlen=CHAT_KEPT)
        self.bus: Bus = bus if bus is not None else NoBus()
        """Tells the other server processes of the same database about each change written here."""
        self.catching = CatchUp(store, self._status_taken)
        """Takes in what the other processes changed."""

    @property
    def single_process(self) -> bool:
        """Whether this process is alone on its database (no other process changes its tables)."""
        return isinstance(self.bus, NoBus)

    # Start-up ----------------------------------------------------------------------------------

    async def open(self, *, set_aside_bad_logs: bool = False) -> list[LogReplayError]:
        """Load every live table and rebuild its game from the log. A log that does not replay is
        returned (and the table set aside if asked); the caller refuses to serve otherwise."""
        problems: list[LogReplayError] = []
        for row in await self.store.live_tables():
            try:
                table = await self._rebuilt(row)
            except LogReplayError as error:
                problems.append(error)
                self.unservable[row.id] = str(error)
                continue
            self._live[row.id] = table
        if problems and not set_aside_bad_logs:
            return problems
        for row in await self.store.finished_tables(self.recent_finished.maxlen or 20):
            self.recent_finished.append(row)
        self.highscores = await self.store.solo_highscores(10)
        self.lobby_chat.extend(await self.store.chat(LOBBY, CHAT_KEPT))
        return problems

    async def _rebuilt(self, row: TableRow) -> Table:
        """The table of ``row`` in memory, its game rebuilt from its log (if it was dealt) and its
        recent chat read; ``LogReplayError`` if its log does not replay."""
        table = self._new_table(row)
        if row.status != "open":
            rows = await self.store.log(row.id)
            table.game = Game.replay(row, rows, table.names())
            table.seq = len(rows)
        table.chat.extend(await self.store.chat(row.id, CHAT_KEPT))
        return table

    def _new_table(self, row: TableRow) -> Table:
        """A table in memory; with several processes each of its jobs first catches up."""
        table = Table(row)

        async def before(check: bool) -> None:
            if not self.single_process:
                await self.catching.before_job(table, check)

        table.queue.before = before
        return table

    # Reading -----------------------------------------------------------------------------------

    def live(self) -> Iterable[Table]:
        return self._live.values()

    def live_count(self) -> int:
        return len(self._live)

    def live_created_by(self, uid: str) -> list[Table]:
        return [table for table in self._live.values() if table.row.creator == uid]

    def cached(self, table_id: int) -> Table | None:
        """A table already in memory (live, or finished and cached), without loading."""
        return self._live.get(table_id) or self._finished.get(table_id)

    async def get(self, table_id: int) -> Table:
        """A table by id: live ones from memory, finished ones loaded on demand."""
        table = self.cached(table_id)
        if table is not None:
            if table.id in self._finished:
                self._finished.move_to_end(table.id)
            if table.out_of_date or (table.live and not self.single_process):
                await table.queue.settle()  # the queue checks and catches up before its next job
            return table
        if table_id in self.unservable:
            raise Refusal("table_unservable", status=409, table=table_id, reason=self.unservable[table_id])
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load(table_id)
            except BaseException as error:
                pending.set_exception(error)
                pending.exception()  # retrieved: only the waiters below care
                raise
            finally:
                del self._loading[table_id]
            pending.set_result(loaded)
        found = await asyncio.shield(pending)
        if found is None:
            raise Refusal("no_table", status=404, table=table_id)
        return found

    async def _load(self, table_id: int) -> Table | None:
        """A table not in memory: a finished one, or a live one another process created."""
        row = await self.store.table(table_id)
        if row is None or row.status == "closed":
            return None
        if row.status in ("open", "playing"):
            # A live table not in memory was created by another server process of this database.
            if self.single_process:
                return None
            table = await self._rebuilt(row)
            self._live[row.id] = table
            return table
        try:
            table = await self._rebuilt(row)
        except LogReplayError as error:
            self.unservable[table_id] = str(error)
            raise Refusal("table_unservable", status=409, table=table_id, reason=str(error)) from None
        self._finished[table_id] = table
        self._trim_finished()
        return table

    async def solo_placement(self, table: Table, total: int, rubles: int, uid: str) -> SoloPlace:
        """Where ``uid``'s solo game at ``table``, ending with ``total`` VP and ``rubles``, places
        in the high-score list (``Store.solo_placement``)."""
        return await self.store.solo_placement(table.id, total, rubles, uid)

    # Other processes' changes ------------------------------------------------------------------

    async def refresh(
        self, table_id: int, rows: Sequence[LogRow] = (), *, listed: bool = False
    ) -> Table | None:
        """Another process changed ``table_id`` (by appending ``rows`` to its log, or otherwise if
        none): catch up with it if it is in memory, load it if it is a live table this process
        does not know yet. Returns the table if someone here needs to know: it changed since they
        were last told (``Table.told``), by this notice or by an earlier request's catch-up; None
        otherwise. ``listed``: someone is in this process's lobby, whose list shows every live
        table's state (whose turn it is), so even a table nobody here watches follows along
        (announced rows cost no read; a change without rows one head read)."""
        table = self.cached(table_id)
        loaded = table is None
        if table is None:
            try:
                table = await self.get(table_id)  # one load, shared with sockets opening it now
            except Refusal:
                return None
        followed = await self.catching.follow(table, rows, listed=listed, loaded=loaded)
        return table if followed else None

    async def check_watched(self) -> list[Table]:
        """The periodic head check (several processes): every live table someone here watches
        that nothing was heard of since the last check is checked against the database, so a lost
        notice holds its watchers back a few seconds at most; the tables whose watchers must be
        told (``CatchUp.check``)."""
        watched = [table for table in self._live.values() if table.watchers]
        return await self.catching.check(self.catching.quiet(watched))

    async def catch_up_all(self, *, listed: bool) -> list[Table]:
        """The notices of other processes were interrupted (Redis away) and are back: what was
        sent meanwhile is lost. Every live table in memory is checked against the database before
        its next use; those someone here watches are checked now. ``listed`` (someone is in this
        process's lobby, whose list shows every live table): all of them are checked now, and
        the live tables other processes created meanwhile are loaded. The tables whose watchers
        must be told."""
        for table in self._live.values():
            table.behind = True
        found: list[Table] = []
        if listed:
            for row in await self.store.live_tables():
                if self.cached(row.id) is None:
                    loaded = await self.refresh(row.id, listed=True)
                    if loaded is not None:
                        found.append(loaded)
        now = [table for table in self._live.values() if listed or table.watchers]
        changed = await self.catching.check(now)
        return found + [table for table in changed if table not in found]

    def has_behind(self) -> bool:
        """Whether a live table was changed by another process since this one last read it."""
        return any(table.out_of_date for table in self._live.values())

    async def catch_up_behind(self) -> bool:
        """Bring every live table that fell behind (changed by another process while nobody here
        needed it) up to date, through its queue; whether any changed. For a lobby that opens
        after a quiet time: its list must show the tables as they are."""
        return await self.catching.catch_up_behind(self._live.values())

    def _status_taken(self, table: Table, before: TableStatus) -> None:
        """A read back took in the status another process stored: a game that ended there leaves
        the live tables for the finished ones, a table closed there leaves memory."""
        status = table.row.status
        if before != status and status == "over":
            self._leave_live(table)
        elif status == "closed":
            self._live.pop(table.id, None)

    # Memory ------------------------------------------------------------------------------------

    def _trim_finished(self) -> None:
        """Finished tables beyond the cache size leave memory (never while someone watches)."""
        extra = len(self._finished) - self.settings.finished_cache
        for table_id in list(self._finished):
            if extra <= 0:
                break
            if self._finished[table_id].watchers == 0:
                del self._finished[table_id]
                extra -= 1

    def watch(self, table: Table, delta: int, uid: str = "") -> None:
        """A socket of browser identity ``uid`` opened (+1) or closed (-1) on ``table``."""
        table.watchers += delta
        if uid:
            table.present[uid] += delta
            if table.present[uid] <= 0:
                del table.present[uid]
        if table.watchers == 0 and not table.live:
            self._trim_finished()

    # Writing -----------------------------------------------------------------------------------

    async def create(self, row: TableRow) -> Table:
        table_id = await self.store.create_table(row)
        row.id = table_id
        table = self._new_table(row)
        self._live[table_id] = table
        self.bus.publish(Notice(table_id))
        return table

    async def _change_row(self, table: Table, write: Callable[[int], Awaitable[None]]) -> None:
        """Write a change of the table's row or seats against the revision this process has seen;
        if another process changed the table first, nothing is written: catch up, then refuse
        (``changed_meanwhile``) so the request is made again against what is there now."""
        try:
            await write(table.row.revision)
        except TableChanged:
            await self.catching.catch_up(table)
            raise Refusal("changed_meanwhile", status=409) from None
        table.row.revision += 1

    async def set_seat(self, table: Table, index: int, seat: SeatRow) -> None:
        await self._change_row(table, lambda revision: self.store.save_seat(table.id, index, seat, revision))
        self.bus.publish(Notice(table.id))
        table.row.seats[index] = seat
        if table.game is not None:
            table.game.names = table.names()  # new lines of the log name the seat as it is now
        table.changed()

    async def set_autopass(self, table: Table, index: int, until: tuple[int, int] | None) -> None:
        seat = table.row.seats[index]
        if seat.autopass != until:
            await self.set_seat(table, index, replace(seat, autopass=until))

    async def deal(self, table: Table, seed: int) -> None:
        """Start the game with ``seed`` (stored first: the seed with the log is the game)."""
        await self._change_row(
            table, lambda revision: self.store.set_status(table.id, "playing", revision, seed=seed)
        )
        self.bus.publish(Notice(table.id))
        table.row.seed = seed
        table.row.status = "playing"
        table.game = Game(table.row, table.names())
        table.changed()

    async def append(self, table: Table, row: LogRow, created: float) -> None:
        """Append an action or an undo: checked against the game right before it is written
        (``Refusal`` if it does not apply, nothing written), then written, then applied."""
        game = table.game
        if game is None:
            raise Refusal("not_started")
        stale = table.stale(row.seq)
        if stale is not None:
            raise stale
        refused = game.refusal(row)
        if refused is not None:
            raise refused
        try:
            await self._write_log(table, row, created)
        except StorageError:
            if self.single_process:
                raise
            # Another process may have written this row first (the log's key (table, seq) lets
            # exactly one writer through): catch up, then the request is stale like any other.
            await self.catching.read_back(table)
            stale = table.stale(row.seq)
            if stale is not None:
                raise stale from None
            raise
        self.bus.publish(Notice(table.id, rows=(row,)))
        table.seq += 1
        game.apply(row)
        table.changed()

    async def _write_log(self, table: Table, row: LogRow, created: float) -> None:
        """Write one log row; with several processes ``Behind`` if the table in the database is not
        what this one holds."""
        if self.single_process:
            await self.store.append_log(table.id, row, created)
            return
        # With several processes the write itself checks that the table in the database is what
        # this one holds (same status, next seq and revision): one statement in the write's
        # transaction instead of a read before every job.
        status, revision = table.row.status, table.row.revision
        if not await self.store.append_log_if_current(table.id, row, created, status, revision):
            raise Behind()

    async def finish(self, table: Table, result: GameResult) -> None:
        """The game is over: store its result, its seats without auto-pass and what belongs to the
        result (ratings) at once; the table leaves the live tables. A seat another process changed
        meanwhile (a player leaving) is caught up with and the result stored with it."""
        for _attempt in range(FINISH_ATTEMPTS):
            seats = [replace(seat, autopass=None) for seat in table.row.seats]
            row = replace(table.row, status="over", result=result, seats=seats)
            try:
                await self.store.finish(row, table.row.revision)
            except TableChanged:
                await self.catching.catch_up(table)
                if table.row.status != "playing":
                    return  # another process stored the end of this game first
                continue
            break
        else:
            raise StorageError(f"table {table.id} kept changing while its result was being stored")
        self.bus.publish(Notice(table.id))
        table.row.seats = seats
        table.row.status = "over"
        table.row.result = result
        table.row.revision += 1
        table.changed()
        self._leave_live(table)

    def _leave_live(self, table: Table) -> None:
        """A game is over: the table leaves the live tables for the cache and the lists."""
        table.deadline = None
        self._live.pop(table.id, None)
        self._finished[table.id] = table
        self._trim_finished()
        self.recent_finished.appendleft(table.row)
        self._add_highscore(table.row)

    async def close(self, table: Table) -> None:
        """Close an open table nobody used (its game never started): it leaves memory and lists."""
        await self._change_row(table, lambda revision: self.store.set_status(table.id, "closed", revision))
        self.bus.publish(Notice(table.id))
        table.row.status = "closed"
        table.changed()
        self._live.pop(table.id, None)

    def _add_highscore(self, row: TableRow) -> None:
        seat = row.seats[0]
        if row.num_seats != 1 or seat.kind != "human" or row.result is None:
            return
        scores = cast(list[dict[str, int]], row.result["scores"])
        rounds = row.result.get("rounds")
        line = HighScoreRow(
            row.id, seat.name, scores[0]["total"], scores[0]["rubles"], cast(int | None, rounds)
        )
        self.highscores.append(line)
        self.highscores.sort(key=lambda h: (-h.total, -h.rubles, h.table))
        del self.highscores[10:]

    async def add_chat(self, table: Table | None, line: ChatRow) -> None:
        table_id = table.id if table is not None else LOBBY
        await self.store.add_chat(table_id, line)
        self.bus.publish(Notice(table_id, line))
        (table.chat if table is not None else self.lobby_chat).append(line)
