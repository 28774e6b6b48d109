"""A clock the test moves by hand: timers fire when the test says time has passed, not later."""

from __future__ import annotations

import asyncio
import threading


class ManualClock:
    """``Clock`` whose time moves only by ``advance`` (from any thread)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start
        self._lock = threading.Lock()
        self._sleepers: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def time(self) -> float:
        return self.now

    def due_within(self, seconds: float) -> int:
        """How many sleeps end within ``seconds`` from now (so a test knows a timer is set)."""
        with self._lock:
            return sum(
                1 for due, _loop, future in self._sleepers if not future.done() and due <= self.now + seconds
            )

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._lock:
            self._sleepers.append((self.now + seconds, loop, future))
        await future

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass: every sleep that is due by then returns."""
        with self._lock:
            self.now += seconds
            due = [s for s in self._sleepers if s[0] <= self.now]
            self._sleepers = [s for s in self._sleepers if s[0] > self.now]
        for _due, loop, future in due:
            if not loop.is_closed():  # a server stopped meanwhile leaves its sleepers behind
                loop.call_soon_threadsafe(_wake, future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
