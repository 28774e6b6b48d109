"""``petersburg serve``: run the web server (lobby and tables) with uvicorn.

Every flag is derived from a field of ``Settings`` (``--bot-delay`` from ``bot_delay``; its type, its
default and its help from the field), and every field is read from its environment variable too
(``PETERSBURG_BOT_DELAY``): a flag wins over the variable, the variable over the default. A value
that does not fit its setting stops the command with a sentence naming the flag or the variable.

The settings it resolved are handed to the server processes through their environment: uvicorn
calls ``petersburg.server.app:create_app`` in each (one, or ``--workers`` of them), which reads the
same settings back (``Settings()``).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Collection
from typing import Any, get_origin

from pydantic import ValidationError
from pydantic.fields import FieldInfo

from petersburg import build_info
from petersburg.server.settings import ENV_PREFIX, Flag, Settings

APP_FACTORY = "petersburg.server.app:create_app"
"""What uvicorn calls in each server process for the app (with the settings in the environment)."""

SERVE_DEFAULTS: dict[str, object] = {"tune_gc": True}
"""Where ``petersburg serve`` departs from the defaults of a server built in a test process: a
long-running server tunes its garbage collector (unless a flag or a variable says otherwise)."""

NEEDS = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "bool_parsing": "on or off",
}
"""What a value must be, by the kind of pydantic error it failed with."""


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand, one flag per setting."""
    parser = subparsers.add_parser(
        "serve", help="run the web server: lobby, tables, bots (http://127.0.0.1:8000)"
    )
    for name, field in Settings.model_fields.items():
        _add_flag(parser, name, field)
    parser.set_defaults(func=cmd_serve)
    keys = subparsers.add_parser(
        "vapid-keys", help="make a VAPID key pair for Web Push (turn alerts on phones and desktops)"
    )
    keys.set_defaults(func=cmd_vapid_keys)


def cmd_vapid_keys(_args: Any) -> int:
    """Print a new VAPID key pair: the private key as the server's setting takes it, and the public
    key (the server hands it to browsers itself; printed for reference)."""
    from petersburg.server.alerts.vapid import new_keys

    private, public = new_keys()
    print(f"PETERSBURG_VAPID_PRIVATE_KEY={private}")
    print(f"# public key (browsers get it from the server): {public}")
    return 0


def _flag_of(field: FieldInfo) -> Flag:
    return next((marker for marker in field.metadata if isinstance(marker, Flag)), Flag())


def flag_name(name: str) -> str:
    """The flag of the setting ``name``: ``--bot-delay`` for ``bot_delay`` unless it names its own."""
    field = Settings.model_fields[name]
    return "--" + (_flag_of(field).name or name.replace("_", "-"))


def _shown(value: object) -> str:
    """A default as ``--help`` shows it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == ():
        return "none"
    return str(value)


def _add_flag(parser: argparse.ArgumentParser, name: str, field: FieldInfo) -> None:
    """The flag of one setting. Its value is kept as typed, and only if given (``SUPPRESS``), so
    that ``Settings`` converts it exactly as it converts the variable, and falls back to the
    variable when the flag is absent."""
    flag = _flag_of(field)
    variable = ENV_PREFIX + name.upper()
    options: dict[str, Any] = {"dest": name, "default": argparse.SUPPRESS, "metavar": flag.metavar}
    if field.annotation is bool:
        options.update(nargs="?", const="on", metavar="on|off")
    elif get_origin(field.annotation) is tuple:
        options.update(action="append")
    shown = _shown(SERVE_DEFAULTS.get(name, field.default))
    text = f"{field.description} (default {shown}; {variable})".replace("%", "%%")
    parser.add_argument(flag_name(name), help=argparse.SUPPRESS if flag.hidden else text, **options)


def served_settings(args: argparse.Namespace) -> Settings:
    """The settings ``petersburg serve`` runs with: its flags, else the environment, else
    ``SERVE_DEFAULTS``, else the fields' defaults. SystemExit with a sentence if a value does not fit."""
    given = {name: value for name, value in vars(args).items() if name in Settings.model_fields}
    try:
        settings = Settings(**given)
    except ValidationError as error:
        raise SystemExit(_invalid(error, given)) from None
    unset = {name: value for name, value in SERVE_DEFAULTS.items() if name not in settings.model_fields_set}
    return settings.model_copy(update=unset)


def _invalid(error: ValidationError, flags: Collection[str]) -> str:
    """One sentence per value that does not fit, naming the flag or the variable it came from."""
    sentences = []
    for problem in error.errors():
        name = str(problem["loc"][0]) if problem["loc"] else ""
        where = flag_name(name) if name in flags else ENV_PREFIX + name.upper()
        need = NEEDS.get(problem["type"])
        if need is not None:
            sentences.append(f"petersburg: {where} must be {need}, not {problem['input']!r}.")
        else:
            sentences.append(f"petersburg: {where} is not valid ({problem['msg']}): {problem['input']!r}.")
    return "\n".join(sentences)


def _database(settings: Settings) -> str:
    """The database URL to serve; SystemExit with a sentence if it is not one."""
    from petersburg.server.persistence.sql.database import database_url

    url = settings.database
    try:
        database_url(url)
    except ValueError as error:
        raise SystemExit(f"petersburg: {error}") from None
    return url


def hand_over(settings: Settings) -> None:
    """Put ``settings`` in this process's environment, where every server process started from it
    (uvicorn's workers, and the one process when there is one) reads them back."""
    for variable, value in settings.environment().items():
        if value is None:
            os.environ.pop(variable, None)
        else:
            os.environ[variable] = value


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from petersburg.bots import import_bot_modules
    from petersburg.server.protocol.fields import MAX_MESSAGE

    settings = served_settings(args)
    url = _database(settings)
    workers = settings.workers
    if workers > 1 and (not url.startswith("postgres") or not settings.redis_url):
        raise SystemExit(
            "petersburg: several server processes (--workers) need one PostgreSQL database "
            "(--database-url postgresql://...) and Redis (--redis-url redis://...)."
        )
    try:
        import_bot_modules(settings.bot_modules)  # here, to say what is wrong before serving
    except ValueError as error:
        raise SystemExit(f"petersburg: {error}") from None
    hand_over(settings)
    shown = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    print(
        f"Sankt Petersburg is served at http://{shown}:{settings.port}  (database: {shown_url(url)}; "
        f"engine and bots: {build_info()}; Ctrl-C stops)",
        flush=True,
    )
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        ws_max_size=8 * MAX_MESSAGE,
        ws_per_message_deflate=settings.ws_compression,
        timeout_graceful_shutdown=5,
        workers=workers if workers > 1 else None,
        # uvicorn would believe X-Forwarded-For from any loopback peer; the server reads it itself,
        # from the trusted proxies only (``--trusted-proxy``, ``api/identity.py``).
        proxy_headers=False,
    )


def shown_url(url: str) -> str:
    """A database URL as it may be printed: without its password."""
    from petersburg.server.persistence.sql.database import printable_url

    return printable_url(url)
