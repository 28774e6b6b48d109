"""The benchmark table of docs/benchmark.md, kept as one JSON file per measured cell.

    python -m petersburg.research.table           # rewrite the table in docs/benchmark.md
    python -m petersburg.research.table --check   # exit 1 if the page differs from the cells

A cell is one ``petersburg evaluate`` run (one policy against one opponent in one setting and
table size): its result, the command that made it, the build, the processes and the wall time it
took, in ``benchmarks/results/table/``. Cells cost from seconds (random) to hours (the search bots
at 200 games), so they are measured when and where CPU is found, by
``benchmarks/benchmark_table.py``, which runs only the cells missing; the page's table is written
from the files there, so that every figure it shows is a file that names its command, and a test
fails when the page and the files differ.

Each cell also records what played it: the digest of every bot's definition (its class and
settings, ``petersburg.bots.levels.definition``), as the ladder does. A cell whose bot plays
differently today (Master given a new search setting, say) is shown as not run, with the command
that measures it again, and the script measures it anew: the page never shows the figures of a
bot that no longer plays.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from petersburg.bots.levels import definition
from petersburg.written_section import WrittenSection

ROOT = Path(__file__).resolve().parents[3]
"""The source tree this module is in."""
RESULTS = ROOT / "benchmarks" / "results" / "table"
"""Where the measured cells are kept."""
DOCS = ROOT / "docs" / "benchmark.md"

SETTINGS: dict[str, tuple[str, ...]] = {
    "first": (),
    "second": ("--edition", "second"),
    "market": ("--edition", "second", "--market"),
}
"""The rule sets of the table and the ``petersburg evaluate`` arguments that choose each."""
OPPONENTS = ("random", "greedy")
"""The table's columns: the opponent in every other seat."""
ROW_ORDER = (
    "random",
    "greedy",
    "beginner",
    "ismcts:easy",
    "ismcts:medium",
    "ismcts:hard",
    "ismcts:expert",
    "ismcts:master",
)
"""Rows of the built-in bots, weakest first; other rows (trained policies) follow by label."""
OPENSPIEL_ISMCTS = "openspiel-ismcts:50"
"""OpenSpiel's ISMCTS at the budget of the table (``petersburg.env.openspiel_game``)."""
POLICY_IMPORTS = {OPENSPIEL_ISMCTS: "petersburg.env.openspiel_game"}
"""The module a policy of the table needs imported (``--import``)."""
BASELINES = (*ROW_ORDER, OPENSPIEL_ISMCTS)
"""Every row the table must have in each setting and size, in the table's order."""
TABLE_SIZES = (2, 4)
"""The protocol's reference table sizes (its choice, docs/benchmark.md; not a rule of the game)."""
EXPECTED = tuple(
    (setting, players, policy)
    for setting in ("first", "market")
    for players in TABLE_SIZES
    for policy in BASELINES
)
"""The rows the table must have: each built-in bot and OpenSpiel's ISMCTS, 2 and 4 players, the 1st
edition and the Market (the trained policies' rows come with their cells). A row not measured yet
shows "not run" and the command that measures it."""
GAMES = 200
"""Games of a cell under the protocol (fewer are allowed with their interval)."""
OPPONENT_PLACEHOLDER = "OPP"
"""How a row's command shows the column's opponent."""

SECTION = WrittenSection(
    "<!-- benchmark table: written by `python -m petersburg.research.table`, do not edit -->",
    "<!-- end of the benchmark table -->",
    "python -m petersburg.research.table",
)


def evaluate_arguments(
    policy: str,
    opponent: str,
    players: int,
    setting: str,
    games: int = GAMES,
    seed: int = 2026,
    modules: Sequence[str] = (),
) -> list[str]:
    """The ``petersburg`` arguments that measure one cell (without ``--jobs``, which changes
    nothing but the time): the policy's own module (``POLICY_IMPORTS``) and ``modules`` imported."""
    needed = dict.fromkeys([*filter(None, [POLICY_IMPORTS.get(policy)]), *modules])
    return [
        *("evaluate", "--policy", policy, "--opponent", opponent, "--players", str(players)),
        *("--games", str(games), "--seed", str(seed), *SETTINGS[setting]),
        *(f"--import={module}" for module in needed),
    ]


def cell_file(directory: Path, setting: str, players: int, label: str, opponent: str) -> Path:
    """The file of one cell: its setting, table size, row label and opponent, in a file name."""
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    return directory / f"{setting}-{players}p-{slug}-vs-{opponent}.json"


