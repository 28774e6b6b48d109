"""Load benchmark of the web server over real websockets on loopback: old and new side by side.

For each number of tables (``--tables 50,100,200,500,1000``), the server of an older commit
(``--baseline``, default ``c5c084b``, unpacked into a temporary folder with ``git archive`` and run
from there) and this checkout's server are started as ``petersburg serve`` on throw-away databases,
and one client process (one event loop, one shared HTTP client per server, one websocket per seat)
opens that many 2-seat tables on *each* and plays random legal actions on all of them at once:
the servers are loaded at the same time, so whatever else the machine does hits them alike
(``--clients K`` runs K client processes instead, each playing its share of the tables, and loads
one server at a time: then the client is not what limits a saturated server). Each
seat waits about ``--think`` seconds (uniform between 0.5x and 1.5x) when its turn comes; a game
that ends is replaced by a new table. After ``--warmup`` seconds, for ``--seconds`` seconds it
measures per server:

- the latency from sending an action to the moment *both* seats have received the resulting
  update: p50, p95, p99 and max (a line with ``p99`` and the figure in ms);
- actions per second (every action durably logged, then broadcast);
- the server's CPU (its process, from ``/proc``; the share spent in the kernel) and its memory
  per table (resident memory after set-up minus before, divided by the tables);
- the client's own CPU and how late its event loop runs (p99): a latency cannot be smaller.

``--think 0`` saturates the servers: then they are loaded one after the other (a saturated server
takes all one client can send). ``--saturate N`` adds a saturated phase at N tables, with the
new server also run with per-message deflate (``--ws-compression on``); ``--rounds R`` repeats every
phase and the summary gives medians; ``--encoding`` prints what encoding one update costs with
json, orjson, msgspec and pydantic_core, and with deflate. The client runs on the same machine as
the servers, so compare old and new of the same run, not absolute figures of different runs.

Usage: ``python benchmarks/server_load.py --tables 500 --think 2 [--seconds 20] [--baseline c5c084b]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import subprocess
import tempfile
import time
from collections.abc import Coroutine
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from load_client import (  # a sibling module: this script's folder is on the path
    NEW_SERVER_LIMITS,
    Load,
    Sample,
    loop_lag,
    own_cpu,
    proc_stat,
    quantile_ms,
    run_loop_any,
)

from petersburg.server.local import LocalServer

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Phase:
    """One server under one load."""

    label: str
    tables: int
    think: float
    seconds: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    actions_per_second: float
    cpu_percent: float
    cpu_ms_per_action: float
    kernel_percent: float
    """Share of the server's CPU spent in the kernel (sending, fsync)."""
    kb_per_table: float
    rss_mb: float
    errors: int
    setup_seconds: float
    client_cpu_percent: float
    """The load client's own CPU: near 100% the figures measure the client, not the server."""
    client_lag_p99_ms: float
    """How late the client's event loop ran a timer (p99): its own delay inside every latency."""


async def run_phase(
    servers: list[tuple[str, LocalServer]],
    tables: int,
    think: float,
    seconds: float,
    warmup: float,
    seed: int,
    run: int,
) -> list[Phase]:
    """Load every server of ``servers`` with ``tables`` tables at the same time, from one client:
    whatever else the machine does hits all of them alike, in the same window."""
    loads: list[tuple[str, int, Load, float, float, float]] = []
    for label, server in servers:
        assert server.process is not None
        pid = server.process.pid
        _cpu, _kernel, rss_idle = proc_stat(pid)
        load = Load([server.base_url], think, seed, run)
        began = time.perf_counter()
        await asyncio.gather(*(load.add_table() for _ in range(tables)))
        setup = time.perf_counter() - began
        _cpu, _kernel, rss_loaded = proc_stat(pid)
        loads.append((label, pid, load, setup, rss_idle, rss_loaded))
    await asyncio.sleep(warmup)
    starts = [proc_stat(entry[1]) for entry in loads]
    client_start = own_cpu()
    start = time.perf_counter()
    for entry in loads:
        entry[2].window = (start, start + seconds)
    lags: list[float] = []
    watch = asyncio.create_task(loop_lag(lags))
    await asyncio.sleep(seconds)
    watch.cancel()
    client_cpu = own_cpu() - client_start
    ends = [proc_stat(entry[1]) for entry in loads]
    await asyncio.sleep(min(2.0, max(0.5, think * 1.5)))  # let the last actions of the window land
    await asyncio.gather(*(entry[2].stop() for entry in loads))
    lag = 1000 * sorted(lags)[int(0.99 * (len(lags) - 1))] if lags else 0.0
    return [
        summarise(
            label,
            tables,
            think,
            seconds,
            load.sample,
            begin,
            end,
            setup,
            rss_idle,
            rss_loaded,
            client_cpu,
            lag,
        )
        for (label, _pid, load, setup, rss_idle, rss_loaded), begin, end in zip(
            loads, starts, ends, strict=True
        )
    ]


