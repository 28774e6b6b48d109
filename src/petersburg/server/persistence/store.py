"""What the server stores, and the one narrow asynchronous interface every storage implements.

The action log is the truth: a game is rebuilt from (seats, seed, options, log) after any restart.
The log is append-only: an undo is itself a row (kind ``undo``), never a deletion.

The rest of the server reaches storage through the protocols of ``persistence/`` alone, never
through an implementation: tables, seats, the log and chat through ``Store`` (here), and only
through the ``Tables`` repository, which updates memory together with each write
(``game/tables.py``); accounts through ``AccountStore`` (``accounts.py``); the automation's leases
through ``LeaseStore`` (``leases.py``). Every method is a coroutine that returns once the write is
durable, so an implementation may batch writes (``SqlStore`` commits every write waiting at the
same moment in one transaction) or send them to another process. ``sql/`` implements them on
SQLAlchemy Core, for an SQLite file and for PostgreSQL alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

from petersburg.engine.json_types import OptionsJson
from petersburg.server.protocol.messages import GameResult

SeatKind = Literal["empty", "human", "bot"]
TableStatus = Literal["open", "playing", "over", "closed"]
"""``closed``: an open table nobody used for a long time, closed before its game started."""
PlayedFor = Literal["ran_out", "handed"]
"""Why a bot played a move for a seat's player (the kinds of such log rows)."""
LogKind = Literal["action", "undo", "ran_out", "handed"]
"""``action``: a move (by its seat's player, a bot seat, the timer or auto-pass); ``undo``: a seat
taking back its last action; ``ran_out``: a move a bot played for the seat's player because the
time per move ran out; ``handed``: a move of a bot the player's seat was handed to after turns in
a row ran out (``game/deadlines.py``). The last two are moves like ``action``; the log says who
played them."""
PLAYED_FOR: tuple[PlayedFor, ...] = ("ran_out", "handed")
"""The kinds of moves a bot played for a seat's player."""
JsonObject = dict[str, object]

LOBBY = 0
"""Chat rows of the lobby use table id 0 (real tables start at 1)."""


class StorageError(Exception):
    """A write or read the storage could not carry out (nothing of a failed write is kept)."""


class TableChanged(StorageError):
    """A change of a table's row or seats was made against a revision that is no longer the stored
    one: another server process changed the table first. Nothing of the change was written."""


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table: empty, a human (with a user id and secret token) or a bot.

    Frozen: a seat changes only by the repository putting a new row in its place, written first."""

    kind: SeatKind = "empty"
    name: str = ""
    user_id: str | None = None
    token: str | None = None
    bot: str | None = None
    autopass: tuple[int, int] | None = None
    """(round, phase) in which the server passes for this seat whenever it is to act."""


@dataclass
class TableRow:
    """A table as stored: its settings, seats and status (the game itself is the action log).

    Only the ``Tables`` repository changes a row, right after the store has written the change."""

    id: int
    name: str
    created: float
    num_seats: int
    options: OptionsJson
    realtime: bool
    timer: int
    allow_undo: bool
    creator: str
    seed: int | None = None
    status: TableStatus = "open"
    result: GameResult | None = None
    """The final scoring once the game is over."""
    seats: list[SeatRow] = field(default_factory=list)
    rated: bool = False
    """Rate the game even with bots at the table (``accounts/ratings.py``; games between accounts
    alone are rated anyway)."""
    hints: bool = True
    """Whether a seat may ask for a hint (where the game allows hints at all: never rated)."""
    move_deadline: int = 0
    """Seconds per move at a turn-based table (0: none); when they run out, a bot of
    ``deadline_bot``'s level plays the turn (``game/deadlines.py``)."""
    deadline_bot: str | None = None
    """The bot level that plays a turn whose deadline ran out (None: Greedy)."""
    revision: int = 0
    """Counts the stored changes of the row and its seats (not the log rows, which have their own
    key): each change is written only if the stored revision is still this one (``TableChanged``
    otherwise), so two processes changing the same table at once cannot both succeed."""


class LogRow(NamedTuple):
    """One durable log entry: an action by a seat, or an undo of that seat's last action."""

    seq: int
    kind: LogKind
    seat: int
    action: int


class ChatRow(NamedTuple):
    """One chat line: when (epoch seconds), who (empty for the table's own notices), what."""

    t: float
    name: str
    text: str


