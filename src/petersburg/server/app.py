"""The application: builds the server's parts, wires them, checks the database at start-up.

``create_app(database)`` returns the FastAPI app around one database (or any ``Store``); its
lifespan loads every live table and refuses to serve a log that does not replay (naming the table
and the row), finishes games that ended just before a crash, resumes bots and timers, then serves.

The parts, dependencies pointing inward (each knows only those below it)::

    app ─ routes_http, routes_ws            translation only
          connections                       sockets, queues, broadcasting
          chat → seating → play             what players ask, authorised and serialised per table
          automation                        bots, auto-pass, timer, idle tables (clock injected)
          presenter, narration              what a client receives
          tables                            the aggregate, its replay, the repository
          store (sql_store, database)       durable storage behind one async interface
          protocol, config, clock, errors   the vocabulary
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

from petersburg.bots import import_bot_modules
from petersburg.server.accounts.accounts import Accounts
from petersburg.server.api.routes.accounts import account_router
from petersburg.server.api.routes.http import BodyLimit, http_router, web_dir
from petersburg.server.api.ws.connections import Connections
from petersburg.server.api.ws.dispatcher import websocket_router
from petersburg.server.clock import Clock, SeedSource, SystemClock, random_seeds
from petersburg.server.cluster.bus import Notice, RedisBus
from petersburg.server.cluster.leases import Leases
from petersburg.server.errors import LogReplayError
from petersburg.server.game.automation import Automation, BotRunner
from petersburg.server.game.chat import Chat
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.sql.accounts import SqlAccounts
from petersburg.server.persistence.sql.leases import SqlLeases
from petersburg.server.persistence.sql.ratings import SqlRatings
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import LOBBY, ChatRow
from petersburg.server.settings import ServerConfig
from petersburg.server.view.presenter import Presenter

log = logging.getLogger("petersburg.server")


class StartupCheckError(Exception):
    """The database holds logs that do not replay: the server will not serve them."""

    def __init__(self, problems: list[LogReplayError]) -> None:
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(
            f"{len(problems)} table(s) of the database have a log that does not replay; the server will "
            f"not serve them (start with --set-aside-bad-logs to serve the others):\n{lines}"
        )
        self.problems = problems


class RevalidatedStaticFiles(StaticFiles):
    """The pages' files with ``Cache-Control: no-cache``: a browser keeps them and asks again each
    time with their ETag (an unchanged file costs a 304 with no body). The ES modules import each
    other by plain names, so a longer lifetime could mix modules of two versions after an upgrade."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


class ServerEvents:
    """``TableEvents`` of the running server: plan the next automatic move, then tell the clients."""

    def __init__(self) -> None:
        self.automation: Automation | None = None
        self.connections: Connections | None = None

    def table_changed(self, table: Table) -> None:
        table.told = table.version
        if self.automation is not None:
            self.automation.schedule(table)  # first: the update carries the new deadline
        if self.connections is not None:
            self.connections.table_changed(table)

    def chat_line(self, table: Table | None, line: ChatRow) -> None:
        if self.connections is not None:
            self.connections.chat_line(table, line)


