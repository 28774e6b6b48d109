"""Server-wide settings: delays, limits that protect everyone, and the wire's tuning.

Every limit has a default fit for one small server and a flag of ``petersburg serve`` (see
``cli.py``); the load benchmark raises the ones a single test machine would hit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerConfig:
    """What one server process allows and how it behaves (see ``petersburg serve --help``)."""

    bot_delay: float = 0.6
    """Seconds a bot waits before acting, so that people can follow the game (0 in tests)."""
    bot_workers: int = 1
    """Processes that compute bot moves (outside the event loop's process, so bots never slow
    the loop); at most this many bot moves are computed at once."""
    bot_modules: tuple[str, ...] = ()
    """Modules (dotted names or ``.py`` paths) that register bots with ``register_bot``: imported
    by the server at its start (their bots become levels people choose) and by every bot worker
    process (which plays them)."""
    undo_grace: float = 5.0
    """Seconds after a person's action during which a bot does not make a move that would end
    the chance to take it back (one that deals new cards or draws with an Observatory)."""
    max_live_tables: int = 2000
    """Open or playing tables on the server; finished tables do not count."""
    max_live_tables_per_person: int = 8
    """Open or playing tables one browser identity may have created."""
    max_bot_tables_per_person: int = 2
    """Games of bots alone (no human seat) one identity may have running."""
    max_sockets_per_address: int = 64
    """Open websockets from one client address."""
    client_queue_limit: int = 256
    """Messages waiting for one socket; a client further behind is disconnected (it reconnects
    and gets the whole state again) instead of holding memory."""
    lobby_interval: float = 0.5
    """Seconds between two lobby lists sent after changes (changes in between are coalesced)."""
    max_body_bytes: int = 16_384
    """Longest HTTP request body accepted."""
    chat_lines: int = 8
    chat_window: float = 10.0
    """At most ``chat_lines`` chat lines or commands per person in ``chat_window`` seconds."""
    finished_cache: int = 64
    """Finished tables kept in memory after their last watcher left (others load on demand)."""
    open_table_ttl: float = 3600.0
    """An open table with nobody connected for this many seconds is closed (its game never started)."""
    idle_realtime: float = 3600.0
    """A running real-time game where no seated person has been connected for this many seconds
    is handed to bots, which finish it (the game and its log are kept: it ends in the finished list
    with its replay)."""
    idle_turn_based: float = 7 * 86400.0
    """The same for turn-based games (people come back days later): 7 days by default."""
    tune_gc: bool = False
    """Freeze what start-up loaded and collect garbage less often (``petersburg serve`` does; tests
    that start many servers in one process do not)."""
    redis_url: str | None = None
    """Redis for change notices between several server processes on one PostgreSQL database
    (``bus.py``); none for a server alone."""
    lease_seconds: float = 10.0
    """With several processes: how long a process's lease on a table's bots, auto-pass and timer
    lasts without renewal (``leases.py``): the longest pause of a table whose holder died."""
    secret_key: str | None = None
    """The key that signs session cookies (default: one made once and kept in the database, so
    every server process on that database shares it)."""
    secure_cookies: bool = False
    """Mark the session cookie ``Secure`` (when the server is reached over HTTPS)."""
    ws_compression: bool = False
    """Per-message deflate on websockets (measured: it costs more CPU than it saves; see docs)."""
