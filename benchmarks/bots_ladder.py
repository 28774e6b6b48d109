"""The bot ladder, measured: each level against the one below it at 2 and 3 players, and all of
them at 4 players.

    python benchmarks/bots_ladder.py --games 200 --jobs 16
    python benchmarks/bots_ladder.py --games 200 --jobs 16          # resumes
    python benchmarks/bots_ladder.py --games 20 --jobs 2 --deadline-seconds 3600 --out-dir trial
    python benchmarks/bots_ladder.py --games 200 --jobs 2 --cells 'duel-*-hard'

The games of the measured table are kept in the repository (``--out-dir``'s default,
``benchmarks/results/ladder``), so that the table's every figure can be read again game by game
and a measurement too long for one machine's sitting grows over many: each sitting plays the games
not kept yet and commits them.

The ladder is the one of the measured table (``petersburg/bots/ladder.json``: its levels in order,
then the research level Random below them all), or ``--levels id=spec,…`` (weakest first) to try
another. Every figure is measured in the 1st edition and in the 2nd edition with the Market:

* **duels**: each level against the level just below it (the lowest ladder level against Random),
  2 players, ``--games`` games, in deals of two games that share a shuffle with the seats swapped
  (the tournament runner's seat rotation): the win rate with its Wilson 95 % interval;
* **3 players**: each level against two seats of the level just below it, ``--games`` games
  rounded up to deals of three that share a shuffle, the level once in every seat: its win rate
  with its interval, against a chance share of a third;
* **4 players**: every window of four consecutive levels (Random first) plays ``--games`` games,
  seats rotated over shared shuffles; all of an edition's games are fitted at once with the
  server's rating model (``benchmarks/bots_ratings.py``: Plackett–Luce at the bots' sigma, from
  OpenSkill's prior), and each level should rank above the level below it. The ratings the server
  uses (``mu``) are the fit of both editions' games together.

A level "holds" when it wins at least 60 % of its duels and more than its third of the 3-player
games in both editions, and ranks above the level below it in both fits. Every game is appended
to ``--out-dir/<cell>.jsonl`` as it finishes, so a run stopped (by ``--deadline-seconds``, Ctrl-C
or SIGTERM, which stop cleanly and write the table, or by anything else) resumes where it was.
Each line records what played it (``levels.definitions`` of its bots): after a level is retuned,
the same command plays its cells again and resumes every other, the old games left in the files
and out of the figures.
Each cell's figures are printed as soon as its games are in; the cells share the CPU time alike,
in whole deals, so that a run stopped early has its cheap cells complete and a share of each dear
one; progress is printed every 5 %. ``--cells`` (names or shell patterns, e.g. ``duel-*-hard``)
plays the games of those cells alone, so that a few cells can be brought to their count on a small
machine; the table is still written from every cell's games in the folder. At the end the table is
written to the package (``--table``; ``--no-write`` only prints) with the game counts actually
played, and ``python -m petersburg.tournament.ladder_docs`` brings docs/bots.md in step with it.
"""

from __future__ import annotations

import argparse
import fnmatch
import itertools
import json
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bots_ratings import Game, fit

from petersburg.bots import import_bot_modules, make_bot
from petersburg.bots.ismcts import SearchConfig
from petersburg.bots.levels import (
    EDITIONS,
    TABLE_NAME,
    definition,
    definitions,
    ladder,
    ladder_table,
    table_definitions,
)
from petersburg.engine import GameOptions, places
from petersburg.server.accounts.ratings import shown
from petersburg.tournament.backends import interrupted_on_term, start_worker
from petersburg.tournament.cli import add_import_argument
from petersburg.tournament.ladder_docs import EDITION_WORDS
from petersburg.tournament.runner import (
    TournamentSpec,
    append_lines,
    derive_seed,
    kept_lines,
    play_game,
    whole_deals,
)
from petersburg.tournament.stats import summarize

