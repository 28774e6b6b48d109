"""The database: one schema (SQLAlchemy Core) for SQLite and PostgreSQL, its URL, its engine, and
the Alembic migrations that bring any database to this schema at start-up.

The tables here are what the code reads and writes; the migrations in ``migrations/versions``
create and change them step by step, so a database written by any earlier version (an SQLite file
of the server before SQLAlchemy included) is upgraded in place when the server starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.util.exc import CommandError
from sqlalchemy.engine import Connection, Engine

from petersburg.server.persistence.store import StorageError

metadata = sa.MetaData()

Json = sa.JSON(none_as_null=True)
"""JSON kept as text in SQLite and as ``json`` in PostgreSQL; ``None`` is SQL NULL."""

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("options", Json, nullable=False),
    sa.Column("realtime", sa.Boolean, nullable=False),
    sa.Column("timer", sa.Integer, nullable=False),
    sa.Column("allow_undo", sa.Boolean, nullable=False),
    sa.Column("creator", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger),
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("result", Json),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("move_deadline", sa.Integer, nullable=False, server_default="0"),
    sa.Column("deadline_bot", sa.Text),
    sa.Index("tables_by_status", "status", "id"),
    sqlite_autoincrement=True,
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("user_id", sa.Text),
    sa.Column("token", sa.Text),
    sa.Column("bot", sa.Text),
    sa.Column("autopass", Json),
    sa.Index("seats_by_user", "user_id"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
"""The log: its primary key (table, seq) lets exactly one writer append each row."""

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Index("chat_by_table", "table_id", "id"),
    sqlite_autoincrement=True,
)

analyses = sa.Table(
    "analyses",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("data", Json, nullable=False),
)
"""The analysis of a finished game (``petersburg.analysis``'s JSON), one per table."""

analysis_losses = sa.Table(
    "analysis_losses",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("average_loss", sa.Float, nullable=False),
    sa.Index("analysis_losses_by_user", "user_id", "created"),
)
"""Per person's seat of an analysed game, its average loss per move (the profile's figure)."""

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("name_key", sa.Text, nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("uid", sa.Text, nullable=False, unique=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("rated_games", sa.Integer, nullable=False, server_default="0"),
    sa.Column("language", sa.Text, nullable=True),
    sqlite_autoincrement=True,
)
"""A person with a name and a password. ``uid`` is the identity the account plays as (the guest
identity of the browser it was created in, so that guest's seats become the account's).
``language`` is the language its owner last chose (None until then; a code no longer known reads in
English)."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("account_id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
)
"""The rating history: one row per account and rated game (the key makes a game count once)."""

login_attempts = sa.Table(
    "login_attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name_key", sa.Text, nullable=False),
    sa.Column("address", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("login_attempts_by_name", "name_key", "created"),
    sa.Index("login_attempts_by_address", "address", "created"),
    sqlite_autoincrement=True,
)
"""Sign-in attempts, counted per name and per address (shared by every server process): each is
stored before its password is checked, and those for a name are forgotten once its password is
given right, so what is counted is the failed attempts and those being checked."""

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id_hash", sa.Text, primary_key=True),
    sa.Column("account_id", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("user_agent", sa.Text, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Index("sessions_by_account", "account_id"),
    sa.Index("sessions_by_expiry", "expires"),
)
"""Signed-in sessions. The browser's cookie holds the session's random id; the table holds its
SHA-256 (``id_hash``), so whoever reads the database (a backup, a dump) cannot sign in with what
is written here. A session ends when it is deleted (sign-out) or at ``expires``, which moves on
each time it is used."""

sign_ups = sa.Table(
    "sign_ups",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("address", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("sign_ups_by_address", "address", "created"),
    sqlite_autoincrement=True,
)
"""Sign-ups, counted per address (each is stored before its password is hashed)."""

settings = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
"""Server-wide values every process shares, such as the key that signs session cookies."""

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("holder", sa.Text, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("seq", sa.Integer),
    sa.Column("deadline", sa.Float),
)
"""Which server process runs a table's bots, auto-pass and timer, until when (see ``automation``);
and the turn timer's deadline for the game at log row ``seq``, so a process taking the lease over
lets the timer run on instead of starting it again."""


account_alerts = sa.Table(
    "account_alerts",
    metadata,
    sa.Column("account_id", sa.Integer, primary_key=True),
    sa.Column("email", sa.Text),
    sa.Column("email_key", sa.Text),
    sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("email_alerts", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("push_subscription", Json),
    sa.Column("webhook_url", sa.Text),
    sa.Column("webhook_format", sa.Text, nullable=False, server_default="json"),
    sa.Column("webhook_failure", sa.Text),
    sa.Column("interval", sa.Float, nullable=False, server_default="3600"),
    sa.Column("muted", Json, nullable=False, server_default="[]"),
    sa.Column("vacation_start", sa.Float),
    sa.Column("vacation_until", sa.Float),
    sa.Column("vacation_year", sa.Integer),
    sa.Column("vacation_days", sa.Integer, nullable=False, server_default="0"),
    sa.Index("account_alerts_by_email", "email_key"),
)
"""What an account wants to hear of its turns away from the page: its e-mail address (and whether
the account proved it owns it), the push subscription of its browser, its webhook, the interval
within which one game alerts it at most once per channel, and the tables it muted."""

alert_queue = sa.Table(
    "alert_queue",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.Text, nullable=False, unique=True),
    sa.Column("account_id", sa.Integer, nullable=False),
    sa.Column("table_id", sa.Integer),
    sa.Column("channel", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("payload", Json, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("due", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("error", sa.Text),
    sa.Index("alert_queue_due", "status", "due"),
    sa.Index("alert_queue_by_game", "account_id", "table_id", "channel", "created"),
    sqlite_autoincrement=True,
)
"""Alerts to deliver, durable: one row per message and channel. ``key`` (for a turn: table, seat,
log row and channel) is unique, so however many processes notice a turn, it is alerted once; a
row is ``pending`` until it is ``sent``, or ``failed`` after its last retry."""


def database_url(url: str) -> str:
    """The SQLAlchemy URL of a database URL or an SQLite file path.

    ``sqlite:///data/x.db`` (relative) and ``sqlite:////abs.db`` are SQLite files; a bare path is an
    SQLite file too; ``postgresql://…`` is PostgreSQL through psycopg 3. Anything else is refused
    with a sentence."""
    if url == ":memory:":
        return "sqlite://"
    if "://" not in url:
        return f"sqlite:///{url}"
    scheme = url.split("://", 1)[0]
    if scheme == "sqlite":
        if not url.startswith("sqlite:///"):
            raise ValueError(
                f"Unsupported database URL {url!r}: use sqlite:///relative.db or sqlite:////abs.db."
            )
        return url
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    raise ValueError(
        f"Unsupported database URL {url!r}: use sqlite:///path/to.db or postgresql://user@host/database."
    )


def printable_url(url: str) -> str:
    """A database URL (or SQLite path) as it may be printed or logged: without its password."""
    return sa.make_url(database_url(url)).render_as_string(hide_password=True)


def sqlite_file(url: str) -> str | None:
    """The file of an SQLite URL (``None`` for PostgreSQL or an in-memory database)."""
    parsed = sa.make_url(database_url(url))
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return parsed.database


def create_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite: WAL, ``synchronous=FULL`` (a committed write survives a
    kill -9 or a power cut), and ``BEGIN IMMEDIATE`` so a write transaction holds the lock from
    its start. PostgreSQL: psycopg 3 with a small pool."""
    full = database_url(url)
    if sa.make_url(full).get_backend_name() == "sqlite":
        path = sqlite_file(url)
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(full, poolclass=sa.pool.StaticPool if path is None else None)

        @sa.event.listens_for(engine, "connect")
        def configure(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event below starts them
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return sa.create_engine(full, pool_size=8, max_overflow=4)


def alembic_config() -> Config:
    """Alembic's settings for the server's migrations (there is no ``alembic.ini``)."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return config


MIGRATION_LOCK = 0x5045_5442
"""The PostgreSQL advisory lock held while a process brings the schema up to date."""

ATTEMPTS_LOCK = 0x5045_5443
"""The PostgreSQL advisory lock held while an attempt to sign in or up is counted and stored, so
that the attempts of every server process are counted one after the other."""


def migrate(connection: Connection) -> None:
    """Bring the database on ``connection`` to the newest schema (Alembic ``upgrade head``);
    ``StorageError`` with a sentence if the database has a version this code does not know."""
    if connection.dialect.name == "postgresql":
        # Several processes starting at once (``serve --workers N``) migrate one after the other:
        # the lock lasts until the caller commits the migration's transaction.
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    config = alembic_config()
    config.attributes["connection"] = connection
    try:
        command.upgrade(config, "head")
    except CommandError as error:
        version = MigrationContext.configure(connection).get_current_revision()
        raise StorageError(
            f"The database is at schema version {version}, which this server does not know (was it "
            f"written by a newer version?); nothing was changed. ({error})"
        ) from None


turn_clocks = sa.Table(
    "turn_clocks",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("due", sa.Float, nullable=False),
    sa.Column("reminded", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("missed", Json, nullable=False, server_default="[]"),
)
"""The move deadline of a turn-based table's current turn (the seat to act at log row ``seq``, when
its turn began and runs out, whether its half-time reminder and its expiry were done) and each
seat's turns missed in a row, so a deadline survives a restart and any process can enforce it."""

table_webhooks = sa.Table(
    "table_webhooks",
    metadata,
    sa.Column("table_id", sa.Integer, primary_key=True),
    sa.Column("url", sa.Text, nullable=False),
    sa.Column("format", sa.Text, nullable=False, server_default="json"),
    sa.Column("failure", sa.Text),
)
"""The webhook a table's creator set for its turns (a group's Discord or Slack channel), and why
it last failed for good, if it did."""
