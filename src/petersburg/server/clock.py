"""Time and chance, injected: the clock every timer reads and the source of every game's seed.

The server never calls ``time.time()``, ``asyncio.sleep`` or a random generator for game
decisions directly: the turn timer, chat timestamps and table expiry read a ``Clock``, and each
new game takes its seed from a ``SeedSource``. Tests drive a manual clock instead of waiting, and a
server started with ``--seed`` deals the same games again, so a session can be replayed.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Protocol

SeedSource = Callable[[], int]
"""Returns the seed of the next game dealt (0 to 2**31 - 1)."""


class Clock(Protocol):
    """Epoch seconds, and waiting for a number of them."""

    def time(self) -> float:
        """Seconds since the epoch (what clients are told, e.g. a turn's deadline)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return after ``seconds`` of this clock have passed."""
        ...


class SystemClock:
    """The machine's clock."""

    def time(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


def random_seeds() -> SeedSource:
    """Unpredictable seeds from the operating system (the default)."""
    source = random.SystemRandom()
    return lambda: source.randrange(2**31)


def fixed_seeds(seed: int) -> SeedSource:
    """The same sequence of seeds every time the server starts with ``seed`` (replayable sessions)."""
    source = random.Random(seed)
    return lambda: source.randrange(2**31)
