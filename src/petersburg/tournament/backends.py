"""Where many independent games are played: the local process pool (default) or Ray.

Every command that plays many games (``petersburg tournament``, ``evaluate``, ``dataset`` and the
self-play of ``petersburg train``) hands its tasks to ``map_in_order``: a function applied to each
task, the results yielded in the tasks' order, so a run gives the same output whichever backend
played it. No scheduling is done here: the local backend is ``multiprocessing``'s spawn pool, the
``ray`` backend is Ray's own task scheduler (``ray.init()`` on this machine by default, or a running
cluster by ``address``). Ray is an optional extra (``pip install 'petersburg[learn]'``), imported
only when it is asked for.

The function and the tasks travel to the workers by pickling: give a module-level function (or a
``functools.partial`` of one). ``modules`` are the bot modules (``--import``) each worker imports
before it plays, as bots registered in one process are unknown in another.

Stopping: a local pool's workers ignore Ctrl-C, so that the one process that started them answers
it (a terminal sends it to the whole process group) and takes its workers down with it; and while a
local pool plays, SIGTERM stops its parent as Ctrl-C does (``interrupted_on_term``), rather than
killing it outright and leaving its workers to play on.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from petersburg.bots import import_bot_modules

BACKENDS = ("local", "ray")
"""The backends ``--backend`` accepts."""
RAY_MISSING = "The Ray backend needs Ray: install it with pip install 'petersburg[learn]'."

Task = TypeVar("Task")
Result = TypeVar("Result")


@dataclass(frozen=True)
class Backend:
    """How to spread tasks: ``local`` processes (``jobs`` of them; 1 plays in this process) or
    ``ray`` (``jobs`` CPUs for a Ray started here, ignored on a cluster given by ``address``)."""

    name: str = "local"
    jobs: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise ValueError(f"Unknown backend '{self.name}': choose one of {', '.join(BACKENDS)}.")
        if self.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {self.jobs}.")
        if self.address is not None and self.name != "ray":
            raise ValueError("--address names a Ray cluster: give it with --backend ray.")


def add_backend_arguments(parser: Any) -> None:
    """``--backend`` and ``--address`` (``--jobs`` is each command's own)."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="where the games run: local worker processes (default) or Ray (pip install 'petersburg[learn]')",
    )
    parser.add_argument(
        "--address",
        help="a running Ray cluster to use with --backend ray (default: start Ray on this machine)",
    )


def backend_from_args(args: Any) -> Backend:
    """The ``Backend`` of a command's ``--backend``, ``--address`` and ``--jobs``."""
    return Backend(args.backend, args.jobs, args.address)


def map_in_order(
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    backend: Backend = Backend(),
    modules: Sequence[str] = (),
) -> Iterator[Result]:
    """``function(task)`` for every task, yielded in the tasks' order as each is done. While a local
    pool plays them, SIGTERM raises ``KeyboardInterrupt`` here as Ctrl-C does (``interrupted_on_term``),
    so the caller stops as it would on Ctrl-C and the pool's workers stop with it."""
    if backend.name == "ray":
        yield from _ray_map(function, tasks, backend, tuple(modules))
        return
    if backend.jobs <= 1 or len(tasks) <= 1:
        import_bot_modules(modules)
        for task in tasks:
            yield function(task)
        return
    with (
        interrupted_on_term(),
        multiprocessing.get_context("spawn").Pool(
            min(backend.jobs, len(tasks)), initializer=start_worker, initargs=(tuple(modules),)
        ) as pool,
    ):
        yield from pool.imap(function, tasks, chunksize=1)


def start_worker(modules: Sequence[str]) -> None:
    """A local pool worker's start: Ctrl-C is left to the parent, which terminates the pool (a
    worker interrupted as well would die mid-task with a traceback of its own, and one that died
    while holding the pool's task queue would leave the parent's ``terminate`` waiting for ever);
    then the bot modules."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import_bot_modules(modules)


@contextlib.contextmanager
def interrupted_on_term() -> Iterator[None]:
    """While inside, SIGTERM raises ``KeyboardInterrupt`` in this process, as Ctrl-C does: a command
    then stops as it would at a deadline (its local pool terminated, what is done kept and
    reported), where SIGTERM's default would end it at once and leave its pool's workers playing on.
    The handler before is put back on leaving, so a caller in the same process (a test) keeps its
    own; outside the main thread, where Python takes no signal handler, it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(_signal: int, _frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _call_with_modules(modules: tuple[str, ...], function: Callable[[Any], Any], task: Any) -> Any:
    """One task in a Ray worker: the bot modules first (once per worker process), then the call."""
    import_bot_modules(modules)
    return function(task)


@contextlib.contextmanager
def backend_session(backend: Backend) -> Iterator[None]:
    """Keep the backend's workers up for several ``map_in_order`` calls: with Ray, start it once
    here (unless it already runs) and shut it down at the end; the local pool needs nothing."""
    if backend.name != "ray":
        yield
        return
    ray = _import_ray()
    if ray.is_initialized():
        yield
        return
    if backend.address is None:
        ray.init(num_cpus=backend.jobs, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=backend.address, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(RAY_MISSING) from None
    return ray


def _ray_map(
    function: Callable[[Task], Result], tasks: Sequence[Task], backend: Backend, modules: tuple[str, ...]
) -> Iterator[Result]:
    with backend_session(backend):
        ray = _import_ray()
        remote = ray.remote(num_cpus=1)(_call_with_modules)
        call = functools.partial(remote.remote, modules, function)
        pending = [call(task) for task in tasks]
        for reference in pending:
            yield ray.get(reference)


__all__ = [
    "BACKENDS",
    "Backend",
    "add_backend_arguments",
    "backend_from_args",
    "backend_session",
    "interrupted_on_term",
    "map_in_order",
    "start_worker",
]
