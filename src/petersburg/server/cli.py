"""``petersburg serve``: run the web server (lobby and tables) with uvicorn.

Configuration by flags or environment variables: ``PETERSBURG_HOST`` (127.0.0.1),
``PETERSBURG_PORT`` (8000), ``PETERSBURG_DATABASE_URL`` (``sqlite:///data/petersburg.db``) or
``PETERSBURG_DATA_DIR`` (the folder of ``petersburg.db``), ``PETERSBURG_BOT_DELAY`` (seconds).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from petersburg import build_info


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    try:
        return float(value) if value else default
    except ValueError:
        raise SystemExit(f"petersburg: {name} must be a number, not {value!r}.") from None


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
        help="sqlite:///path/to.db (default: petersburg.db in the data folder)",
    )
    p.add_argument(
        "--data-dir",
        default=os.environ.get("PETERSBURG_DATA_DIR", "data"),
        help="data folder (default ./data)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=_env_float("PETERSBURG_BOT_DELAY", 0.6),
        help="seconds a bot waits before acting (default %(default)s)",
    )
    p.add_argument("--log-level", default=os.environ.get("PETERSBURG_LOG_LEVEL", "warning"))
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from petersburg.server.app import create_app
    from petersburg.server.hub import HubConfig
    from petersburg.server.store import database_path

    try:
        path = (
            database_path(args.database_url)
            if args.database_url
            else str(Path(args.data_dir) / "petersburg.db")
        )
    except ValueError as error:
        raise SystemExit(f"petersburg: {error}") from None
    app = create_app(path, HubConfig(bot_delay=max(0.0, args.bot_delay)))
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(
        f"Sankt Petersburg is served at http://{shown}:{args.port}  (database: {path}; engine and bots: "
        f"{build_info()}; Ctrl-C stops)",
        flush=True,
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=65536)