def save_cell(directory: Path, cell: dict[str, Any]) -> Path:
    """Write a measured cell (an ``evaluate`` result with ``setting``, ``label`` and ``command``)."""
    path = cell_file(directory, cell["setting"], cell["players"], cell["label"], cell["opponent"])
    directory.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".json.partial")  # renamed whole: a reader never sees half a cell
    partial.write_text(json.dumps(cell, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(path)
    return path


def bot_definitions(policy: str, opponent: str, setting: str, players: int) -> dict[str, str]:
    """The definition digest of each bot of a cell, by spec, at the cell's table (a bot from a
    module that is not imported here cannot be built, and is left out: nothing to compare it
    with)."""
    found = {}
    for spec in dict.fromkeys((policy, opponent)):
        try:
            found[spec] = definition(spec, players, market=setting == "market")
        except ValueError:
            continue
    return found


def changed_bots(cell: dict[str, Any]) -> list[str]:
    """The specs of the cell's bots that play differently at its table today than when it was
    measured."""
    recorded: dict[str, str] = cell.get("definitions", {})
    today = bot_definitions(cell["policy"], cell["opponent"], cell["setting"], cell["players"])
    return [spec for spec, digest in recorded.items() if spec in today and today[spec] != digest]


def load_cells(directory: Path) -> list[dict[str, Any]]:
    """Every cell kept in ``directory`` (none when it does not exist)."""
    if not directory.is_dir():
        return []
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(directory.glob("*.json"))]


def _row_order(row: tuple[str, int, str]) -> tuple[int, int, int, str]:
    setting, players, label = row
    known = BASELINES.index(label) if label in BASELINES else len(BASELINES)
    return (list(SETTINGS).index(setting), players, known, label)


def _cell_text(cell: dict[str, Any] | None, changed: bool) -> str:
    if cell is not None:
        return (
            f"{100 * cell['win_rate']:.1f} % ({cell['wins']:g}/{cell['games']};"
            f" {100 * cell['win_rate_low']:.1f}–{100 * cell['win_rate_high']:.1f})"
        )
    return "not run (its bot changed since)" if changed else "not run"


def _row_commands(cells: list[dict[str, Any]]) -> str:
    """The row's command with the column's opponent as ``OPP`` (each cell's own if they differ)."""
    commands = {
        cell["command"].replace(f"--opponent {cell['opponent']}", f"--opponent {OPPONENT_PLACEHOLDER}")
        for cell in cells
    }
    return "<br>".join(f"`{command}`" for command in sorted(commands))


def section(cells: list[dict[str, Any]]) -> str:
    """The table as the cells make it, marker lines included."""
    rows: dict[tuple[str, int, str], dict[str, dict[str, Any]]] = {row: {} for row in EXPECTED}
    changed: set[tuple[str, int, str, str]] = set()
    """The cells measured of a bot that has changed since: shown as not run."""
    for cell in cells:
        kept = rows.setdefault((cell["setting"], cell["players"], cell["label"]), {})
        if changed_bots(cell):
            changed.add((cell["setting"], cell["players"], cell["label"], cell["opponent"]))
        else:
            kept[cell["opponent"]] = cell
    lines = [
        SECTION.begin,
        "",
        "| setting | players | policy | vs random | vs greedy | ms / decision | command "
        f"({OPPONENT_PLACEHOLDER}: the column's opponent) |",
        "|---|---:|---|---|---|---:|---|",
    ]
    for row in sorted(rows, key=_row_order):
        setting, players, label = row
        by_opponent = rows[row]
        measured = list(by_opponent.values())
        columns = " | ".join(
            _cell_text(by_opponent.get(opponent), (*row, opponent) in changed) for opponent in OPPONENTS
        )
        if measured:
            ms = f"{1000 * max(cell['mean_decision_seconds'] for cell in measured):.1f}"
            command = _row_commands(measured)
        else:
            ms = "–"
            arguments = evaluate_arguments(label, OPPONENT_PLACEHOLDER, players, setting)
            command = f"`petersburg {shlex.join(arguments)}`"
        lines.append(f"| {setting} | {players} | {label} | {columns} | {ms} | {command} |")
    current = [cell for by_opponent in rows.values() for cell in by_opponent.values()]
    games = sum(cell["games"] for cell in current)
    missing = sum(opponent not in by_opponent for by_opponent in rows.values() for opponent in OPPONENTS)
    builds = sorted({cell.get("build", "unknown") for cell in current})
    dates = sorted(cell.get("measured", "") for cell in current if cell.get("measured"))
    span = (
        "" if not dates else f", measured {dates[0]}" + (f" to {dates[-1]}" if dates[-1] != dates[0] else "")
    )
    lines += [
        "",
        f"{len(current)} cell{'' if len(current) == 1 else 's'}, {games:,} games{span},"
        f" {' and '.join(builds)} build"
        f" (each cell's file in `benchmarks/results/table/` has its wall time, processes and"
        " every figure of the protocol); "
        + (f"{missing} cells not run yet" if missing else "every cell measured")
        + (
            f" ({_how_many(len(changed), missing)} measured of a bot that has changed since)."
            if changed
            else "."
        ),
        "",
        SECTION.end,
    ]
    return "\n".join(lines)


def _how_many(part: int, whole: int) -> str:
    return "all of them" if part == whole else f"{part} of them"


def main(argv: list[str] | None = None) -> int:
    parser = SECTION.parser(__doc__ or "", DOCS)
    parser.add_argument("--results", default=str(RESULTS), help="the cells' folder (%(default)s)")
    args = parser.parse_args(argv)
    return SECTION.write_or_check(Path(args.docs), section(load_cells(Path(args.results))), args.check)


if __name__ == "__main__":
    sys.exit(main())
