"""The two websockets, ``/ws/lobby`` and ``/ws/table/<id>``: translation only.

Each message is validated by ``protocol`` and handed to the part that carries it out; whatever
goes wrong comes back to this socket alone as ``{"type": "error", "message": ...}`` and the socket
stays open. An unexpected failure is logged with its traceback and answered with a sentence too.
"""

from __future__ import annotations

import logging
from typing import Annotated

from fastapi import APIRouter, Depends, WebSocket

from petersburg.server.accounts.accounts import Accounts
from petersburg.server.analysis.hints import Hints
from petersburg.server.api.deps import (
    AccountsDep,
    ChatDep,
    ConnectionsDep,
    HintsDep,
    IdentityDep,
    PlayDep,
    SeatingDep,
    TableId,
)
from petersburg.server.api.responses import SERVER_FAULT, STORAGE_FAULT
from petersburg.server.api.ws.connections import Connection, Connections, encode, error_message
from petersburg.server.errors import Refusal
from petersburg.server.game.chat import Chat
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating, guest_name
from petersburg.server.game.table import Table
from petersburg.server.persistence.store import StorageError
from petersburg.server.protocol.messages import (
    CreatedMessage,
    GotoMessage,
    HintMessage,
    NamedMessage,
    NoticeMessage,
    PongMessage,
)
from petersburg.server.protocol.parsing import (
    BadRequest,
    parse_hello,
    parse_lobby_request,
    parse_table_request,
)
from petersburg.server.protocol.requests import LobbyRequest, TableRequest
from petersburg.text.languages import choose, known
from petersburg.text.names import shown_name

log = logging.getLogger("petersburg.server")

Reply = NoticeMessage | NamedMessage | GotoMessage | CreatedMessage | PongMessage | HintMessage | None


