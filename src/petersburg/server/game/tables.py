"""The table aggregate, its one replay path, and the repository that keeps memory and storage as one.

- ``Game``: a game as its log made it (state, the engine's events, which actions count). Live play and every
  rebuild go through the same ``Game.apply``, so a game in memory is always what its log replays
  to; a row that does not apply raises ``LogReplayError`` naming the table and the row.
- ``Table``: a table's stored row, its game, its recent chat and its ``SerialQueue``: every
  request that changes the table runs through that queue, one at a time, to its end.
- ``Tables``: the repository. Each change is written to the store first and applied to memory
  only once the write returned, so memory never shows what is not durable and a failed write
  changes nothing. Live tables (open or playing) are in memory; finished tables leave it and are
  loaded on demand (a few stay cached). With several processes on one database (``bus.py``),
  log rows another process announced are applied through the same ``Game.apply`` when they
  follow on; before each job the queue asks the database only for what of the table changes
  while it is live (``Store.table_head``: status, next ``seq``, revision, seats), and reads the table back
  whole (``catch_up``) only when its status or log differs or the announced rows have a gap.
- ``TableEvents`` / ``TableService``: what a part that changes tables tells the rest (who is
  watching, what comes next) without knowing who listens.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Protocol, TypeVar, cast

from petersburg.engine import (
    Event,
    GameState,
    apply_with_events,
    explain_illegal,
    is_legal,
    new_game,
    options_from_json,
)
from petersburg.engine.actions import ACTION_KIND, KIND_OBSERVE
from petersburg.engine.events import CardsDealt
from petersburg.server.clock import Clock
from petersburg.server.cluster.bus import Bus, NoBus, Notice
from petersburg.server.errors import LogReplayError, Refusal
from petersburg.server.persistence.store import (
    LOBBY,
    ChatRow,
    HighScoreRow,
    LogRow,
    SeatRow,
    StorageError,
    Store,
    TableChanged,
    TableRow,
)
from petersburg.server.protocol.messages import GameResult
from petersburg.server.settings import ServerConfig
from petersburg.text import describe_event

log = logging.getLogger("petersburg.server")

T = TypeVar("T")


class LoggedEvent(NamedTuple):
    """One event of the game as the log keeps it: the log row that brought it about (-1: the
    set-up), the seat whose move it is (None for what followed from a move), the event."""

    seq: int
    seat: int | None
    event: Event


CHAT_KEPT = 100
"""Chat lines of a table (and of the lobby) kept in memory."""

CHANGED_MEANWHILE = "Someone changed this table a moment ago: look again."
"""The answer to a change of seats or status that lost a race against another server process's."""

FINISH_ATTEMPTS = 5
"""Times the end of a game is stored again after another process changed the table meanwhile."""


class Behind(Refusal):
    """A log row was not written because the table in the database had moved on from this
    process's copy (another process changed it, its notice not yet here): the queue catches up
    and runs the job once more, so it is checked against what is stored."""

    def __init__(self) -> None:
        super().__init__("The table changed meanwhile; nothing was recorded. Try again.", status=409)


