"""The protocol as typed: the published schema and docs are generated from the types, and every
message a client really receives fits them (strictly: no field missing, none unknown, no wrong
type)."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from petersburg.server.protocol.http import CardInfo, ReplayResponse
from petersburg.server.protocol.messages import HighScore, TableSummary, server_messages
from petersburg.server.protocol.requests import LOBBY_TYPES, TABLE_TYPES
from petersburg.server.protocol.schema import protocol_markdown, protocol_schema
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    guest_socket,
    hello,
    pick_action,
    recv_until,
    seated_game,
    update_numbered,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_published_schema_and_protocol_docs_are_generated_from_the_types() -> None:
    stored = json.loads((DOCS / "protocol.schema.json").read_text(encoding="utf-8"))
    assert stored == protocol_schema(), "run: python -m petersburg.server.protocol.schema"
    page = (DOCS / "protocol.md").read_text(encoding="utf-8")
    assert page == protocol_markdown(), "run: python -m petersburg.server.protocol.schema"
    assert "### act (table)" in page and "| `POST /api/tables` |" in page


def test_the_request_types_listed_are_those_validated() -> None:
    schema = protocol_schema()
    requests: Any = schema["requests"]
    assert set(requests["lobby"]["discriminator"]["mapping"]) == set(LOBBY_TYPES)
    assert set(requests["table"]["discriminator"]["mapping"]) == set(TABLE_TYPES)


def test_the_server_serves_its_schema(client: TestClient) -> None:
    assert client.get("/api/protocol").json() == json.loads(json.dumps(protocol_schema()))


def test_every_message_of_a_played_game_fits_the_protocol(client: TestClient) -> None:
    received: list[dict[str, Any]] = []

    def keep(ws: Any) -> Any:
        original = ws.receive_json

        def receive_json() -> dict[str, Any]:
            message: dict[str, Any] = original()
            received.append(message)
            return message

        ws.receive_json = receive_json
        return ws

    rng = random.Random(4)
    with ExitStack() as stack:
        lobby = keep(stack.enter_context(guest_socket(client, "/ws/lobby", UIDS[3])))
        lobby.send_json({"type": "hello", "name": "Dave"})
        recv_until(lobby, lambda m: m["type"] == "lobby")
        lobby.send_json({"type": "chat", "text": "/help"})
        recv_until(lobby, lambda m: m["type"] == "notice")
        table, sockets = seated_game(client, stack, 2, timer=600)
        sockets = [keep(ws) for ws in sockets]
        update = recv_until(sockets[0], lambda m: m["type"] == "update" and "view" in m)
        other = recv_until(sockets[1], lambda m: m["type"] == "update" and "view" in m)
        sockets[0].send_json({"type": "chat", "text": "good luck"})
        sockets[1].send_json({"type": "ping"})
        sockets[1].send_json({"type": "act", "token": "nope", "seq": 0, "action": 1})
        recv_until(sockets[1], lambda m: m["type"] == "error")
        seq = 0
        while update["view"]["stage"] != "over" and seq < 400:
            if seq:
                other = recv_until(sockets[1], update_numbered(seq))
            updates = [update, other]
            seat = updates[0]["view"]["to_act"]
            action = pick_action(updates[seat], rng)
            sockets[seat].send_json(
                {"type": "act", "token": updates[seat]["you"]["token"], "seq": seq, "action": action}
            )
            seq += 1
            update = recv_until(sockets[0], update_numbered(seq))
        assert update["view"]["stage"] == "over" and "result" in update
        recv_until(lobby, lambda m: m["type"] == "tables" and any(t["status"] == "over" for t in m["tables"]))
    with guest_socket(client, f"/ws/table/{create_table(client, 1)}", UIDS[0]) as ws:
        hello(keep(ws), NAMES[0])
    kinds = {message["type"] for message in received}
    assert kinds >= {"lobby", "tables", "update", "chat", "chat_history", "notice", "pong", "error"}
    for message in received:
        server_messages().validate_python(message, strict=True)
    TypeAdapter(list[TableSummary]).validate_python(client.get("/api/tables").json(), strict=True)
    TypeAdapter(list[HighScore]).validate_python(client.get("/api/highscores").json(), strict=True)
    TypeAdapter(list[CardInfo]).validate_python(client.get("/api/cards").json(), strict=True)
    replay = client.get(f"/api/tables/{table}/replay", params={"step": 5}).json()
    TypeAdapter(ReplayResponse).validate_python(replay, strict=True)