def run_phase_in_processes(
    label: str, server: LocalServer, tables: int, think: float, args: argparse.Namespace, run: int
) -> Phase:
    """Load one server from ``args.clients`` client processes, so that the client is not the limit
    of a saturated server: each process plays its share of the tables; all measure in one window
    (``time.perf_counter`` is the system-wide monotonic clock on Linux, the same in every process)."""
    assert server.process is not None
    pid = server.process.pid
    _cpu, _kernel, rss_idle = proc_stat(pid)
    context = multiprocessing.get_context("spawn")
    pipes = []
    workers = []
    shares = [tables // args.clients + (1 if k < tables % args.clients else 0) for k in range(args.clients)]
    for k, share in enumerate(shares):
        ours, theirs = context.Pipe()
        worker = context.Process(
            target=client_process,
            args=(theirs, server.base_url, share, think, args.seed + k, run * 100 + k),
            daemon=True,
        )
        worker.start()
        pipes.append(ours)
        workers.append(worker)
    try:
        setup = max(_receive(pipe, 300.0) for pipe in pipes)
        _cpu, _kernel, rss_loaded = proc_stat(pid)
        time.sleep(args.warmup)
        begin = proc_stat(pid)
        start = time.perf_counter() + 0.2
        for pipe in pipes:
            pipe.send((start, start + args.seconds))
        time.sleep(max(0.0, start + args.seconds - time.perf_counter()))
        end = proc_stat(pid)
        results = [_receive(pipe, 120.0) for pipe in pipes]
    finally:
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()
    sample = Sample()
    client_cpu = 0.0
    lag = 0.0
    for latencies, actions, errors, games_ended, cpu, worker_lag in results:
        sample.latencies += latencies
        sample.actions += actions
        sample.errors += errors
        sample.games_ended += games_ended
        client_cpu += cpu
        lag = max(lag, worker_lag)
    return summarise(
        label, tables, think, args.seconds, sample, begin, end, setup, rss_idle, rss_loaded, client_cpu, lag
    )


def _receive(pipe: Any, timeout: float) -> Any:
    """The next message of a client process, or an error if it sent none within ``timeout`` s."""
    if not pipe.poll(timeout):
        raise TimeoutError(f"a client process sent nothing for {timeout:g} s")
    message = pipe.recv()
    if isinstance(message, BaseException):
        raise message
    return message


def client_process(pipe: Any, base: str, tables: int, think: float, seed: int, run: int) -> None:
    """One client process of ``run_phase_in_processes``: set up its tables, say so, play, measure
    in the window it is sent, and send back what it measured."""
    try:
        pipe.send(run_loop_any(_client_share(pipe, base, tables, think, seed, run)))
    except BaseException as error:  # the parent reports it
        pipe.send(RuntimeError(f"client process: {type(error).__name__}: {error}"))


async def _client_share(
    pipe: Any, base: str, tables: int, think: float, seed: int, run: int
) -> tuple[list[float], int, list[str], int, float, float]:
    load = Load([base], think, seed, run)
    began = time.perf_counter()
    await asyncio.gather(*(load.add_table() for _ in range(tables)))
    pipe.send(time.perf_counter() - began)
    window: tuple[float, float] = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
    load.window = window
    await asyncio.sleep(max(0.0, window[0] - time.perf_counter()))
    client_start = own_cpu()
    lags: list[float] = []
    watch = asyncio.create_task(loop_lag(lags))
    await asyncio.sleep(max(0.0, window[1] - time.perf_counter()))
    watch.cancel()
    client_cpu = own_cpu() - client_start
    await asyncio.sleep(min(2.0, max(0.5, think * 1.5)))  # let the last actions of the window land
    await load.stop()
    lag = 1000 * sorted(lags)[int(0.99 * (len(lags) - 1))] if lags else 0.0
    sample = load.sample
    return sample.latencies, sample.actions, sample.errors, sample.games_ended, client_cpu, lag


def summarise(
    label: str,
    tables: int,
    think: float,
    seconds: float,
    sample: Sample,
    begin: tuple[float, float, float],
    end: tuple[float, float, float],
    setup: float,
    rss_idle: float,
    rss_loaded: float,
    client_cpu: float,
    lag: float,
) -> Phase:
    """The figures of one server's phase from what its client(s) measured and its /proc counters."""
    latencies = sorted(sample.latencies) or [float("nan")]
    cpu = end[0] - begin[0]
    return Phase(
        label=label,
        tables=tables,
        think=think,
        seconds=seconds,
        p50_ms=round(1000 * statistics.median(latencies), 2),
        p95_ms=round(quantile_ms(latencies, 0.95), 2),
        p99_ms=round(quantile_ms(latencies, 0.99), 2),
        max_ms=round(1000 * latencies[-1], 2),
        actions_per_second=round(sample.actions / seconds, 1),
        cpu_percent=round(100 * cpu / seconds, 1),
        cpu_ms_per_action=round(1000 * cpu / max(1, sample.actions), 3),
        kernel_percent=round(100 * (end[1] - begin[1]) / max(cpu, 1e-9)),
        kb_per_table=round(1024 * (rss_loaded - rss_idle) / tables, 1),
        rss_mb=round(end[2], 1),
        errors=len(sample.errors),
        setup_seconds=round(setup, 1),
        client_cpu_percent=round(100 * client_cpu / seconds, 1),
        client_lag_p99_ms=round(lag, 1),
    )


def describe(phase: Phase) -> str:
    think = f"think {phase.think:g} s" if phase.think > 0 else "no think time (saturated)"
    return (
        f"{phase.label:<12} {phase.tables:>5} tables x 2 seats, {think}: "
        f"p50 {phase.p50_ms} ms, p95 {phase.p95_ms} ms, p99 {phase.p99_ms} ms, max {phase.max_ms} ms; "
        f"{phase.actions_per_second} actions/s; server CPU {phase.cpu_percent}% of a core "
        f"({phase.cpu_ms_per_action} ms per action, {phase.kernel_percent:g}% in the kernel); "
        f"{phase.kb_per_table} KB per table "
        f"(RSS {phase.rss_mb} MB); set-up {phase.setup_seconds} s; {phase.errors} errors; client CPU "
        f"{phase.client_cpu_percent}%, client loop lag p99 {phase.client_lag_p99_ms} ms"
    )


def run_loop(main: Coroutine[object, object, list[Phase]]) -> list[Phase]:
    """Run the client on uvloop when it is installed (the same fast loop the server uses)."""
    return run_loop_any(main)


def unpack(revision: str, into: Path) -> Path:
    """The ``src`` folder of ``revision`` of this repository, unpacked with ``git archive``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "src"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def baseline_source(baseline: str, scratch: Path) -> Path:
    """The ``src`` folder the old server runs from: a checkout's own (as built there: compiled if
    its engine was compiled in place, so a compiled build is compared with a compiled one), or a
    commit's, unpacked into ``scratch`` (pure Python)."""
    checkout = Path(baseline)
    if (checkout / "src" / "petersburg").is_dir():
        return checkout / "src"
    return unpack(baseline, scratch)