class TableHead(NamedTuple):
    """What of a live table other processes may change: its status, the ``seq`` of its next log
    row, its revision (counts the changes of its row and seats) and its seats (the rest of its row
    is set when it is created, dealt or finished)."""

    status: TableStatus
    seq: int
    revision: int
    seats: list[SeatRow]


class SoloPlace(NamedTuple):
    """A solo game's place in the high-score list: ``overall`` of ``overall_of`` games, and
    ``yours`` of ``yours_of`` games of the same person (1 is the best)."""

    overall: int
    overall_of: int
    yours: int
    yours_of: int


class HighScoreRow(NamedTuple):
    """A finished solo game of a person, for the high-score table."""

    table: int
    name: str
    total: int
    rubles: int
    rounds: int | None


class Store(Protocol):
    """Durable storage of tables, seats, the action log and chat. Each coroutine returns once its
    write is durable (or raises, and then nothing of it was written)."""

    async def create_table(self, row: TableRow) -> int:
        """Insert a table and its seats in one transaction; return the new table's id."""
        ...

    async def save_seat(self, table_id: int, index: int, seat: SeatRow, revision: int) -> None:
        """Store every field of one seat, if the table is still at ``revision`` (``TableChanged``
        otherwise); the table's revision goes up by one."""
        ...

    async def set_status(
        self, table_id: int, status: TableStatus, revision: int, *, seed: int | None = None
    ) -> None:
        """Change a table's status (``seed`` once the game is dealt), if the table is still at
        ``revision`` (``TableChanged`` otherwise); the table's revision goes up by one."""
        ...

    async def finish(self, row: TableRow, revision: int) -> None:
        """Store a finished game: the status ``over``, its result and seats of ``row`` and whatever
        belongs to the result (the ratings), in one transaction, if the table is still at
        ``revision`` (``TableChanged`` otherwise); the table's revision goes up by one."""
        ...

    async def append_log(self, table_id: int, row: LogRow, created: float) -> None:
        """Append one log row; a second row with the same (table, seq) is refused."""
        ...

    async def append_log_if_current(
        self, table_id: int, row: LogRow, created: float, status: TableStatus, revision: int
    ) -> bool:
        """``append_log`` if the table still has ``status`` and ``revision`` and ``row`` is its next
        log row when it is written, checked in the same transaction; False (nothing written) if
        it has changed. Seats change only with the revision, so they need no comparing."""
        ...

    async def add_chat(self, table_id: int, line: ChatRow) -> None:
        """Store one chat line of a table (or of the lobby: ``LOBBY``)."""
        ...

    async def live_tables(self) -> list[TableRow]:
        """Every open or playing table with its seats, oldest first."""
        ...

    async def table(self, table_id: int) -> TableRow | None:
        """One table with its seats, whatever its status."""
        ...

    async def log(self, table_id: int) -> list[LogRow]:
        """A table's whole log, in order."""
        ...

    async def table_since(self, table_id: int, seq: int) -> tuple[TableRow | None, list[LogRow]]:
        """One table with its seats and its log rows from ``seq`` on, read together (how a
        process catches up with another one's changes)."""
        ...

    async def table_head(self, table_id: int) -> TableHead | None:
        """What of a table changes while it is live: its status, the ``seq`` its next log row
        gets and its seats (None: no such table), in one indexed read, so a process can tell
        whether its copy is behind without reading the table and its log back."""
        ...

    async def chat(self, table_id: int, limit: int) -> list[ChatRow]:
        """The last ``limit`` chat lines of a table (or the lobby), oldest first."""
        ...

    async def finished_tables(self, limit: int) -> list[TableRow]:
        """The ``limit`` most recently created finished tables, newest first."""
        ...

    async def solo_highscores(self, limit: int) -> list[HighScoreRow]:
        """The best finished one-seat games of a person: total VP, then rubles, then table id."""
        ...

    async def solo_placement(self, table: int, total: int, rubles: int, uid: str) -> SoloPlace:
        """Where a solo game of ``uid`` with ``total`` VP and ``rubles`` (table ``table``, not yet
        finished in the store) places among the finished solo games: overall and among his own,
        in the order of ``solo_highscores``."""
        ...

    async def close(self) -> None:
        """Finish every pending write, then release the storage."""
        ...
