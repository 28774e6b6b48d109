"""The code a benchmark compares with: a commit extracted from git, or a checkout.

The default, ``c5c084b``, is the engine and the environments before the compiled build and the
speed-ups measured against it (issue 13).
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASELINE = "c5c084b"


def extract(commit: str, into: Path) -> Path:
    """The ``src`` directory of ``commit``, extracted from this repository's git into ``into``."""
    archive = into / "baseline.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", commit, "src"], stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def baseline_src(baseline: str, into: Path) -> Path:
    """The ``src`` directory of ``baseline``: a checkout's own, or a commit's extracted into ``into``."""
    checkout = Path(baseline)
    if checkout.is_dir():
        return checkout / "src"
    return extract(baseline, into)