def servers(baseline: Path | None, compression: bool) -> list[tuple[str, Path | None, dict[str, str]]]:
    chosen: list[tuple[str, Path | None, dict[str, str]]] = []
    if baseline is not None:
        chosen.append(("old", baseline, dict(NEW_SERVER_LIMITS)))  # versions without them ignore them
    chosen.append(("new", None, dict(NEW_SERVER_LIMITS)))
    if compression:
        chosen.append(("new+deflate", None, {**NEW_SERVER_LIMITS, "PETERSBURG_WS_COMPRESSION": "on"}))
    return chosen


def measure(
    chosen: list[tuple[str, Path | None, dict[str, str]]],
    tables: int,
    think: float,
    args: argparse.Namespace,
    run: int,
) -> list[Phase]:
    """One phase: fresh servers on fresh databases, loaded together; [] (and a line saying why)
    if it could not be run."""
    try:
        with ExitStack() as stack:
            running = []
            for label, source, env in chosen:
                data = stack.enter_context(tempfile.TemporaryDirectory())
                server = LocalServer(data, env=env, source=source, timeout=60)
                running.append((label, stack.enter_context(server)))
            if args.clients > 1:
                phases = [
                    run_phase_in_processes(label, server, tables, think, args, run)
                    for label, server in running
                ]
            else:
                phases = run_loop(
                    run_phase(running, tables, think, args.seconds, args.warmup, args.seed, run)
                )
    except Exception as error:
        print(f"{tables:>5} tables: not measured ({type(error).__name__}: {error})", flush=True)
        return []
    for phase in phases:
        print(describe(phase), flush=True)
    return phases


