"""Three server processes on one PostgreSQL database: Redis is stopped for 10 s while six 2-seat
tables play (each table's seats on two different processes, so every move reaches the other seat
through a notice), then started again. Notices sent meanwhile are lost.

The first two processes run without the periodic head check, so their sockets show what the
catch-up on resubscribing alone does: frozen while Redis is away, the latest state within 5 s
once it is back (the figure is printed). The third checks its watched tables every second: its
sockets never stay more than a few seconds behind, Redis or not. No acknowledged action is lost,
and every log replays."""

from __future__ import annotations

import asyncio
import json
import random
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from petersburg.server.game.game import Game
from petersburg.server.local import LocalServer
from petersburg.server.persistence.sql.store import SqlStore
from tests.e2e.pages import create_table
from tests.server.helpers import pick_action, stored_log
from tests.server.live import guest_cookie
from tests.services import PostgresServer, redis_server

pytestmark = pytest.mark.slow

TABLES = 6
PROCESSES = 3
OUTAGE = 10.0
HEALED_WITHIN = 5.0
THINK = 0.1
CHECKING = 2
"""The process with the periodic head check (every ``CHECK_INTERVAL`` seconds)."""
CHECK_INTERVAL = 1.0
BEHIND_AT_MOST = 2 * CHECK_INTERVAL + 2.0
"""Longest a socket of the checking process may stay behind (two intervals, and slack for a
loaded machine)."""


class Seat:
    """One seat's socket: the latest update it shows, and what it sent and saw acknowledged."""

    def __init__(self, table: int, seat: int, ws: ClientConnection, home: int) -> None:
        self.table, self.seat, self.ws, self.home = table, seat, ws, home
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.sent: dict[int, int] = {}
        """Actions sent, by the ``seq`` they were made against."""

    @property
    def seq(self) -> int:
        return -1 if self.latest is None else int(self.latest.get("seq", -1))

    async def read(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "update" and message.get("seq", -1) >= self.seq:
                self.latest = message
                self.changed.set()

    async def play(self, rng: random.Random, acting: asyncio.Event) -> None:
        """Act whenever this socket shows that it is this seat's turn, while ``acting`` is set."""
        while acting.is_set():
            update = self.latest
            if (
                update is not None
                and "view" in update
                and update["view"]["stage"] != "over"
                and update["view"]["to_act"] == self.seat
                and update["seq"] not in self.sent
            ):
                await asyncio.sleep(THINK * rng.uniform(0.5, 1.5))
                if not acting.is_set():
                    return
                action = pick_action(update, rng)
                self.sent[update["seq"]] = action
                token = update["you"]["token"]
                await self.ws.send(
                    json.dumps({"type": "act", "token": token, "seq": update["seq"], "action": action})
                )
            self.changed.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.5)

    def acknowledged(self) -> dict[int, int]:
        """The actions this seat's own socket saw taken (an update past the row they made)."""
        return {seq: action for seq, action in self.sent.items() if seq < self.seq}


async def join(servers: list[LocalServer], home: int, table: int, seat: int, uid: str) -> Seat:
    base = servers[home].base_url
    cookie = {"Cookie": guest_cookie(base, uid)}  # the guest a table's creator is, at its home
    ws = await connect(base.replace("http://", "ws://") + f"/ws/table/{table}", additional_headers=cookie)
    await ws.send(json.dumps({"type": "hello", "name": f"P{seat}"}))
    if seat:
        await ws.send(json.dumps({"type": "sit", "seat": seat}))
    return Seat(table, seat, ws, home)


async def stored_seqs(database: str, tables: list[int]) -> dict[int, int]:
    """Each table's next ``seq`` as the database holds it."""
    store = SqlStore(database)
    try:
        return {table: len(await store.log(table)) for table in tables}
    finally:
        await store.close()


async def replays(database: str, tables: list[int]) -> None:
    store = SqlStore(database)
    try:
        for table in tables:
            row = await store.table(table)
            assert row is not None
            Game.replay(row, await store.log(table), row_names(row.num_seats))
    finally:
        await store.close()


def row_names(seats: int) -> list[str]:
    return [f"P{i}" for i in range(seats)]


