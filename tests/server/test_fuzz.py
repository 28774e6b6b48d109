"""Fuzz: more than 10,000 malformed or unauthorised messages to a real server over real sockets.

Each one is answered with exactly one error message and nothing else; afterwards every socket
still answers, nothing in memory or in the database has changed, and the server logged no
warning and no traceback.
"""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.engine import NUM_ACTIONS, legal_actions, state_to_json
from petersburg.server.app import create_app
from petersburg.server.runtime import Server
from petersburg.server.settings import Settings
from tests.server.live import guest_cookie, running

pytestmark = pytest.mark.slow

MESSAGES_PER_SOCKET = 2100
SOCKETS = 5

BAD_VALUES = [
    '"x"',
    '""',
    "-1",
    "1.5",
    "true",
    "false",
    "[]",
    "{}",
    "[1,2]",
    '{"a":1}',
    "1e400",
    "9" * 5000,
    "-" + "9" * 40,
    "2147483648",
    '"\\ud800"',
    '"a\\udc00b"',
    "[" * 300 + "]" * 300,
    "NaN",
    "Infinity",
    '"' + "é" * 30 + '"',
]
NOT_NULL_OR_TEXT = [v for v in BAD_VALUES if not v.startswith('"')]
TABLE_TYPES = ["sit", "leave", "bot", "clear", "start", "act", "undo", "autopass"]
COMMANDS_ANYWHERE = ["/bot", "/dance", "/", "/join ²", "/join abc", "/join 1 2", "/JOIN x", "/bot random 9 9"]


def snapshot(path: str) -> list[list[tuple[Any, ...]]]:
    """Everything the database holds."""
    with sqlite3.connect(path) as db:
        return [
            sorted(db.execute(f"SELECT * FROM {name}").fetchall())
            for name in ("tables", "seats", "actions", "chat")
        ]


def memory(server: Server, tables: list[int]) -> list[object]:
    """What the server holds in memory about the tables, the lobby and its sockets."""
    held: list[object] = [server.tables.live_count(), len(server.tables.lobby_chat)]
    for table_id in tables:
        table = server.tables.cached(table_id)
        assert table is not None
        held += [table.seq, table.row.status, list(table.row.seats), len(table.chat)]
        held.append(state_to_json(table.state) if table.state is not None else None)
    return held