class SerialQueue:
    """Runs a table's jobs one at a time, in arrival order. A job runs to its end once queued,
    even if the request that queued it goes away, so a write is never abandoned halfway."""

    __slots__ = ("_jobs", "_worker", "before")

    def __init__(self) -> None:
        self._jobs: deque[tuple[Callable[[], Awaitable[object]], bool, asyncio.Future[object]]] = deque()
        self._worker: asyncio.Task[None] | None = None
        self.before: Callable[[bool], Awaitable[None]] | None = None
        """Run right before each job with the job's ``check`` (with several processes: catch up
        with what other processes wrote, so the job is checked against what is stored, not
        against what this process saw last; ``check``: ask the database, not only the notices)."""

    @property
    def waiting(self) -> int:
        """Jobs queued and not yet started."""
        return len(self._jobs)

    async def run(self, job: Callable[[], Awaitable[T]], *, check: bool = True) -> T:
        """Queue ``job`` and return its result (or raise its exception) once it has run.
        ``check=False``: ``before`` need not ask the database: the job only brings the table up
        to date with notices received, or its one write checks the table itself (``Tables.append``:
        such a job, which must change nothing before that write, is run once more after
        ``before`` with ``check`` if the write raises ``Behind``)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._jobs.append((job, check, future))
        if self._worker is None:
            self._worker = loop.create_task(self._drain())
        return cast(T, await future)

    async def _drain(self) -> None:
        try:
            while self._jobs:
                job, check, future = self._jobs.popleft()
                try:
                    if self.before is not None:
                        await self.before(check)
                    try:
                        result = await job()
                    except Behind:
                        if check or self.before is None:
                            raise
                        await self.before(True)
                        result = await job()
                except Exception as error:
                    if not future.done():
                        future.set_exception(error)
                    elif not isinstance(error, Refusal):
                        log.error("a table job failed after its requester left", exc_info=error)
                else:
                    if not future.done():
                        future.set_result(result)
        finally:
            self._worker = None


def row_text(row: LogRow) -> str:
    """A log row in words for error messages: ``action 537 by seat 2``."""
    return f"{row.kind} {row.action} by seat {row.seat + 1}"


class _Undoable(NamedTuple):
    """An action that may still be taken back, with what its undo restores."""

    row: LogRow
    before: GameState | None
    """The state before it; kept for each seat's latest action only (the only one its seat may
    take back), so a game holds at most one such copy per seat."""
    events: int
    """How many events there were before it."""
    effective: int
    """How many actions counted before it."""
    phrase: str
    """The move in words, for everybody (``Anna buys Market ...``)."""


def reveals(state: GameState, action: int) -> bool:
    """Whether ``action`` in ``state`` shows a hidden card (an Observatory draw, or a phase change
    that deals new cards onto the board): such an action, and everything before it, stays."""
    if ACTION_KIND[action] == KIND_OBSERVE:
        return True
    return any(isinstance(event, CardsDealt) for event in apply_with_events(state.copy(), action))


class Game:
    """A game as its log made it: the state, the log in words, the actions that count.

    Undo: a seat may take back its latest action together with every action after it, as long as
    none of them showed a hidden card (``reveals``). Who may ask when (only while no other person
    acted since) is the server's decision (``undo_refusal``'s ``people``); the log row of an undo
    names the action it takes back, and replaying it takes back the same actions."""

    __slots__ = ("allow_undo", "effective", "events", "names", "sealed", "state", "undoable")

    def __init__(self, row: TableRow, names: list[str]) -> None:
        if row.seed is None:
            raise ValueError(f"table {row.id} has no seed: its game has not been dealt")
        opening: list[Event] = []
        self.state = new_game(row.num_seats, row.seed, options_from_json(row.options), sink=opening)
        self.names = names
        self.allow_undo = row.allow_undo
        self.effective: list[LogRow] = []
        """The actions that make the current state (undone ones removed), for replays."""
        self.events: list[LoggedEvent] = [LoggedEvent(-1, None, event) for event in opening]
        """Everything that happened, as the engine told it (the game log is worded from these)."""
        self.undoable: list[_Undoable] = []
        """The actions since the last one that showed hidden cards (or the last undo)."""
        self.sealed = ""
        """Why the actions before ``undoable`` stay: what the last sealing action did."""

    def refusal(self, row: LogRow) -> str:
        """Why ``row`` cannot be applied to this game now ('' if it can)."""
        state = self.state
        if row.kind == "undo":
            reason = self.undo_refusal(row.seat)
            target = self._target(row.seat)
            if not reason and target is not None and row.action != target.row.action:
                reason = "An undo must name the action it takes back."
            return reason
        if state.is_over:
            return "The game is over."
        if not 0 <= row.seat < state.num_players or state.current_player != row.seat:
            return f"It is not your turn ({self.names[state.current_player]} is to act)."
        if not is_legal(state, row.action):
            return explain_illegal(state, row.action)
        return ""

    def _target_index(self, seat: int) -> int | None:
        for index in range(len(self.undoable) - 1, -1, -1):
            if self.undoable[index].row.seat == seat:
                return index
        return None

    def _target(self, seat: int) -> _Undoable | None:
        index = self._target_index(seat)
        return None if index is None else self.undoable[index]

    def undo_refusal(self, seat: int, people: Iterable[int] = ()) -> str:
        """Why ``seat`` cannot take back its latest action now ('' if it can). ``people``: the
        seats played by persons, none of whom (but ``seat``) may have acted since."""
        if not self.allow_undo:
            return "This table does not allow undo."
        if self.state.is_over:
            return "There is nothing to undo."
        index = self._target_index(seat)
        if index is None:
            return self.sealed or "You have nothing to take back: you can only undo your own last action."
        others = {p for p in people if p != seat}
        if any(entry.row.seat in others for entry in self.undoable[index + 1 :]):
            return "Another player has acted since; your action can no longer be taken back."
        return ""

    def undo_span(self, seat: int) -> list[_Undoable]:
        """The actions an undo by ``seat`` would take back, its own first."""
        index = self._target_index(seat)
        return [] if index is None else self.undoable[index:]

    def apply(self, row: LogRow) -> None:
        """Apply one log row (an action or an undo); ``Refusal`` if it does not apply here."""
        reason = self.refusal(row)
        if reason:
            raise Refusal(reason)
        if row.kind == "undo":
            index = self._target_index(row.seat)
            assert index is not None  # refusal() checked it
            target = self.undoable[index]
            assert target.before is not None  # kept for each seat's latest action
            self.state = target.before
            del self.events[target.events :]
            del self.effective[target.effective :]
            # One step back only: what came before stays, as before any undo.
            self.undoable.clear()
            self.sealed = "That was taken back already: you can only undo your own last action, once."
            return
        state = self.state
        before = state.copy()
        happened = apply_with_events(state, row.action)
        count = len(self.events)
        self.effective.append(row)
        self.events.extend(
            LoggedEvent(row.seq, row.seat if index == 0 else None, event)
            for index, event in enumerate(happened)
        )
        phrase = describe_event(happened[0], self.names, state.shape)
        if ACTION_KIND[row.action] == KIND_OBSERVE:
            self._seal("An Observatory draw has shown a card since; it cannot be taken back.")
        elif any(isinstance(event, CardsDealt) for event in happened):
            self._seal("New cards have been dealt onto the board since; it cannot be taken back.")
        elif self.allow_undo:
            previous = self._target_index(row.seat)
            if previous is not None:  # only a seat's latest action can be taken back
                self.undoable[previous] = self.undoable[previous]._replace(before=None)
            self.undoable.append(_Undoable(row, before, count, len(self.effective) - 1, phrase))

    def _seal(self, why: str) -> None:
        self.undoable.clear()
        self.sealed = why

    @classmethod
    def replay(
        cls, row: TableRow, rows: Sequence[LogRow], names: list[str], *, contiguous: bool = True
    ) -> Game:
        """The game of ``row`` after ``rows``; ``LogReplayError`` names the first row that does not
        apply (a log is never cut short silently). ``contiguous``: the rows are a whole log (row i
        has seq i), not a selection such as the actions that count."""
        game = cls(row, names)
        for index, entry in enumerate(rows):
            if contiguous and entry.seq != index:
                raise LogReplayError(row.id, entry.seq, row_text(entry), f"expected row {index} here")
            if entry.kind not in ("action", "undo"):
                raise LogReplayError(row.id, entry.seq, row_text(entry), "unknown kind of row")
            try:
                game.apply(entry)
            except Refusal as refusal:
                raise LogReplayError(row.id, entry.seq, row_text(entry), str(refusal)) from None
        return game


@dataclass(eq=False)
class Table:
    """A table in memory: its stored row, its game, its recent chat and its request queue."""

    row: TableRow
    seq: int = 0
    """The sequence number a new log row must carry: the number of rows in the durable log."""
    game: Game | None = None
    chat: deque[ChatRow] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    queue: SerialQueue = field(default_factory=SerialQueue)
    version: int = 0
    """Counts changes, so what is built from the table can be reused until the next one."""
    told: int = 0
    """The ``version`` its watchers and the automation were last told of (``TableEvents``). With
    several processes a request here can take in another process's change and then be refused
    (the seat was taken, the game started meanwhile); the notice of that change, coming after,
    then brings nothing new, yet the change must still be shown."""
    deadline: float | None = None
    """When the turn timer passes for the seat to act (epoch seconds), if it runs."""
    person_acted_at: float = 0.0
    """When a person last acted here (epoch seconds; memory only): a bot move that would end the
    chance to undo it waits until ``undo_grace`` seconds after it."""
    present: Counter[str] = field(default_factory=Counter)
    """Open sockets on this table per browser identity (who is here)."""
    watchers: int = 0
    """Sockets open on this table (a finished table stays in memory while anyone watches)."""
    behind: bool = False
    """Another process changed the table otherwise than by log rows since this one last read it
    (read back before the next job, or at once if someone here watches it or the server may have
    to move for it)."""
    incoming: dict[int, LogRow] = field(default_factory=dict)
    """Log rows other processes announced (by ``seq``) and this one has not applied yet."""

    @property
    def out_of_date(self) -> bool:
        """Whether another process changed the table in a way this one has not taken in yet."""
        return self.behind or bool(self.incoming)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    @property
    def live(self) -> bool:
        return self.row.status in ("open", "playing")

    def names(self) -> list[str]:
        return [seat.name or f"Seat {i + 1}" for i, seat in enumerate(self.row.seats)]

    def seat_of_uid(self, uid: str) -> int | None:
        for i, seat in enumerate(self.row.seats):
            if seat.kind == "human" and seat.user_id == uid:
                return i
        return None

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat whose secret token this is (compared in constant time), or None."""
        if not token or not token.isascii():
            return None
        found = None
        for i, seat in enumerate(self.row.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, token):
                found = i
        return found

    def person_here(self) -> bool:
        """Whether anyone holding a seat has the table open right now."""
        return any(seat.user_id in self.present for seat in self.row.seats if seat.kind == "human")

    def people(self) -> list[int]:
        """The seats played by persons (not bots)."""
        return [i for i, seat in enumerate(self.row.seats) if seat.kind == "human"]

    def bot_only(self) -> bool:
        return all(seat.kind == "bot" for seat in self.row.seats)

    def changed(self) -> None:
        self.version += 1