HERE = Path(__file__).resolve().parent
TABLE = HERE.parent / "src" / "petersburg" / "bots" / TABLE_NAME
KEPT_GAMES = HERE / "results" / "ladder"
"""The games of the measured table, kept in the repository (``--out-dir``'s default)."""
OPTIONS = {"first": GameOptions(), "second_market": GameOptions(edition="second", market=True)}
"""The rule sets of ``EDITIONS``."""
RESEARCH = ("random", "random")
"""The research level below the ladder: (id, spec)."""
WANTED_DUEL = 0.6
"""Share of 2-player games a level must win against the level just below it."""
TRIO_SEATS = 3
"""The 3-player measure: a level and two seats of the level just below it."""
WANTED_TRIO = 1 / TRIO_SEATS
"""Share of those 3-player games a level must win more of: its chance share."""


@dataclass(frozen=True)
class Cell:
    """One tournament of the measurement: a duel, a 3-player match of a level against two of the
    level below, or a 4-player window, in one edition."""

    name: str
    """File name and key (``duel-first-medium``, ``three-first-medium``, ``four-second_market-1``)."""
    edition: str
    levels: tuple[str, ...]
    """The level ids at its seats (entry order)."""
    spec: TournamentSpec


def plan(levels: list[tuple[str, str]], games: int, seed: int) -> list[Cell]:
    """Every cell of the measurement of ``levels`` ((id, spec), Random first, weakest first)."""
    specs = dict(levels)
    cells = []
    for edition in EDITIONS:
        options = OPTIONS[edition]
        for (below, _), (level, _) in itertools.pairwise(levels):
            name = f"duel-{edition}-{level}"
            bots: tuple[str, ...] = (specs[level], specs[below])
            cells.append(
                Cell(
                    name,
                    edition,
                    (level, below),
                    TournamentSpec(bots, games, derive_seed(seed, name), options),
                )
            )
            name = f"three-{edition}-{level}"
            trio = (specs[level], specs[below], specs[below])
            cells.append(
                Cell(
                    name,
                    edition,
                    (level, below, below),
                    TournamentSpec(trio, whole_deals(games, TRIO_SEATS), derive_seed(seed, name), options),
                )
            )
        for start in range(max(1, len(levels) - 3)):
            window = tuple(level for level, _ in levels[start : start + 4])
            name = f"four-{edition}-{start + 1}"
            bots = tuple(specs[level] for level in window)
            cells.append(
                Cell(name, edition, window, TournamentSpec(bots, games, derive_seed(seed, name), options))
            )
    return cells


def read_lines(path: Path, played_by: list[str]) -> tuple[dict[int, dict[str, Any]], int]:
    """The games already played of a cell by bots of the definitions ``played_by`` (by game
    index), and the number of the file's other games, left aside: games of a level whose bot has
    changed since (or of a run that did not record its bots' definitions), which are not today's
    bots' figures. They stay in the file; a line cut short by a stop is dropped."""
    kept: dict[int, dict[str, Any]] = {}
    aside = 0
    for line in kept_lines(path):
        if line.get("definitions") == played_by:
            kept[line["game"]] = line
        else:
            aside += 1
    return kept, aside


def _play(task: tuple[str, TournamentSpec, int]) -> tuple[str, dict[str, Any]]:
    name, spec, game = task
    return name, play_game(spec, game)


NO_SEARCH_COST = 2
"""Rough cost of a move of a bot that does not search, in search iterations."""


def _move_cost(spec: str) -> int:
    """A rough cost of one move of ``spec``: a search bot's iterations, read from the bot
    ``make_bot`` builds for the spec (any level, alias or variant, so that a level retuned is costed
    as it is); a bot that does not search costs next to nothing."""
    config = getattr(make_bot(spec), "config", None)
    return config.iterations if isinstance(config, SearchConfig) else NO_SEARCH_COST


def _cost(cell: Cell) -> int:
    """A rough cost of one of a cell's games: the moves' costs of its seats."""
    return sum(_move_cost(spec) for spec in cell.spec.bots)


