"""Which part of the server gets which: every part is built once, here, with all it needs.

Each part receives what it uses in its constructor (the Redis bus, the leases, the accounts, the
result's ratings included) and nothing is set on a part afterwards, so reading a constructor tells
everything a part depends on. The one late step is the table events' listeners (see
``runtime.ServerEvents``: the parts that tell must exist before the parts that listen).

The parts, dependencies pointing inward (each knows only those below it)::

    api/ (routes, ws dispatcher, connections)   translation only, the sockets
    game/ chat → seating → play                 what players ask, authorised and serialised per table
    game/ automation                            bots, auto-pass, timer, idle tables (clock injected)
    alerts/                                     turn alerts off the page, their queue and channels
    view/ presenter                             what a client receives
    game/ tables                                the aggregate, its replay, the repository
    accounts/, cluster/                         accounts and ratings; notices and leases between processes
    persistence/ (sql/)                         durable storage behind one async interface
    protocol/, settings, clock, errors          the vocabulary
"""

from __future__ import annotations

from typing import TypedDict, Unpack

from argon2 import PasswordHasher

from petersburg.bots import import_bot_modules
from petersburg.server.accounts.accounts import Accounts
from petersburg.server.accounts.passwords import Passwords
from petersburg.server.accounts.ratings import GameRating
from petersburg.server.accounts.recovery import Recovery
from petersburg.server.alerts.outbox import Outbox
from petersburg.server.alerts.preferences import Preferences
from petersburg.server.alerts.queue import AlertQueue
from petersburg.server.alerts.tokens import Tokens
from petersburg.server.analysis.hints import Hints
from petersburg.server.analysis.queue import AnalysisQueue
from petersburg.server.api.ws.connections import Connections
from petersburg.server.clock import Clock, SeedSource, SystemClock, fixed_seeds, random_seeds
from petersburg.server.cluster.bus import Bus, RedisBus
from petersburg.server.cluster.leases import Leases
from petersburg.server.game.automation import Automation, BotRunner
from petersburg.server.game.chat import Chat
from petersburg.server.game.deadlines import MoveDeadlines
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.sql.accounts import SqlAccounts
from petersburg.server.persistence.sql.alerts import SqlAlerts
from petersburg.server.persistence.sql.analyses import SqlAnalyses
from petersburg.server.persistence.sql.deadlines import SqlDeadlines
from petersburg.server.persistence.sql.leases import SqlLeases
from petersburg.server.persistence.sql.ratings import SqlRatings
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.runtime import Server, ServerEvents
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import Presenter


class Injected(TypedDict, total=False):
    """Parts a caller (a test, a benchmark) gives instead of the real ones."""

    clock: Clock
    seeds: SeedSource
    """Where new games' seeds come from (default: ``Settings.seed``'s sequence, or unpredictable)."""
    bots: BotRunner
    store_type: type[SqlStore]
    """The store's class (a test's instrumented one); it is built here, with the result's ratings."""
    password_hasher: PasswordHasher
    """argon2's hasher (a test's that counts what it checks); it runs on the password pool."""


def build_server(
    database: str | None = None, settings: Settings | None = None, **injected: Unpack[Injected]
) -> Server:
    """Every part of a server on ``database`` (an SQLite file, created if missing, or a database URL
    such as ``postgresql://…``, brought up to date by its migrations; default: the settings'),
    wired, not started. The modules of custom bots (``settings.bot_modules``) are imported here, so
    their levels are offered; ValueError if one cannot be."""
    settings = settings or Settings()
    import_bot_modules(settings.bot_modules)
    clock = injected.get("clock") or SystemClock()
    seeds = injected.get("seeds") or (
        fixed_seeds(settings.seed) if settings.seed is not None else random_seeds()
    )
    store_type = injected.get("store_type", SqlStore)
    store = store_type(database or settings.database, with_result=[SqlRatings(GameRating(clock))])
    bus: Bus | None = RedisBus(settings.redis_url) if settings.redis_url else None
    events = ServerEvents()
    tables = Tables(store, settings, bus)
    presenter = Presenter(tables)
    play = Play(tables, events, clock)
    hasher = injected.get("password_hasher") or PasswordHasher()
    passwords = Passwords(hasher, settings.hash_workers, settings.hash_queue)
    accounts = Accounts(SqlAccounts(store), clock, passwords, settings, _secret(settings))
    seating = Seating(tables, events, clock, settings, seeds, play, accounts)
    chat = Chat(tables, events, clock, settings, seating)
    runner = injected.get("bots") or BotRunner(settings.bot_workers, modules=settings.bot_modules)
    leases = Leases(SqlLeases(store), clock, settings.lease_seconds) if settings.redis_url else None
    deadline_store = SqlDeadlines(store)
    tokens = Tokens(accounts.signer, clock)
    alert_store = SqlAlerts(store)
    alerts = AlertQueue(
        alert_store, accounts.store, Outbox(settings, tokens), clock, settings, leases, deadline_store
    )
    deadlines = MoveDeadlines(deadline_store, clock, settings, alerts)
    automation = Automation(tables, play, seating, runner, clock, settings, leases, deadlines)
    hints = Hints(tables, events, clock, settings, runner)
    analyses = AnalysisQueue(tables, SqlAnalyses(store), clock, background=settings.analyse_games)
    connections = Connections(tables, presenter, settings, alerts.last_page_closed)
    events.listen(automation.schedule)
    events.listen(connections.table_changed, connections.chat_line)
    events.listen(alerts.table_changed)
    events.listen(analyses.table_changed)
    return Server(
        settings,
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
        hints,
        analyses,
        alerts,
        Recovery(accounts, alert_store, alerts, tokens, settings),
        Preferences(
            alert_store, alerts, tokens, settings, deadline_store, tables, automation.vacation_changed
        ),
    )


def _secret(settings: Settings) -> str | None:
    return settings.secret_key.get_secret_value() if settings.secret_key is not None else None
