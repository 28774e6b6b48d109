"""The FastAPI application: static pages, a small JSON API and the two websockets.

``create_app(database)`` builds an app around one SQLite file; the hub inside holds the game
logic (see ``hub.py``), this module only translates HTTP and websocket messages to hub calls and
hub errors to ``{"type": "error"}`` messages for the requesting client alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnected

from petersburg.bots import bot_specs
from petersburg.engine import apply_action, final_scores, new_game, options_from_json, view, view_to_json
from petersburg.server.hub import Client, Hub, HubConfig, ProtocolError, Table, check_uid
from petersburg.server.present import card_catalogue, public_action_text, seat_summary, transition_texts
from petersburg.server.store import Store

log = logging.getLogger("petersburg.server")

MAX_MESSAGE = 8192
"""Longest websocket message accepted (bytes of text); anything longer is refused unread."""


def web_dir() -> Path:
    """The packaged static files (``petersburg/web``)."""
    return Path(str(resources.files("petersburg") / "web"))


def create_app(database: str, config: HubConfig | None = None) -> FastAPI:
    """The web app for one SQLite database file (created if missing)."""
    store = Store(database)
    hub = Hub(store, config)
    hub.load()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(title="Sankt Petersburg", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    static = web_dir()
    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(static / "lobby.html", headers={"Cache-Control": "no-cache"})

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: int) -> FileResponse:
        return FileResponse(static / "table.html", headers={"Cache-Control": "no-cache"})

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: int) -> FileResponse:
        return FileResponse(static / "table.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/cards")
    def cards() -> list[dict[str, Any]]:
        return card_catalogue()

    @app.get("/api/bots")
    def bots() -> list[str]:
        return bot_specs()

    @app.get("/api/tables")
    def tables() -> list[dict[str, Any]]:
        return hub.lobby_tables()

    @app.get("/api/highscores")
    def highscores() -> list[dict[str, Any]]:
        return hub.highscores()

    @app.post("/api/tables")
    def create_table(body: dict[str, Any]) -> JSONResponse:
        try:
            table = hub.create_table(body.get("uid"), body.get("name"), body)
        except ProtocolError as error:
            raise HTTPException(status_code=400, detail=str(error)) from None
        return JSONResponse(hub.table_summary(table, body.get("uid")), status_code=201)

    @app.get("/api/tables/{table_id}")
    def table_info(table_id: int) -> dict[str, Any]:
        return hub.table_summary(_table(hub, table_id))

    @app.get("/api/tables/{table_id}/replay")
    def replay(table_id: int, step: int | None = None) -> dict[str, Any]:
        """A finished game step by step: the public view after ``step`` actions and the log."""
        table = _table(hub, table_id)
        if table.row.status != "over" or table.row.seed is None:
            raise HTTPException(status_code=409, detail="Only finished games can be replayed.")
        return replay_data(table, step)

    @app.websocket("/ws/lobby")
    async def lobby_socket(ws: WebSocket) -> None:
        await _serve_socket(hub, ws, None)

    @app.websocket("/ws/table/{table_id}")
    async def table_socket(ws: WebSocket, table_id: int) -> None:
        await _serve_socket(hub, ws, table_id)

    return app


def _table(hub: Hub, table_id: int) -> Table:
    table = hub.tables.get(table_id)
    if table is None:
        raise HTTPException(status_code=404, detail=f"There is no table {table_id}.")
    return table


def replay_data(table: Table, step: int | None) -> dict[str, Any]:
    """The public view of a finished game after ``step`` of its actions (all of them if None)."""
    row = table.row
    assert row.seed is not None
    actions = table.effective
    step = len(actions) if step is None else max(0, min(step, len(actions)))
    state = new_game(row.num_seats, row.seed, options_from_json(row.options))
    names = table.names()
    texts: list[str] = []
    for entry in actions[:step]:
        before = state.copy()
        texts = [public_action_text(state, entry.action, names[entry.seat])]
        apply_action(state, entry.action)
        texts += transition_texts(before, state, names)
    return {
        "table": row.id,
        "names": names,
        "step": step,
        "steps": len(actions),
        "view": view_to_json(view(state, None)),
        "summary": [seat_summary(p) for p in state.players],
        "texts": texts,
        "log": [line for line in table.log if line["seq"] < (actions[step - 1].seq + 1 if step else 0)],
        "result": row.result if step == len(actions) else None,
        "scores": [line._asdict() for line in final_scores(state)] if state.is_over else None,
    }


async def _sender(ws: WebSocket, client: Client) -> None:
    """Send a client's queued messages in order; stop on None or a closed socket."""
    while True:
        message = await client.queue.get()
        if message is None:
            if client.overflowed:
                with contextlib.suppress(Exception):
                    await ws.close(code=1013, reason="too slow; reconnect")
            return
        try:
            await ws.send_text(json.dumps(message, separators=(",", ":")))
        except Exception:
            return


