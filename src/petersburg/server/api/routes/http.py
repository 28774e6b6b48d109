"""The pages and the small JSON API: translation only, plus the request-body limit.

Every refused request is answered ``{"detail": "<a sentence>"}`` with a 4xx status; bodies are read
and validated here (``protocol.parse_create_body``), so a malformed, oversized or non-UTF-8 body
gets a sentence, never a server error.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from petersburg.engine import PetersburgError, check_options, options_from_json, shape_of
from petersburg.engine.options import EDITION_FIRST
from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.api.ws.dispatcher import parse_table_id
from petersburg.server.errors import Refusal
from petersburg.server.game.bot_levels import bot_levels
from petersburg.server.protocol.http import HttpError, RulesHelp
from petersburg.server.protocol.parsing import BadRequest, parse_create_body
from petersburg.server.protocol.schema import protocol_schema
from petersburg.server.view.presenter import help_text, level_infos, table_summary
from petersburg.text.cards import all_edition_cards
from petersburg.text.figures import card_catalogue

if TYPE_CHECKING:
    from petersburg.server.app import Server
    from petersburg.server.game.table import Table


def web_dir() -> Path:
    """The packaged static files (``petersburg/web``)."""
    return Path(str(resources.files("petersburg") / "web"))


def json_response(data: object, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def refused(message: str, status: int = 400) -> Response:
    detail: HttpError = {"detail": message}
    return json_response(detail, status)


def rules_help() -> RulesHelp:
    """What the rules and help page shows that the software knows."""
    return {"editions": all_edition_cards(), "commands": help_text(), "bot_levels": level_infos()}


def http_router(server: Server) -> APIRouter:
    """The pages and the JSON API of ``server``."""
    router = APIRouter()
    static = web_dir()
    no_cache = {"Cache-Control": "no-cache"}

    @router.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(static / "lobby.html", headers=no_cache)

    @router.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(static / "table.html", headers=no_cache)

    @router.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(static / "table.html", headers=no_cache)

    @router.get("/help", include_in_schema=False)
    async def help_page() -> FileResponse:
        return FileResponse(static / "help.html", headers=no_cache)

    @router.get("/api/rules")
    async def rules() -> Response:
        """The cards of each edition in words, the chat commands and the bot levels (``RulesHelp``)."""
        return json_response(rules_help())

    @router.get("/api/cards")
    async def cards(edition: str = EDITION_FIRST, market: str = "false") -> Response:
        """Every card kind of a game's edition with its printed figures (``CardInfo``):
        ``?edition=second`` for the 2nd edition's names and costs, ``&market=true`` for the
        Market's cards too."""
        try:
            options = options_from_json({"edition": edition, "market": market == "true"})
            check_options(options, 2)
        except (PetersburgError, ValueError) as error:
            return refused(str(error))
        return json_response(card_catalogue(shape_of(options)))

    @router.get("/api/bots")
    async def bots() -> Response:
        """The bot levels a seat can be given, weakest first."""
        return json_response([level.id for level in bot_levels()])

    @router.get("/api/protocol")
    async def protocol() -> Response:
        """The JSON Schema of every request and message of the websockets and of this API."""
        return json_response(protocol_schema())

    @router.get("/api/tables")
    async def tables() -> Response:
        """Open and running tables, newest first, then the last finished ones (``TableSummary``)."""
        return json_response(server.presenter.lobby_tables())

    @router.get("/api/highscores")
    async def highscores() -> Response:
        return json_response(server.presenter.highscores())

    @router.post("/api/tables")
    async def create_table(request: Request) -> Response:
        """Create a table: ``CreateTableBody``; answers the new table's ``TableSummary``."""
        try:
            body = parse_create_body(await request.body())
            claimed = body.get("uid")
            if claimed is None:
                raise BadRequest("Missing or malformed identity (uid): 8 to 64 letters, digits, '-' or '_'.")
            uid, account = await server.accounts.identify(request.cookies.get(SESSION_COOKIE), claimed)
            name = account.name if account is not None else body.get("name")
            table = await server.seating.create(uid, name, body)
        except (BadRequest, Refusal) as error:
            return refused(str(error), error.status if isinstance(error, Refusal) else 400)
        return json_response(table_summary(table, table.seat_of_uid(uid)), 201)

    @router.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> Response:
        try:
            table = await server.tables.get(parse_table_id(table_id))
        except Refusal as refusal:
            return refused(str(refusal), refusal.status)
        return json_response(table_summary(table))

    async def finished(table_id: str, unfinished: str) -> Table:
        """A finished table by the id of a path; ``Refusal`` (``unfinished`` if it is not over)."""
        table = await server.tables.get(parse_table_id(table_id))
        if table.row.status != "over" or table.game is None:
            raise Refusal(unfinished, status=409)
        return table

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: str | None = None) -> Response:
        """A finished game step by step: the public view after ``step`` actions and the log."""
        try:
            table = await finished(table_id, "Only finished games can be replayed.")
        except Refusal as refusal:
            return refused(str(refusal), refusal.status)
        if step is not None and not (step.isascii() and step.isdigit() and len(step) <= 9):
            return refused("'step' must be a number of actions (0 or more).")
        return json_response(server.presenter.replay(table, int(step) if step is not None else None))

    @router.get("/api/tables/{table_id}/story")
    async def story(table_id: str) -> Response:
        """A finished game's results: each seat's score by source and VP round by round."""
        try:
            table = await finished(table_id, "The results are shown once the game is over.")
        except Refusal as refusal:
            return refused(str(refusal), refusal.status)
        return json_response(server.presenter.story(table))

    @router.get("/results/{table_id}", include_in_schema=False)
    async def results_page(table_id: str) -> FileResponse:
        return FileResponse(static / "results.html", headers=no_cache)

    return router


class BodyLimit:
    """Refuse an HTTP request whose body is longer than ``limit`` bytes (413), before it is read
    into memory in full."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = f"Request body too long (more than {self.limit} bytes)."
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _send_refusal(send, message, 413)
                return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            incoming = await receive()
            if incoming["type"] == "http.request":
                received += len(incoming.get("body", b""))
                if received > self.limit:
                    raise _TooLong
            return incoming

        async def tracked_send(outgoing: Message) -> None:
            nonlocal started
            if outgoing["type"] == "http.response.start":
                started = True
            await send(outgoing)

        try:
            await self.app(scope, limited_receive, tracked_send)
        except _TooLong:
            if not started:
                await _send_refusal(send, message, 413)


class _TooLong(Exception):
    """A request body went over the limit while being read."""


async def _send_refusal(send: Send, message: str, status: int) -> None:
    body = json.dumps({"detail": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
