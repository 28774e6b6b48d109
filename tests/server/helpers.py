"""Websocket helpers shared by the server tests."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from petersburg.engine.json_types import ScoreJson
from petersburg.server.api.identity import GUEST_COOKIE, GUEST_SALT
from petersburg.server.persistence.sql.database import database_url
from petersburg.server.persistence.store import LogKind
from petersburg.server.runtime import Server

UIDS = ["alice-uid-0001", "bob-uid-00002", "carol-uid-0003", "dave-uid-00004"]
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def recv_until(ws: Any, predicate: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    """Read messages until one satisfies ``predicate`` (errors are returned if asked for)."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("expected message not received")


def is_update(message: dict[str, Any]) -> bool:
    kind: str = message["type"]
    return kind == "update"


def update_numbered(seq: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is the update at ``seq``."""
    return lambda m: is_update(m) and m.get("seq") == seq


def seated_update(seat: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is an update telling its receiver that it holds ``seat``."""
    return lambda m: is_update(m) and m["you"] is not None and m["you"]["seat"] == seat


def update_at(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "update" and m.get("seq") == seq and "view" in m


def as_guest(client: TestClient, uid: str) -> dict[str, str]:
    """The headers of a request by the guest ``uid``: its guest cookie, signed as the server signs
    the identities it issues (a test names its people; a client cannot), and the client's other
    cookies (a session)."""
    signer = server_of(client).accounts.signer(GUEST_SALT)
    cookies = [f"{name}={value}" for name, value in client.cookies.items() if name != GUEST_COOKIE]
    return {"cookie": "; ".join([*cookies, f"{GUEST_COOKIE}={signer.dumps(uid)}"])}


def guest_socket(client: TestClient, path: str, uid: str) -> Any:
    """A websocket on ``path`` opened by the guest ``uid`` (who a socket is, its handshake says)."""
    return client.websocket_connect(path, headers=as_guest(client, uid))


def create_table(
    client: TestClient, seats: int, uid: str = UIDS[0], name: str = NAMES[0], **params: Any
) -> int:
    response = client.post(
        "/api/tables", json={"name": name, "seats": seats, **params}, headers=as_guest(client, uid)
    )
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def hello(ws: Any, name: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "name": name})
    return recv_until(ws, is_update)


def pick_action(update: dict[str, Any], rng: random.Random) -> int:
    """A random legal action that is not a pass when something else is possible (games move on)."""
    legal = update["legal"]
    others = [a for a in legal if a["kind"] != "pass"]
    if others and rng.random() < 0.7:
        return int(rng.choice(others)["id"])
    return int(rng.choice(legal)["id"])


def server_of(client: TestClient) -> Server:
    """The server behind a test client's app."""
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def score_line(seat: int, total: int, rubles: int) -> ScoreJson:
    """A final scoring line of ``total`` VP (all scored in play) and ``rubles``."""
    return {
        "seat": seat,
        "play_vp": total,
        "aristocrat_bonus": 0,
        "money_vp": 0,
        "hand_penalty": 0,
        "total": total,
        "rubles": rubles,
    }


def log_kind(text: str) -> LogKind:
    """A stored log row's kind, as the store's type names it."""
    if text == "action":
        return "action"
    if text == "undo":
        return "undo"
    raise AssertionError(f"unknown log row kind {text!r}")


def stored_log(database: str, table: int) -> list[tuple[int, LogKind, int, int]]:
    """The log rows of ``table`` as the database (an SQLite path or any database URL) holds them
    (seq, kind, seat, action), read on a connection of its own."""
    rows = query(
        database, "SELECT seq, kind, seat, action FROM actions WHERE table_id = :t ORDER BY seq", t=table
    )
    return [(int(a), log_kind(str(b)), int(c), int(d)) for a, b, c, d in rows]


def query(database: str, sql: str, **params: object) -> list[tuple[Any, ...]]:
    """The rows of one SQL query on ``database`` (an SQLite path or any database URL)."""
    engine = sa.create_engine(database_url(database), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(sql), params)]
    finally:
        engine.dispose()


def eventually(
    condition: Callable[[], bool], timeout: float = 10.0, what: str = "the condition", every: float = 0.005
) -> None:
    """Wait until ``condition()`` holds, checked every ``every`` s (a few milliseconds unless a check
    costs the server a request), at most ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        time.sleep(every)


def seated_game(client: TestClient, stack: ExitStack, players: int, **params: Any) -> tuple[int, list[Any]]:
    """A started table with ``players`` human seats, one websocket each (seat i = UIDS[i])."""
    table = create_table(client, players, **params)
    sockets = []
    for seat in range(players):
        ws = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[seat]))
        hello(ws, NAMES[seat])
        if seat > 0:
            ws.send_json({"type": "sit", "seat": seat, "name": NAMES[seat]})
            recv_until(ws, seated_update(seat))
        sockets.append(ws)
    sockets[0].send_json({"type": "start"})
    return table, sockets


def latest(ws: Any, seq: int) -> dict[str, Any]:
    """The update at ``seq`` (skipping other messages)."""
    return recv_until(ws, update_at(seq))


def error_of(ws: Any, message: dict[str, Any]) -> str:
    """Send ``message`` and return the error it gets."""
    ws.send_json(message)
    return str(recv_until(ws, lambda m: m["type"] == "error")["message"])
