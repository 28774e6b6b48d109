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


def test_rows_follow_the_ladder_and_what_is_not_run_says_so_with_its_command(tmp_path: Path) -> None:
    for cell in (
        _cell("market", 2, "greedy", "greedy", 9),
        _cell("first", 4, "ismcts:hard", "greedy", 15),
        _cell("first", 2, "trained policy", "random", 18),
        _cell("first", 2, "ismcts:hard", "random", 20),
        _cell("first", 2, "ismcts:hard", "greedy", 17),
        _cell("first", 2, "random", "greedy", 0),
    ):
        table.save_cell(tmp_path, cell)
    lines = table.section(table.load_cells(tmp_path)).splitlines()
    rows = {tuple(line.split(" | ")[:3]): line.split(" | ") for line in lines if line.startswith("| ")}
    keys = [key for key in rows if key[0] != "| setting"]
    expected = [(f"| {setting}", str(players), policy) for setting, players, policy in table.EXPECTED]
    assert [key for key in keys if key in expected] == expected  # the ladder's order, every row
    assert (
        keys.index(("| first", "2", "trained policy"))
        == keys.index(("| first", "2", "openspiel-ismcts:50")) + 1
    )
    hard = rows[("| first", "2", "ismcts:hard")]
    assert hard[3:6] == ["100.0 % (20/20; 10.0–90.0)", "85.0 % (17/20; 10.0–90.0)", "12.5"]
    assert "`petersburg evaluate --policy ismcts:hard --opponent OPP --players 2`" in hard[6]
    assert rows[("| first", "2", "random")][3] == "not run"
    master = rows[("| market", "4", "ismcts:master")]
    assert master[3:6] == ["not run", "not run", "–"]
    assert master[6] == (
        "`petersburg evaluate --policy ismcts:master --opponent OPP --players 4 --games 200 --seed 2026"
        " --edition second --market` |"
    )
    assert f"{2 * len(table.EXPECTED) + 2 - 6} cells not run yet" in lines[-3]


def test_a_cell_whose_bot_has_changed_since_is_shown_as_not_run(tmp_path: Path) -> None:
    current = _cell("first", 2, "ismcts:hard", "random", 20) | {
        "definitions": table.bot_definitions("ismcts:hard", "random", "first", 2)
    }
    earlier = _cell("first", 2, "ismcts:hard", "greedy", 17) | {
        "definitions": table.bot_definitions("ismcts:hard", "greedy", "first", 2)
        | {"ismcts:hard": "0123456789ab"}
    }
    assert table.changed_bots(current) == []
    assert table.changed_bots(earlier) == ["ismcts:hard"]
    for cell in (current, earlier):
        table.save_cell(tmp_path, cell)
    lines = table.section(table.load_cells(tmp_path)).splitlines()
    hard = next(line for line in lines if line.startswith("| first | 2 | ismcts:hard |")).split(" | ")
    assert hard[3:6] == ["100.0 % (20/20; 10.0–90.0)", "not run (its bot changed since)", "12.5"]
    assert lines[-3].startswith("1 cell, 20 games")
    assert lines[-3].endswith(
        f"{2 * len(table.EXPECTED) - 1} cells not run yet"
        " (1 of them measured of a bot that has changed since)."
    )
    only_earlier = tmp_path / "earlier"
    table.save_cell(only_earlier, earlier)
    lines = table.section(table.load_cells(only_earlier)).splitlines()
    hard = next(line for line in lines if line.startswith("| first | 2 | ismcts:hard |")).split(" | ")
    assert hard[5:] == [
        "–",
        "`petersburg evaluate --policy ismcts:hard --opponent OPP --players 2 --games 200 --seed 2026` |",
    ]


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
    smaller = subprocess.run(
        [*command[:-4], "--games", "1", *command[-2:]],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    assert smaller.stdout.strip() == f"kept: {path} (4 games, seed 2026); --force measures it anew"
    assert json.loads(path.read_text(encoding="utf-8")) == cell  # a smaller run overwrites nothing
    assert cell["definitions"] == table.bot_definitions("greedy", "random", "first", 2)
    path.write_text(
        json.dumps(cell | {"definitions": {"greedy": "0123456789ab", "random": "ba9876543210"}}),
        encoding="utf-8",
    )
    anew = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    assert anew.stdout.startswith(f"{path}: measured of an earlier greedy, random; measuring it anew\n")
    remeasured = json.loads(path.read_text(encoding="utf-8"))
    assert remeasured["definitions"] == cell["definitions"]
    assert remeasured["wins"] == cell["wins"]  # the same seeded games, played again
