"""Running a script of ``benchmarks/`` (or a ``petersburg`` command) as a person runs it: its own
process, the checkout's sources on the path; reading the JSON lines it keeps; stopping it."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ENVIRONMENT = os.environ | {"PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
PETERSBURG = [sys.executable, "-m", "petersburg.cli"]
"""The ``petersburg`` command, from the checkout."""


def script(name: str, *arguments: str) -> list[str]:
    """The command line of ``python benchmarks/NAME ARGUMENTS…``."""
    return [sys.executable, str(ROOT / "benchmarks" / name), *arguments]


def run_script(name: str, *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/NAME ARGUMENTS…``, its output captured."""
    return subprocess.run(
        script(name, *arguments), capture_output=True, text=True, env=ENVIRONMENT, check=check
    )


def kept(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of a results file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def terminated_once_a_game_is_kept(
    command: list[str], path: Path, wait_seconds: float = 300.0
) -> subprocess.CompletedProcess[str]:
    """Start ``command`` in a process group of its own, wait until it has kept a whole line in
    ``path``, send SIGTERM to the command alone (not to its workers), and wait for it to end.
    Returns only once its workers have ended too: they hold its output's pipes, which
    ``communicate`` reads to their end. On any failure the whole group is killed."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENVIRONMENT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + wait_seconds
        while not (path.exists() and path.read_text(encoding="utf-8").endswith("\n")):
            if process.poll() is not None:
                _, stderr = process.communicate(timeout=wait_seconds)
                raise AssertionError(f"{command} ended before keeping a game:\n{stderr}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{command} kept no game in {wait_seconds} s")
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=wait_seconds)
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