async def _serve_socket(hub: Hub, ws: WebSocket, table_id: int | None) -> None:
    """One websocket: a ``hello`` first, then requests; errors go back to this client only."""
    await ws.accept()
    table = hub.tables.get(table_id) if table_id is not None else None
    if table_id is not None and table is None:
        await ws.send_json({"type": "error", "message": f"There is no table {table_id}."})
        await ws.close(code=4404)
        return
    client: Client | None = None
    sender: asyncio.Task[None] | None = None
    try:
        while True:
            received = await ws.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            if text is None:
                text = (received.get("bytes") or b"").decode("utf-8", "replace")
            try:
                message = _parse(text)
                if client is None:
                    if message.get("type") != "hello":
                        raise ProtocolError('Say hello first: {"type": "hello", "uid": ..., "name": ...}.')
                    client = Client(check_uid(message.get("uid")), _name_or_guest(message.get("name")))
                    sender = asyncio.create_task(_sender(ws, client))
                    if table is None:
                        hub.lobby.add(client)
                        client.send(hub.lobby_hello(client))
                    else:
                        table.clients.add(client)
                        for greeting in hub.table_hello(table, client):
                            client.send(greeting)
                    continue
                reply = await _handle(hub, table, client, message)
                if reply is not None:
                    client.send(reply)
            except ProtocolError as error:
                request = None
                with contextlib.suppress(Exception):
                    request = json.loads(text).get("type")
                error_message = {"type": "error", "message": str(error), "request": request}
                if client is not None:
                    client.send(error_message)
                else:
                    await ws.send_json(error_message)
    except (WebSocketDisconnect, WebSocketDisconnected):
        pass
    finally:
        if client is not None:
            hub.lobby.discard(client)
            if table is not None:
                table.clients.discard(client)
            client.queue.put_nowait(None)
        if sender is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 1.0)


def _name_or_guest(name: object) -> str:
    if isinstance(name, str) and name.strip():
        return " ".join(name.split())[:24]
    return "Guest"


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"Message too long (more than {MAX_MESSAGE} characters).")
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        raise ProtocolError("Malformed message: not JSON.") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("Malformed message: expected a JSON object with a 'type'.")
    return message


async def _handle(
    hub: Hub, table: Table | None, client: Client, message: dict[str, Any]
) -> dict[str, Any] | None:
    """Dispatch one request; returns a reply for this client only (or None)."""
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong"}
    if kind == "name":
        client.name = _name_or_guest(message.get("name"))
        return None
    if kind == "chat":
        return hub.chat(table, client, message.get("text"))
    if table is None:
        if kind == "create":
            params = message.get("params") or {}
            if not isinstance(params, dict):
                raise ProtocolError("'params' must be an object.")
            created = hub.create_table(client.uid, message.get("name", client.name), params)
            return {"type": "created", "table": created.id}
        raise ProtocolError(f"Unknown lobby request '{kind}'. Known: create, chat, ping.")
    if kind == "sit":
        hub.sit(table, client.uid, message.get("name", client.name), message.get("seat"))
    elif kind == "leave":
        hub.leave(table, client.uid)
    elif kind == "bot":
        hub.put_bot(table, client.uid, message.get("level"), message.get("seat"))
    elif kind == "clear":
        hub.clear_seat(table, client.uid, message.get("seat"))
    elif kind == "start":
        hub.start_game(table, client.uid)
    elif kind == "act":
        await hub.act(table, message.get("token"), message.get("seq"), message.get("action"))
    elif kind == "undo":
        hub.undo(table, message.get("token"), message.get("seq"))
    elif kind == "autopass":
        hub.set_autopass(table, message.get("token"), message.get("on"))
    else:
        raise ProtocolError(
            f"Unknown request '{kind}'. Known: sit, leave, bot, clear, start, act, undo, autopass, "
            "chat, ping."
        )
    return None
