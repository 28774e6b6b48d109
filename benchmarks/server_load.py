"""Load test of the web server over real websockets on loopback (bounded in tables and time).

Starts ``petersburg serve`` as a subprocess on a free port with a throw-away database, then:

1. **One table**: two client bots play random legal actions as fast as the server answers;
   reports actions per second through the websocket (each action durably logged, then broadcast).
2. **Many tables**: ``--tables`` tables (default 100) of ``--seats`` client bots each, every bot
   acting ``--think`` seconds after its turn comes; reports the latency from sending an action to
   the moment *every* seat of that table has received the resulting update: p50, p99, max.

Client and server run on the same machine, so the figures include the load of the clients.
Usage: ``python benchmarks/server_load.py [--tables 100] [--seconds 20] [--think 0.25]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect

from petersburg.server.local import LocalServer


@dataclass
class TableRun:
    """One table under load: its sockets and the action in flight."""

    table: int
    seats: int
    sockets: list[ClientConnection] = field(default_factory=list)
    pending_seq: int = -1
    sent_at: float = 0.0
    received: set[int] = field(default_factory=set)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    over: bool = False
    played: float = 0.0
    """Seconds of play (from the start to the deadline or the end of the game)."""


async def open_table(base: str, ws_base: str, seats: int, index: int) -> TableRun:
    uids = [f"load-{index:04d}-seat{s}" for s in range(seats)]
    async with httpx.AsyncClient() as http:
        response = await http.post(
            f"{base}/api/tables",
            json={"uid": uids[0], "name": f"L{index}s0", "seats": seats, "allow_undo": False},
        )
        response.raise_for_status()
        table = response.json()["id"]
    run = TableRun(table, seats)
    for seat in range(seats):
        ws = await connect(f"{ws_base}/ws/table/{table}", max_size=2**22)
        await ws.send(json.dumps({"type": "hello", "uid": uids[seat], "name": f"L{index}s{seat}"}))
        if seat:
            await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"L{index}s{seat}"}))
        run.sockets.append(ws)
    return run


async def wait_seated(run: TableRun) -> None:
    """Drain messages until the last seat's sit is confirmed."""
    ws = run.sockets[-1]
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "error":
            raise RuntimeError(message["message"])
        if message["type"] == "update" and message["you"] is not None:
            return


async def seat_loop(run: TableRun, seat: int, think: float, deadline: float, rng: random.Random) -> None:
    ws = run.sockets[seat]
    while time.perf_counter() < deadline and not run.over:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, deadline - time.perf_counter()))
        except TimeoutError:
            return
        message: dict[str, Any] = json.loads(raw)
        if message["type"] == "error":
            raise RuntimeError(f"table {run.table} seat {seat}: {message['message']}")
        if message["type"] != "update" or "view" not in message:
            continue
        seq = message["seq"]
        if seq == run.pending_seq:
            run.received.add(seat)
            if len(run.received) == run.seats:
                run.latencies.append(time.perf_counter() - run.sent_at)
                run.actions += 1
                run.pending_seq = -1
        if message["view"]["stage"] == "over":
            run.over = True
            return
        if message["legal"]:
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            legal = message["legal"]
            others = [a for a in legal if a["kind"] != "pass"]
            choice = rng.choice(others) if others and rng.random() < 0.6 else rng.choice(legal)
            run.pending_seq = seq + 1
            run.received = set()
            run.sent_at = time.perf_counter()
            await ws.send(
                json.dumps(
                    {"type": "act", "token": message["you"]["token"], "seq": seq, "action": choice["id"]}
                )
            )


async def load(base: str, tables: int, seats: int, seconds: float, think: float, seed: int) -> list[TableRun]:
    ws_base = base.replace("http://", "ws://")
    runs = await asyncio.gather(*(open_table(base, ws_base, seats, i) for i in range(tables)))
    await asyncio.gather(*(wait_seated(run) for run in runs))
    for run in runs:
        await run.sockets[0].send(json.dumps({"type": "start"}))
    started = time.perf_counter()
    deadline = started + seconds
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            seat_loop(run, seat, think, deadline, random.Random(rng.randrange(2**31)))
            for run in runs
            for seat in range(seats)
        )
    )
    played = time.perf_counter() - started
    for run in runs:
        run.played = played
        for ws in run.sockets:
            await ws.close()
    return runs


async def one_table(base: str, seconds: float, seed: int) -> dict[str, Any]:
    """Games at one table, back to back, for ``seconds``: actions per second through the socket."""
    actions = 0
    latencies: list[float] = []
    games = 0
    played = 0.0
    start = time.perf_counter()
    while (left := seconds - (time.perf_counter() - start)) > 0.5:
        run = (await load(base, 1, 2, left, 0.0, seed + games))[0]
        actions += run.actions
        latencies += run.latencies
        played += run.played
        games += 1
    return {
        "games": games,
        "actions": actions,
        "seconds_of_play": round(played, 2),
        "actions_per_second": round(actions / played, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2),
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (1-300)")
    parser.add_argument("--seats", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase (max 120)")
    parser.add_argument("--think", type=float, default=0.25, help="mean seconds a bot waits on its turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = max(1, min(args.tables, 300))
    seconds = max(1.0, min(args.seconds, 120.0))
    with tempfile.TemporaryDirectory() as data, LocalServer(data) as server:
        base = server.base_url
        single = asyncio.run(one_table(base, min(seconds, 10.0), args.seed))
        print(
            f"one table, 2 client bots, no think time: {single['actions_per_second']} actions/s",
            flush=True,
        )
        runs = asyncio.run(load(base, tables, args.seats, seconds, args.think, args.seed))
        latencies = [x for run in runs for x in run.latencies]
        total = sum(run.actions for run in runs)
        many = {
            "tables": tables,
            "seats": args.seats,
            "think_s": args.think,
            "actions": total,
            "actions_per_second": round(total / seconds, 1),
            "p50_ms": round(1000 * percentile(latencies, 0.50), 2),
            "p99_ms": round(1000 * percentile(latencies, 0.99), 2),
            "max_ms": round(1000 * max(latencies), 2),
        }
        print(
            f"{tables} tables x {args.seats} client bots: {many['actions_per_second']} actions/s, "
            f"latency to all seats p50 {many['p50_ms']} ms, p99 {many['p99_ms']} ms",
            flush=True,
        )
        print(json.dumps({"one_table": single, "many_tables": many}))


if __name__ == "__main__":
    main()
