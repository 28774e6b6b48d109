"""A table's action round trip (p99), quiet and during 40 parallel sign-ups, side by side.

argon2 hashing is deliberately slow; run on the event loop's thread it once made every table wait
(p99 5 -> 72 ms). The server hashes on a small pool of its own, at a lower CPU priority, and
refuses at once what does not fit the pool's queue. This benchmark starts a server process of its
own (``petersburg serve`` on a throw-away database, so the client's threads do not share its
interpreter), plays a solo table over a websocket, and prints the table's p99 round trip before and
after the burst (quiet) and during it, with their ratio. The figures depend on the machine: compare
the two of one run. ``tests/server/test_password_limits.py`` checks the cause (every hash on the
pool's threads) without timing.

Usage: ``PYTHONPATH=src:. python benchmarks/sign_up_burst.py [--rounds 3] [--sign-ups 40]``.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

from petersburg.server.local import LocalServer
from tests.server.test_password_limits import PASSWORD, TableProbe, post, sign_up_burst


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def window(probe: TableProbe, seconds: float) -> list[float]:
    """The round trips of ``seconds`` of actions, one after the other."""
    samples: list[float] = []
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        samples.append(probe.round_trip())
    return samples


def one_round(sign_ups: int) -> tuple[float, float, Counter[int], float]:
    """Quiet p99, p99 during the burst, the burst's statuses and its seconds."""
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        env = {"PETERSBURG_SIGN_UPS_PER_ADDRESS": "1000"}
        local = stack.enter_context(LocalServer(Path(folder), env=env))
        address = local.base_url.removeprefix("http://")
        probe = TableProbe(address, stack)
        post(address, "/api/account/signup", {"name": "First", "password": PASSWORD})
        window(probe, 0.5)  # warm up
        before = window(probe, 1.5)
        answers: list[tuple[int, str]] = []
        burst = threading.Thread(target=lambda: answers.extend(sign_up_burst(address, sign_ups)))
        started = time.monotonic()
        burst.start()
        loaded: list[float] = []
        while burst.is_alive() or len(loaded) < 50:
            loaded.append(probe.round_trip())
        burst.join()
        lasted = time.monotonic() - started
        quiet = before + window(probe, 1.5)
        return p99(quiet), p99(loaded), Counter(status for status, _ in answers), lasted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sign-ups", type=int, default=40)
    arguments = parser.parse_args()
    for index in range(arguments.rounds):
        quiet, loaded, statuses, lasted = one_round(arguments.sign_ups)
        print(
            f"round {index + 1}: table p99 quiet {1000 * quiet:.1f} ms, during {arguments.sign_ups} "
            f"parallel sign-ups {1000 * loaded:.1f} ms (x{loaded / quiet:.2f}); "
            f"sign-ups {dict(statuses)} in {lasted:.2f} s"
        )


if __name__ == "__main__":
    main()