def _order(task: tuple[str, TournamentSpec, int], costs: dict[str, int]) -> tuple[float, int]:
    """Whole deals, every cell getting about the same CPU time: a deal comes when what its cell
    will have cost with it matches the other cells' (so a run stopped early has every cheap cell
    complete and a share of each dear one); the dearest first among equals."""
    name, spec, game = task
    seats = spec.seats
    return ((game // seats + 1) * seats * costs[name], -costs[name])


def chosen_cells(cells: list[Cell], patterns: str | None) -> set[str]:
    """The names of the cells ``--cells`` names (comma-separated names or shell patterns; every
    cell without it). Raises ``SystemExit`` with the cells' names when a pattern matches none."""
    names = [cell.name for cell in cells]
    if patterns is None:
        return set(names)
    chosen: set[str] = set()
    for pattern in (word.strip() for word in patterns.split(",")):
        matched = fnmatch.filter(names, pattern)
        if not matched:
            raise SystemExit(
                f"--cells: {pattern!r} names no cell of this ladder; its cells: {', '.join(names)}"
            )
        chosen.update(matched)
    return chosen


def run(
    cells: list[Cell],
    out: Path,
    jobs: int,
    deadline: float | None,
    modules: tuple[str, ...] = (),
    playing: set[str] | None = None,
) -> dict[str, dict[int, dict[str, Any]]]:
    """Play every missing game of ``cells`` (appended to ``out/<cell>.jsonl``), or of the cells named
    in ``playing`` alone; print each cell when it is complete; stop cleanly at ``deadline`` (a
    ``time.monotonic`` value). Returns every game read or played, by cell."""
    out.mkdir(parents=True, exist_ok=True)
    played_by = {cell.name: definitions(cell.spec.bots, cell.spec.options.market) for cell in cells}
    results = {}
    for cell in cells:
        path = out / f"{cell.name}.jsonl"
        results[cell.name], aside = read_lines(path, played_by[cell.name])
        if aside:
            print(
                f"{cell.name}: {aside} games in {path} were played by bots that have changed since "
                "(or by a run that did not record them): left aside, and played again",
                flush=True,
            )
    by_name = {cell.name: cell for cell in cells}
    costs = {cell.name: _cost(cell) for cell in cells}
    tasks = sorted(
        (
            (cell.name, cell.spec, game)
            for cell in cells
            if playing is None or cell.name in playing
            for game in cell.spec.game_indices()
            if game not in results[cell.name]
        ),
        key=lambda task: _order(task, costs),
    )
    for cell in cells:
        if len(results[cell.name]) >= cell.spec.games:
            report(cell, results[cell.name])
    unfinished = len({name for name, _, _ in tasks})
    print(f"{len(tasks)} games to play in {unfinished} cell{'' if unfinished == 1 else 's'}", flush=True)
    files = {name: append_lines(out / f"{name}.jsonl") for name in results}
    started = time.monotonic()
    played = [0]

    def record(name: str, line: dict[str, Any]) -> None:
        line["definitions"] = played_by[name]
        files[name].write(json.dumps(line) + "\n")
        files[name].flush()
        results[name][line["game"]] = line
        played[0] += 1
        if played[0] % max(1, len(tasks) // 20) == 0 or played[0] == len(tasks):
            elapsed = time.monotonic() - started
            left = elapsed * (len(tasks) - played[0]) / played[0]
            print(f"{played[0]} of {len(tasks)} games, {elapsed:.0f} s (about {left:.0f} s left)", flush=True)
        cell = by_name[name]
        if len(results[name]) == cell.spec.games:
            report(cell, results[name])

    def left() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    try:
        if jobs <= 1:
            for task in tasks:
                remaining = left()
                if remaining is not None and remaining <= 0:
                    print("deadline reached: stopping", flush=True)
                    break
                record(*_play(task))
        else:
            pool = multiprocessing.get_context("spawn").Pool(
                jobs, initializer=start_worker, initargs=(modules,)
            )
            try:
                pending = pool.imap_unordered(_play, tasks, chunksize=1)
                for _ in tasks:
                    remaining = left()
                    if remaining is not None and remaining <= 0:
                        print("deadline reached: stopping", flush=True)
                        break
                    try:
                        record(*pending.next(timeout=remaining))
                    except multiprocessing.TimeoutError:
                        print("deadline reached: stopping", flush=True)
                        break
            finally:
                pool.terminate()
                pool.join()
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (``interrupted_on_term``): stop as at the deadline
        print("interrupted: stopping", flush=True)
    finally:
        for file in files.values():
            file.close()
    return results


def _first_entry_row(cell: Cell, lines: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The games won by the cell's first entry (the level measured, in a duel or a 3-player
    match), with the Wilson 95 % interval of its win rate."""
    rows = summarize(lines.values(), list(cell.spec.labels()))["bots"] if lines else []
    if not rows:
        return {"wins": 0, "games": 0, "low": 0.0, "high": 1.0}
    row = rows[0]
    return {
        "wins": row["wins"],
        "games": row["games"],
        "low": row["win_rate_low"],
        "high": row["win_rate_high"],
    }


def report(cell: Cell, lines: dict[int, dict[str, Any]]) -> None:
    """Print a finished (or cut short) cell's figures."""
    words = EDITION_WORDS[cell.edition]
    if cell.name.startswith(("duel-", "three-")):
        row = _first_entry_row(cell, lines)
        share = row["wins"] / row["games"] if row["games"] else 0.0
        against = cell.levels[1] if len(cell.levels) == 2 else f"two of {cell.levels[1]}"
        print(
            f"[{words}] {cell.levels[0]} vs {against}: won {row['wins']:g} of {row['games']} "
            f"{len(cell.levels)}-player games ({share:.1%}, 95% {row['low']:.1%}-{row['high']:.1%})",
            flush=True,
        )
        return
    rows = summarize(lines.values(), list(cell.spec.labels()))["bots"]
    spread = ", ".join(
        f"{level} {row['wins']:g}/{row['games']} ({row['win_rate_low']:.0%}-{row['win_rate_high']:.0%})"
        for level, row in zip(cell.levels, rows, strict=True)
    )
    print(f"[{words}] 4 players {'/'.join(cell.levels)}: wins {spread}", flush=True)


def four_player_games(
    cells: list[Cell], results: dict[str, dict[int, dict[str, Any]]], edition: str | None
) -> list[Game]:
    """The 4-player games of ``edition`` (None: both), seats named by level id."""
    games: list[Game] = []
    for cell in cells:
        if not cell.name.startswith("four-") or (edition is not None and cell.edition != edition):
            continue
        for line in results[cell.name].values():
            result = line["result"]
            seat_levels = [cell.levels[entry] for entry in line["entries"]]
            games.append((seat_levels, places(list(zip(result["scores"], result["rubles"], strict=True)))))
    return games


def fitted(games: list[Game]) -> tuple[dict[str, float], dict[tuple[str, str], float]]:
    """``bots_ratings.fit`` of ``games``; nothing for no games (a run stopped before any)."""
    return fit(games) if games else ({}, {})


def seconds_per_move(cells: list[Cell], results: dict[str, dict[int, dict[str, Any]]]) -> dict[str, float]:
    """Each level's median, over its 4-player games, of its median seconds per move in a game."""
    medians: dict[str, list[float]] = {}
    for cell in cells:
        if not cell.name.startswith("four-"):
            continue
        for line in results[cell.name].values():
            for seat, entry in enumerate(line["entries"]):
                medians.setdefault(cell.levels[entry], []).append(line["timing"]["median_seconds"][seat])
    return {level: sorted(values)[len(values) // 2] for level, values in medians.items() if values}


def build_table(
    levels: list[tuple[str, str]],
    cells: list[Cell],
    results: dict[str, dict[int, dict[str, Any]]],
    games: int,
    command: str,
) -> tuple[dict[str, Any], list[str]]:
    """The table to write, and a sentence for each place where the ladder does not hold."""
    by_name = {cell.name: cell for cell in cells}
    fits = {edition: fitted(four_player_games(cells, results, edition)) for edition in EDITIONS}
    together = fitted(four_player_games(cells, results, None))[0]
    seconds = seconds_per_move(cells, results)
    problems: list[str] = []
    entries = []
    for index, (level, spec) in enumerate(levels):
        entry: dict[str, Any] = {
            "id": level,
            "spec": spec,
            "definition": definition(spec),
            "tables": table_definitions(spec),
        }
        if index > 0:
            below = levels[index - 1][0]
            entry["below"] = below
            entry["duels"] = {
                edition: _first_entry_row(
                    by_name[f"duel-{edition}-{level}"], results[f"duel-{edition}-{level}"]
                )
                for edition in EDITIONS
            }
            entry["trios"] = {
                edition: _first_entry_row(
                    by_name[f"three-{edition}-{level}"], results[f"three-{edition}-{level}"]
                )
                for edition in EDITIONS
            }
            for edition in EDITIONS:
                duel = entry["duels"][edition]
                if not duel["games"] or duel["wins"] / duel["games"] < WANTED_DUEL:
                    problems.append(
                        f"{level} won under {WANTED_DUEL:.0%} against {below} ({EDITION_WORDS[edition]})"
                    )
                trio = entry["trios"][edition]
                if not trio["games"] or trio["wins"] / trio["games"] <= WANTED_TRIO:
                    problems.append(
                        f"{level} won no more than its third of the 3-player games against two of {below}"
                        f" ({EDITION_WORDS[edition]})"
                    )
                mus = fits[edition][0]
                if level in mus and below in mus and mus[level] <= mus[below]:
                    problems.append(f"{level} ranks under {below} at 4 players ({EDITION_WORDS[edition]})")
        if level in together:
            entry["mu"] = round(together[level], 2)
            entry["rating"] = shown(entry["mu"])  # the server shows the stored mu
            entry["mu_by_edition"] = {
                edition: round(fits[edition][0][level], 2)
                for edition in EDITIONS
                if level in fits[edition][0]
            }
        if level in seconds:
            entry["seconds_per_move"] = round(seconds[level], 4)
        entries.append(entry)
    counts = {}
    for edition in EDITIONS:
        duels = [len(results[c.name]) for c in cells if c.edition == edition and c.name.startswith("duel-")]
        trios = [len(results[c.name]) for c in cells if c.edition == edition and c.name.startswith("three-")]
        counts[edition] = {
            "duel_games": [min(duels, default=0), max(duels, default=0)],
            "trio_games": [min(trios, default=0), max(trios, default=0)],
            "four_player_games": len(four_player_games(cells, results, edition)),
        }
    table = {
        "about": (
            "The bot ladder, measured by benchmarks/bots_ladder.py (written by it: do not edit). 'research' "
            "levels are shown apart from the ladder. Per level: 2-player duels against the level below "
            "and 3-player games against two of it (wins, games, Wilson 95% interval) per edition, and "
            "its mu on the server's rating model fitted from the 4-player games of both editions "
            "(rating = shown rating). 'definition': a digest of the bot measured (petersburg.bots.levels."
            "definition), 'tables': the same at each table measured; a figure of a table where the "
            "level's bot has changed since is shown as not measured."
        ),
        "command": command,
        "date": datetime.now(UTC).date().isoformat(),
        "games_asked": games,
        "games_played": counts,
        "complete": all(len(results[c.name]) >= c.spec.games for c in cells),
        "holds": not problems,
        "ladder": entries[1:],
        "research": [entries[0]],
    }
    return table, problems


def chosen_levels(argument: str | None) -> list[tuple[str, str]]:
    """The research level then the ladder, weakest first: ``--levels`` or the current table's."""
    if argument:
        pairs = [item.split("=", 1) for item in argument.split(",")]
        if any(len(pair) != 2 for pair in pairs):
            raise SystemExit("--levels takes id=spec pairs separated by commas, weakest first.")
        return [RESEARCH, *((level.strip(), spec.strip()) for level, spec in pairs)]
    return [RESEARCH, *((level.id, level.spec) for level in ladder())]


SITTING_ONLY = ("--cells", "--deadline-seconds")
"""Options that choose which of the measurement's games a sitting plays, not what they are."""


def measurement_command(argv: list[str]) -> str:
    """The command the table records: this sitting's, less the options of ``SITTING_ONLY``. The
    table is built from every game kept in ``--out-dir``, over however many sittings, and the seeds
    alone fix the games, so the command that measures it (and, run again, completes it) is that."""
    kept: list[str] = []
    skip_value = False
    for word in argv:
        if skip_value:
            skip_value = False
        elif word in SITTING_ONLY:
            skip_value = True
        elif not word.startswith(tuple(f"{option}=" for option in SITTING_ONLY)):
            kept.append(word)
    return " ".join(["python benchmarks/bots_ladder.py", *kept])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games",
        type=int,
        default=200,
        help="games per duel, 3-player match (in whole deals of 3) and 4-player window (%(default)s)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (%(default)s)"
    )
    parser.add_argument("--seed", type=int, default=24, help="seed of every game and bot (%(default)s)")
    parser.add_argument(
        "--out-dir",
        help="games of each cell, JSON lines (resumed; default: the measured table's games, kept in "
        "benchmarks/results/ladder; another ladder, --levels, needs a folder of its own)",
    )
    parser.add_argument(
        "--deadline-seconds", type=float, help="stop cleanly after this long and write what is in"
    )
    parser.add_argument("--levels", help="id=spec,… weakest first (default: the table's ladder)")
    parser.add_argument(
        "--cells", help="play only these cells, by name or shell pattern (e.g. 'duel-*-hard'); default all"
    )
    add_import_argument(parser)  # bots that --levels names, registered in every worker too
    parser.add_argument("--table", default=str(TABLE), help="where to write the table (%(default)s)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave the table as it is")
    args = parser.parse_args()
    if args.games < 2 or args.games % 4:
        raise SystemExit("--games must be a positive multiple of 4 (whole deals of 2 and of 4 games).")
    import_bot_modules(args.modules)
    deadline = None if args.deadline_seconds is None else time.monotonic() + args.deadline_seconds
    if args.out_dir is None and args.levels is not None:
        raise SystemExit(
            "--levels measures another ladder: give its games a folder of their own (--out-dir DIR), "
            "apart from the measured table's in benchmarks/results/ladder."
        )
    out_dir = KEPT_GAMES if args.out_dir is None else Path(args.out_dir)
    levels = chosen_levels(args.levels)
    cells = plan(levels, args.games, args.seed)
    playing = chosen_cells(cells, args.cells)
    started = time.monotonic()
    with interrupted_on_term():
        results = run(cells, out_dir, args.jobs, deadline, tuple(args.modules), playing)
    command = measurement_command(sys.argv[1:])
    table, problems = build_table(levels, cells, results, args.games, command)
    cpu = sum(sum(line["timing"]["total_seconds"]) for lines in results.values() for line in lines.values())
    print(
        f"\n{time.monotonic() - started:.0f} s of wall time; "
        f"the bots' moves took {cpu:.0f} CPU-seconds in all"
    )
    for edition in EDITIONS:
        mus, covariance = fitted(four_player_games(cells, results, edition))
        played = table["games_played"][edition]["four_player_games"]
        order = sorted(mus, key=lambda level: mus[level])
        print(f"[{EDITION_WORDS[edition]}] 4-player fit of {played} games, weakest first:")
        for level in order:
            error = covariance[level, level] ** 0.5
            print(f"  {level:10s} mu {mus[level]:6.2f} (se {error:.2f})  shown {shown(mus[level])}")
    print(
        "\nlevel      spec             rating  vs the level below (1st | 2nd + Market): "
        "2 players; 3 players against two of it"
    )
    for entry in table["research"] + table["ladder"]:
        text = "; ".join(
            " | ".join(
                f"{games[e]['wins']:g}/{games[e]['games']} ({games[e]['low']:.0%}-{games[e]['high']:.0%})"
                for e in games
            )
            for games in (entry.get("duels", {}), entry.get("trios", {}))
            if games
        )
        print(f"{entry['id']:10s} {entry['spec']:16s} {entry.get('rating', '-'):>6}  {text}")
    for problem in problems:
        print(f"does not hold: {problem}")
    if not table["complete"]:
        print("incomplete: the table records the games actually played")
    if not args.no_write:
        Path(args.table).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.table}; now run: python -m petersburg.tournament.ladder_docs")
    ladder_table.cache_clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
