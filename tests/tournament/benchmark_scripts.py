"""Running a script of ``benchmarks/`` as a person runs it (its own process, the checkout's
sources on the path), and reading the JSON lines it keeps."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_script(name: str, *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/NAME ARGUMENTS…``, its output captured."""
    command = [sys.executable, str(ROOT / "benchmarks" / name), *arguments]
    environment = os.environ | {"PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    return subprocess.run(command, capture_output=True, text=True, env=environment, check=check)


def kept(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of a results file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
