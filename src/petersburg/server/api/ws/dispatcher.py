"""The two websockets, ``/ws/lobby`` and ``/ws/table/<id>``: translation only.

Each message is validated by ``protocol`` and handed to the part that carries it out; whatever
goes wrong comes back to this socket alone as ``{"type": "error", "message": ...}`` and the socket
stays open. An unexpected failure is logged with its traceback and answered with a sentence too.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from fastapi import APIRouter, WebSocket

from petersburg.server.api.ws.connections import Connection, encode, error_message
from petersburg.server.errors import Refusal
from petersburg.server.game.seating import guest_name
from petersburg.server.game.table import Table
from petersburg.server.persistence.store import StorageError
from petersburg.server.protocol.messages import (
    CreatedMessage,
    GotoMessage,
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

if TYPE_CHECKING:
    from petersburg.server.app import Server

log = logging.getLogger("petersburg.server")

Reply = NoticeMessage | NamedMessage | GotoMessage | CreatedMessage | PongMessage | None

SERVER_FAULT = "Something went wrong on the server; nothing changed. Try again."
STORAGE_FAULT = "The server could not save this; nothing changed. Try again."


class Dispatcher:
    """Turns one socket message into one call of the server's parts."""

    def __init__(self, server: Server) -> None:
        self.server = server

    async def handle(self, connection: Connection, table: Table | None, data: str | bytes) -> None:
        request: str | None = None
        try:
            if not connection.uid:
                await self._hello(connection, table, data)
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
            connection.send(encode(error_message(str(bad), bad.request)))
        except Refusal as refusal:
            connection.send(encode(error_message(str(refusal), request)))
        except StorageError as error:
            log.error("a %s request could not be stored: %s", request, error)
            connection.send(encode(error_message(STORAGE_FAULT, request)))
        except Exception:
            log.exception("a %s request failed", request)
            connection.send(encode(error_message(SERVER_FAULT, request)))

    async def _hello(self, connection: Connection, table: Table | None, data: str | bytes) -> None:
        hello = parse_hello(data)
        uid, account = await self.server.accounts.identify(connection.session, hello["uid"])
        connection.uid = uid
        connection.account = account is not None
        connection.name = account.name if account is not None else guest_name(hello.get("name"))
        if table is None:
            self.server.connections.join_lobby(connection)
        else:
            self.server.connections.join_table(connection, table)

    async def _rename(self, connection: Connection, name: str | None) -> NamedMessage:
        """A guest's new name (a signed-in socket keeps its account's name); an account's name is
        refused to a guest. The answer names what the socket is now called, so the page confirms
        a name only once the server took it."""
        if not connection.account:
            chosen = guest_name(name)
            await self.server.seating.check_name_owner(connection.uid, chosen)
            connection.name = chosen
        return {"type": "named", "name": connection.name}

    @staticmethod
    def _seat_name(connection: Connection, name: str | None) -> str:
        """The name a new seat shows: an account's own name, or what a guest asked for."""
        return connection.name if connection.account else name or connection.name

    async def _lobby(self, connection: Connection, request: LobbyRequest) -> Reply:
        server = self.server
        if request["type"] == "ping":
            return {"type": "pong"}
        if request["type"] == "name":
            return await self._rename(connection, request.get("name"))
        if request["type"] == "chat":
            return await server.chat.say(None, connection.uid, connection.name, request["text"])
        created = await server.seating.create(
            connection.uid, self._seat_name(connection, request.get("name")), request.get("params") or {}
        )
        return {"type": "created", "table": created.id}

    async def _table(self, connection: Connection, table: Table, request: TableRequest) -> Reply:
        server = self.server
        uid = connection.uid
        if request["type"] == "ping":
            return {"type": "pong"}
        if request["type"] == "name":
            return await self._rename(connection, request.get("name"))
        elif request["type"] == "chat":
            return await server.chat.say(table, uid, connection.name, request["text"])
        elif request["type"] == "sit":
            await server.seating.sit(
                table, uid, self._seat_name(connection, request.get("name")), request.get("seat")
            )
        elif request["type"] == "leave":
            await server.seating.leave(table, uid)
        elif request["type"] == "bot":
            await server.seating.put_bot(table, uid, request.get("level"), request.get("seat"))
        elif request["type"] == "clear":
            await server.seating.clear(table, uid, request.get("seat"))
        elif request["type"] == "start":
            await server.seating.start(table, uid)
        elif request["type"] == "act":
            await server.play.act(table, request.get("token"), request.get("seq"), request.get("action"))
        elif request["type"] == "undo":
            await server.play.undo(table, request.get("token"), request.get("seq"))
        else:
            await server.play.set_autopass(table, request.get("token"), request.get("on"))
        return None


def websocket_router(server: Server) -> APIRouter:
    """The lobby and table websockets of ``server``."""
    router = APIRouter()
    dispatcher = Dispatcher(server)

    @router.websocket("/ws/lobby")
    async def lobby_socket(ws: WebSocket) -> None:
        await server.connections.serve(ws, None, dispatcher.handle)

    @router.websocket("/ws/table/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await server.connections.serve(ws, parse_table_id(table_id), dispatcher.handle)

    return router


def parse_table_id(text: str) -> int:
    """A table id from a path; unknown (0, never a table) if it is not a plain number."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0