def junk(rng: random.Random) -> str | bytes:
    """A message that is not a request at all."""
    kind = rng.randrange(10)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))) + b"\xff"
    if kind == 1:
        return json.dumps({"type": rng.choice(TABLE_TYPES), "seat": 1})[: rng.randrange(1, 20)]
    if kind == 2:
        return rng.choice(["1", "[]", '"act"', "null", "true", "[{}]", "3.5", '{"type": null}', "{}"])
    if kind == 3:
        return json.dumps(
            {"type": "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(1, 12)))}
        )
    if kind == 4:
        return '{"type": ' + rng.choice(NOT_NULL_OR_TEXT) + "}"
    if kind == 5:
        return json.dumps({"type": "chat", "text": "x" * rng.randrange(9000, 20000)})
    if kind == 6:
        return '{"type": "act", "seq": ' + "[" * rng.randrange(200, 2000) + "]" * 5 + "}"
    if kind == 7:
        return '{"type": "' + rng.choice(TABLE_TYPES) + '", "seq": ' + "9" * rng.randrange(4400, 6000) + "}"
    if kind == 8:
        return '{"type": "act", "token": "\\ud83d", "seq": 0, "action": 1}'
    return "{'type': 'ping'}"


def with_field(kind: str, field: str, value: str, **others: object) -> str:
    """A request of ``kind`` whose ``field`` holds ``value`` (raw JSON text)."""
    head = json.dumps({"type": kind, **others})
    return head[:-1] + f', "{field}": {value}' + "}"


def hello_socket(rng: random.Random, _state: dict[str, Any]) -> str | bytes:
    """Before hello: anything but a valid hello."""
    pick = rng.randrange(4)
    if pick == 0:
        return junk(rng)
    if pick == 1:  # a hello misspelt (a uid, which no hello carries any more, changes nothing)
        kind = rng.choice(["Hello", "hello ", "HELLO", "", "helo"])
        return json.dumps({"type": kind, "name": "Mallory", "uid": "mallory-uid-1"})
    if pick == 2:
        return with_field("hello", "name", rng.choice(NOT_NULL_OR_TEXT))
    return json.dumps({"type": rng.choice([*TABLE_TYPES, "ping", "chat", "create"]), "uid": "mallory-uid-1"})


def lobby_socket(rng: random.Random, _state: dict[str, Any]) -> str | bytes:
    pick = rng.randrange(6)
    if pick == 0:
        return junk(rng)
    if pick == 1:  # a table's request in the lobby
        return json.dumps({"type": rng.choice([*TABLE_TYPES, "hello"]), "seat": 0, "token": "t", "seq": 0})
    if pick == 2:
        field, values = rng.choice(
            [
                ("seats", ["0", "5", "-1", '"2"', "1.5", "true", "null", "9" * 30]),
                ("timer", ["-1", "601", '"x"', "1.5", "null"]),
                ("realtime", [*NOT_NULL_OR_TEXT[:1], '"yes"', "1", "null"]),
                ("allow_undo", ['"no"', "0", "null", "[]"]),
                ("sit", ['"yes"', "1", "null"]),
                ("fill", ['"grandmaster"', "1", "[]", '"ismcts:godlike"']),
                ("title", ["1", "[]", '"' + "t" * 41 + '"']),
                (
                    "options",
                    [
                        "1",
                        '"x"',
                        "[]",
                        '{"colour": 1}',
                        '{"money": "burnt"}',
                        '{"always_refill": "yes"}',
                        '{"double_marker_seat": 1}',
                        '{"show_hands": null}',
                    ],
                ),
            ]
        )
        return '{"type": "create", "params": {"' + field + '": ' + rng.choice(values) + "}}"
    if pick == 3:
        return with_field("create", "params", rng.choice(["1", '"x"', "[]", "true"]))
    if pick == 4:
        text = rng.choice(
            [
                *COMMANDS_ANYWHERE,
                "/leave",
                "/start",
                "/join",
                "/join 0",
                "/join 999999999",
                "/join 99999999999",
                "   ",
            ]
        )
        return json.dumps({"type": "chat", "text": text})
    kind, field = rng.choice([("chat", "text"), ("name", "name")])
    return with_field(kind, field, rng.choice(NOT_NULL_OR_TEXT))


def seated_socket(rng: random.Random, state: dict[str, Any]) -> str | bytes:
    """Alice, creator of the running table and seated at it: nothing she may do."""
    token, seq = state["token"], state["seq"]
    pick = rng.randrange(8)
    if pick == 0:
        return junk(rng)
    if pick == 1:  # her own token, a stale or impossible seq
        stale = rng.choice([seq + 1, seq + 7, 2**31 - 1])
        return json.dumps({"type": rng.choice(["act", "undo"]), "token": token, "seq": stale, "action": 0})
    if pick == 2:  # her own token, the right seq, an action she may not play now
        legal = state["legal"]
        action = rng.choice([a for a in range(NUM_ACTIONS) if a not in legal])
        return json.dumps({"type": "act", "token": token, "seq": seq, "action": action})
    if pick == 3:
        return json.dumps({"type": "undo", "token": token, "seq": seq})
    if pick == 4:
        kind, field = rng.choice(
            [("act", "token"), ("act", "seq"), ("act", "action"), ("undo", "seq"), ("autopass", "on")]
        )
        values = (
            [v for v in NOT_NULL_OR_TEXT if v not in ("true", "false")] if field == "on" else NOT_NULL_OR_TEXT
        )
        return with_field(kind, field, rng.choice(values), token=token, seq=seq)
    if pick == 5:
        return json.dumps(
            {"type": rng.choice(["sit", "bot", "clear", "start"]), "seat": 1, "level": "random"}
        )
    if pick == 6:
        text = rng.choice([*COMMANDS_ANYWHERE, "/join", "/join 2", "/start", "/bot random", "  \t "])
        return json.dumps({"type": "chat", "text": text})
    return with_field("autopass", "on", rng.choice(["null", '"yes"', "1", "[]"]), token=token)


def watching_socket(rng: random.Random, state: dict[str, Any]) -> str | bytes:
    """Eve, watching the running table: no seat, not the creator."""
    pick = rng.randrange(5)
    if pick == 0:
        return junk(rng)
    if pick == 1:
        token = rng.choice(["", "x" * 32, state["token"][:-1] + "?", "é" * 32, "a" * 8000])
        return json.dumps(
            {
                "type": rng.choice(["act", "undo", "autopass"]),
                "token": token,
                "seq": state["seq"],
                "action": state["legal"][0],
                "on": True,
            }
        )
    if pick == 2:
        return json.dumps(
            {"type": rng.choice(["leave", "sit", "bot", "clear", "start"]), "seat": 1, "level": "greedy"}
        )
    if pick == 3:
        return json.dumps(
            {"type": "chat", "text": rng.choice([*COMMANDS_ANYWHERE, "/leave", "/start", "/join"])}
        )
    return with_field(rng.choice(["sit", "bot", "clear"]), "seat", rng.choice(NOT_NULL_OR_TEXT))


def stranger_socket(rng: random.Random, state: dict[str, Any]) -> str | bytes:
    """Eve at Alice's open table (seat 1 free): she may sit down, and that is not sent."""
    pick = rng.randrange(6)
    if pick == 0:
        return junk(rng)
    if pick == 1:
        return json.dumps(
            {"type": rng.choice(["bot", "start"]), "seat": rng.choice([0, 1, None]), "level": "random"}
        )
    if pick == 2:
        return json.dumps({"type": "clear", "seat": rng.choice([0, 1, 5, None])})
    if pick == 3:
        name = rng.choice(["alice", "ALICE", "n" * 25, "Alice"])
        return json.dumps({"type": "sit", "seat": rng.choice([0, 1]), "name": name})
    if pick == 4:
        return json.dumps(
            {"type": rng.choice(["act", "undo", "autopass", "leave"]), "token": "x", "seq": 0, "on": True}
        )
    return json.dumps(
        {"type": "chat", "text": rng.choice([*COMMANDS_ANYWHERE, "/join 1", "/leave", "/start"])}
    )


def test_ten_thousand_malformed_messages_change_nothing_and_drop_no_socket(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    db_path = str(tmp_path / "fuzz.db")
    app = create_app(db_path, Settings(bot_delay=0.0))
    server: Server = app.state.server
    rng = random.Random(2024)
    with running(app) as address, ExitStack() as stack:

        def socket(path: str, uid: str | None, name: str) -> ClientConnection:
            cookie = {"Cookie": guest_cookie(f"http://{address}", uid)} if uid is not None else None
            ws = stack.enter_context(
                connect(f"ws://{address}{path}", max_size=2**22, additional_headers=cookie)
            )
            if uid is not None:
                ws.send(json.dumps({"type": "hello", "name": name}))
                first = json.loads(ws.recv(timeout=10))
                assert first["type"] in ("lobby", "chat_history")
                if first["type"] == "chat_history":
                    assert json.loads(ws.recv(timeout=10))["type"] == "update"
            return ws

        alice_cookie = {"Cookie": guest_cookie(f"http://{address}", "alice-uid-01")}
        playing = httpx.post(
            f"http://{address}/api/tables", json={"name": "Alice"}, headers=alice_cookie
        ).json()["id"]
        open_table = httpx.post(
            f"http://{address}/api/tables", json={"name": "Alice"}, headers=alice_cookie
        ).json()["id"]
        bob = socket(f"/ws/table/{playing}", "bob-uid-0001", "Bob")
        bob.send(json.dumps({"type": "sit", "seat": 1}))
        alice = socket(f"/ws/table/{playing}", "alice-uid-01", "Alice")
        alice.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(alice.recv(timeout=10))
            if message["type"] == "update" and "view" in message:
                break
        bob.close()
        table = server.tables.cached(playing)
        assert table is not None and table.state is not None
        state = {"token": message["you"]["token"], "seq": message["seq"], "legal": legal_actions(table.state)}
        targets: list[tuple[ClientConnection, Callable[[random.Random, dict[str, Any]], str | bytes]]] = [
            (socket(f"/ws/table/{playing}", None, ""), hello_socket),
            (socket("/ws/lobby", "lobby-uid-01", "Lou"), lobby_socket),
            (alice, seated_socket),
            (socket(f"/ws/table/{playing}", "eve-uid-0001", "Eve"), watching_socket),
            (socket(f"/ws/table/{open_table}", "eve-uid-0001", "Eve"), stranger_socket),
        ]
        assert len(targets) == SOCKETS
        before_db = snapshot(db_path)
        before = memory(server, [playing, open_table])
        sent = 0
        for _round in range(MESSAGES_PER_SOCKET // 50):
            for ws, make in targets:
                batch = [make(rng, state) for _ in range(50)]
                for message_out in batch:
                    ws.send(message_out)
                for number, message_out in enumerate(batch):
                    try:
                        reply = json.loads(ws.recv(timeout=20))
                    except TimeoutError:
                        raise AssertionError(
                            f"socket {make.__name__}: no answer to {number}: {batch[number:][:3]!r:.600}"
                        ) from None
                    assert reply["type"] == "error", (message_out[:300], reply)
                    assert reply["message"] and "Traceback" not in reply["message"]
                sent += len(batch)
        for ws, _make in targets[1:]:  # every socket is still open and answers
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        assert memory(server, [playing, open_table]) == before
        assert snapshot(db_path) == before_db
    assert sent >= 10_000
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert not any(r.exc_info for r in caplog.records)
