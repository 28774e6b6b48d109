"""Open websockets: their outgoing queues, who watches what, and broadcasting. The only code that
touches sockets.

Each socket has one queue of encoded messages, sent in order by one task, so nothing ever waits
for a slow client: a client further behind than ``client_queue_limit`` messages is disconnected
(the page reconnects and gets the whole state again) instead of holding memory. The
lobby list is a snapshot: a newer one replaces one not yet sent, and lists are sent at most every
``lobby_interval`` seconds, encoded once for every lobby socket.

An update is built once per group of viewers that see the same thing (same seat, creator or not,
same log position) and encoded once for all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Mapping

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from petersburg.server.api.identity import Identity
from petersburg.server.errors import Refusal
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.store import ChatRow
from petersburg.server.protocol.messages import ErrorMessage
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import Presenter, chat_history, chat_message, lobby_key
from petersburg.text import names
from petersburg.text.languages import SOURCE
from petersburg.text.refusals import refusal
from petersburg.text.wording import Message

log = logging.getLogger("petersburg.server")


def encode(message: Mapping[str, object]) -> str:
    """A message as compact JSON text."""
    return orjson.dumps(message).decode()


def error_message(message: Message, request: str | None = None, language: str = SOURCE) -> ErrorMessage:
    """A refusal for one socket, worded from its message id in the socket's language."""
    return {"type": "error", "message": message.in_language(language), "request": request}


class Connection:
    """One websocket: who it is, what it watches, and its outgoing queue."""

    __slots__ = (
        "_out",
        "_snapshot",
        "_wake",
        "_ws",
        "account",
        "account_id",
        "address",
        "closing",
        "greeted",
        "language",
        "limit",
        "log_sent",
        "name",
        "reader",
        "sender",
        "table",
        "too_slow",
        "uid",
    )

    def __init__(self, ws: WebSocket, who: Identity, limit: int) -> None:
        self._ws = ws
        self.address = who.address
        """The client's address, as limits count it (``identity.client_address``)."""
        self.limit = limit
        self.uid = who.uid
        """The identity the handshake carried (``identity.py``): the account's, or the guest's."""
        self.account = who.account is not None
        """Whether the socket is signed in to an account (its name is then the account's)."""
        self.account_id = who.account.id if who.account is not None else None
        """The signed-in account's id (its chosen language is remembered there)."""
        self.name = who.account.name if who.account is not None else names.guest()
        self.greeted = False
        """Whether it said hello (and was sent the state)."""
        self.language = who.language
        """The language everything this socket is sent is worded in (``text.languages.choose``)."""
        self.table: Table | None = None
        self.log_sent = 0
        """How many lines of the table's game log this socket already has."""
        self._out: deque[str] = deque()
        self._snapshot: str | None = None
        self._wake = asyncio.Event()
        self.closing = False
        self.too_slow = False
        self.reader: asyncio.Task[None] | None = None
        self.sender: asyncio.Task[None] | None = None
        """The tasks reading and writing this socket: both stopped when the client is too slow."""

    def send(self, text: str) -> None:
        """Queue an encoded message; never waits."""
        if self.closing:
            return
        if len(self._out) >= self.limit:
            log.warning("a client at %s is %s messages behind: disconnected", self.address, len(self._out))
            self.too_slow = True
            self.stop()
            # Its socket does not take what is written (the send waits): stop both tasks, which
            # releases everything queued for it; the page reconnects and gets the whole state.
            for task in (self.sender, self.reader):
                if task is not None:
                    task.cancel()
            return
        self._out.append(text)
        self._wake.set()

    def send_snapshot(self, text: str) -> None:
        """Queue a message that replaces the previous snapshot if that one was not sent yet."""
        if not self.closing:
            self._snapshot = text
            self._wake.set()

    def stop(self) -> None:
        """The socket is gone: send nothing more."""
        self.closing = True
        self._out.clear()
        self._snapshot = None
        self._wake.set()

    async def run_sender(self) -> None:
        """Send queued messages in order until the socket closes."""
        ws = self._ws
        with contextlib.suppress(Exception):  # a socket that went away stops the sending
            while True:
                if self._out:
                    await ws.send_text(self._out.popleft())
                elif self._snapshot is not None:
                    text, self._snapshot = self._snapshot, None
                    await ws.send_text(text)
                elif self.closing:
                    break
                else:
                    self._wake.clear()
                    await self._wake.wait()


Handler = Callable[[Connection, Table | None, str | bytes], Awaitable[None]]
"""Handles one message of a socket (``ws.dispatcher``); answers through the connection, never raises."""


