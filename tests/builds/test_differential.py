"""The compiled and the interpreted builds play the same games to the last bit.

Two processes, one per build (``PETERSBURG_PURE_PYTHON=1`` for the interpreted one), each trace the
same seeded games (``trace.py``: states, views, determinizations, legal actions, bot choices and
gains, copies, pickling and the answers to bad input) and print a digest per game; the digests must
be equal. When one is not, both processes trace that game record by record again and the failure
names the first record and field that differ.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.builds.helpers import ROOT, child_env, require_compiled_build

TRACE = Path(__file__).with_name("trace.py")
GAMES = 300
TIMEOUT = 1500
"""Seconds each trace may take, within this test's own limit of 1800 (the interpreted trace of 300
games takes a few minutes on one free core, with events and incomes traced; on a machine shared
with other jobs it has taken up to 15 minutes)."""


def run_traces(*args: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The JSON lines ``trace.py`` prints in the compiled and in the interpreted build, run side
    by side."""
    children = [
        subprocess.Popen(
            [sys.executable, str(TRACE), *args],
            cwd=ROOT,
            env=child_env(pure),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for pure in (False, True)
    ]
    outputs = []
    try:
        for child in children:  # a child waiting to write while the other is read just pauses
            outputs.append(child.communicate(timeout=TIMEOUT))
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    lines = []
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
        lines.append([json.loads(line) for line in out.splitlines()])
    return lines[0], lines[1]


def first_difference(game: int) -> str:
    """A sentence naming the first record and field of ``game`` that differ between the builds."""
    compiled, interpreted = run_traces("--detail", str(game))
    for index, (mine, theirs) in enumerate(zip(compiled[1:], interpreted[1:], strict=False)):
        if mine != theirs:
            field = next(key for key in sorted(set(mine) | set(theirs)) if mine.get(key) != theirs.get(key))
            return (
                f"Game {game}, record {index}: '{field}' differs. "
                f"Compiled: {json.dumps(mine.get(field))[:400]}  "
                f"Interpreted: {json.dumps(theirs.get(field))[:400]}"
            )
    return f"Game {game}: {len(compiled) - 1} records compiled, {len(interpreted) - 1} interpreted."


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_compiled_and_interpreted_builds_trace_identical_games() -> None:
    require_compiled_build()
    compiled, interpreted = run_traces("--games", str(GAMES))
    assert compiled[0]["compiled"] is True, compiled[0]
    assert interpreted[0]["compiled"] is False, interpreted[0]
    assert len(compiled) == len(interpreted) == GAMES + 1
    for mine, theirs in zip(compiled[1:], interpreted[1:], strict=True):
        if mine != theirs:
            pytest.fail(first_difference(mine["game"]))
    records = sum(line["records"] for line in compiled[1:])
    assert records > 50 * GAMES  # whole games were traced, not just their set-up
