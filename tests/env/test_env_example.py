"""The research example and the throughput benchmark run end to end (tiny budgets)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "reinforce_vs_random.py"
BENCHMARK = ROOT / "benchmarks" / "env_throughput.py"


def test_reinforce_example_prints_win_rates() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "reinforce_vs_random.py"),
            "--episodes",
            "4",
            "--eval-episodes",
            "6",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "Training for up to 3 min or 4 games against 1 'random' bot(s)" in result.stdout  # both budgets
    assert "Trained on 4 games" in result.stdout
    rates = re.findall(r"win rate (\d+\.\d)%", result.stdout)
    assert len(rates) == 2 and all(0.0 <= float(r) <= 100.0 for r in rates)


def test_example_rejects_a_solo_game() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--players", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and "--players" in result.stderr


def test_throughput_benchmark_compares_a_commit_with_this_tree() -> None:
    """HEAD stands in for the baseline commit: any commit in the history works the same way."""
    result = subprocess.run(
        [
            sys.executable,
            str(BENCHMARK),
            "--runs",
            "1",
            "--seconds",
            "0.2",
            "--players",
            "2",
            "--baseline",
            "HEAD",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    header, row = result.stdout.strip().splitlines()[-2:]
    assert "AEC HEAD" in header and "AEC this tree" in header and "AEC ratio" in header
    cells = row.split()
    assert cells[0] == "2" and cells[3].endswith("x")
    figures = [float(cell.rstrip("x").replace(",", "")) for cell in cells[1:]]
    assert all(figure > 0 for figure in figures)
