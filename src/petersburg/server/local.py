"""Start and stop a real game server as a child process on a free loopback port.

The restart test, the browser tests and the load benchmark all need the same thing: the server as
users run it (``petersburg serve``, its own process, its own SQLite file), reachable only on
loopback, ready before the first request and stopped afterwards even when the caller fails. Only
the standard library is used, so this works without the test dependencies.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path


def free_port() -> int:
    """A loopback TCP port that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalServer:
    """``petersburg serve`` in a child process; ``with LocalServer(data_dir) as server:`` waits until
    it answers and stops it on the way out.

    ``bot_delay`` is the seconds a bot waits before acting (0 for load tests, a little for browser
    tests so that a person could follow); ``undo_grace`` the seconds a bot holds back a move that
    would end the chance to undo a person's action (0: none). ``port`` may be given to restart a
    server on the same address; otherwise a free one is chosen. ``env`` adds environment
    variables (the limits of ``petersburg serve``); ``source`` runs the package found in that
    ``src`` folder instead of the installed one (an older checkout, to measure it side by side);
    ``output`` receives the server's standard output and error (by default they are discarded).
    """

    def __init__(
        self,
        data_dir: str | Path,
        *,
        bot_delay: float = 0.0,
        undo_grace: float = 0.0,
        port: int | None = None,
        timeout: float = 30.0,
        env: Mapping[str, str] | None = None,
        source: str | Path | None = None,
        output: str | Path | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.bot_delay = bot_delay
        self.undo_grace = undo_grace
        self.port = port if port is not None else free_port()
        self.timeout = timeout
        self.env = dict(env or {})
        self.source = Path(source) if source is not None else None
        self.output = Path(output) if output is not None else None
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LocalServer:
        """Launch the server and wait until its API answers; raise ``RuntimeError`` if it never does."""
        env = {
            **os.environ,
            "PETERSBURG_BOT_DELAY": str(self.bot_delay),
            "PETERSBURG_UNDO_GRACE": str(self.undo_grace),
            **self.env,
        }
        if self.source is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(self.source), env.get("PYTHONPATH", "")]).rstrip(
                os.pathsep
            )
        command = [sys.executable, "-m", "petersburg.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir)]
        if self.output is not None:
            with open(self.output, "ab") as sink:
                self.process = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
        else:
            self.process = subprocess.Popen(
                command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.process.returncode} at start-up")
            try:
                with urllib.request.urlopen(self.base_url + "/api/bots", timeout=1) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not answer on {self.base_url} within {self.timeout:.0f} s")

    def stop(self) -> None:
        """Ask the server to shut down (SIGTERM), and kill it if it has not within 10 seconds."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash or power cut would."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.kill()
        self.process.wait()

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
