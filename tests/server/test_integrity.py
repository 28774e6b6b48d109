"""Integrity: requests on one table run one at a time and are checked right before their log row is
written; a failed write changes nothing; a log that does not replay is reported, never served."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from petersburg.engine import state_to_json
from petersburg.server.app import create_app
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import LogRow
from petersburg.server.runtime import StartupCheckError
from petersburg.server.settings import Settings
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    error_of,
    eventually,
    guest_socket,
    hello,
    latest,
    recv_until,
    seated_game,
    server_of,
    stored_log,
)
from tests.server.live import guest_cookie, running


class GatedStore(SqlStore):
    """The real store, whose log writes wait while the test holds the gate (a slow disk)."""

    def __init__(self, path: str, **options: Any) -> None:
        super().__init__(path, **options)
        self.gate = threading.Event()
        self.gate.set()
        self.held = threading.Event()

    async def append_log(self, table_id: int, row: LogRow, created: float) -> None:
        if not self.gate.is_set():
            self.held.set()
            await asyncio.to_thread(self.gate.wait, 30)
        await super().append_log(table_id, row, created)


def test_a_request_waits_behind_the_one_being_written_and_is_checked_after_it(db_path: str) -> None:
    app = create_app(db_path, Settings(bot_delay=0.0), store_type=GatedStore)
    with TestClient(app) as client, ExitStack() as stack:
        store = server_of(client).store
        assert isinstance(store, GatedStore)
        table, sockets = seated_game(client, stack, 2)
        updates = [latest(ws, 0) for ws in sockets]
        first = updates[0]["view"]["to_act"]
        second = 1 - first
        again = stack.enter_context(
            guest_socket(client, f"/ws/table/{table}", UIDS[first])
        )  # first's 2nd tab
        hello(again, NAMES[first])
        live = server_of(client).tables.cached(table)
        assert live is not None
        take = next(a["id"] for a in updates[first]["legal"] if a["kind"] == "hand")
        act = {"type": "act", "token": updates[first]["you"]["token"], "seq": 0, "action": take}
        store.gate.clear()
        sockets[first].send_json(act)
        assert store.held.wait(10)
        sockets[second].send_json({"type": "autopass", "token": updates[second]["you"]["token"], "on": True})
        again.send_json(act)  # the same action from another tab, made against the same state
        eventually(lambda: live.queue.waiting == 2, what="both requests queued")
        assert live.seq == 0 and live.row.seats[second].autopass is None  # nothing ran meanwhile
        store.gate.set()
        # In order: the action, then the auto-pass (not refused as stale: it waited its turn), then
        # the server passes for the second seat; the copy of the action is refused as stale.
        assert latest(sockets[second], 1)["autopass"] is False
        assert recv_until(sockets[second], lambda m: m["type"] == "update" and m["autopass"])["seq"] == 1
        assert latest(sockets[second], 2)["log"][-1]["event"]["type"] == "passed"
        refusal = recv_until(again, lambda m: m["type"] == "error")
        assert refusal["message"] == "Stale action: it was made against #0, the game is now at #1."
        assert refusal["request"] == "act"
        assert [(kind, seat) for _seq, kind, seat, _a in stored_log(db_path, table)] == [
            ("action", first),
            ("action", second),
        ]


def test_a_failed_log_write_changes_nothing_and_can_be_tried_again(client: TestClient, db_path: str) -> None:
    with ExitStack() as stack:
        table, sockets = seated_game(client, stack, 2)
        updates = [latest(ws, 0) for ws in sockets]
        seat = updates[0]["view"]["to_act"]
        ws = sockets[seat]
        act = {
            "type": "act",
            "token": updates[seat]["you"]["token"],
            "seq": 0,
            "action": updates[seat]["legal"][0]["id"],
        }
        with sqlite3.connect(db_path) as db:  # the disk refuses every new log row
            db.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk full'); END"
            )
        assert error_of(ws, act) == "The action could not be recorded; nothing changed. Try again."
        live = server_of(client).tables.cached(table)
        assert live is not None and live.seq == 0 and live.state is not None and live.state.step == 0
        assert stored_log(db_path, table) == []
        ws.send_json({"type": "ping"})
        assert recv_until(ws, lambda m: m["type"] in ("pong", "update"))["type"] == "pong"  # still open
        with sqlite3.connect(db_path) as db:
            db.execute("DROP TRIGGER refuse")
        ws.send_json(act)
        assert latest(sockets[1 - seat], 1)["view"]["step"] == 1
        assert len(stored_log(db_path, table)) == 1


def _game_with_rows(db_path: str) -> tuple[int, int, int]:
    """A started 2-seat game with 6 actions in the database, and an open table beside it;
    returns (the game's table, the open table, the seat that is not to act)."""
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client, ExitStack() as stack:
        table, sockets = seated_game(client, stack, 2)
        updates = [latest(ws, 0) for ws in sockets]
        for seq in range(6):
            seat = updates[0]["view"]["to_act"]
            action = updates[seat]["legal"][-1]["id"]
            sockets[seat].send_json(
                {"type": "act", "token": updates[seat]["you"]["token"], "seq": seq, "action": action}
            )
            updates = [latest(ws, seq + 1) for ws in sockets]
        other = create_table(client, 2)
    return table, other, 1 - updates[0]["view"]["to_act"]


def test_a_log_that_does_not_replay_is_reported_with_its_table_and_row(db_path: str) -> None:
    table, other, seat = _game_with_rows(db_path)
    with sqlite3.connect(db_path) as db:  # a row for the seat that is not to act, as the old race wrote
        db.execute(
            "INSERT INTO actions (table_id, seq, kind, seat, action, created)"
            " VALUES (?, 6, 'action', ?, 0, 0)",
            (table, seat),
        )
    with (
        pytest.raises(StartupCheckError) as refused,
        TestClient(create_app(db_path, Settings(bot_delay=0.0))),
    ):
        pass
    assert f"table {table}, log row 6 (action 0 by seat {seat + 1}): It is not your turn" in str(
        refused.value
    )
    # Set aside on request: the other tables are served, this one answers why it is not.
    app = create_app(db_path, Settings(bot_delay=0.0, set_aside_bad_logs=True))
    with TestClient(app) as client:
        assert client.get(f"/api/tables/{other}").json()["status"] == "open"
        info = client.get(f"/api/tables/{table}")
        assert info.status_code == 409 and "log row 6" in info.json()["detail"]
        with client.websocket_connect(f"/ws/table/{table}") as ws:
            assert "log row 6" in ws.receive_json()["message"]
    assert len(stored_log(db_path, table)) == 7  # reported, never cut short


def test_an_undo_row_that_takes_back_nothing_is_reported(db_path: str) -> None:
    table, _other, _seat = _game_with_rows(db_path)
    with sqlite3.connect(db_path) as db:
        db.execute(
            "INSERT INTO actions (table_id, seq, kind, seat, action, created) VALUES (?, 6, 'undo', 0, 0, 0)",
            (table,),
        )
        db.execute(
            "INSERT INTO actions (table_id, seq, kind, seat, action, created) VALUES (?, 7, 'undo', 0, 0, 0)",
            (table,),
        )
    with (
        pytest.raises(StartupCheckError, match=f"table {table}, log row [67] "),
        TestClient(create_app(db_path, Settings(bot_delay=0.0))),
    ):
        pass


# ----------------------------------------------------------------------------------------------
# Races across real sockets


class Sockets:
    """The four sockets of a race table (two per seat), read without blocking on any one."""

    def __init__(self, address: str, table: int) -> None:
        self.stack = ExitStack()
        self.sockets: list[ClientConnection] = []
        self.seat_of: list[int] = []
        self.errors: list[tuple[int, str]] = []
        self.updates: dict[int, dict[str, Any]] = {}
        self.seen: list[int] = []
        for seat in (0, 0, 1, 1):
            cookie = {"Cookie": guest_cookie(f"http://{address}", UIDS[seat])}
            ws = self.stack.enter_context(
                connect(f"ws://{address}/ws/table/{table}", additional_headers=cookie)
            )
            ws.send(json.dumps({"type": "hello", "name": NAMES[seat]}))
            self.sockets.append(ws)
            self.seat_of.append(seat)
            self.seen.append(-1)

    def of(self, seat: int) -> list[ClientConnection]:
        return [ws for ws, s in zip(self.sockets, self.seat_of, strict=True) if s == seat]

    def pump(self, done: Callable[[], bool], timeout: float = 15.0) -> None:
        """Read every socket until ``done()`` holds (at most ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; seen {self.seen}, errors {self.errors}")
            for index, ws in enumerate(self.sockets):
                try:
                    message = json.loads(ws.recv(timeout=0.002))
                except TimeoutError:
                    continue
                if message["type"] == "error":
                    self.errors.append((index, message["message"]))
                elif message["type"] == "update":
                    if "view" in message:
                        self.seen[index] = max(self.seen[index], message["seq"])
                    if message["you"] is not None:
                        self.updates[self.seat_of[index]] = message

    def at(self, seq: int) -> dict[int, dict[str, Any]]:
        """Wait until every socket has the update at ``seq``; the latest update of each seat."""
        self.pump(lambda: all(s >= seq for s in self.seen))
        assert all(s == seq for s in self.seen), f"an update beyond {seq}: {self.seen}"
        return self.updates

    def close(self) -> None:
        self.stack.close()


@pytest.mark.slow
def test_racing_requests_never_both_apply_and_every_log_replays(tmp_path: Path) -> None:
    """200 undos racing the other seat's action and 200 actions sent twice on two sockets of the
    same seat, on a real server over real sockets: exactly one of each pair is applied, the other
    gets an error, no socket is dropped, and after a restart every log replays to the same game."""
    db_path = str(tmp_path / "race.db")
    rng = random.Random(7)
    counts = {"undo against action": 0, "same action twice": 0}
    tables: list[int] = []
    app = create_app(db_path, Settings(bot_delay=0.0))
    with running(app) as address:
        while min(counts.values()) < 200:
            table = httpx.post(
                f"http://{address}/api/tables",
                json={"name": NAMES[0], "seats": 2, "options": {"always_refill": True}},
                headers={"Cookie": guest_cookie(f"http://{address}", UIDS[0])},
            ).json()["id"]
            tables.append(table)
            race = Sockets(address, table)
            try:
                race.of(1)[0].send(json.dumps({"type": "sit", "seat": 1}))
                race.pump(partial(race.updates.__contains__, 1))
                race.of(0)[0].send(json.dumps({"type": "start"}))
                _play_races(race, db_path, table, counts, rng)
                for ws in race.sockets:  # every socket is still open and answers
                    ws.send(json.dumps({"type": "ping"}))
                    assert any(json.loads(ws.recv(timeout=10))["type"] == "pong" for _ in range(100))
            finally:
                race.close()
    played = {t: state_to_json(app.state.server.tables.cached(t).state) for t in tables}
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client:  # start-up check
        for table in tables:
            again = client.app.state.server.tables.cached(table)  # type: ignore[attr-defined]
            if again is None:  # finished and not cached: loaded on demand
                assert client.get(f"/api/tables/{table}/replay").status_code == 200
                continue
            assert state_to_json(again.state) == played[table]


def _settled(race: Sockets, errors_before: int, seq: int) -> bool:
    """One refusal came back and every socket has the update at ``seq``."""
    return len(race.errors) > errors_before and all(s >= seq for s in race.seen)


def _play_races(race: Sockets, db_path: str, table: int, counts: dict[str, int], rng: random.Random) -> None:
    seq = 0
    while min(counts.values()) < 200:
        updates = race.at(seq)
        view = updates[0]["view"]
        if view["stage"] == "over":
            return
        mover = view["to_act"]
        legal = updates[mover]["legal"]
        token = updates[mover]["you"]["token"]
        takes = [a["id"] for a in legal if a["kind"] in ("hand", "buy")]
        if counts["undo against action"] <= counts["same action twice"] and takes:
            race.of(mover)[0].send(
                json.dumps({"type": "act", "token": token, "seq": seq, "action": rng.choice(takes)})
            )
            seq += 1
            updates = race.at(seq)
            other = 1 - mover
            if not updates[mover]["undo"] or not updates[other]["legal"]:
                continue  # this action cannot be taken back: no race to run
            pair = [
                (race.of(mover)[0], {"type": "undo", "token": token, "seq": seq}),
                (
                    race.of(other)[0],
                    {
                        "type": "act",
                        "token": updates[other]["you"]["token"],
                        "seq": seq,
                        "action": rng.choice(updates[other]["legal"])["id"],
                    },
                ),
            ]
            counts["undo against action"] += 1
        else:
            action = rng.choice(legal)["id"]
            message = {"type": "act", "token": token, "seq": seq, "action": action}
            pair = [(ws, message) for ws in race.of(mover)]
            counts["same action twice"] += 1
        rng.shuffle(pair)
        errors_before = len(race.errors)
        for ws, message in pair:
            ws.send(json.dumps(message))
        race.pump(partial(_settled, race, errors_before, seq + 1))
        race.at(seq + 1)  # exactly one of the two was applied
        assert len(race.errors) == errors_before + 1, race.errors[errors_before:]
        assert race.errors[-1][1].startswith("Stale action"), race.errors[-1]
        rows = stored_log(db_path, table)
        assert len(rows) == seq + 1, f"{len(rows)} rows after the race at #{seq}"
        seq += 1