class TableEvents(Protocol):
    """What the parts that change tables tell the rest (implemented by the app's wiring)."""

    def table_changed(self, table: Table) -> None:
        """The table changed: tell whoever watches it, and plan its next automatic move."""
        ...

    def chat_line(self, table: Table | None, line: ChatRow) -> None:
        """A chat line was stored at a table (or in the lobby)."""
        ...


class Tables:
    """The repository of tables: every change is written, then applied to memory."""

    def __init__(self, store: Store, config: ServerConfig, bus: Bus | None = None) -> None:
        self.store = store
        self.config = config
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

    # Start-up ----------------------------------------------------------------------------------

    async def open(self, *, set_aside_bad_logs: bool = False) -> list[LogReplayError]:
        """Load every live table and rebuild its game from the log. A log that does not replay is
        returned (and the table set aside if asked); the caller refuses to serve otherwise."""
        problems: list[LogReplayError] = []
        for row in await self.store.live_tables():
            table = self._new_table(row)
            if row.status == "playing":
                rows = await self.store.log(row.id)
                try:
                    table.game = Game.replay(row, rows, table.names())
                except LogReplayError as error:
                    problems.append(error)
                    self.unservable[row.id] = str(error)
                    continue
                table.seq = len(rows)
            table.chat.extend(await self.store.chat(row.id, CHAT_KEPT))
            self._live[row.id] = table
        if problems and not set_aside_bad_logs:
            return problems
        for row in await self.store.finished_tables(self.recent_finished.maxlen or 20):
            self.recent_finished.append(row)
        self.highscores = await self.store.solo_highscores(10)
        self.lobby_chat.extend(await self.store.chat(LOBBY, CHAT_KEPT))
        return problems

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
            if table.out_of_date or (table.live and not isinstance(self.bus, NoBus)):
                await table.queue.run(_nothing)  # the queue checks and catches up before its next job
            return table
        if table_id in self.unservable:
            raise Refusal(f"Table {table_id} cannot be served: {self.unservable[table_id]}", status=409)
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load_finished(table_id)
            except BaseException as error:
                pending.set_exception(error)
                pending.exception()  # retrieved: only the waiters below care
                raise
            finally:
                del self._loading[table_id]
            pending.set_result(loaded)
        found = await asyncio.shield(pending)
        if found is None:
            raise Refusal(f"There is no table {table_id}.", status=404)
        return found

    async def _load_finished(self, table_id: int) -> Table | None:
        row = await self.store.table(table_id)
        if row is None or row.status == "closed":
            return None
        if row.status in ("open", "playing"):
            # A live table not in memory was created by another server process of this database.
            if isinstance(self.bus, NoBus):
                return None
            return await self._load_live(row)
        table = self._new_table(row)
        rows = await self.store.log(table_id)
        try:
            table.game = Game.replay(row, rows, table.names())
        except LogReplayError as error:
            self.unservable[table_id] = str(error)
            raise Refusal(f"Table {table_id} cannot be served: {error}", status=409) from None
        table.seq = len(rows)
        table.chat.extend(await self.store.chat(table_id, CHAT_KEPT))
        self._finished[table_id] = table
        self._trim_finished()
        return table

    def _new_table(self, row: TableRow) -> Table:
        """A table in memory; with several processes each of its jobs first catches up."""
        table = Table(row)

        async def before(check: bool) -> None:
            if isinstance(self.bus, NoBus):
                return
            try:
                await self._bring_up_to_date(table, check=check)
            except BaseException:
                table.behind = True
                raise

        table.queue.before = before
        return table

    async def _bring_up_to_date(self, table: Table, *, check: bool) -> None:
        """Before a job of ``table`` (with several processes): apply the log rows notices brought
        when they follow on from ``seq``. Then, for a job that acts (``check``; a notice may still
        be on its way, and a request must be checked against what is stored, as in a single
        process) or after a change announced without rows, read what of the table changes while
        it is live (``Store.table_head``: status, next ``seq``, revision, seats; one indexed read):
        seats that differ are taken over with their revision; a status or a log that differs, or a
        gap in the announced rows, is read back whole (``catch_up``)."""
        if not self._apply_incoming(table):
            await self._read_back(table)
            return
        if not (check or table.behind):
            return
        table.behind = False
        head = await self.store.table_head(table.id)
        if head is None or head.status != table.row.status or head.seq != table.seq:
            await self._read_back(table)
        elif head.revision != table.row.revision or head.seats != table.row.seats:
            # Another process changed seats only: take them over with the revision they are at,
            # so this process's next change of the row is made against what is stored.
            table.row.seats = head.seats
            table.row.revision = head.revision
            if table.game is not None:
                table.game.names = table.names()
            table.changed()

    async def _read_back(self, table: Table) -> None:
        table.behind = False
        await self.catch_up(table)
        for seq in [seq for seq in table.incoming if seq < table.seq]:
            del table.incoming[seq]

    def _apply_incoming(self, table: Table) -> bool:
        """Apply the announced rows that follow on from ``table.seq`` through ``Game.apply`` (the
        one replay path); False if rows are left that do not follow on (one in between is missing)."""
        incoming = table.incoming
        if not incoming:
            return True
        game = table.game
        applied = False
        while game is not None and table.seq in incoming:
            entry = incoming.pop(table.seq)
            try:
                game.apply(entry)
            except Refusal as refusal:
                raise LogReplayError(table.id, entry.seq, row_text(entry), str(refusal)) from None
            table.seq += 1
            applied = True
        for seq in [seq for seq in incoming if seq < table.seq]:
            del incoming[seq]  # applied already (a repeated notice, or read from the database)
        if applied:
            table.changed()
        return not incoming

    async def _load_live(self, row: TableRow) -> Table:
        """A live table another process created: rebuilt from its log like at start-up."""
        table = self._new_table(row)
        if row.status == "playing":
            rows = await self.store.log(row.id)
            table.game = Game.replay(row, rows, table.names())
            table.seq = len(rows)
        table.chat.extend(await self.store.chat(row.id, CHAT_KEPT))
        self._live[row.id] = table
        return table

    async def catch_up(self, table: Table) -> None:
        """Bring ``table`` to what the database holds after another process changed it: its row
        and seats, then every log row from its ``seq`` on, through ``Game.apply`` (the one replay
        path). Runs inside the table's queue, like every change."""
        row, rows = await self.store.table_since(table.id, table.seq)
        if row is None:
            return
        status = table.row.status
        table.row.seats = row.seats
        table.row.status = row.status
        table.row.result = row.result
        table.row.seed = row.seed
        table.row.revision = row.revision
        if row.seed is not None and table.game is None:
            table.game = Game(table.row, table.names())
        game = table.game
        if game is not None:
            game.names = table.names()
            for entry in rows:
                try:
                    game.apply(entry)
                except Refusal as refusal:
                    raise LogReplayError(table.id, entry.seq, row_text(entry), str(refusal)) from None
                table.seq += 1
        if status != row.status and row.status == "over":
            self._leave_live(table)
        elif row.status == "closed":
            self._live.pop(table.id, None)
        table.changed()

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
        automatic = table.row.realtime and table.row.timer > 0
        automatic = automatic or any(s.kind == "bot" or s.autopass is not None for s in table.row.seats)
        if table.watchers == 0 and not automatic and not listed:
            # Nobody here needs it now: the next job or socket on it reads it back first.
            table.behind = True
            table.incoming.clear()
            return None
        if rows:
            table.incoming.update((row.seq, row) for row in rows if row.seq >= table.seq)
        else:
            table.behind = True
        await self._take_in(table)
        if not loaded and table.version == table.told:
            return None
        table.told = table.version
        return table

    @staticmethod
    async def _take_in(table: Table) -> bool:
        """Run the table's queue once, so it takes in what other processes changed (its ``before``
        step); whether the table changed."""
        version = table.version
        await table.queue.run(_nothing, check=False)
        return table.version != version

    def has_behind(self) -> bool:
        """Whether a live table was changed by another process since this one last read it."""
        return any(table.out_of_date for table in self._live.values())

    async def catch_up_behind(self) -> bool:
        """Bring every live table that fell behind (changed by another process while nobody here
        needed it) up to date, through its queue; whether any changed. For a lobby that opens
        after a quiet time: its list must show the tables as they are."""
        changed = False
        for table in [table for table in self._live.values() if table.out_of_date]:
            changed = await self._take_in(table) or changed
        return changed

    def _trim_finished(self) -> None:
        """Finished tables beyond the cache size leave memory (never while someone watches)."""
        extra = len(self._finished) - self.config.finished_cache
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
        (``CHANGED_MEANWHILE``) so the request is made again against what is there now."""
        try:
            await write(table.row.revision)
        except TableChanged:
            await self.catch_up(table)
            raise Refusal(CHANGED_MEANWHILE, status=409) from None
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
            raise Refusal("The game has not started yet.")
        if row.seq != table.seq:
            raise Refusal(f"Stale action: it was made against #{row.seq}, the game is now at #{table.seq}.")
        reason = game.refusal(row)
        if reason:
            raise Refusal(reason)
        try:
            if isinstance(self.bus, NoBus):
                await self.store.append_log(table.id, row, created)
            else:
                # With several processes the write itself checks that the table in the database
                # is what this one holds (same status, next seq and revision): one statement in
                # the write's transaction instead of a read before every job.
                status, revision = table.row.status, table.row.revision
                if not await self.store.append_log_if_current(table.id, row, created, status, revision):
                    raise Behind()
        except StorageError:
            if isinstance(self.bus, NoBus):
                raise
            # Another process may have written this row first (the log's key (table, seq) lets
            # exactly one writer through): catch up, then the request is stale like any other.
            await self._read_back(table)
            if table.seq > row.seq:
                raise Refusal(
                    f"Stale action: it was made against #{row.seq}, the game is now at #{table.seq}."
                ) from None
            raise
        self.bus.publish(Notice(table.id, rows=(row,)))
        table.seq += 1
        game.apply(row)
        table.changed()

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
                await self.catch_up(table)
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


async def _nothing() -> None:
    return None


class TableService:
    """A part that changes tables: the repository, the events it raises, the clock it reads."""

    def __init__(self, tables: Tables, events: TableEvents, clock: Clock) -> None:
        self.tables = tables
        self.events = events
        self.clock = clock

    async def announce(self, table: Table | None, text: str) -> None:
        """A notice of the table itself (a chat line without a name)."""
        line = ChatRow(self.clock.time(), "", text)
        await self.tables.add_chat(table, line)
        self.events.chat_line(table, line)
