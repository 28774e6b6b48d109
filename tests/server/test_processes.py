"""Three server processes on one PostgreSQL database and one Redis: clients on different processes
play one 4-seat table to the end; one process is killed with SIGKILL right after a client sent an
action through it; that client reconnects to another process and resumes. Every acknowledged
action is in the log exactly once, in order, and the log replays to the game the clients saw.

And ``petersburg serve --workers 2``: both workers serve (two seats whose sockets each worker
holds one of play a table to the end, both seeing every move), and stopping the server stops them
all."""

from __future__ import annotations

import json
import os
import random
import time
import urllib.request
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.server.local import LocalServer
from tests.e2e.pages import create_table
from tests.server.helpers import eventually, pick_action, stored_log
from tests.server.live import guest_cookie
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


def join(
    base: str, table: int, seat: int, stack: ExitStack, issuer: str
) -> tuple[ClientConnection, dict[str, Any]]:
    """A socket on the process at ``base`` of seat ``seat``'s player (whose guest identity the
    process at ``issuer`` issued: every process of the database accepts it)."""
    cookie = {"Cookie": guest_cookie(issuer, UIDS[seat])}
    ws = stack.enter_context(
        connect(base.replace("http://", "ws://") + f"/ws/table/{table}", additional_headers=cookie)
    )
    ws.send(json.dumps({"type": "hello", "name": f"Player {seat + 1}"}))
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
        table = create_table(servers[0].base_url, UIDS[0], "Player 1", seats=4)
        sockets: list[ClientConnection] = []
        for seat in range(4):
            ws, _ = join(home[seat].base_url, table, seat, stack, servers[0].base_url)
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
                sockets[seat], resumed = join(servers[2].base_url, table, seat, stack, servers[0].base_url)
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
        table = create_table(first.base_url, UIDS[0], "Host", seats=3, sit=False, fill="random")
        host, _ = join(first.base_url, table, 0, stack, first.base_url)
        host.send(json.dumps({"type": "start"}))
        watcher, _ = join(second.base_url, table, 1, stack, first.base_url)
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


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (its children, theirs, ...), from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile
            parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def socket_owner(server_port: int, client_port: int, pids: set[int]) -> int | None:
    """Which of ``pids`` holds the server side of the loopback TCP connection from ``client_port``."""
    inode = None
    with open("/proc/net/tcp", encoding="ascii") as connections:
        for line in connections.read().splitlines()[1:]:
            fields = line.split()
            local, remote = fields[1], fields[2]
            if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == client_port:
                inode = fields[9]
    if inode is None:
        return None
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue
    return None


@pytest.mark.slow
def test_serve_with_two_workers_serves_from_both_and_stops_them_all(
    postgres: PostgresServer, redis: RedisServer, tmp_path: Path
) -> None:
    env = {
        "PETERSBURG_DATABASE_URL": postgres.new_database(),
        "PETERSBURG_REDIS_URL": redis.url,
        "PETERSBURG_WORKERS": "2",
    }
    server = LocalServer(tmp_path, env=env, output=tmp_path / "workers.log", timeout=60)
    with ExitStack() as stack:
        stack.enter_context(server)
        assert server.process is not None
        below = descendants(server.process.pid)
        table = create_table(server.base_url, UIDS[0], "Player 1", seats=2)
        # Connect until each worker holds one of the seats' sockets (the kernel hands each new
        # connection to one of the workers accepting on the shared port).
        sockets: dict[int, ClientConnection] = {}
        deadline = time.monotonic() + 60
        while len(sockets) < 2:
            assert time.monotonic() < deadline, f"one worker served every connection: {list(sockets)}"
            with ExitStack() as attempt:
                seat = len(sockets)
                ws, _ = join(server.base_url, table, seat, attempt, server.base_url)
                below |= descendants(server.process.pid)
                owner = socket_owner(server.port, ws.socket.getsockname()[1], below)
                assert owner is not None, "no process of the server holds the connection"
                if owner not in sockets:
                    sockets[owner] = ws
                    stack.enter_context(attempt.pop_all())
        seats = list(sockets.values())
        seats[1].send(json.dumps({"type": "sit", "seat": 1}))
        for _ in range(100):
            message = json.loads(seats[1].recv(timeout=30))
            if message["type"] == "update" and (message.get("you") or {}).get("seat") == 1:
                break
        seats[0].send(json.dumps({"type": "start"}))
        updates = [updates_from(ws, 0) for ws in seats]
        rng = random.Random(7)
        while updates[0]["view"]["stage"] != "over":
            seq = updates[0]["seq"]
            assert updates[1]["seq"] == seq and updates[1]["view"]["round"] == updates[0]["view"]["round"]
            mine = updates[updates[0]["view"]["to_act"]]
            action = pick_action(mine, rng)
            seats[mine["you"]["seat"]].send(
                json.dumps({"type": "act", "token": mine["you"]["token"], "seq": seq, "action": action})
            )
            updates = [updates_from(ws, seq + 1) for ws in seats]  # each worker shows every move
        results = [
            update if "result" in update else result_from(ws)
            for ws, update in zip(seats, updates, strict=True)
        ]
        assert results[0]["result"] == results[1]["result"]
        assert finished(server, table)
    # Stopped (SIGTERM to the parent): every worker is gone, none left behind.
    assert server.process.returncode == 0
    eventually(lambda: not any(alive(pid) for pid in below), timeout=20, what="every worker stopping")


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def result_from(ws: ClientConnection) -> dict[str, Any]:
    """The update that carries the game's result."""
    for _ in range(100):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "update" and "result" in message:
            return message
    raise AssertionError("no result")
