"""Load benchmark of several server processes on one PostgreSQL database and one Redis.

Starts a throw-away PostgreSQL and Redis on loopback (Debian's packages, as the tests do:
``tests/services.py``) and ``--processes`` (3) ``petersburg serve`` processes on them, then one
client process (``load_client.py``) opens ``--tables`` (1000) 2-seat tables and plays random legal
actions on all of them at once, each seat thinking about ``--think`` seconds (uniform 0.5x-1.5x)
when its turn comes. The two seats of every table are connected to *different* processes (seat 1
to process k, seat 2 to process k+1), so every action is written by one process and reaches the
other seat through a Redis notice: the path of a community spread over processes.

After ``--warmup`` seconds it measures for ``--seconds`` seconds the latency from sending an action
to the moment both seats have received the resulting update (p50, p95, p99, max), actions per
second, errors, and the CPU of every server process, of PostgreSQL (all its processes), of Redis
and of the client, as a share of one core and in milliseconds per action (less noisy than the
latency on a shared machine), with the machine's load average: on 2 cores these say what limits
the latency.

``--baseline REV`` first runs the same load on the server of an older commit (unpacked with
``git archive``, as ``server_load.py`` does), then on this checkout, on the same PostgreSQL and
Redis (a fresh database each): old and new side by side in one run.

Usage: ``python benchmarks/server_processes.py [--tables 1000] [--think 3] [--seconds 20]
[--baseline 1008dc0]``.
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

from load_client import (  # noqa: E402  (a sibling module, found through the path above)
    NEW_SERVER_LIMITS,
    Load,
    loop_lag,
    own_cpu,
    proc_stat,
    quantile_ms,
    run_loop_any,
)
from server_load import unpack  # noqa: E402

from petersburg.server.local import LocalServer  # noqa: E402
from tests.services import PostgresServer, RedisServer, postgres_server, redis_server  # noqa: E402


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with suppress(FileNotFoundError, ProcessLookupError):
            total += proc_stat(pid)[0]
    return total


def children(pid: int) -> list[int]:
    """A process and all its descendants (PostgreSQL's backends, a server's bot workers)."""
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    pairs = [tuple(map(int, line.split())) for line in out.splitlines() if line.strip()]
    found = [pid]
    for parent in found:
        found += [child for child, its_parent in pairs if its_parent == parent]
    return found


def pid_of(pattern: str) -> int:
    """The oldest process whose command line matches ``pattern``."""
    out = subprocess.run(["pgrep", "-o", "-f", pattern], capture_output=True, text=True).stdout
    return int(out.split()[0])


async def run(
    args: argparse.Namespace, servers: list[LocalServer], postgres_pid: int, redis_pid: int
) -> dict[str, Any]:
    load = Load([server.base_url for server in servers], args.think, args.seed, 0)
    began = time.perf_counter()
    await asyncio.gather(*(load.add_table() for _ in range(args.tables)))
    setup = time.perf_counter() - began
    await asyncio.sleep(args.warmup)
    groups: dict[str, list[int]] = {
        f"server {i + 1}": children(s.process.pid) for i, s in enumerate(servers) if s.process
    }
    groups["PostgreSQL"] = children(postgres_pid)
    groups["Redis"] = [redis_pid]
    before = {name: cpu_of(pids) for name, pids in groups.items()}
    client_before = own_cpu()
    start = time.perf_counter()
    load.window = (start, start + args.seconds)
    lags: list[float] = []
    watch = asyncio.create_task(loop_lag(lags))
    await asyncio.sleep(args.seconds)
    watch.cancel()
    groups["PostgreSQL"] = children(postgres_pid)  # backends come and go: count those alive now
    after = {name: cpu_of(pids) for name, pids in groups.items()}
    client_cpu = own_cpu() - client_before
    load_average = os.getloadavg()
    await asyncio.sleep(min(3.0, args.think * 1.5))
    await load.stop()
    latencies = sorted(load.sample.latencies) or [float("nan")]
    actions = max(1, load.sample.actions)
    used = {name: after[name] - before[name] for name in groups}
    used["client"] = client_cpu
    return {
        "tables": args.tables,
        "processes": len(servers),
        "think_s": args.think,
        "setup_s": round(setup, 1),
        "actions_per_s": round(load.sample.actions / args.seconds, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p95_ms": round(quantile_ms(latencies, 0.95), 1),
        "p99_ms": round(quantile_ms(latencies, 0.99), 1),
        "max_ms": round(1000 * latencies[-1], 1),
        "errors": len(load.sample.errors),
        "first_errors": load.sample.errors[:3],
        "cpu_percent": {name: round(100 * cpu / args.seconds, 1) for name, cpu in used.items()},
        "cpu_ms_per_action": {name: round(1000 * cpu / actions, 2) for name, cpu in used.items()},
        "cpu_ms_per_action_total": round(1000 * sum(used.values()) / actions, 2),
        "client_loop_lag_p99_ms": round(1000 * sorted(lags)[int(0.99 * (len(lags) - 1))], 1) if lags else 0.0,
        "load_average": [round(x, 1) for x in load_average],
    }


def measure(
    args: argparse.Namespace, postgres: PostgresServer, redis: RedisServer, source: Path | None
) -> dict[str, Any]:
    """One phase: ``args.processes`` servers (of ``source``, or this checkout) on a fresh database."""
    env = {
        **NEW_SERVER_LIMITS,
        "PETERSBURG_DATABASE_URL": postgres.new_database(),
        "PETERSBURG_REDIS_URL": redis.url,
    }
    with ExitStack() as stack:
        data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        servers = [
            stack.enter_context(
                LocalServer(data, env=env, source=source, timeout=60, output=data / f"server-{i}.log")
            )
            for i in range(args.processes)
        ]
        postgres_pid = pid_of(f"postgres.*-p {postgres.port}")
        redis_pid = pid_of(f"redis-server.*{redis.port}")
        try:
            figures: dict[str, Any] = run_loop_any(run(args, servers, postgres_pid, redis_pid))
        except BaseException:
            for i in range(args.processes):  # what the servers said, to tell why
                print(
                    f"--- server {i + 1}:",
                    *(data / f"server-{i}.log").read_text().splitlines()[-15:],
                    sep="\n",
                )
            raise
        return figures


def describe(label: str, figures: dict[str, Any]) -> str:
    return (
        f"{label}: {figures['tables']} tables x 2 seats over {figures['processes']} processes (seats on "
        f"different processes), think {figures['think_s']} s: p50 {figures['p50_ms']} ms, p95 "
        f"{figures['p95_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms; "
        f"{figures['actions_per_s']} actions/s; {figures['errors']} errors; set-up {figures['setup_s']} s\n"
        "  CPU (% of one core): "
        + ", ".join(f"{k} {v}" for k, v in figures["cpu_percent"].items())
        + f"\n  CPU ms per action: {figures['cpu_ms_per_action_total']} in all: "
        + ", ".join(f"{k} {v}" for k, v in figures["cpu_ms_per_action"].items())
        + f"\n  client loop lag p99 {figures['client_loop_lag_p99_ms']} ms; load average "
        + " ".join(str(x) for x in figures["load_average"])
        + f"; machine: {os.cpu_count()} cores"
        + (f"\n  first errors: {figures['first_errors']}" if figures["first_errors"] else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0, help="seconds a seat thinks (0.5x-1.5x)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", default="none", help="also run this older commit first ('none': skip)")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    results: dict[str, dict[str, Any]] = {}
    with ExitStack() as stack:
        postgres = stack.enter_context(postgres_server())
        redis = stack.enter_context(redis_server())
        phases: list[tuple[str, Path | None]] = [("new", None)]
        if args.baseline != "none":
            checkout = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            phases.insert(0, (f"old ({args.baseline})", unpack(args.baseline, checkout)))
        for label, source in phases:
            results[label] = measure(args, postgres, redis, source)
            print(describe(label, results[label]), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