class Connections:
    """Every open socket, by table and in the lobby, and what they are sent."""

    def __init__(
        self,
        tables: Tables,
        presenter: Presenter,
        settings: Settings,
        last_page_closed: Callable[[Table, str], None] | None = None,
    ) -> None:
        self.tables = tables
        self.presenter = presenter
        self.settings = settings
        self.last_page_closed = last_page_closed
        """Told when a browser identity closes its last page of a table (the turn alerts: a player
        who leaves during her turn is alerted for it, ``alerts/queue.py``)."""
        self.lobby: set[Connection] = set()
        self.by_table: dict[int, set[Connection]] = {}
        self.per_address: Counter[str] = Counter()
        self._lobby_keys: dict[int, tuple[object, ...]] = {}
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._lobby_sent_at = float("-inf")
        self._lobby_last: dict[str, str] = {}
        self._catching_up: set[asyncio.Task[None]] = set()

    # One socket --------------------------------------------------------------------------------

    async def serve(self, ws: WebSocket, who: Identity, table_id: int | None, handle: Handler) -> None:
        """Accept ``ws`` (opened by ``who``) and hand each of its messages to ``handle`` until it
        closes."""
        address = who.address
        await ws.accept()
        if self.per_address[address] >= self.settings.max_sockets_per_address:
            await _refuse(
                ws, refusal("too_many_connections", most=self.settings.max_sockets_per_address), 1008
            )
            return
        table: Table | None = None
        if table_id is not None:
            try:
                table = await self.tables.get(table_id)
            except Refusal as refused:
                await _refuse(ws, refused.message, 4404)
                return
        self.per_address[address] += 1
        connection = Connection(ws, who, self.settings.client_queue_limit)
        connection.reader = asyncio.current_task()
        sender = connection.sender = asyncio.get_running_loop().create_task(connection.run_sender())
        try:
            while not connection.closing:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                data: str | bytes = text if isinstance(text, str) else bytes(received.get("bytes") or b"")
                await handle(connection, table, data)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client went away (RuntimeError: the socket was closed by the sender)
        except asyncio.CancelledError:
            if not connection.too_slow or connection.reader is None:
                raise
            connection.reader.uncancel()  # stopped by its own connection: the client was too slow
        finally:
            self._forget(connection)
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            connection.stop()
            await asyncio.wait({sender}, timeout=5.0)

    def join_lobby(self, connection: Connection) -> None:
        first = not self.lobby
        self.lobby.add(connection)
        connection.send(encode(self.presenter.lobby_hello(connection.uid, connection.language)))
        if first and self.tables.has_behind():
            # With several processes, tables nobody here watched were left behind while the lobby
            # was empty: catch them up, then send the list again as it is.
            task = asyncio.get_running_loop().create_task(self._catch_up_lobby())
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _catch_up_lobby(self) -> None:
        try:
            changed = await self.tables.catch_up_behind()
        except Exception:
            log.exception("cannot bring the lobby's tables up to date")
            return
        if changed:
            self.lobby_changed()

    def join_table(self, connection: Connection, table: Table) -> None:
        connection.table = table
        self.by_table.setdefault(table.id, set()).add(connection)
        self.tables.watch(table, +1, connection.uid)
        self.reword(connection, table)

    def reword(self, connection: Connection, table: Table | None) -> None:
        """Send ``connection`` everything about where it is, in its language (again when it chose
        another): the lobby's greeting, or the table's chat and its whole update with the log worded
        anew from the events. The page redraws from it as from any update; nothing is reloaded and
        the socket stays open."""
        if table is None:
            connection.send(encode(self.presenter.lobby_hello(connection.uid, connection.language)))
            return
        seat = table.seat_of_uid(connection.uid)
        creator = connection.uid == table.row.creator
        connection.send(encode(chat_history(table, connection.language)))
        connection.send(encode(self.presenter.update(table, seat, creator, 0, connection.language)))
        connection.log_sent = len(table.game.events) if table.game is not None else 0

    def _forget(self, connection: Connection) -> None:
        self.lobby.discard(connection)
        table = connection.table
        if table is None:
            return
        viewers = self.by_table.get(table.id)
        if viewers is not None:
            viewers.discard(connection)
            if not viewers:
                del self.by_table[table.id]
                if not table.live:
                    self.presenter.forget(table.id)
        self.tables.watch(table, -1, connection.uid)
        connection.table = None
        if self.last_page_closed is not None and connection.uid and connection.uid not in table.present:
            self.last_page_closed(table, connection.uid)

    # Broadcasting ------------------------------------------------------------------------------

    def table_changed(self, table: Table) -> None:
        """Send ``table``'s update to every viewer (and the lobby list, if what it shows changed)."""
        key = lobby_key(table)
        if self._lobby_keys.get(table.id) != key:
            self.lobby_changed()
            if table.live:
                self._lobby_keys[table.id] = key
            else:
                self._lobby_keys.pop(table.id, None)
        viewers = self.by_table.get(table.id)
        if not viewers:
            if not table.live:
                self.presenter.forget(table.id)
            return
        seats = {s.user_id: i for i, s in enumerate(table.row.seats) if s.kind == "human" and s.user_id}
        words = len(table.game.events) if table.game is not None else 0
        built: dict[tuple[int | None, bool, int, str], str] = {}
        for connection in viewers:
            seat = seats.get(connection.uid)
            creator = connection.uid == table.row.creator
            group = (seat, creator, connection.log_sent, connection.language)
            text = built.get(group)
            if text is None:
                update = self.presenter.update(table, seat, creator, connection.log_sent, connection.language)
                text = built[group] = encode(update)
            connection.log_sent = words
            connection.send(text)

    def chat_line(self, table: Table | None, line: ChatRow) -> None:
        worded: dict[str, str] = {}  # one encoding per language
        for connection in self.by_table.get(table.id, ()) if table is not None else self.lobby:
            language = connection.language
            if language not in worded:
                worded[language] = encode(chat_message(line, language))
            connection.send(worded[language])

    def lobby_changed(self) -> None:
        """Send the lobby list soon: at once if none went out lately, else at the next interval."""
        if not self.lobby or self._lobby_timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self._lobby_sent_at + self.settings.lobby_interval - loop.time())
        self._lobby_timer = loop.call_later(delay, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        self._lobby_sent_at = asyncio.get_running_loop().time()
        # One encoding per language the lobby reads in (the names the server made are worded).
        worded = {
            language: encode(self.presenter.tables_message(language))
            for language in {c.language for c in self.lobby}
        }
        if worded == self._lobby_last:
            return
        self._lobby_last = worded
        for connection in self.lobby:
            connection.send_snapshot(worded[connection.language])


async def _refuse(ws: WebSocket, message: Message, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(encode(error_message(message)))
        await ws.close(code=code)
