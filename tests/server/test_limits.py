"""Limits that protect everyone, and who may change what: tables per person and in all (finished
tables do not count, leave memory and load on demand; idle open tables close), games of bots
alone, sockets per address, request bodies, chat floods, names tied to seats, slow clients, the
lobby list coalesced, and the authority over seats."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from petersburg.server.app import create_app
from petersburg.server.game.automation import BotRunner
from petersburg.server.game.table import Table
from petersburg.server.settings import Settings
from tests.server.clock import ManualClock
from tests.server.helpers import (
    NAMES,
    UIDS,
    as_guest,
    create_table,
    error_of,
    eventually,
    guest_socket,
    hello,
    is_update,
    latest,
    recv_until,
    server_of,
)
from tests.server.live import guest_cookie, guest_uid, running


def post_table(client: TestClient, uid: str, **params: Any) -> httpx.Response:
    return client.post(
        "/api/tables", json={"name": "Pat", "seats": 1, **params}, headers=as_guest(client, uid)
    )


def play_out(client: TestClient, table: int, uid: str) -> None:
    """Start a one-seat table and leave it: a bot plays the game to its end."""
    with guest_socket(client, f"/ws/table/{table}", uid) as ws:
        hello(ws, "Pat")
        ws.send_json({"type": "start"})
        recv_until(ws, lambda m: is_update(m) and "view" in m)
        ws.send_json({"type": "leave"})
        recv_until(ws, lambda m: is_update(m) and m["you"] is None)
    eventually(lambda: client.get(f"/api/tables/{table}").json()["status"] == "over", 60, "the game's end")


def test_table_lifecycle_past_the_limits(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    config = Settings(
        bot_delay=0.0,
        max_live_tables=3,
        max_live_tables_per_person=2,
        max_live_tables_per_address=3,  # one test client: its address may fill this small server
        finished_cache=1,
        open_table_ttl=600,
    )
    with ThreadPoolExecutor(1) as executor:
        client = make_client(config, clock=clock, bots=BotRunner(1, executor=executor))
        server = server_of(client)
        first = post_table(client, "anna-uid-001").json()["id"]
        second = post_table(client, "anna-uid-001").json()["id"]
        refused = post_table(client, "anna-uid-001")
        assert refused.status_code == 429 and "You already have 2 tables" in refused.json()["detail"]
        idle = post_table(client, "bert-uid-001", seats=2).json()["id"]
        full = post_table(client, "cleo-uid-001")
        assert full.status_code == 503 and "The server is full" in full.json()["detail"]
        # Finished games do not count, and leave memory (one stays cached).
        play_out(client, first, "anna-uid-001")
        play_out(client, second, "anna-uid-001")
        assert server.tables.live_count() == 1
        assert server.tables.cached(first) is None and server.tables.cached(second) is not None
        assert client.get(f"/api/tables/{first}").json()["status"] == "over"  # loaded on demand
        replay = client.get(f"/api/tables/{first}/replay", params={"step": 3}).json()
        assert replay["step"] == 3 and replay["steps"] > 20
        finished = [t["id"] for t in client.get("/api/tables").json() if t["status"] == "over"]
        assert finished == [second, first]
        assert post_table(client, "anna-uid-001").status_code == 201
        assert post_table(client, "anna-uid-001").status_code == 201
        # An open table nobody is connected to closes after its time; the server has room again.
        assert post_table(client, "cleo-uid-001").status_code == 503
        for seconds in (60, 600):
            eventually(lambda: clock.due_within(60) >= 1, what="the idle-table sweep waiting")
            clock.advance(seconds)
        eventually(lambda: server.tables.cached(idle) is None, what="the idle table closing")
        assert client.get(f"/api/tables/{idle}").status_code == 404
        assert idle not in [t["id"] for t in client.get("/api/tables").json()]
        assert post_table(client, "cleo-uid-001").status_code == 201


def bot_waiting(clock: ManualClock, table: Table) -> bool:
    return clock.due_within(1.0) >= 1 or table.row.status == "over"


def moved(table: Table, seq: int) -> bool:
    return table.seq > seq or table.row.status == "over"


def test_games_of_bots_alone_are_limited_per_person(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor:
        client = make_client(
            Settings(bot_delay=1.0, max_bot_tables_per_person=1),
            clock=clock,
            bots=BotRunner(1, executor=executor),
        )
        tables = [create_table(client, 2, sit=False, fill="random") for _ in range(2)]
        with guest_socket(client, f"/ws/table/{tables[0]}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            latest(ws, 0)
        with guest_socket(client, f"/ws/table/{tables[1]}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            assert "You already have 1 game of bots alone running" in error_of(ws, {"type": "start"})
            first = server_of(client).tables.cached(tables[0])
            assert first is not None
            while first.row.status != "over":  # the bots of the first game move, a second each
                eventually(partial(bot_waiting, clock, first), what="a bot waiting to move")
                before = first.seq  # read before the clock moves: the move may land at once
                clock.advance(1.0)
                before = first.seq  # read before the clock moves: the move may land at once
                clock.advance(1.0)
                try:
                    eventually(partial(moved, first, before), timeout=2.0, what="a bot's move")
                except AssertionError:
                    # The sleep due was the idle sweep's (every 60 s), planned before the bot's.
                    clock.advance(1.0)
                    eventually(partial(moved, first, before), what="a bot's move")
            ws.send_json({"type": "start"})
            latest(ws, 0)


def test_a_game_of_bots_alone_over_the_limit_creates_no_table(make_client: Callable[..., TestClient]) -> None:
    """A create that deals at once (fill + start) is refused before anything is stored: the
    number of tables stays as it was, and the answer says why."""
    client = make_client(Settings(bot_delay=30.0, max_bot_tables_per_person=1))  # games stay running
    server = server_of(client)
    first = post_table(client, UIDS[0], seats=2, sit=False, fill="random", start=True)
    assert first.status_code == 201, first.text
    assert client.get(f"/api/tables/{first.json()['id']}").json()["status"] == "playing"
    before = server.tables.live_count()
    listed = len(client.get("/api/tables").json())
    refused = post_table(client, UIDS[0], seats=2, sit=False, fill="random", start=True)
    assert refused.status_code == 429
    assert "You already have 1 game of bots alone running" in refused.json()["detail"]
    assert server.tables.live_count() == before
    assert len(client.get("/api/tables").json()) == listed
    assert post_table(client, UIDS[0], seats=2, fill="random", start=True).status_code == 201  # with a person


def test_sockets_per_address_are_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0, max_sockets_per_address=2))
    with guest_socket(client, "/ws/lobby", UIDS[0]) as one:
        with (
            guest_socket(client, "/ws/lobby", UIDS[1]) as two,
            client.websocket_connect("/ws/lobby") as three,
        ):
            assert "Too many connections" in three.receive_json()["message"]
            two.send_json({"type": "hello", "name": "Bob"})
            assert two.receive_json()["type"] == "lobby"
        with guest_socket(client, "/ws/lobby", UIDS[2]) as again:  # a closed one frees its place
            again.send_json({"type": "hello", "name": "Cy"})
            assert again.receive_json()["type"] == "lobby"
        one.send_json({"type": "hello", "name": "Al"})
        assert one.receive_json()["type"] == "lobby"


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        (b"x" * 20_000, 413, "Request body too long"),
        (b'{"uid": "alice-uid-0001", "name": "\xff\xfe"}', 400, "not UTF-8"),
        (b"[1, 2]", 400, "expected a JSON object"),
        (b'{"uid": "alice-uid-0001", "name": "Al", "seats": ' + b"9" * 5000 + b"}", 400, "not JSON"),
        (b'{"uid": "alice-uid-0001", "name": "Al", "seats": true}', 400, "1 to 4 seats"),
    ],
)
def test_bad_request_bodies_get_a_sentence(client: TestClient, body: bytes, status: int, detail: str) -> None:
    response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code == status
    assert detail in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_the_chat_flood_limit_is_per_person_not_per_socket(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    client = make_client(clock=clock)
    table = create_table(client, 2)
    with (
        guest_socket(client, f"/ws/table/{table}", UIDS[0]) as one,
        guest_socket(client, "/ws/lobby", UIDS[0]) as two,
    ):
        hello(one, NAMES[0])
        two.send_json({"type": "hello", "name": NAMES[0]})
        for line in range(8):
            (one if line % 2 else two).send_json({"type": "chat", "text": f"line {line}"})
        recv_until(one, lambda m: m["type"] == "chat" and m["text"] == "line 7")
        assert "Slow down" in error_of(two, {"type": "chat", "text": "one more"})
        clock.advance(10)
        one.send_json({"type": "chat", "text": "later"})
        assert recv_until(one, lambda m: m["type"] in ("chat", "error"))["text"] == "later"


def test_names_in_chat_are_tied_to_seats(client: TestClient) -> None:
    table = create_table(client, 2)
    with (
        guest_socket(client, f"/ws/table/{table}", UIDS[0]) as alice,
        guest_socket(client, f"/ws/table/{table}", UIDS[1]) as eve,
    ):
        hello(alice, "Alice")
        hello(eve, "Alice")  # a spectator who calls herself Alice
        eve.send_json({"type": "chat", "text": "I am the owner"})
        assert recv_until(alice, lambda m: m["type"] == "chat" and m["name"])["name"] == "Alice (spectator)"
        alice.send_json({"type": "chat", "text": "no, I am"})
        assert recv_until(eve, lambda m: m["type"] == "chat" and m["text"] == "no, I am")["name"] == "Alice"
        assert "already called Alice" in error_of(eve, {"type": "sit", "name": "alice"})


def test_who_may_change_seats_and_start(client: TestClient) -> None:
    table = create_table(client, 3)
    with (
        guest_socket(client, f"/ws/table/{table}", UIDS[0]) as alice,
        guest_socket(client, f"/ws/table/{table}", UIDS[1]) as bob,
        guest_socket(client, f"/ws/table/{table}", "eve-uid-00001") as eve,
    ):
        hello(alice, NAMES[0])
        hello(bob, NAMES[1])
        hello(eve, "Eve")
        bob.send_json({"type": "sit", "seat": 1})
        recv_until(bob, lambda m: is_update(m) and m["you"] is not None)
        # Strangers and seated players who did not create the table manage no bots and start nothing.
        for ws in (eve, bob):
            assert "created this table can put bots" in error_of(
                ws, {"type": "bot", "seat": 2, "level": "random"}
            )
            assert "created this table can start" in error_of(ws, {"type": "start"})
        alice.send_json({"type": "bot", "seat": 2, "level": "random"})
        recv_until(alice, lambda m: is_update(m) and m["table"]["seats"][2]["kind"] == "bot")
        for ws in (eve, bob):
            assert "created this table can remove its bots" in error_of(ws, {"type": "clear", "seat": 2})
            assert "created this table can put bots" in error_of(
                ws, {"type": "bot", "seat": 2, "level": "greedy"}
            )
        assert "Only the player in a seat can leave it" in error_of(alice, {"type": "clear", "seat": 1})
        assert "Only the player in a seat can leave it" in error_of(eve, {"type": "clear", "seat": 0})
        assert "You have no seat" in error_of(eve, {"type": "leave"})
        # The creator changes a bot's level; a seated player leaves his own seat.
        alice.send_json({"type": "bot", "seat": 2, "level": "greedy"})
        update = recv_until(alice, lambda m: is_update(m) and m["table"]["seats"][2]["bot"] == "easy")
        assert update["creator"] is True
        bob.send_json({"type": "clear", "seat": 1})
        update = recv_until(bob, lambda m: is_update(m) and m["table"]["seats"][1]["kind"] == "empty")
        assert update["creator"] is False and update["you"] is None
        live = server_of(client).tables.cached(table)
        assert live is not None and [s.kind for s in live.row.seats] == ["human", "empty", "bot"]


def test_the_lobby_list_is_coalesced(client: TestClient) -> None:
    interval = server_of(client).settings.lobby_interval
    with guest_socket(client, "/ws/lobby", UIDS[1]) as lobby:
        lobby.send_json({"type": "hello", "name": "Bob"})
        assert lobby.receive_json()["type"] == "lobby"
        began = time.monotonic()
        created = [create_table(client, 2, uid=f"maker-uid-{n:03d}") for n in range(15)]
        elapsed = time.monotonic() - began
        lists = 0
        while True:
            message = lobby.receive_json()
            if message["type"] == "tables":
                lists += 1
                if sorted(t["id"] for t in message["tables"]) == sorted(created):
                    break
    assert lists <= 2 + elapsed / interval
    assert lists < len(created)


def test_a_client_that_does_not_read_is_disconnected_alone(tmp_path: Path) -> None:
    """A spectator that stops reading: once its queue is full the server drops it, while the
    player goes on; the server holds nothing more for it."""
    app = create_app(str(tmp_path / "slow.db"), Settings(bot_delay=0.0, client_queue_limit=8))
    connections = app.state.server.connections
    rng = random.Random(3)
    with running(app, send_buffer=8192) as address, ExitStack() as stack:
        port = int(address.split(":")[1])
        table = httpx.post(
            f"http://{address}/api/tables",
            json={"name": "Alice", "seats": 1, "options": {"always_refill": True}},
            headers={"Cookie": guest_cookie(f"http://{address}", UIDS[0])},
        ).json()["id"]
        alice = {"Cookie": guest_cookie(f"http://{address}", UIDS[0])}
        player = stack.enter_context(connect(f"ws://{address}/ws/table/{table}", additional_headers=alice))
        player.send(json.dumps({"type": "hello", "name": "Alice"}))
        raw = socket.create_connection(("127.0.0.1", port))
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow = stack.enter_context(connect(f"ws://{address}/ws/table/{table}", sock=raw, max_queue=1))
        slow.send(json.dumps({"type": "hello", "name": "Slow"}))
        eventually(lambda: len(connections.by_table.get(table, ())) == 2, what="both sockets joining")
        player.send(json.dumps({"type": "start"}))
        played = 0
        while len(connections.by_table.get(table, ())) == 2:
            message = json.loads(player.recv(timeout=10))
            if message["type"] != "update" or "view" not in message or not message["legal"]:
                continue
            assert message["view"]["stage"] != "over", "the game ended before the slow client fell behind"
            action = rng.choice(message["legal"])["id"]
            player.send(
                json.dumps(
                    {"type": "act", "token": message["you"]["token"], "seq": message["seq"], "action": action}
                )
            )
            played += 1
        assert played > 8
        remaining = connections.by_table[table]
        assert [c.uid for c in remaining] == [guest_uid(alice["Cookie"])]
        assert connections.per_address["127.0.0.1"] == 1
        player.send(json.dumps({"type": "ping"}))  # the player goes on
        assert any(json.loads(player.recv(timeout=10))["type"] == "pong" for _ in range(50))
        with pytest.raises(Exception, match=r"no close frame|1006|closed"):
            for _ in range(10_000):
                slow.recv(timeout=10)
