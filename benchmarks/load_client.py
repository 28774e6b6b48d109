"""The load client the server benchmarks share: 2-seat tables played over real websockets.

``Load`` opens tables on one server or spreads them over several (the two seats of a table on two
different servers), plays random legal actions on all of them at once, each seat thinking about
``think`` seconds (uniform 0.5x-1.5x) when its turn comes, replaces a table whose game ended, and
records, inside its measuring window, the latency from sending an action to the moment *both*
seats have received the resulting update. Used by ``server_load.py`` (one server) and
``server_processes.py`` (several processes on one database).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import resource
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

NEW_SERVER_LIMITS = {
    # One machine plays every client: lift the limits meant for many people.
    "PETERSBURG_MAX_SOCKETS_PER_ADDRESS": "100000",
    "PETERSBURG_MAX_LIVE_TABLES": "100000",
    "PETERSBURG_MAX_LIVE_TABLES_PER_PERSON": "100000",
}


@dataclass
class Sample:
    """What one phase measured."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    games_ended: int = 0


class Table:
    """One 2-seat table of the client: its sockets and the action in flight."""

    def __init__(self, load: Load, number: int) -> None:
        self.load = load
        self.number = number
        self.sockets: list[ClientConnection] = []
        self.pending = -1
        self.sent_at = 0.0
        self.received = 0
        self.acted = -1
        self.over = False
        self.seated = asyncio.Event()
        self.started = asyncio.Event()
        self.readers: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        """Create the table on the first seat's server, connect each seat to its own server
        (``Load.homes``), sit down and start the game."""
        load = self.load
        homes = load.homes(self.number)
        uids = [f"load{load.run:02d}-{self.number:05d}-s{seat}" for seat in range(2)]
        async with load.limit:
            response = await load.http.post(
                f"{homes[0]}/api/tables",
                json={"uid": uids[0], "name": f"T{self.number}a", "seats": 2, "allow_undo": False},
            )
            response.raise_for_status()
            table_id = response.json()["id"]
            for seat in range(2):
                ws_base = homes[seat].replace("http://", "ws://")
                ws = await connect(f"{ws_base}/ws/table/{table_id}", max_size=2**23, open_timeout=60)
                self.sockets.append(ws)
                self.readers.append(asyncio.create_task(self.read(seat)))
                await ws.send(
                    json.dumps({"type": "hello", "uid": uids[seat], "name": f"T{self.number}{'ab'[seat]}"})
                )
            await self.sockets[1].send(json.dumps({"type": "sit", "seat": 1, "name": f"T{self.number}b"}))
            await asyncio.wait_for(self.seated.wait(), 120)
            await self.sockets[0].send(json.dumps({"type": "start"}))
            await asyncio.wait_for(self.started.wait(), 120)

    async def read(self, seat: int) -> None:
        ws = self.sockets[seat]
        load = self.load
        try:
            async for raw in ws:
                message: dict[str, Any] = orjson.loads(raw)
                kind = message["type"]
                if kind == "error":
                    load.sample.errors.append(message["message"])
                    continue
                if kind != "update":
                    continue
                if "view" not in message:
                    if seat == 1 and message["you"] is not None:
                        self.seated.set()
                    continue
                self.started.set()
                seq = message["seq"]
                if seq == self.pending:
                    self.received += 1
                    if self.received == 2:
                        self.pending = -1
                        if load.measuring(self.sent_at):
                            load.sample.latencies.append(time.perf_counter() - self.sent_at)
                            load.sample.actions += 1
                if message["view"]["stage"] == "over":
                    if not self.over:
                        self.over = True
                        load.sample.games_ended += 1
                        load.replace(self)
                    continue
                legal = message["legal"]
                if legal and self.acted < seq:
                    self.acted = seq
                    asyncio.get_running_loop().call_later(
                        load.think_time(), self.act, seat, seq, message["you"]["token"], load.choose(legal)
                    )
        except Exception as error:  # a closed socket ends the reader
            if not load.stopping:
                load.sample.errors.append(f"table {self.number} seat {seat}: {type(error).__name__} {error}")

    def act(self, seat: int, seq: int, token: str, action: int) -> None:
        if self.load.stopping:
            return
        self.pending = seq + 1
        self.received = 0
        self.sent_at = time.perf_counter()
        message = json.dumps({"type": "act", "token": token, "seq": seq, "action": action})
        sending = asyncio.ensure_future(self.sockets[seat].send(message))
        self.load.pending.add(sending)
        sending.add_done_callback(self.load.pending.discard)

    async def close(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 5)
        for reader in self.readers:
            reader.cancel()


class Load:
    """The client: every table, one shared HTTP client, the measurement window."""

    def __init__(self, bases: list[str], think: float, seed: int, run: int) -> None:
        self.bases = bases
        """The servers: with several, the two seats of table k are on servers k and k+1."""
        self.think = think
        self.rng = random.Random(seed)
        self.run = run
        # No kept-alive connections: a server that closed an idle one would fail the next request.
        self.http = httpx.AsyncClient(
            timeout=120, limits=httpx.Limits(max_connections=32, max_keepalive_connections=0)
        )
        self.limit = asyncio.Semaphore(32)
        self.tables: list[Table] = []
        self.sample = Sample()
        self.window = (float("inf"), float("-inf"))
        self.stopping = False
        self.counter = 0
        self.pending: set[asyncio.Future[None]] = set()

    def homes(self, number: int) -> list[str]:
        """The server of each seat of table ``number``."""
        return [self.bases[(number + seat) % len(self.bases)] for seat in range(2)]

    def think_time(self) -> float:
        return self.think * (0.5 + self.rng.random()) if self.think > 0 else 0.0

    def choose(self, legal: list[dict[str, Any]]) -> int:
        others = [a for a in legal if a["kind"] != "pass"]
        chosen = self.rng.choice(others) if others and self.rng.random() < 0.6 else self.rng.choice(legal)
        return int(chosen["id"])

    def measuring(self, sent_at: float) -> bool:
        return self.window[0] <= sent_at < self.window[1]

    async def add_table(self) -> Table:
        self.counter += 1
        table = Table(self, self.counter)
        self.tables.append(table)
        await table.open()
        return table

    def replace(self, ended: Table) -> None:
        if self.stopping:
            return
        task = asyncio.create_task(self._replace(ended))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _replace(self, ended: Table) -> None:
        await ended.close()
        self.tables.remove(ended)
        try:
            await self.add_table()
        except Exception as error:
            if not self.stopping:
                self.sample.errors.append(f"replacing a table: {error}")

    async def stop(self) -> None:
        self.stopping = True
        for task in list(self.pending):
            task.cancel()
        await asyncio.gather(*(table.close() for table in self.tables), return_exceptions=True)
        await self.http.aclose()


def proc_stat(pid: int) -> tuple[float, float, float]:
    """CPU seconds used so far (all, and in the kernel) and resident memory (MB) of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    kernel = int(fields[12]) / ticks
    rss_kb = next(
        int(line.split()[1])
        for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        if line.startswith("VmRSS")
    )
    return cpu, kernel, rss_kb / 1024


def quantile_ms(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted seconds, in milliseconds."""
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def loop_lag(lags: list[float], every: float = 0.02) -> None:
    """Record how late the event loop wakes a sleeper (the client's own share of each latency)."""
    while True:
        began = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(max(0.0, time.perf_counter() - began - every))


def run_loop_any(main: Coroutine[object, object, Any]) -> Any:
    """Run the client on uvloop when it is installed (the same fast loop the server uses)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)
