"""Server-wide settings: where to listen and store, delays, limits that protect everyone, the wire's tuning.

Each setting is declared once, here, as a field of ``Settings``: its type, its default and its
description. ``petersburg serve`` derives one flag from each field (``--bot-delay`` from
``bot_delay``, its help from the description; see ``cli.py``), and every field is read from an
environment variable too (``PETERSBURG_BOT_DELAY``). A flag wins over the variable, the variable
over the default. The defaults fit one small server; the load benchmark raises the limits a single
test machine would hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import AfterValidator, BeforeValidator, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ENV_PREFIX = "PETERSBURG_"


@dataclass(frozen=True)
class Flag:
    """How a setting's flag differs from the one derived from its name (``Annotated`` metadata)."""

    name: str | None = None
    """The flag's own name (without ``--``) where the field's reads badly on a command line."""
    metavar: str | None = None
    hidden: bool = False
    """Left out of ``--help`` (a secret that belongs in the environment, not in a shell history)."""


def _at_least(floor: float) -> AfterValidator:
    """Raise a number below ``floor`` to it: a negative delay means none, as before."""
    return AfterValidator(lambda value: max(floor, value))


def _listed(value: object) -> list[str] | None:
    """The items of a list setting, from a variable (comma-separated) or from flags (a list);
    None for anything else (left to pydantic to refuse)."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple):
        return None
    return [item.strip() for item in map(str, value) if item.strip()]


def _module_list(value: object) -> object:
    """Bot modules; a ``.py`` file by its absolute path, so that every process (the server's
    workers, the bot workers) finds it."""
    names = _listed(value)
    if names is None:
        return value
    return tuple(str(Path(name).resolve()) if name.endswith(".py") else name for name in names)


def _public_url(value: str | None) -> str | None:
    """An http or https URL with a host (``api/security.py`` compares its origin), else refused."""
    if value is None:
        return None
    parts = urlsplit(value.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError("the public URL is an http:// or https:// address with a host")
    return value.strip()


def _network_list(value: object) -> object:
    """Trusted proxies: each an address or a network (``10.0.0.0/8``, ``::1``), refused at start-up
    if it is neither."""
    items = _listed(value)
    if items is None:
        return value
    return tuple(ip_network(item, strict=False) for item in items)


Seconds = Annotated[float, _at_least(0.0)]
"""A duration in seconds; a negative one is none."""


class Settings(BaseSettings):
    """What one server process allows and how it behaves (see ``petersburg serve --help``)."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX, env_ignore_empty=True, frozen=True, extra="forbid"
    )

    # The process: where it listens, where it stores, how many of it --------------------------
    host: str = Field(default="127.0.0.1", description="address to listen on")
    port: int = Field(default=8000, description="port to listen on")
    database_url: str | None = Field(
        default=None,
        description="sqlite:///path/to.db or postgresql://user@host/database; none: petersburg.db in "
        "the data folder",
    )
    data_dir: Path = Field(default=Path("data"), description="data folder, when no database URL is given")
    workers: Annotated[int, _at_least(1)] = Field(
        default=1,
        description="server processes sharing the port (more than 1 needs PostgreSQL and a Redis URL)",
    )
    redis_url: str | None = Field(
        default=None,
        description="redis://host:port/0: several server processes on one PostgreSQL database tell "
        "each other of changes through it (cluster/bus.py); none for a server alone",
    )
    lease_seconds: float = Field(
        default=10.0,
        description="with several processes: how long a process's lease on a table's bots, "
        "auto-pass and timer lasts without renewal (the longest pause of a table whose holder died)",
    )
    head_check_interval: Seconds = Field(
        default=2.0,
        description="with several processes: seconds between two checks against the database of "
        "the tables someone on this process watches and nothing was heard of meanwhile, so a "
        "change notice lost (Redis away) holds a table back about twice this at most; 0: no check",
    )
    log_level: str = Field(default="warning", description="uvicorn's log level")
    seed: int | None = Field(
        default=None,
        description="deal games from this seed sequence (replayable sessions); none: unpredictable",
    )
    set_aside_bad_logs: bool = Field(
        default=False,
        description="serve the other tables when some logs do not replay (they are reported, not served)",
    )
    tune_gc: bool = Field(
        default=False,
        description="freeze what start-up loaded and collect garbage less often (petersburg serve "
        "does; a test process that starts many servers does not)",
    )

    # Bots --------------------------------------------------------------------------------------
    bot_delay: Seconds = Field(
        default=0.6, description="seconds a bot waits before acting, so that people can follow the game"
    )
    bot_workers: Annotated[int, _at_least(1)] = Field(
        default=1,
        description="processes computing bot moves, outside the event loop's process (at most this "
        "many bot moves are computed at once)",
    )
    bot_modules: Annotated[
        tuple[str, ...], NoDecode, BeforeValidator(_module_list), Flag(name="import", metavar="MODULE")
    ] = Field(
        default=(),
        description="module or .py file that registers bots with register_bot: people can choose "
        "them at the tables, the bot workers play them (repeatable; comma-separated in the variable)",
    )
    undo_grace: Seconds = Field(
        default=5.0,
        description="seconds after a person's action during which no bot deals new cards or draws "
        "with an Observatory, so that the action can still be taken back",
    )

    # Limits that protect everyone --------------------------------------------------------------
    max_live_tables: int = Field(
        default=2000, description="open or playing tables in all (finished tables do not count)"
    )
    max_live_tables_per_person: int = Field(
        default=8, description="open or playing tables one person may have created"
    )
    max_bot_tables_per_person: int = Field(default=2, description="running games of bots alone per person")
    max_sockets_per_address: int = Field(
        default=64, description="open websockets per client address (IPv6: per /64 network)"
    )
    # Limits per client address (identity.py): an identity costs nothing to make, an address does.
    max_live_tables_per_address: int | None = Field(
        default=None,
        description="open or playing tables created from one client address (IPv6: per /64 network), "
        "however many identities it uses; none: a twentieth of max_live_tables, so that one address "
        "cannot fill the server",
    )
    max_bot_tables_per_address: int = Field(
        default=4, description="running games of bots alone created from one client address"
    )
    chat_lines_per_address: int = Field(
        default=20, description="chat lines or commands from one client address per chat window"
    )
    trusted_proxies: Annotated[
        tuple[IPv4Network | IPv6Network, ...],
        NoDecode,
        BeforeValidator(_network_list),
        Flag(name="trusted-proxy", metavar="ADDRESS"),
    ] = Field(
        default=(),
        description="address or network (CIDR) of a reverse proxy whose X-Forwarded-For header is "
        "believed: the client is the right-most address of it that is not a trusted proxy "
        "(repeatable; comma-separated in the variable); none: every client is its peer's address",
    )
    client_queue_limit: int = Field(
        default=256,
        description="messages waiting for one socket before it is disconnected (it reconnects and "
        "gets the whole state again) instead of holding memory",
    )
    max_body_bytes: int = Field(default=16_384, description="longest HTTP request body accepted, in bytes")
    chat_lines: int = Field(
        default=8, description="chat lines or commands one person may send per chat window"
    )
    chat_window: float = Field(default=10.0, description="seconds of the chat window")
    hint_limit: int = Field(default=6, description="hints one person may ask for per hint window")
    hint_window: float = Field(default=60.0, description="seconds of the hint window")
    hint_seconds: float = Field(
        default=2.5, description="longest time a hint's search may take (it runs in a bot worker)"
    )
    analyse_games: bool = Field(
        default=True,
        description="analyse each finished game with a person at once (replays ask on demand anyway)",
    )
    analysis_profile_games: int = Field(
        default=20,
        description="a profile's average loss per move is taken over this many last analysed games",
    )
    finished_cache: int = Field(
        default=64, description="finished tables kept in memory after their last watcher left"
    )

    # Accounts: sessions, sign-ins, sign-ups, password hashing ----------------------------------
    session_lifetime: Seconds = Field(
        default=30 * 86400.0,
        description="seconds a signed-in session lasts after it was last used (2592000: 30 days)",
    )
    sign_ins_per_name: Annotated[int, _at_least(1)] = Field(
        default=5,
        description="sign-in attempts for one account name per sign-in window, counted before the "
        "password is checked (a right password forgets them)",
    )
    sign_ins_per_address: Annotated[int, _at_least(1)] = Field(
        default=20, description="sign-in attempts from one client address per sign-in window"
    )
    sign_in_window: Seconds = Field(default=900.0, description="seconds of the sign-in window")
    sign_ups_per_address: Annotated[int, _at_least(1)] = Field(
        default=10, description="new accounts from one client address per sign-up window"
    )
    sign_up_window: Seconds = Field(default=3600.0, description="seconds of the sign-up window")
    hash_workers: Annotated[int, _at_least(1)] = Field(
        default=1,
        description="threads hashing and checking passwords (argon2: 64 MiB and tens of milliseconds "
        "of a core each), apart from everything else the server does",
    )
    hash_queue: Annotated[int, _at_least(0)] = Field(
        default=8,
        description="sign-ins and sign-ups waiting for a hashing thread; beyond them the server "
        "answers that it is busy",
    )

    # Idle tables -------------------------------------------------------------------------------
    open_table_ttl: float = Field(
        default=300.0,
        description="seconds an open table with nobody connected stays before it is closed (a page "
        "reload or a short network loss is seconds; an abandoned table holds its creator's share)",
    )
    idle_realtime: Seconds = Field(
        default=3600.0,
        description="seconds a real-time game may run with no seated person connected before bots "
        "finish it (its log is kept, and its replay)",
    )
    idle_turn_based: Seconds = Field(
        default=7 * 86400.0, description="the same for turn-based games (604800: 7 days)"
    )
    missed_turns_to_bot: int = Field(
        default=3,
        ge=1,
        le=100,
        description="turns in a row a player of a turn-based table with a move deadline may let run "
        "out (a bot plays each) before the bot takes the seat for good",
    )
    vacation_days_per_year: int = Field(
        default=14,
        ge=0,
        le=366,
        description="days a year an account may pause the move deadlines of its turn-based games",
    )

    # The wire ----------------------------------------------------------------------------------
    pseudo_language: bool = Field(
        default=False,
        description="offer the tests' pseudo-language qps (every word wrapped and accented) to ?lang=qps",
    )
    lobby_interval: float = Field(
        default=0.5,
        description="seconds between two lobby lists sent after changes (changes in between are coalesced)",
    )
    ws_compression: bool = Field(
        default=False,
        description="per-message deflate on websockets (measured: it costs more CPU than it saves)",
    )
    secret_key: Annotated[SecretStr | None, Flag(hidden=True)] = Field(
        default=None,
        description="the key that signs session cookies (default: one made once and kept in the "
        "database, so every server process on that database shares it)",
    )

    # The edge: its own origin, its cookies (api/security.py) ------------------------------------
    public_url: Annotated[str | None, AfterValidator(_public_url)] = Field(
        default=None,
        description="the address people reach the server at, https://play.example.org: state-changing "
        "requests from another origin are refused, and cookies are Secure when it is https; none: "
        "the Host header of each request is the server's own",
    )
    secure_cookies: bool | None = Field(
        default=None,
        description="mark every cookie Secure (sent over HTTPS only); none: on when the public URL is https",
    )
    cookie_same_site: Literal["lax", "strict", "none"] = Field(
        default="lax",
        description="the SameSite of every cookie: lax (another site's links carry it, its forms and "
        "scripts do not), strict (nothing from another site carries it) or none (needs Secure)",
    )

    # Turn alerts away from the page (alerts/): e-mail, Web Push, webhooks -----------------------
    smtp_host: str | None = Field(
        default=None,
        description="the SMTP server that sends e-mail (confirmations, password resets, turn "
        "alerts); none: e-mail is off, and the settings page says so",
    )
    smtp_port: int = Field(default=587, description="the SMTP server's port")
    smtp_tls: Literal["starttls", "tls", "none"] = Field(
        default="starttls",
        description="starttls (upgrade the connection, port 587), tls (TLS from the start, port 465) "
        "or none (plain, for a relay on the same machine)",
    )
    smtp_user: str | None = Field(default=None, description="the SMTP user name; none: no login")
    smtp_password: Annotated[SecretStr | None, Flag(hidden=True)] = Field(
        default=None, description="the SMTP password (set it in the environment)"
    )
    smtp_sender: str = Field(
        default="Sankt Petersburg <petersburg@localhost>",
        description="the From of every e-mail the server sends",
    )
    vapid_private_key: Annotated[SecretStr | None, Flag(hidden=True)] = Field(
        default=None,
        description="the private VAPID key that signs Web Push messages (petersburg vapid-keys "
        "makes a pair; set it in the environment); none: push is off",
    )
    vapid_subject: str | None = Field(
        default=None,
        description="who push services may contact about this server (mailto:you@example.org or "
        "an https URL); none: the public URL",
    )
    alerts_allow_loopback: bool = Field(
        default=False,
        description="let webhooks and push endpoints be loopback addresses over http (for tests and "
        "development only: refused unless the public URL is a loopback address)",
    )
    alerts_paused: bool = Field(
        default=False,
        description="queue alerts but send none (they go out once a server without it runs)",
    )
    alert_retries: Annotated[int, _at_least(1)] = Field(
        default=4, description="attempts to deliver one alert before it is reported as failed"
    )
    alert_retry_seconds: Seconds = Field(
        default=30.0, description="wait before the second attempt of an alert; it doubles after each"
    )
    alert_timeout: Seconds = Field(
        default=5.0, description="seconds one delivery (SMTP, push, webhook) may take before it fails"
    )
    alert_poll: Seconds = Field(
        default=2.0,
        description="seconds between two looks at the alert queue (a new alert of this process is "
        "sent at once; this bounds the wait for retries and other processes' alerts)",
    )

    @model_validator(mode="after")
    def _same_site_none_is_secure(self) -> Settings:
        """Browsers drop a ``SameSite=None`` cookie that is not ``Secure``: refused at start-up,
        not discovered as sessions that never stick."""
        if self.cookie_same_site == "none" and not self.cookies_secure:
            raise ValueError("cookie_same_site none needs secure cookies (an https public URL)")
        return self

    @model_validator(mode="after")
    def _loopback_alerts_only_on_loopback(self) -> Settings:
        """Alerts to loopback addresses exist for tests: a server people reach (its public URL
        is not a loopback address) refuses to start with them, so no webhook can reach what
        listens on the server's own machine."""
        if self.alerts_allow_loopback:
            host = urlsplit(self.public_url).hostname if self.public_url else None
            if host not in ("127.0.0.1", "localhost", "::1"):
                raise ValueError(
                    "alerts_allow_loopback is for tests: it needs a public URL on a loopback address "
                    "(http://127.0.0.1:PORT)"
                )
        return self

    @property
    def base_url(self) -> str:
        """Where links in alerts point: the public URL, else this process's own address."""
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")

    @property
    def cookies_secure(self) -> bool:
        """Whether cookies are marked ``Secure``: as set, else whether the public URL is https."""
        if self.secure_cookies is not None:
            return self.secure_cookies
        return self.public_url is not None and self.public_url.lower().startswith("https://")

    @property
    def live_tables_per_address(self) -> int:
        """Open or playing tables one client address may have created (``max_live_tables_per_address``,
        by default a twentieth of ``max_live_tables``, at least 1)."""
        if self.max_live_tables_per_address is not None:
            return self.max_live_tables_per_address
        return max(1, self.max_live_tables // 20)

    @property
    def database(self) -> str:
        """The database to serve: the URL given, or ``petersburg.db`` in the data folder."""
        return self.database_url or f"sqlite:///{self.data_dir / 'petersburg.db'}"

    def environment(self) -> dict[str, str | None]:
        """These settings as the environment variables that give them back (``None``: leave the
        variable unset): how ``petersburg serve`` hands what it resolved to each server process."""
        variables: dict[str, str | None] = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, SecretStr):
                value = value.get_secret_value()
            if isinstance(value, bool):
                value = "true" if value else "false"
            elif isinstance(value, tuple):
                value = ",".join(map(str, value))
            variables[ENV_PREFIX + name.upper()] = None if value is None else str(value)
        return variables
