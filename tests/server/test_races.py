"""Two server processes on one PostgreSQL database and one Redis, asked to change the same table at
the same moment, again and again: two people take the same seat, one through each process; the
creator starts the same table through both. Every time exactly one change is stored and shown, the
other request is refused with a sentence (the seat is taken, or "Someone changed this table a
moment ago: look again."), both sockets stay open, and both processes show the same table."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.server.local import LocalServer
from petersburg.text import refusals
from tests.e2e.pages import create_table
from tests.server.helpers import query
from tests.server.live import guest_cookie, guest_uid
from tests.services import PostgresServer, RedisServer

ROUNDS = 25
ALREADY_STARTED = "The game has already started; seats can no longer change."
CHANGED_MEANWHILE = str(refusals.refusal("changed_meanwhile"))


def join(
    server: LocalServer, table: int, uid: str, stack: ExitStack, issuer: LocalServer
) -> ClientConnection:
    """A socket on ``server`` of the guest ``uid`` (whose identity ``issuer``, a process of the same
    database, issued)."""
    cookie = {"Cookie": guest_cookie(issuer.base_url, uid)}
    url = server.base_url.replace("http://", "ws://") + f"/ws/table/{table}"
    ws = stack.enter_context(connect(url, additional_headers=cookie))
    ws.send(json.dumps({"type": "hello", "name": uid.split("-")[0]}))
    for _ in range(100):
        if json.loads(ws.recv(timeout=30))["type"] == "update":
            return ws
    raise AssertionError("no update after hello")


def outcome(ws: ClientConnection) -> tuple[list[str], dict[str, Any] | None]:
    """The errors the requests sent so far on ``ws`` got, and the last update with a game view:
    a ping is answered after every earlier request of the socket."""
    ws.send(json.dumps({"type": "ping"}))
    errors: list[str] = []
    last = None
    for _ in range(1000):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "error":
            errors.append(message["message"])
        elif message["type"] == "update" and message.get("view") is not None:
            last = message
        elif message["type"] == "pong":
            return errors, last
    raise AssertionError("no pong")


def game_view(ws: ClientConnection, seen: dict[str, Any] | None) -> dict[str, Any]:
    """The game's view on ``ws`` (``seen`` if it came already)."""
    for _ in range(1000):
        if seen is not None:
            view: dict[str, Any] = seen["view"]
            return view
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "update" and message.get("view") is not None:
            seen = message
    raise AssertionError("no view of the game")


@pytest.mark.slow
def test_two_processes_racing_for_one_seat_or_one_start_store_exactly_one_change(
    postgres: PostgresServer, redis: RedisServer, tmp_path: Path
) -> None:
    database = postgres.new_database()
    env = {
        "PETERSBURG_DATABASE_URL": database,
        "PETERSBURG_REDIS_URL": redis.url,
        "PETERSBURG_MAX_LIVE_TABLES_PER_PERSON": "1000",
    }
    raced = 0
    with ExitStack() as servers:
        first = servers.enter_context(LocalServer(tmp_path, env=env, output=tmp_path / "a.log"))
        second = servers.enter_context(LocalServer(tmp_path, env=env, output=tmp_path / "b.log"))
        for _ in range(ROUNDS):
            table = create_table(first.base_url, "host-uid-0001", "host", seats=2, sit=False)
            with ExitStack() as stack:
                anna = join(first, table, "anna-uid-0001", stack, first)
                boris = join(second, table, "boris-uid-001", stack, first)
                for ws in (anna, boris):  # back to back: both arrive within a millisecond or so
                    ws.send(json.dumps({"type": "sit", "seat": 0}))
                (anna_errors, _), (boris_errors, _) = outcome(anna), outcome(boris)
                assert sorted([len(anna_errors), len(boris_errors)]) == [0, 1], (anna_errors, boris_errors)
                [refusal] = anna_errors + boris_errors
                assert refusal in ("Seat 1 is taken.", CHANGED_MEANWHILE)
                raced += refusal == CHANGED_MEANWHILE
                winner = "boris-uid-001" if anna_errors else "anna-uid-0001"
                seat = "SELECT user_id FROM seats WHERE table_id = :t AND seat = 0"
                assert query(database, seat, t=table) == [(guest_uid(guest_cookie(first.base_url, winner)),)]
        for _ in range(ROUNDS):
            table = create_table(first.base_url, "host-uid-0001", "host", seats=1)
            with ExitStack() as stack:
                here, there = (
                    join(server, table, "host-uid-0001", stack, first) for server in (first, second)
                )
                for ws in (here, there):
                    ws.send(json.dumps({"type": "start"}))
                (here_errors, here_seen), (there_errors, there_seen) = outcome(here), outcome(there)
                assert sorted([len(here_errors), len(there_errors)]) == [0, 1], (here_errors, there_errors)
                [refusal] = here_errors + there_errors
                assert refusal in (ALREADY_STARTED, CHANGED_MEANWHILE)
                raced += refusal == CHANGED_MEANWHILE
                # One deal, stored and shown by both processes (the same cards on the board).
                assert game_view(here, here_seen)["upper"] == game_view(there, there_seen)["upper"]
                [(status, seed)] = query(database, "SELECT status, seed FROM tables WHERE id = :t", t=table)
                assert status == "playing" and seed is not None
    print(f"{raced} of {2 * ROUNDS} races were decided by the revision check")
