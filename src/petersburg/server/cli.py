"""``petersburg serve``: run the web server (lobby and tables) with uvicorn.

Configuration by flags or environment variables: ``PETERSBURG_HOST`` (127.0.0.1),
``PETERSBURG_PORT`` (8000), ``PETERSBURG_DATABASE_URL`` (``sqlite:///data/petersburg.db`` or
``postgresql://user:password@host/database``) or
``PETERSBURG_DATA_DIR`` (the folder of ``petersburg.db``), ``PETERSBURG_BOT_DELAY`` (seconds), and
one variable per limit (``PETERSBURG_MAX_LIVE_TABLES`` and the others below).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from petersburg import build_info
from petersburg.server.settings import ServerConfig

DEFAULTS = ServerConfig()


def _env_number(name: str, default: float) -> float:
    value = os.environ.get(name)
    try:
        return float(value) if value else default
    except ValueError:
        raise SystemExit(f"petersburg: {name} must be a number, not {value!r}.") from None


def _env_int(name: str, default: int) -> int:
    number = _env_number(name, default)
    if number != int(number):
        raise SystemExit(f"petersburg: {name} must be a whole number, not {number}.")
    return int(number)


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = subparsers.add_parser("serve", help="run the web server: lobby, tables, bots (http://127.0.0.1:8000)")
    p.add_argument(
        "--host", default=os.environ.get("PETERSBURG_HOST", "127.0.0.1"), help="default %(default)s"
    )
    p.add_argument(
        "--port", type=int, default=int(os.environ.get("PETERSBURG_PORT", "8000")), help="default %(default)s"
    )
    p.add_argument(
        "--database-url",
        default=os.environ.get("PETERSBURG_DATABASE_URL"),
        help="sqlite:///path/to.db or postgresql://user@host/database (default: data folder/petersburg.db)",
    )
    p.add_argument(
        "--data-dir",
        default=os.environ.get("PETERSBURG_DATA_DIR", "data"),
        help="data folder (default ./data)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=_env_number("PETERSBURG_BOT_DELAY", DEFAULTS.bot_delay),
        help="seconds a bot waits before acting (default %(default)s)",
    )
    seconds = (
        (
            "undo-grace",
            "seconds after a person's action during which no bot deals new cards or draws with an "
            "Observatory, so that the action can still be taken back",
        ),
        (
            "idle-realtime",
            "seconds a real-time game may run with no seated person connected before bots finish it",
        ),
        ("idle-turn-based", "the same for turn-based games (604800: 7 days)"),
    )
    for flag, text in seconds:
        attribute = flag.replace("-", "_")
        variable = "PETERSBURG_" + attribute.upper()
        p.add_argument(
            f"--{flag}",
            type=float,
            default=_env_number(variable, getattr(DEFAULTS, attribute)),
            help=f"{text} (default %(default)s; {variable})",
        )
    p.add_argument(
        "--import",
        dest="bot_modules",
        action="append",
        default=_env_list("PETERSBURG_BOT_MODULES"),
        metavar="MODULE",
        help="module or .py file that registers bots with register_bot: people can choose them at "
        "the tables, the bot workers play them (repeatable; PETERSBURG_BOT_MODULES, comma-separated)",
    )
    p.add_argument(
        "--bot-workers",
        type=int,
        default=_env_int("PETERSBURG_BOT_WORKERS", DEFAULTS.bot_workers),
        help="processes computing bot moves (default %(default)s)",
    )
    limits = (
        ("max-live-tables", "open or playing tables in all"),
        ("max-live-tables-per-person", "open or playing tables one person may have created"),
        ("max-bot-tables-per-person", "running games of bots alone per person"),
        ("max-sockets-per-address", "open websockets per client address"),
        ("client-queue-limit", "messages waiting for one socket before it is disconnected"),
    )
    for flag, text in limits:
        attribute = flag.replace("-", "_")
        variable = "PETERSBURG_" + attribute.upper()
        p.add_argument(
            f"--{flag}",
            type=int,
            default=_env_int(variable, getattr(DEFAULTS, attribute)),
            help=f"{text} (default %(default)s; {variable})",
        )
    p.add_argument(
        "--ws-compression",
        choices=("on", "off"),
        default=os.environ.get("PETERSBURG_WS_COMPRESSION", "on" if DEFAULTS.ws_compression else "off"),
        help="per-message deflate on websockets (default %(default)s)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None if not os.environ.get("PETERSBURG_SEED") else _env_int("PETERSBURG_SEED", 0),
        help="deal games from this seed sequence (replayable sessions; default: unpredictable)",
    )
    p.add_argument(
        "--set-aside-bad-logs",
        action="store_true",
        help="serve the other tables when some logs do not replay (they are reported, not served)",
    )
    p.add_argument(
        "--redis-url",
        default=os.environ.get("PETERSBURG_REDIS_URL"),
        help="redis://host:port/0: several server processes on one PostgreSQL database tell each other "
        "of changes through it (PETERSBURG_REDIS_URL)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=_env_int("PETERSBURG_WORKERS", 1),
        help="server processes sharing the port (more than 1 needs PostgreSQL and --redis-url)",
    )
    p.add_argument("--secret-key", default=os.environ.get("PETERSBURG_SECRET_KEY"), help=argparse.SUPPRESS)
    p.add_argument("--log-level", default=os.environ.get("PETERSBURG_LOG_LEVEL", "warning"))
    p.set_defaults(func=cmd_serve)


WORKER_ARGS = "PETERSBURG_SERVE_ARGS"
"""How ``--workers`` hands the parsed flags to each worker process (``worker_app``)."""


def _database(args: argparse.Namespace) -> str:
    from petersburg.server.persistence.sql.database import database_url

    url: str = args.database_url or f"sqlite:///{Path(args.data_dir) / 'petersburg.db'}"
    try:
        database_url(url)
    except ValueError as error:
        raise SystemExit(f"petersburg: {error}") from None
    return url


def _config(args: argparse.Namespace) -> ServerConfig:
    return ServerConfig(
        bot_delay=max(0.0, args.bot_delay),
        undo_grace=max(0.0, args.undo_grace),
        idle_realtime=max(0.0, args.idle_realtime),
        idle_turn_based=max(0.0, args.idle_turn_based),
        bot_workers=max(1, args.bot_workers),
        bot_modules=tuple(_module_path(name) for name in args.bot_modules),
        max_live_tables=args.max_live_tables,
        max_live_tables_per_person=args.max_live_tables_per_person,
        max_bot_tables_per_person=args.max_bot_tables_per_person,
        max_sockets_per_address=args.max_sockets_per_address,
        client_queue_limit=args.client_queue_limit,
        ws_compression=args.ws_compression == "on",
        tune_gc=True,
        redis_url=args.redis_url,
        lease_seconds=_env_number("PETERSBURG_LEASE_SECONDS", DEFAULTS.lease_seconds),
        secret_key=args.secret_key,
    )


def _module_path(name: str) -> str:
    """A bot module as every process finds it: a ``.py`` file by its absolute path."""
    return str(Path(name).resolve()) if name.endswith(".py") else name


def _app(args: argparse.Namespace) -> Any:
    from petersburg.bots import import_bot_modules
    from petersburg.server.app import create_app
    from petersburg.server.clock import fixed_seeds

    seeds = fixed_seeds(args.seed) if args.seed is not None else None
    config = _config(args)
    try:
        import_bot_modules(config.bot_modules)  # here, to say what is wrong; the app's import is then a no-op
    except ValueError as error:
        raise SystemExit(f"petersburg: {error}") from None
    return create_app(_database(args), config, seeds=seeds, set_aside_bad_logs=args.set_aside_bad_logs)


def worker_app() -> Any:
    """The app of one ``--workers`` process, from the flags its parent parsed."""
    return _app(argparse.Namespace(**json.loads(os.environ[WORKER_ARGS])))


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from petersburg.server.protocol.fields import MAX_MESSAGE

    url = _database(args)
    config = _config(args)
    workers = max(1, args.workers)
    if workers > 1 and (not url.startswith("postgres") or not args.redis_url):
        raise SystemExit(
            "petersburg: several server processes (--workers) need one PostgreSQL database "
            "(--database-url postgresql://...) and Redis (--redis-url redis://...)."
        )
    if workers > 1:
        os.environ[WORKER_ARGS] = json.dumps({k: v for k, v in vars(args).items() if k != "func"})
        app: Any = "petersburg.server.cli:worker_app"
    else:
        app = _app(args)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(
        f"Sankt Petersburg is served at http://{shown}:{args.port}  (database: {shown_url(url)}; "
        f"engine and bots: {build_info()}; Ctrl-C stops)",
        flush=True,
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=8 * MAX_MESSAGE,
        ws_per_message_deflate=config.ws_compression,
        timeout_graceful_shutdown=5,
        workers=workers if workers > 1 else None,
        factory=workers > 1,
    )


def shown_url(url: str) -> str:
    """A database URL as it may be printed: without its password."""
    from sqlalchemy import make_url

    from petersburg.server.persistence.sql.database import database_url

    return make_url(database_url(url)).render_as_string(hide_password=True)
