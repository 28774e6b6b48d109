"""The serial queue every change of a table runs through, one job at a time, to its end.

Two requests on one table never interleave, so each is checked against the state it will be
applied to. With several processes on one database the queue's ``before`` step first takes in what
the others changed (``catch_up.py``), and a job whose write found the table moved on (``Behind``)
runs once more after it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar, cast

from petersburg.server.errors import Refusal

log = logging.getLogger("petersburg.server")

T = TypeVar("T")


class Behind(Refusal):
    """A log row was not written because the table in the database had moved on from this
    process's copy (another process changed it, its notice not yet here): the queue catches up
    and runs the job once more, so it is checked against what is stored."""

    def __init__(self) -> None:
        super().__init__("behind", status=409)


class SerialQueue:
    """Runs a table's jobs one at a time, in arrival order. A job runs to its end once queued,
    even if the request that queued it goes away, so a write is never abandoned halfway."""

    __slots__ = ("_jobs", "_worker", "before")

    def __init__(self) -> None:
        self._jobs: deque[tuple[Callable[[], Awaitable[object]], bool, asyncio.Future[object]]] = deque()
        self._worker: asyncio.Task[None] | None = None
        self.before: Callable[[bool], Awaitable[None]] | None = None
        """Run right before each job with the job's ``check`` (with several processes: catch up
        with what other processes wrote, so the job is checked against what is stored, not
        against what this process saw last; ``check``: ask the database, not only the notices)."""

    @property
    def waiting(self) -> int:
        """Jobs queued and not yet started."""
        return len(self._jobs)

    async def run(self, job: Callable[[], Awaitable[T]], *, check: bool = True) -> T:
        """Queue ``job`` and return its result (or raise its exception) once it has run.
        ``check=False``: ``before`` need not ask the database: the job only brings the table up
        to date with notices received, or its one write checks the table itself (``Tables.append``:
        such a job, which must change nothing before that write, is run once more after
        ``before`` with ``check`` if the write raises ``Behind``)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._jobs.append((job, check, future))
        if self._worker is None:
            self._worker = loop.create_task(self._drain())
        return cast(T, await future)

    async def _drain(self) -> None:
        try:
            while self._jobs:
                job, check, future = self._jobs.popleft()
                try:
                    if self.before is not None:
                        await self.before(check)
                    try:
                        result = await job()
                    except Behind:
                        if check or self.before is None:
                            raise
                        await self.before(True)
                        result = await job()
                except Exception as error:
                    if not future.done():
                        future.set_exception(error)
                    elif not isinstance(error, Refusal):
                        log.error("a table job failed after its requester left", exc_info=error)
                else:
                    if not future.done():
                        future.set_result(result)
        finally:
            self._worker = None

    async def settle(self, *, check: bool = True) -> None:
        """Run no job of its own, only the ``before`` step, in turn: how a table takes in what
        other processes changed when nothing else is about to run on it."""
        await self.run(_nothing, check=check)


async def _nothing() -> None:
    return None