async def outage(
    servers: list[LocalServer], database: str, stop_redis: Any, start_redis: Any
) -> dict[str, float]:
    rng = random.Random(20)
    tables = []
    seats: list[Seat] = []
    for i in range(TABLES):
        uids = [f"outage-{i}-{seat}" for seat in range(2)]
        homes = [i % PROCESSES, (i + 1) % PROCESSES]
        table = create_table(servers[homes[0]].base_url, uids[0], "P0", seats=2)
        tables.append(table)
        seats += [await join(servers, homes[seat], table, seat, uids[seat]) for seat in range(2)]
    readers = [asyncio.create_task(seat.read()) for seat in seats]
    for seat in seats:
        while seat.latest is None or (seat.seat and (seat.latest.get("you") or {}).get("seat") != seat.seat):
            seat.changed.clear()
            await asyncio.wait_for(seat.changed.wait(), 30)
    for seat in seats[::2]:
        await seat.ws.send(json.dumps({"type": "start"}))
    acting = asyncio.Event()
    acting.set()
    players = [asyncio.create_task(seat.play(random.Random(rng.random()), acting)) for seat in seats]
    await asyncio.sleep(2.0)  # playing with notices
    before = sum(len(seat.acknowledged()) for seat in seats)
    stop_redis()
    down = time.monotonic()
    behind_since: dict[Seat, float] = {}
    behind = {"checking": 0.0, "not checking": 0.0}
    while time.monotonic() - down < OUTAGE:  # playing without notices
        await asyncio.sleep(0.2)
        stored = await stored_seqs(database, tables)
        now = time.monotonic()
        for seat in seats:
            if seat.seq < stored[seat.table]:
                since = behind_since.setdefault(seat, now)
                kind = "checking" if seat.home == CHECKING else "not checking"
                behind[kind] = max(behind[kind], now - since)
            else:
                behind_since.pop(seat, None)
    during = sum(len(seat.acknowledged()) for seat in seats) - before
    start_redis()
    back = time.monotonic()
    acting.clear()
    await asyncio.gather(*players)
    healed = None
    while time.monotonic() - back < 3 * HEALED_WITHIN:
        stored = await stored_seqs(database, tables)
        if all(seat.seq == stored[seat.table] for seat in seats):
            healed = time.monotonic() - back
            break
        await asyncio.sleep(0.05)
    for seat in seats:
        await seat.ws.close()
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    assert healed is not None, "some socket still shows an old state"
    for table in tables:
        log = {row[0]: (row[2], row[3]) for row in stored_log(database, table)}
        for seat in (s for s in seats if s.table == table):
            for seq, action in seat.acknowledged().items():
                assert log.get(seq) == (seat.seat, action), f"table {table}: acknowledged row {seq} lost"
        assert sorted(log) == list(range(len(log)))
    await replays(database, tables)
    return {"healed": healed, "moves_during_outage": during, **behind}


def test_sockets_catch_up_within_seconds_after_a_redis_outage(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    database = postgres.new_database()
    with ExitStack() as stack:
        redis_stack = stack.enter_context(ExitStack())
        redis = redis_stack.enter_context(redis_server())
        env = {"PETERSBURG_DATABASE_URL": database, "PETERSBURG_REDIS_URL": redis.url}
        servers = []
        for i in range(PROCESSES):
            interval = str(CHECK_INTERVAL) if i == CHECKING else "0"
            server = LocalServer(
                tmp_path,
                env={**env, "PETERSBURG_HEAD_CHECK_INTERVAL": interval},
                output=tmp_path / f"server-{i}.log",
            )
            servers.append(stack.enter_context(server))
        restarted = ExitStack()
        stack.enter_context(restarted)
        figures = asyncio.run(
            outage(
                servers,
                database,
                redis_stack.close,
                lambda: restarted.enter_context(redis_server(redis.port)),
            )
        )
    print(
        f"\nRedis away {OUTAGE:.0f} s under {TABLES} tables over {PROCESSES} processes: "
        f"{figures['moves_during_outage']} moves meanwhile; longest a socket was behind meanwhile: "
        f"{figures['checking']:.1f} s with the head check, {figures['not checking']:.1f} s without; "
        f"every socket showed the latest state {figures['healed']:.2f} s after Redis was back"
    )
    assert figures["moves_during_outage"] > 0, "nothing was played while Redis was away"
    assert figures["not checking"] > OUTAGE / 2, "no socket froze: the outage tested nothing"
    assert figures["checking"] <= BEHIND_AT_MOST
    assert figures["healed"] <= HEALED_WITHIN
