"""A built server while it runs: its parts, its start-up check, what it does when a table changes.

``wiring.build_server`` makes a ``Server``; the app's lifespan (``Server.lifespan``) starts it, which
loads every live table and refuses to serve a log that does not replay (naming the table and the
row), finishes games that ended just before a crash, resumes bots and timers, and follows the other
processes of the same database (their notices; with the database's word on the watched tables
every ``head_check_interval`` seconds, and on every table when notices come back after Redis was
away, since notices sent meanwhile are lost); then it serves until it is stopped.

This module is apart from ``wiring`` because the two change for different reasons: wiring is which
part gets which (read once, at construction); this is what the running whole does over time.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from fastapi import FastAPI

from petersburg.server.accounts.accounts import Accounts
from petersburg.server.accounts.recovery import Recovery
from petersburg.server.alerts.preferences import Preferences
from petersburg.server.alerts.queue import AlertQueue
from petersburg.server.analysis.hints import Hints
from petersburg.server.analysis.queue import AnalysisQueue
from petersburg.server.api.ws.connections import Connections
from petersburg.server.clock import Clock
from petersburg.server.cluster.bus import Notice
from petersburg.server.errors import LogReplayError
from petersburg.server.game.automation import Automation
from petersburg.server.game.chat import Chat
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import LOBBY, ChatRow
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import Presenter

log = logging.getLogger("petersburg.server")

ChangeListener = Callable[[Table], None]
ChatListener = Callable[[Table | None, ChatRow], None]


class StartupCheckError(Exception):
    """The database holds logs that do not replay: the server will not serve them."""

    def __init__(self, problems: list[LogReplayError]) -> None:
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(
            f"{len(problems)} table(s) of the database have a log that does not replay; the server will "
            f"not serve them (start with --set-aside-bad-logs to serve the others):\n{lines}"
        )
        self.problems = problems


class ServerEvents:
    """``TableEvents`` of the running server: the table is marked told, then each listener hears of
    it in the order it joined (``build_server``: automation first, so that the clients' update
    carries the new deadline; then the connections).

    The parts that tell (play, seating, chat) exist before the parts that listen (automation makes
    its moves through play and seating), so the events cannot be built with their listeners: they
    join once, in ``build_server``, before anything runs. No part is patched for it, and no part
    of ``game`` knows who listens."""

    def __init__(self) -> None:
        self._on_change: list[ChangeListener] = []
        self._on_chat: list[ChatListener] = []

    def listen(self, table_changed: ChangeListener, chat_line: ChatListener | None = None) -> None:
        """Hear of every change of a table (and every chat line, if ``chat_line`` is given)."""
        self._on_change.append(table_changed)
        if chat_line is not None:
            self._on_chat.append(chat_line)

    def table_changed(self, table: Table) -> None:
        table.told = table.version
        for listener in self._on_change:
            listener(table)

    def chat_line(self, table: Table | None, line: ChatRow) -> None:
        for listener in self._on_chat:
            listener(table, line)


@dataclass
class Server:
    """Every part of one server, wired."""

    settings: Settings
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
    hints: Hints
    analyses: AnalysisQueue
    alerts: AlertQueue
    recovery: Recovery
    preferences: Preferences
    _following: set[asyncio.Task[None]] = field(default_factory=set)
    _head_checks: asyncio.Task[None] | None = None

    @asynccontextmanager
    async def lifespan(self, app: FastAPI) -> AsyncIterator[None]:
        """The app's lifespan: started before the first request, stopped after the last one (and
        stopped too when it fails to start, so nothing is left running)."""
        try:
            await self.start()
        except BaseException:
            await self.stop()
            raise
        try:
            yield
        finally:
            await self.stop()

    async def start(self) -> None:
        """Load the live tables (``StartupCheckError`` if a log does not replay, unless the settings
        set such tables aside), finish games that ended just before a crash, resume bots and timers."""
        set_aside = self.settings.set_aside_bad_logs
        await self.accounts.start()
        problems = await self.tables.open(set_aside_bad_logs=set_aside)
        if problems and not set_aside:
            raise StartupCheckError(problems)
        for problem in problems:
            log.error("set aside, not served: %s", problem)
        await self.tables.bus.start(self._notice, self._resubscribed)
        if not self.tables.single_process and self.settings.head_check_interval > 0:
            self._head_checks = asyncio.get_running_loop().create_task(self._check_heads())
        for table in list(self.tables.live()):
            state = table.state
            if state is not None and state.is_over:  # killed between its last action and the result
                await self.play.after_change(table)
        await self.automation.start()
        await self.analyses.start()
        await self.alerts.start(list(self.tables.live()))
        if self.settings.tune_gc:
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
        self._in_turn(self._follow(notice))

    def _in_turn(self, work: Coroutine[object, object, None]) -> None:
        """Run ``work`` in a task of its own (notices come in a callback, which cannot wait)."""
        task = asyncio.get_running_loop().create_task(work)
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

    def _resubscribed(self) -> None:
        """Notices come again after an interruption: what other processes changed meanwhile is
        read from the database."""
        catch_up = self.tables.catch_up_all(listed=bool(self.connections.lobby))
        self._in_turn(self._tell(catch_up, "cannot catch up after the notices were interrupted"))

    async def _check_heads(self) -> None:
        """Every ``head_check_interval`` seconds, check the watched tables nothing was heard of
        against the database (``Tables.check_watched``) and tell their watchers what changed. Real
        time, not the injected clock's: this bounds how long a lost notice is missed, whatever
        game time a test pretends."""
        while True:
            await asyncio.sleep(self.settings.head_check_interval)
            await self._tell(self.tables.check_watched(), "cannot check the watched tables")

    async def _tell(self, catch_up: Awaitable[list[Table]], failure: str) -> None:
        """Tell the watchers of the tables ``catch_up`` found changed (``failure`` is logged if
        it fails: the next check or notice tries again)."""
        try:
            changed = await catch_up
        except Exception:
            log.exception(failure)
            return
        for table in changed:
            self.events.table_changed(table)

    async def stop(self) -> None:
        if self._head_checks is not None:
            self._head_checks.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._head_checks
        await self.tables.bus.stop()
        await self.analyses.stop()
        await self.alerts.stop()
        await self.automation.stop()
        self.accounts.close()
        await self.store.close()
