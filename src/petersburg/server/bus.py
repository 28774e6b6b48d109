"""How several server processes on one database learn of each other's changes: Redis pub/sub.

After every durable change of a table (a log row, a seat, its status, a new table) or a chat line,
the process that wrote it publishes a short notice on one channel: the table's id, and the chat
line itself. Every other process then reads that table back from the database, through the same
replay path as everything else (``Tables.refresh``), and tells its own clients. The notice only
says *where* to look; the database stays the one authority, so a lost or repeated notice is
harmless (the next one, or a client's reconnection, brings the process up to date), and a process
never applies a change twice (it applies log rows from its own ``seq`` on).

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
from typing import Protocol

import orjson

from petersburg.server.store import ChatRow

log = logging.getLogger("petersburg.server")

CHANNEL = "petersburg:changes"

Listener = Callable[[int, ChatRow | None], None]
"""Called on the event loop for another process's notice: (table id or 0 for the lobby, the chat
line if the notice is one)."""


class Bus(Protocol):
    """Notices between the server processes of one database."""

    def publish(self, table_id: int, chat: ChatRow | None = None) -> None:
        """Tell the other processes that ``table_id`` changed (or a chat line was stored)."""
        ...

    async def start(self, listener: Listener) -> None: ...

    async def stop(self) -> None: ...


class NoBus:
    """One process alone: nobody to tell."""

    def publish(self, table_id: int, chat: ChatRow | None = None) -> None:
        return None

    async def start(self, listener: Listener) -> None:
        return None

    async def stop(self) -> None:
        return None


class RedisBus:
    """Notices through one Redis pub/sub channel. Publishing never waits: notices go out in order
    from one task; receiving runs in another task and skips this process's own notices."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.url = url
        self.origin = secrets.token_hex(8)
        self._redis = redis.Redis.from_url(url)
        self._outbox: asyncio.Queue[bytes] | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def publish(self, table_id: int, chat: ChatRow | None = None) -> None:
        if self._outbox is None:
            return
        notice: dict[str, object] = {"o": self.origin, "t": table_id}
        if chat is not None:
            notice["c"] = [chat.t, chat.name, chat.text]
        self._outbox.put_nowait(orjson.dumps(notice))

    async def start(self, listener: Listener) -> None:
        await self._redis.ping()  # fail at start-up, with Redis's own message, if it is not there
        self._outbox = asyncio.Queue()
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send()), loop.create_task(self._receive(pubsub, listener))]

    async def _send(self) -> None:
        assert self._outbox is not None
        while True:
            notice = await self._outbox.get()
            try:
                await self._redis.publish(CHANNEL, notice)
            except Exception as error:  # Redis away for a moment: other processes catch up later
                log.warning("cannot publish a change notice: %s", error)

    async def _receive(self, pubsub: object, listener: Listener) -> None:
        from redis.asyncio.client import PubSub

        assert isinstance(pubsub, PubSub)
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except Exception as error:
                log.warning("change notices interrupted: %s", error)
                await asyncio.sleep(1.0)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(CHANNEL)
                continue
            if message is None or message.get("type") != "message":
                continue
            notice = orjson.loads(message["data"])
            if notice.get("o") == self.origin:
                continue
            chat = notice.get("c")
            line = ChatRow(float(chat[0]), str(chat[1]), str(chat[2])) if chat else None
            try:
                listener(int(notice["t"]), line)
            except Exception:
                log.exception("a change notice could not be handled")

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._redis.aclose()
