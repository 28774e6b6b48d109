"""How several server processes on one database learn of each other's changes: Redis pub/sub.

After every durable change of a table (a log row, a seat, its status, a new table) or a chat line,
the process that wrote it publishes a short ``Notice`` on one channel: the table's id, and what
changed when that is small: the new log rows themselves, or the chat line. A process that
receives log rows which follow its own ``seq`` exactly applies them through the same replay path
as everything else (``Game.apply``, in ``game/catch_up.py``) without reading the database; for any
other change (a seat, the status, a new table), or when rows do not follow on (a notice lost or
late), it reads the table back from the database. The database stays the one authority: a row
in a notice was committed before the notice went out, and the log's key (table, seq) admits one
row per position, so a row from a notice is the row the database holds; a lost or repeated notice
is harmless (a gap is read from the database, a row already applied is skipped), and a process
never applies a change twice (it applies log rows from its own ``seq`` on).

Notices sent while Redis is away (or while this process's subscription is) are lost, not late:
when the subscription comes back the bus says so (``Resubscribed``), and the process reads what
its tables became from the database (``game/catch_up.py``); a periodic check of each watched
table's head against the database (``Server``) bounds how long any other lost notice is missed.

Why Redis and not PostgreSQL's ``LISTEN/NOTIFY``: a notice must not wait for, or hold, a database
connection of the process's single database thread (where every write is group-committed), and
Redis pub/sub fans out in well under a millisecond on loopback without touching the database's
WAL. ``NOTIFY`` would tie notices to transactions (a plus) but costs a connection held in
``LISTEN`` per process and a lock on the shared notification queue at every commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import NamedTuple, Protocol

import orjson

from petersburg.server.persistence.store import ChatRow, LogKind, LogRow

log = logging.getLogger("petersburg.server")

CHANNEL = "petersburg:changes"

STOP_WAIT = 5.0
"""Seconds a stopping process waits for its notice tasks to end."""


class Notice(NamedTuple):
    """What one process tells the others after a durable change."""

    table_id: int
    """The table that changed (0: the lobby's chat)."""
    chat: ChatRow | None = None
    """The chat line, if the change is one."""
    rows: tuple[LogRow, ...] = ()
    """The log rows just appended, in order, if the change is that (nothing else changed then);
    without rows or a chat line the table changed otherwise and is read back."""


Listener = Callable[[Notice], None]
"""Called on the event loop for each notice of another process."""

Resubscribed = Callable[[], None]
"""Called on the event loop when the subscription is back after it was interrupted: whatever was
sent meanwhile is lost, and must be read from the database."""

KINDS: dict[str, LogKind] = {"action": "action", "undo": "undo", "ran_out": "ran_out", "handed": "handed"}


class Bus(Protocol):
    """Notices between the server processes of one database."""

    def publish(self, notice: Notice) -> None:
        """Tell the other processes what changed (never waits)."""
        ...

    async def start(self, listener: Listener, resubscribed: Resubscribed) -> None: ...

    async def stop(self) -> None: ...


class NoBus:
    """One process alone: nobody to tell."""

    def publish(self, notice: Notice) -> None:
        return None

    async def start(self, listener: Listener, resubscribed: Resubscribed) -> None:
        return None

    async def stop(self) -> None:
        return None


BUNDLE = 256
"""Most notices in one Redis message."""
RETRY_SECONDS = 1.0
"""Wait between two attempts to subscribe again while Redis is away."""


class RedisBus:
    """Notices through one Redis pub/sub channel. Publishing never waits: notices go out in order
    from one task, those waiting at the same moment bundled into one message (a group commit
    ends many writes at once: one message for them costs Redis and every receiver one message,
    not one each); receiving runs in another task and skips this process's own notices."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.url = url
        self.origin = secrets.token_hex(8)
        self._redis = redis.Redis.from_url(url)
        self._outbox: asyncio.Queue[Notice] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        self._resubscribed: Resubscribed | None = None
        self._publishing = True
        """Whether the last notice went out (a failure is logged once, until one goes out again)."""

    def publish(self, notice: Notice) -> None:
        if self._outbox is None:
            return
        self._outbox.put_nowait(notice)

    async def start(self, listener: Listener, resubscribed: Resubscribed) -> None:
        await self._redis.ping()  # fail at start-up, with Redis's own message, if it is not there
        self._outbox = asyncio.Queue()
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._resubscribed = resubscribed
        # Told of every later connection of the subscription: the Redis client reconnects by
        # itself too (within a read's retries), and the channel is subscribed again on connect.
        assert pubsub.connection is not None
        pubsub.connection.register_connect_callback(self._reconnected)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send()), loop.create_task(self._receive(pubsub, listener))]

    async def _send(self) -> None:
        assert self._outbox is not None
        while True:
            notices = [await self._outbox.get()]
            while not self._outbox.empty() and len(notices) < BUNDLE:
                notices.append(self._outbox.get_nowait())
            try:
                await self._redis.publish(CHANNEL, encode(self.origin, notices))
            except Exception as error:  # Redis away for a moment: other processes catch up later
                if self._publishing:
                    log.warning("cannot publish change notices (the others catch up later): %s", error)
                self._publishing = False
            else:
                if not self._publishing:
                    log.warning("change notices are published again")
                self._publishing = True

    def _reconnected(self, _connection: object) -> None:
        """The subscription's connection was made again (and the channel subscribed again)."""
        log.warning("change notices received again: catching up with what was missed")
        if self._resubscribed is not None:
            try:
                self._resubscribed()
            except Exception:
                log.exception("cannot catch up after change notices were interrupted")

    async def _receive(self, pubsub: object, listener: Listener) -> None:
        from redis.asyncio.client import PubSub

        assert isinstance(pubsub, PubSub)
        while not self._stopping:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except Exception as error:
                if self._stopping:
                    return  # the client may turn the stop's cancellation into an error of its own
                log.warning("change notices interrupted: %s", error)
                await self._subscribe_again(pubsub)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                origin, notices = decode(message["data"])
            except Exception:
                log.exception("a change notice could not be read")
                continue
            if origin == self.origin:
                continue
            for notice in notices:
                try:
                    listener(notice)
                except Exception:
                    log.exception("a change notice could not be handled")

    async def _subscribe_again(self, pubsub: object) -> None:
        """Try to subscribe again every ``RETRY_SECONDS`` until it works (or the bus stops); the
        connection's callback (``_reconnected``) then sets the catch-up going."""
        from redis.asyncio.client import PubSub

        assert isinstance(pubsub, PubSub)
        while not self._stopping:
            await asyncio.sleep(RETRY_SECONDS)
            with contextlib.suppress(Exception):
                await pubsub.subscribe(CHANNEL)
                return

    async def stop(self) -> None:
        """Stop both tasks, then close the connection. The receiving loop also checks
        ``_stopping``, since a cancellation that lands inside the Redis client's read can come
        out as the client's own error (and would otherwise be taken for Redis being away); the
        wait is bounded all the same, so a server always stops."""
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=STOP_WAIT)
        for task in self._tasks:
            if task.done() and not task.cancelled():
                task.exception()  # retrieved, so asyncio does not report it at exit
        await self._redis.aclose()


def encode(origin: str, notices: list[Notice]) -> bytes:
    """Notices as they travel: compact JSON (``o`` origin, ``n`` the notices, each with ``t`` its
    table, ``c`` a chat line, ``l`` log rows as [seq, kind, seat, action])."""
    bundle: list[dict[str, object]] = []
    for notice in notices:
        item: dict[str, object] = {"t": notice.table_id}
        if notice.chat is not None:
            item["c"] = list(notice.chat)
        if notice.rows:
            item["l"] = [list(row) for row in notice.rows]
        bundle.append(item)
    return orjson.dumps({"o": origin, "n": bundle})


def decode(data: bytes) -> tuple[str, list[Notice]]:
    """The origin and notices of ``encode``'s bytes (``ValueError``/``KeyError`` if malformed)."""
    message = orjson.loads(data)
    notices = []
    for item in message["n"]:
        chat = item.get("c")
        line = ChatRow(float(chat[0]), str(chat[1]), str(chat[2])) if chat else None
        rows = tuple(
            LogRow(int(seq), KINDS[kind], int(seat), int(action))
            for seq, kind, seat, action in item.get("l", ())
        )
        notices.append(Notice(int(item["t"]), line, rows))
    return str(message["o"]), notices
