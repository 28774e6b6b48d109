"""Password hashing on threads of its own, a few at a time, so that it can never starve the tables.

An argon2 hash (argon2-cffi's recommended parameters) takes 64 MiB and tens of milliseconds of a
core. On the event loop it would stop every table; on the default thread pool a burst of sign-ups
would fill the pool that the rest of the server waits on too, and hold 64 MiB per thread. Here it
runs on ``workers`` threads of its own, and at most ``queue`` more requests wait for them: a
request beyond those is refused at once ("busy, try again in a moment") before anything is counted
or hashed, so memory and CPU spent on passwords stay bounded whatever arrives. The threads run at a
lower CPU priority (``HASHING_NICE``), so when the cores are busy the event loop's thread, which
serves the tables, goes first, and a password is still checked within about two seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from petersburg.server.errors import Refusal

HASHING_NICE = 10
"""The ``nice`` value of the hashing threads: about a tenth of a core's time against a thread at
the default priority, so that when the cores are busy the event loop's thread, which serves the
tables, goes first, while a password (about 0.17 s of a core) is still checked within about two
seconds. ``benchmarks/sign_up_burst.py`` on 2 cores: a table's p99 3.5 ms quiet, 11.2 ms during 40
parallel sign-ups (at ``nice`` 5: 21.3 ms). (Linux's idle
scheduling class, tried before, gave them nothing at all while the cores were busy: a password
change then waited for as long as the load lasted.)"""


def _behind_the_tables() -> None:
    """Lower the calling thread's CPU priority to ``HASHING_NICE`` (Linux gives each thread its own;
    where that is not offered the thread runs as any other)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICE)


class Passwords:
    """argon2 hashing and checking on a bounded pool of its own (see the module's docstring)."""

    def __init__(self, hasher: PasswordHasher, workers: int, queue: int) -> None:
        self.hasher = hasher
        self._pool = ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="password-hashing", initializer=_behind_the_tables
        )
        self._room = workers + queue
        self._taken = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A place among the requests hashing or waiting to (held for the request's whole password
        work); ``Refusal`` at once when every place is taken. Only the event loop's thread takes
        and gives back places, so a plain count is enough."""
        if self._taken >= self._room:
            raise Refusal("hashing_busy", status=503)
        self._taken += 1
        try:
            yield
        finally:
            self._taken -= 1

    async def hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self.hasher.hash, password)

    async def verify(self, stored_hash: str, password: str) -> bool:
        """Whether ``password`` is the one ``stored_hash`` was made of."""
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, self._verify, stored_hash, password
        )

    def _verify(self, stored_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def close(self) -> None:
        """Stop the threads (the server stops): hashes not yet begun are dropped."""
        self._pool.shutdown(wait=False, cancel_futures=True)