@dataclass
class Server:
    """Every part of one server, wired."""

    config: ServerConfig
    clock: Clock
    store: SqlStore
    tables: Tables
    presenter: Presenter
    connections: Connections
    play: Play
    seating: Seating
    chat: Chat
    automation: Automation
    accounts: Accounts
    events: ServerEvents
    _following: set[asyncio.Task[None]] = field(default_factory=set)

    async def start(self, *, set_aside_bad_logs: bool = False) -> None:
        """Load the live tables (``StartupCheckError`` if a log does not replay), finish games that
        ended just before a crash, resume bots and timers."""
        await self.accounts.start()
        problems = await self.tables.open(set_aside_bad_logs=set_aside_bad_logs)
        if problems and not set_aside_bad_logs:
            raise StartupCheckError(problems)
        for problem in problems:
            log.error("set aside, not served: %s", problem)
        await self.tables.bus.start(self._notice)
        for table in list(self.tables.live()):
            state = table.state
            if state is not None and state.is_over:  # killed between its last action and the result
                await self.play.after_change(table)
        await self.automation.start()
        if self.config.tune_gc:
            # What was loaded lives as long as the server: keep the collector from scanning it
            # again and again, and collect the young generation less often.
            gc.collect()
            gc.freeze()
            gc.set_threshold(20_000, 20, 100)

    def _notice(self, notice: Notice) -> None:
        """Another process of this database changed a table (or stored a chat line there)."""
        table_id, chat = notice.table_id, notice.chat
        if chat is not None:
            table = self.tables.cached(table_id) if table_id != LOBBY else None
            if table_id != LOBBY and table is None:
                return  # nobody here watches that table
            (table.chat if table is not None else self.tables.lobby_chat).append(chat)
            self.events.chat_line(table, chat)
            return
        task = asyncio.get_running_loop().create_task(self._follow(notice))
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    async def _follow(self, notice: Notice) -> None:
        try:
            listed = bool(self.connections.lobby)
            table = await self.tables.refresh(notice.table_id, notice.rows, listed=listed)
        except Exception:
            log.exception("table %s: cannot catch up with another process's change", notice.table_id)
            return
        if table is not None:
            self.events.table_changed(table)

    async def stop(self) -> None:
        await self.tables.bus.stop()
        await self.automation.stop()
        await self.store.close()


def build_server(
    store: SqlStore,
    config: ServerConfig | None = None,
    *,
    clock: Clock | None = None,
    seeds: SeedSource | None = None,
    bots: BotRunner | None = None,
) -> Server:
    """Every part of a server on ``store``, wired (not started). The modules of custom bots
    (``config.bot_modules``) are imported here, so their levels are offered; ValueError if one
    cannot be."""
    config = config or ServerConfig()
    import_bot_modules(config.bot_modules)
    clock = clock or SystemClock()
    events = ServerEvents()
    tables = Tables(store, config)
    presenter = Presenter(tables)
    play = Play(tables, events, clock)
    seating = Seating(tables, events, clock, config, seeds or random_seeds(), play)
    chat = Chat(tables, events, clock, config, seating)
    runner = bots or BotRunner(config.bot_workers, modules=config.bot_modules)
    automation = Automation(tables, play, seating, runner, clock, config)
    connections = Connections(tables, presenter, config)
    accounts = Accounts(SqlAccounts(store), clock, config.secret_key)
    if config.redis_url:
        tables.bus = RedisBus(config.redis_url)
        automation.leases = Leases(SqlLeases(store), clock, config.lease_seconds)
    store.with_result.append(SqlRatings(accounts))
    seating.accounts = accounts
    events.automation = automation
    events.connections = connections
    return Server(
        config,
        clock,
        store,
        tables,
        presenter,
        connections,
        play,
        seating,
        chat,
        automation,
        accounts,
        events,
    )


def create_app(
    database: str | SqlStore,
    config: ServerConfig | None = None,
    *,
    clock: Clock | None = None,
    seeds: SeedSource | None = None,
    bots: BotRunner | None = None,
    set_aside_bad_logs: bool = False,
) -> FastAPI:
    """The web app for one database (an SQLite file, created if missing, or a database URL such as
    ``postgresql://…``; brought up to date by its migrations) or any ``Store``."""
    store = SqlStore(database) if isinstance(database, str) else database
    server = build_server(store, config, clock=clock, seeds=seeds, bots=bots)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            await server.start(set_aside_bad_logs=set_aside_bad_logs)
        except BaseException:
            await server.stop()
            raise
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(title="Sankt Petersburg", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit, limit=server.config.max_body_bytes)
    app.mount("/static", RevalidatedStaticFiles(directory=web_dir()), name="static")
    app.include_router(http_router(server))
    app.include_router(account_router(server))
    app.include_router(websocket_router(server))
    return app