class Dispatcher:
    """Turns one socket message into one call of the server's parts."""

    def __init__(
        self,
        connections: Connections,
        seating: Seating,
        chat: Chat,
        play: Play,
        hints: Hints,
        accounts: Accounts | None = None,
    ) -> None:
        self.connections = connections
        self.accounts = accounts
        """Where a signed-in socket's chosen language is remembered (None: nowhere)."""
        self.seating = seating
        self.chat = chat
        self.play = play
        self.hints = hints
        self._pseudo = connections.settings.pseudo_language
        """Whether the tests' pseudo-language may be chosen."""

    async def handle(self, connection: Connection, table: Table | None, data: str | bytes) -> None:
        request: str | None = None
        try:
            if not connection.greeted:
                self._hello(connection, table, data)
                return
            if table is None:
                lobby_request = parse_lobby_request(data)
                request = lobby_request["type"]
                reply = await self._lobby(connection, lobby_request)
            else:
                table_request = parse_table_request(data)
                request = table_request["type"]
                reply = await self._table(connection, table, table_request)
            if reply is not None:
                connection.send(encode(reply))
        except BadRequest as bad:
            connection.send(encode(error_message(bad.message, bad.request, connection.language)))
        except Refusal as refusal:
            connection.send(encode(error_message(refusal.message, request, connection.language)))
        except StorageError as error:
            log.error("a %s request could not be stored: %s", request, error)
            connection.send(encode(error_message(STORAGE_FAULT, request, connection.language)))
        except Exception:
            log.exception("a %s request failed", request)
            connection.send(encode(error_message(SERVER_FAULT, request, connection.language)))

    def _hello(self, connection: Connection, table: Table | None, data: str | bytes) -> None:
        """The socket's first message: its name. Who it is was settled by its handshake (a ``uid``
        an older client still sends is not read)."""
        hello = parse_hello(data)
        connection.greeted = True
        connection.language = choose([hello.get("lang"), connection.language], pseudo=self._pseudo)
        if not connection.account:
            connection.name = guest_name(hello.get("name"))
        if table is None:
            self.connections.join_lobby(connection)
        else:
            self.connections.join_table(connection, table)

    async def _rename(self, connection: Connection, name: str | None) -> NamedMessage:
        """A guest's new name (a signed-in socket keeps its account's name); an account's name is
        refused to a guest. The answer names what the socket is now called, so the page confirms
        a name only once the server took it."""
        if not connection.account:
            chosen = guest_name(name)
            await self.seating.check_name_owner(connection.uid, chosen)
            connection.name = chosen
        return {"type": "named", "name": shown_name(connection.name, connection.language)}

    @staticmethod
    def _seat_name(connection: Connection, name: str | None) -> str:
        """The name a new seat shows: an account's own name, or what a guest asked for."""
        return connection.name if connection.account else name or connection.name

    async def _language(self, connection: Connection, table: Table | None, language: str) -> None:
        """Word everything for this socket in ``language`` from now on, and send it all again so the
        page redraws in it (an unknown code reads in English); a signed-in person's account
        remembers it, for its other pages and its alerts."""
        connection.language = choose([language], pseudo=self._pseudo)
        if self.accounts is not None and connection.account_id is not None and known(language):
            await self.accounts.set_language(connection.account_id, connection.language)
        self.connections.reword(connection, table)

    async def _lobby(self, connection: Connection, request: LobbyRequest) -> Reply:
        if request["type"] == "ping":
            return {"type": "pong"}
        if request["type"] == "language":
            await self._language(connection, None, request["lang"])
            return None
        if request["type"] == "name":
            return await self._rename(connection, request.get("name"))
        if request["type"] == "chat":
            return await self.chat.say(
                None, connection.uid, connection.address, connection.name, request["text"]
            )
        created = await self.seating.create(
            connection.uid,
            self._seat_name(connection, request.get("name")),
            request.get("params") or {},
            address=connection.address,
        )
        return {"type": "created", "table": created.id}

    async def _table(self, connection: Connection, table: Table, request: TableRequest) -> Reply:
        uid = connection.uid
        if request["type"] == "ping":
            return {"type": "pong"}
        if request["type"] == "language":
            await self._language(connection, table, request["lang"])
        elif request["type"] == "name":
            return await self._rename(connection, request.get("name"))
        elif request["type"] == "chat":
            return await self.chat.say(table, uid, connection.address, connection.name, request["text"])
        elif request["type"] == "sit":
            await self.seating.sit(
                table, uid, self._seat_name(connection, request.get("name")), request.get("seat")
            )
        elif request["type"] == "leave":
            await self.seating.leave(table, uid)
        elif request["type"] == "bot":
            await self.seating.put_bot(table, uid, request.get("level"), request.get("seat"))
        elif request["type"] == "clear":
            await self.seating.clear(table, uid, request.get("seat"))
        elif request["type"] == "start":
            await self.seating.start(table, uid, connection.address)
        elif request["type"] == "act":
            await self.play.act(table, request["token"], request["seq"], request["action"])
        elif request["type"] == "undo":
            await self.play.undo(table, request["token"], request["seq"])
        elif request["type"] == "hint":
            return await self.hints.hint(table, uid, request["token"], request["seq"], connection.language)
        else:
            await self.play.set_autopass(table, request["token"], request["on"])
        return None


def socket_dispatcher(
    connections: ConnectionsDep,
    seating: SeatingDep,
    chat: ChatDep,
    play: PlayDep,
    hints: HintsDep,
    accounts: AccountsDep,
) -> Dispatcher:
    """The dispatcher of one socket, on the parts of the server that serves it."""
    return Dispatcher(connections, seating, chat, play, hints, accounts)


DispatcherDep = Annotated[Dispatcher, Depends(socket_dispatcher)]

router = APIRouter()


@router.websocket("/ws/lobby")
async def lobby_socket(
    ws: WebSocket, who: IdentityDep, connections: ConnectionsDep, dispatcher: DispatcherDep
) -> None:
    await connections.serve(ws, who, None, dispatcher.handle)


@router.websocket("/ws/table/{table_id}")
async def table_socket(
    ws: WebSocket, table_id: TableId, who: IdentityDep, connections: ConnectionsDep, dispatcher: DispatcherDep
) -> None:
    await connections.serve(ws, who, table_id, dispatcher.handle)