def encoding_costs() -> None:
    """What one table update costs to encode with each JSON library, and to deflate."""
    import zlib

    from petersburg.engine import apply_action, legal_actions
    from petersburg.server.game.game import Game
    from petersburg.server.game.table import Table as ServerTable
    from petersburg.server.persistence.store import SeatRow, TableRow
    from petersburg.server.view.presenter import Presenter

    row = TableRow(1, "bench", 0.0, 2, {}, True, 0, True, "u" * 8, seed=5, status="playing")
    row.seats = [SeatRow("human", name, name * 8, "t" * 32) for name in ("a", "b")]
    table = ServerTable(row)
    table.game = Game(row, table.names())
    rng = random.Random(1)
    for _ in range(60):
        apply_action(table.game.state, rng.choice(legal_actions(table.game.state)))
    seat = table.game.state.current_player
    presenter = Presenter(None, ["random"])  # type: ignore[arg-type]  # updates need no lobby
    update = presenter.update(table, seat, False, 0)
    text = orjson.dumps(update)
    encoders: dict[str, Any] = {
        "json": lambda: json.dumps(update, separators=(",", ":")),
        "orjson": lambda: orjson.dumps(update),
    }
    try:
        import msgspec
    except ImportError:
        pass
    else:
        encoder = msgspec.json.Encoder()
        encoders["msgspec"] = lambda: encoder.encode(update)
    import pydantic_core

    encoders["pydantic_core"] = lambda: pydantic_core.to_json(update)

    def deflate() -> bytes:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
        return compressor.compress(text) + compressor.flush(zlib.Z_SYNC_FLUSH)

    encoders["deflate (per message)"] = deflate
    print(f"encoding one update ({len(text)} bytes of JSON, a 2-seat game at step 60):")
    for name, encode in encoders.items():
        runs = 3000
        encode()
        began = time.perf_counter()
        for _ in range(runs):
            encode()
        print(f"  {name:<22} {1e6 * (time.perf_counter() - began) / runs:7.1f} µs", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", default="50,100,200,500,1000", help="comma-separated table counts (max 2000)"
    )
    parser.add_argument(
        "--think", type=float, default=2.0, help="mean seconds a seat waits on its turn (0: none)"
    )
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="measuring window of each phase (max 120)"
    )
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of play before measuring")
    parser.add_argument("--saturate", type=int, default=0, help="also a saturated phase at this many tables")
    parser.add_argument(
        "--rounds", type=int, default=1, help="measure each phase this many times, old and new in turn"
    )
    parser.add_argument(
        "--baseline",
        default="c5c084b",
        help="commit of the old server, or a checkout of it (built as it is there); 'none': skip it",
    )
    parser.add_argument("--encoding", action="store_true", help="also measure encoding one update")
    parser.add_argument("--json", help="write every phase's figures to this file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clients",
        type=int,
        default=1,
        help="client processes (more than 1: each server is loaded alone, by all of them; max 8)",
    )
    args = parser.parse_args()
    args.clients = max(1, min(args.clients, 8))
    counts = [max(1, min(int(n), 2000)) for n in args.tables.split(",") if n.strip()]
    args.seconds = max(2.0, min(args.seconds, 120.0))
    args.warmup = max(0.0, min(args.warmup, 30.0))
    if args.encoding:
        encoding_costs()
    phases: list[Phase] = []
    with tempfile.TemporaryDirectory() as checkout:
        baseline = None if args.baseline == "none" else baseline_source(args.baseline, Path(checkout))
        run = 0
        plan = [(tables, args.think, False) for tables in counts]
        if args.saturate:
            plan.append((args.saturate, 0.0, True))
        for tables, think, compression in plan:
            for _round in range(max(1, min(args.rounds, 5))):
                chosen = servers(baseline, compression)
                # With think time the servers are loaded together (the same noise for all); a
                # saturated server takes all one client can send, so those run one at a time.
                # Several client processes load one server at a time.
                alone = think <= 0 or args.clients > 1
                for group in [[one] for one in chosen] if alone else [chosen]:
                    run += 1
                    phases += measure(group, tables, think, args, run)
    print("\nsummary (median of the rounds):")
    for tables, think, _compression in plan:
        by_label: dict[str, list[Phase]] = {}
        for phase in phases:
            if phase.tables == tables and phase.think == think:
                by_label.setdefault(phase.label, []).append(phase)
        figures = []
        for label, measured in by_label.items():
            p99 = statistics.median(p.p99_ms for p in measured)
            rate = statistics.median(p.actions_per_second for p in measured)
            cpu = statistics.median(p.cpu_ms_per_action for p in measured)
            figures.append(f"{label}: p99 {p99:g} ms, {rate:g} actions/s, {cpu:g} ms CPU per action")
        what = f"think {think:g} s" if think > 0 else "saturated"
        print(f"  {tables:>5} tables, {what}: " + "; ".join(figures), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps([p.__dict__ for p in phases], indent=1))


if __name__ == "__main__":
    main()
