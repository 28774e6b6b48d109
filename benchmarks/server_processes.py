"""Load benchmark of several server processes on one PostgreSQL database and one Redis.

Starts a throw-away PostgreSQL and Redis on loopback (Debian's packages, as the tests do:
``tests/services.py``) and ``--processes`` (3) ``petersburg serve`` processes on them, then one
client process opens ``--tables`` (1000) 2-seat tables and plays random legal actions on all of
them at once, each seat thinking about ``--think`` seconds (uniform 0.5x-1.5x) when its turn comes.
The two seats of every table are connected to *different* processes (seat 1 to process k, seat 2
to process k+1), so every action is written by one process and reaches the other seat through a
Redis notice and a catch-up read from PostgreSQL: the path of a community spread over processes.

After ``--warmup`` seconds it measures for ``--seconds`` seconds the latency from sending an action
to the moment both seats have received the resulting update (p50, p95, p99, max), actions per
second, errors, and the CPU share of every server process, of PostgreSQL (all its processes) and of
Redis, and the client's own CPU: on a machine of 2 cores these say what limits the latency.

Usage: ``python benchmarks/server_processes.py [--tables 1000] [--think 3] [--seconds 20]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from server_load import (  # noqa: E402  (a sibling script, found through the path above)
    NEW_SERVER_LIMITS,
    Load,
    Table,
    _loop_lag,
    _own_cpu,
    _proc,
    _quantile,
    run_loop,
)
from websockets.asyncio.client import connect  # noqa: E402

from petersburg.server.local import LocalServer  # noqa: E402
from tests.services import postgres_server, redis_server  # noqa: E402


class CrossTable(Table):
    """A 2-seat table whose seats are connected to two different server processes."""

    async def open(self) -> None:
        load = self.load
        assert isinstance(load, CrossLoad)
        homes = [load.bases[(self.number + seat) % len(load.bases)] for seat in range(2)]
        uids = [f"cross{load.run:02d}-{self.number:05d}-s{seat}" for seat in range(2)]
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


class CrossLoad(Load):
    def __init__(self, bases: list[str], think: float, seed: int) -> None:
        super().__init__(bases[0], think, seed, 0)
        self.bases = bases

    async def add_table(self) -> Table:
        self.counter += 1
        table = CrossTable(self, self.counter)
        self.tables.append(table)
        await table.open()
        return table


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with suppress(FileNotFoundError, ProcessLookupError):
            total += _proc(pid)[0]
    return total


def children(pid: int) -> list[int]:
    """A process and all its descendants (PostgreSQL's backends, a server's bot workers)."""
    found = [pid]
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    pairs = [tuple(map(int, line.split())) for line in out.splitlines() if line.strip()]
    for child, parent in pairs:
        if parent == pid:
            found += children(child)
    return found


async def run(
    args: argparse.Namespace, servers: list[LocalServer], postgres_pid: int, redis_pid: int
) -> dict[str, Any]:
    load = CrossLoad([server.base_url for server in servers], args.think, args.seed)
    began = time.perf_counter()
    await asyncio.gather(*(load.add_table() for _ in range(args.tables)))
    setup = time.perf_counter() - began
    await asyncio.sleep(args.warmup)
    groups: dict[str, list[int]] = {
        f"server {i + 1}": [s.process.pid] for i, s in enumerate(servers) if s.process
    }
    groups["PostgreSQL"] = children(postgres_pid)
    groups["Redis"] = [redis_pid]
    before = {name: cpu_of(pids) for name, pids in groups.items()}
    client_before = _own_cpu()
    start = time.perf_counter()
    load.window = (start, start + args.seconds)
    lags: list[float] = []
    watch = asyncio.create_task(_loop_lag(lags))
    await asyncio.sleep(args.seconds)
    watch.cancel()
    groups["PostgreSQL"] = children(postgres_pid)  # backends come and go: count those alive now
    after = {name: cpu_of(pids) for name, pids in groups.items()}
    client_cpu = _own_cpu() - client_before
    await asyncio.sleep(min(3.0, args.think * 1.5))
    await load.stop()
    latencies = sorted(load.sample.latencies) or [float("nan")]
    return {
        "tables": args.tables,
        "processes": len(servers),
        "think_s": args.think,
        "setup_s": round(setup, 1),
        "actions_per_s": round(load.sample.actions / args.seconds, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p95_ms": round(_quantile(latencies, 0.95), 1),
        "p99_ms": round(_quantile(latencies, 0.99), 1),
        "max_ms": round(1000 * latencies[-1], 1),
        "errors": len(load.sample.errors),
        "first_errors": load.sample.errors[:3],
        "cpu_percent": {name: round(100 * (after[name] - before[name]) / args.seconds, 1) for name in groups},
        "client_cpu_percent": round(100 * client_cpu / args.seconds, 1),
        "client_loop_lag_p99_ms": round(1000 * sorted(lags)[int(0.99 * (len(lags) - 1))], 1) if lags else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0, help="seconds a seat thinks (0.5x-1.5x)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    with ExitStack() as stack:
        postgres = stack.enter_context(postgres_server())
        redis = stack.enter_context(redis_server())
        env = {
            **NEW_SERVER_LIMITS,
            "PETERSBURG_DATABASE_URL": postgres.new_database(),
            "PETERSBURG_REDIS_URL": redis.url,
        }
        data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        servers = [
            stack.enter_context(LocalServer(data, env=env, timeout=60, output=data / f"server-{i}.log"))
            for i in range(args.processes)
        ]
        postgres_pid = int(
            subprocess.run(
                ["pgrep", "-o", "-f", f"postgres.*-p {postgres.port}"], capture_output=True, text=True
            ).stdout.split()[0]
        )
        redis_pid = int(
            subprocess.run(
                ["pgrep", "-f", f"redis-server.*{redis.port}"], capture_output=True, text=True
            ).stdout.split()[0]
        )
        figures = run_loop(run(args, servers, postgres_pid, redis_pid))  # type: ignore[arg-type]
    print(
        f"{figures['tables']} tables x 2 seats over {figures['processes']} processes (seats on different "
        f"processes), think {figures['think_s']} s: p50 {figures['p50_ms']} ms, p95 {figures['p95_ms']} ms, "
        f"p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms; {figures['actions_per_s']} actions/s; "
        f"{figures['errors']} errors; set-up {figures['setup_s']} s"
    )
    print(
        "CPU (% of one core): "
        + ", ".join(f"{k} {v}" for k, v in figures["cpu_percent"].items())
        + f", client {figures['client_cpu_percent']} (loop lag p99 {figures['client_loop_lag_p99_ms']} ms)"
        + f"; machine: {os.cpu_count()} cores"
    )
    if figures["first_errors"]:
        print("first errors:", figures["first_errors"])
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
