"""What a route may ask for: the server's parts, its settings, a table id from the path, who asks
and from where (``identity.py``).

Routes are module-level functions that declare these as parameters (``tables: TablesDep``); FastAPI
gives each one from the app that serves the request (``app.state.server``, set by ``create_app``).
So no route is a closure over a server and no module of ``api`` imports the app. The same
dependencies serve HTTP requests and websockets (both are an ``HTTPConnection``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, TypeVar

from fastapi import Depends
from starlette.requests import HTTPConnection

from petersburg.server.accounts.accounts import SESSION_COOKIE, Accounts
from petersburg.server.accounts.recovery import Recovery
from petersburg.server.alerts.preferences import Preferences
from petersburg.server.analysis.hints import Hints
from petersburg.server.analysis.queue import AnalysisQueue
from petersburg.server.api.identity import Identity, client_address, identify, reader_language
from petersburg.server.api.ws.connections import Connections
from petersburg.server.game.chat import Chat
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating
from petersburg.server.game.tables import Tables
from petersburg.server.runtime import Server
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import Presenter

T = TypeVar("T")


def server_of(connection: HTTPConnection) -> Server:
    """The server whose app answers this request or socket."""
    server: Server = connection.app.state.server
    return server


def _part(read: Callable[[Server], T]) -> Callable[[HTTPConnection], Coroutine[None, None, T]]:
    """A dependency giving one part of the server (``read`` picks it). A coroutine function,
    though it awaits nothing: FastAPI runs a plain function dependency on its thread pool, which
    costs a thread hand-off per dependency and per request; a coroutine runs on the loop at once."""

    async def part(connection: HTTPConnection) -> T:
        return read(server_of(connection))

    return part


async def parse_table_id(table_id: str) -> int:
    """A table id from a path; unknown (0, never a table) if it is not a plain number."""
    return int(table_id) if table_id.isascii() and table_id.isdigit() and len(table_id) <= 9 else 0


SettingsDep = Annotated[Settings, Depends(_part(lambda server: server.settings))]
TablesDep = Annotated[Tables, Depends(_part(lambda server: server.tables))]
PresenterDep = Annotated[Presenter, Depends(_part(lambda server: server.presenter))]
SeatingDep = Annotated[Seating, Depends(_part(lambda server: server.seating))]
PlayDep = Annotated[Play, Depends(_part(lambda server: server.play))]
ChatDep = Annotated[Chat, Depends(_part(lambda server: server.chat))]
AccountsDep = Annotated[Accounts, Depends(_part(lambda server: server.accounts))]
RecoveryDep = Annotated[Recovery, Depends(_part(lambda server: server.recovery))]
PreferencesDep = Annotated[Preferences, Depends(_part(lambda server: server.preferences))]
ConnectionsDep = Annotated[Connections, Depends(_part(lambda server: server.connections))]
HintsDep = Annotated[Hints, Depends(_part(lambda server: server.hints))]
AnalysesDep = Annotated[AnalysisQueue, Depends(_part(lambda server: server.analyses))]
TableId = Annotated[int, Depends(parse_table_id)]
"""The ``{table_id}`` of the path, as ``parse_table_id`` reads it."""


async def identity_of(connection: HTTPConnection) -> Identity:
    """Who sends this request or opens this socket, and from which address."""
    server = server_of(connection)
    return await identify(connection, server.accounts, server.settings.trusted_proxies)


def address_of(connection: HTTPConnection) -> str:
    """The client's address, as limits count it (behind the trusted proxies)."""
    return client_address(connection, server_of(connection).settings.trusted_proxies)


async def language_of(connection: HTTPConnection) -> str:
    """The language this request reads (``reader_language``: ``?lang=``, the picker's cookie, the
    signed-in account's choice, ``Accept-Language``), the tests' pseudo-language where it is offered."""
    server = server_of(connection)
    account = await server.accounts.session(connection.cookies.get(SESSION_COOKIE))
    remembered = account.language if account is not None else None
    return reader_language(connection, server.settings.pseudo_language, remembered)


IdentityDep = Annotated[Identity, Depends(identity_of)]
LanguageDep = Annotated[str, Depends(language_of)]
AddressDep = Annotated[str, Depends(address_of)]
