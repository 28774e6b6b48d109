"""The benchmark table: kept cells, the page written from them, and the script that measures them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from petersburg.research import table

ROOT = Path(__file__).resolve().parents[2]


def _cell(setting: str, players: int, label: str, opponent: str, wins: float) -> dict[str, Any]:
    return {
        "setting": setting,
        "players": players,
        "label": label,
        "policy": label,
        "opponent": opponent,
        "games": 20,
        "wins": wins,
        "win_rate": wins / 20,
        "win_rate_low": 0.1,
        "win_rate_high": 0.9,
        "mean_decision_seconds": 0.0125,
        "command": f"petersburg evaluate --policy {label} --opponent {opponent} --players {players}",
        "build": "compiled",
        "measured": "2026-11-26",
    }


def test_the_page_shows_the_kept_cells_as_they_are() -> None:
    assert table.main(["--check"]) == 0, "run: python -m petersburg.research.table"


def test_a_page_that_differs_from_the_cells_is_found_and_rewritten(tmp_path: Path) -> None:
    text = table.DOCS.read_text(encoding="utf-8")
    start, end = text.index(table.SECTION.begin), text.index(table.SECTION.end)
    stale = tmp_path / "benchmark.md"
    stale.write_text(
        text[:start] + table.SECTION.begin + "\n| an older table |\n" + text[end:], encoding="utf-8"
    )
    assert table.main(["--check", "--docs", str(stale)]) == 1
    assert table.main(["--docs", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == text


def test_rows_follow_the_ladder_and_a_missing_column_says_so(tmp_path: Path) -> None:
    for cell in (
        _cell("market", 2, "greedy", "greedy", 9),
        _cell("first", 4, "ismcts:hard", "greedy", 15),
        _cell("first", 2, "trained policy", "random", 18),
        _cell("first", 2, "ismcts:hard", "random", 20),
        _cell("first", 2, "ismcts:hard", "greedy", 17),
        _cell("first", 2, "random", "greedy", 0),
    ):
        table.save_cell(tmp_path, cell)
    rows = [line for line in table.section(table.load_cells(tmp_path)).splitlines() if line.startswith("| ")][
        1:
    ]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| first", "2", "random"],
        ["| first", "2", "ismcts:hard"],
        ["| first", "2", "trained policy"],
        ["| first", "4", "ismcts:hard"],
        ["| market", "2", "greedy"],
    ]
    hard = rows[1].split(" | ")
    assert hard[3:6] == ["100.0 % (20/20; 10.0–90.0)", "85.0 % (17/20; 10.0–90.0)", "12.5"]
    assert "`petersburg evaluate --policy ismcts:hard --opponent OPP --players 2`" in hard[6]
    assert rows[0].split(" | ")[3] == "not run"


def test_the_script_measures_a_missing_cell_and_keeps_it(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "benchmark_table.py"),
        *("--policies", "greedy", "--opponents", "random", "--players", "2", "--settings", "first"),
        *("--games", "3", "--results", str(tmp_path)),
    ]
    environment = os.environ | {"PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    first = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    path = table.cell_file(tmp_path, "first", 2, "greedy", "random")
    cell = json.loads(path.read_text(encoding="utf-8"))
    assert (cell["games"], cell["label"], cell["jobs"]) == (4, "greedy", 1), first.stdout
    assert (
        cell["command"]
        == "petersburg evaluate --policy greedy --opponent random --players 2 --games 3 --seed 2026"
    )
    again = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    assert again.stdout.strip() == f"kept: {path}"
    assert json.loads(path.read_text(encoding="utf-8")) == cell
