"""Kill -9 the real server mid-game, start it again on the same database: the game goes on."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.server.local import LocalServer
from tests.server.helpers import NAMES, UIDS, pick_action
from tests.server.live import guest_cookie

pytestmark = pytest.mark.slow


def receive(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The update at ``seq`` (skipping chat and older updates)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert message["type"] != "error", message
        if message["type"] == "update" and message.get("seq") == seq and "view" in message:
            return message


def join(stack: ExitStack, port: int, table: int, seat: int) -> ClientConnection:
    cookie = {"Cookie": guest_cookie(f"http://127.0.0.1:{port}", UIDS[seat])}
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/table/{table}", additional_headers=cookie))
    ws.send(json.dumps({"type": "hello", "name": NAMES[seat]}))
    return ws


def test_kill_and_restart_keeps_the_game(tmp_path: Path) -> None:
    server = LocalServer(tmp_path).start()
    port = server.port
    rng = random.Random(11)
    stack = ExitStack()
    try:
        response = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"name": NAMES[0], "seats": 2},
            headers={"Cookie": guest_cookie(f"http://127.0.0.1:{port}", UIDS[0])},
        )
        table = response.json()["id"]
        alice = join(stack, port, table, 0)
        bob = join(stack, port, table, 1)
        bob.send(json.dumps({"type": "sit", "seat": 1, "name": NAMES[1]}))
        time.sleep(0.3)
        alice.send(json.dumps({"type": "start"}))
        sockets = [alice, bob]
        updates = [receive(ws, 0) for ws in sockets]
        for seq in range(30):
            seat = updates[0]["view"]["to_act"]
            token = updates[seat]["you"]["token"]
            sockets[seat].send(
                json.dumps(
                    {"type": "act", "token": token, "seq": seq, "action": pick_action(updates[seat], rng)}
                )
            )
            updates = [receive(ws, seq + 1) for ws in sockets]
    finally:
        server.kill()
    stack.close()
    server = LocalServer(tmp_path, port=port).start()
    stack = ExitStack()
    try:
        resumed = [join(stack, port, table, seat) for seat in (0, 1)]
        again = [receive(ws, 30) for ws in resumed]
        for seat in (0, 1):
            assert again[seat]["view"] == updates[seat]["view"]
            assert again[seat]["you"] == updates[seat]["you"]
            assert again[seat]["log_from"] == 0 and again[seat]["log"][-1] == updates[seat]["log"][-1]
        seat = again[0]["view"]["to_act"]
        resumed[seat].send(
            json.dumps(
                {
                    "type": "act",
                    "token": again[seat]["you"]["token"],
                    "seq": 30,
                    "action": again[seat]["legal"][0]["id"],
                }
            )
        )
        assert receive(resumed[1 - seat], 31)["view"]["step"] == 31
    finally:
        stack.close()
        server.kill()
