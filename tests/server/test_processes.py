"""Three server processes on one PostgreSQL database and one Redis: clients on different processes
play one 4-seat table to the end; one process is killed with SIGKILL right after a client sent an
action through it; that client reconnects to another process and resumes. Every acknowledged
action is in the log exactly once, in order, and the log replays to the game the clients saw."""

from __future__ import annotations

import json
import random
import urllib.request
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.server.local import LocalServer
from tests.server.helpers import eventually, pick_action, stored_log
from tests.services import PostgresServer, RedisServer

UIDS = [f"process-player-{i}" for i in range(4)]


def updates_from(ws: ClientConnection, at_least: int) -> dict[str, Any]:
    """The first update of the game at ``seq`` >= ``at_least`` (a process that catches up with
    several rows at once sends one update for them)."""
    for _ in range(5000):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "update" and "view" in message and message["seq"] >= at_least:
            return message
    raise AssertionError(f"no update at #{at_least} or later")


def finished(server: LocalServer, table: int) -> bool:
    """Whether ``server`` says ``table`` is over."""
    with urllib.request.urlopen(server.base_url + f"/api/tables/{table}", timeout=10) as response:
        return bool(json.load(response)["status"] == "over")


def join(base: str, table: int, seat: int, stack: ExitStack) -> tuple[ClientConnection, dict[str, Any]]:
    ws = stack.enter_context(connect(base.replace("http://", "ws://") + f"/ws/table/{table}"))
    ws.send(json.dumps({"type": "hello", "uid": UIDS[seat], "name": f"Player {seat + 1}"}))
    for _ in range(100):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "update":
            return ws, message
    raise AssertionError("no update after hello")


@pytest.mark.slow
def test_three_processes_play_one_table_and_one_is_killed(
    postgres: PostgresServer, redis: RedisServer, tmp_path: Path
) -> None:
    env = {"PETERSBURG_DATABASE_URL": postgres.new_database(), "PETERSBURG_REDIS_URL": redis.url}
    rng = random.Random(14)
    with ExitStack() as stack:
        servers = []
        for i in range(3):  # one after the other: the first one migrates the database
            server = LocalServer(tmp_path, env=env, output=tmp_path / f"server-{i}.log")
            servers.append(stack.enter_context(server))
        home = [servers[i % 3] for i in range(4)]  # seats 0 and 3 on the first process
        request = urllib.request.Request(
            servers[0].base_url + "/api/tables",
            data=json.dumps({"uid": UIDS[0], "name": "Player 1", "seats": 4}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            table = int(json.load(response)["id"])
        sockets: list[ClientConnection] = []
        for seat in range(4):
            ws, _ = join(home[seat].base_url, table, seat, stack)
            if seat:
                ws.send(json.dumps({"type": "sit", "seat": seat}))
                for _ in range(100):
                    message = json.loads(ws.recv(timeout=30))
                    if message["type"] == "update" and (message.get("you") or {}).get("seat") == seat:
                        break
            sockets.append(ws)
        sockets[0].send(json.dumps({"type": "start"}))
        updates = [updates_from(ws, 0) for ws in sockets]
        acknowledged: dict[int, tuple[int, int]] = {}
        killed = False
        # The last action's update shows the game over; its result follows once it is stored.
        while updates[0]["view"]["stage"] != "over":
            seq = updates[0]["seq"]
            seat = updates[0]["view"]["to_act"]
            mine = updates[seat]
            assert mine["seq"] == seq
            action = pick_action(mine, rng)
            sockets[seat].send(
                json.dumps({"type": "act", "token": mine["you"]["token"], "seq": seq, "action": action})
            )
            if not killed and seq >= 30 and home[seat] is servers[1]:
                # Killed right after the action went out: it may or may not have been stored.
                servers[1].kill()
                killed = True
                home[seat] = servers[2]
                sockets[seat], resumed = join(servers[2].base_url, table, seat, stack)
                if resumed["seq"] == seq:  # not stored before the kill: send it again
                    sockets[seat].send(
                        json.dumps(
                            {"type": "act", "token": resumed["you"]["token"], "seq": seq, "action": action}
                        )
                    )
                else:
                    assert resumed["seq"] == seq + 1
            updates = [updates_from(ws, seq + 1) for ws in sockets]
            assert {u["seq"] for u in updates} == {seq + 1}, "every process shows the same game"
            acknowledged[seq] = (seat, action)
        assert killed
        final_seq = updates[0]["seq"]
        for server in (servers[0], servers[2]):
            eventually(partial(finished, server, table), what=f"table {table} over on {server.base_url}")
    log = stored_log(env["PETERSBURG_DATABASE_URL"], table)
    assert [row[0] for row in log] == list(range(final_seq))  # contiguous: nothing lost, nothing twice
    assert {row[0]: (row[2], row[3]) for row in log} == acknowledged


@pytest.mark.slow
def test_a_table_of_bots_goes_on_when_the_process_holding_its_lease_dies(
    postgres: PostgresServer, redis: RedisServer, tmp_path: Path
) -> None:
    env = {
        "PETERSBURG_DATABASE_URL": postgres.new_database(),
        "PETERSBURG_REDIS_URL": redis.url,
        "PETERSBURG_LEASE_SECONDS": "1.5",
    }
    with ExitStack() as stack:
        first = stack.enter_context(LocalServer(tmp_path, env=env, bot_delay=0.05, output=tmp_path / "a.log"))
        second = stack.enter_context(
            LocalServer(tmp_path, env=env, bot_delay=0.05, output=tmp_path / "b.log")
        )
        request = urllib.request.Request(
            first.base_url + "/api/tables",
            data=json.dumps(
                {"uid": UIDS[0], "name": "Host", "seats": 3, "sit": False, "fill": "random"}
            ).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            table = int(json.load(response)["id"])
        host, _ = join(first.base_url, table, 0, stack)
        host.send(json.dumps({"type": "start"}))
        watcher, _ = join(second.base_url, table, 1, stack)
        updates_from(watcher, 20)  # the first process (the lease holder) is making the bots' moves
        first.kill()
        final = None
        for _ in range(100_000):
            message = json.loads(watcher.recv(timeout=30))
            if message["type"] == "update" and "result" in message:
                final = message
                break
        assert final is not None, "the second process did not take the bots over"
    log = stored_log(env["PETERSBURG_DATABASE_URL"], table)
    assert [row[0] for row in log] == list(range(final["seq"]))
    assert (tmp_path / "b.log").read_text().count("was not stored") == 0  # no move was made twice
