"""``benchmarks/bots_ladder.py --out-dir``: the ladder's measurement resumes game by game, and
after a level is retuned it plays that level's games again instead of counting the old bot's
(the script is run as a person runs it, on the cheap bots at the foot of the ladder)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from .benchmark_scripts import kept, run_script


def measure(
    out_dir: Path, *more: str, table: Path | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """The ladder of Beginner and Easy, 4 games a cell, its table written to ``table`` (or not)."""
    written = ("--table", str(table)) if table is not None else ("--no-write",)
    return run_script(
        "bots_ladder.py",
        *("--levels", "beginner=beginner,easy=greedy", "--games", "4", "--jobs", "1"),
        *("--out-dir", str(out_dir), *written, *more),
        check=check,
    )


def test_a_resumed_run_replays_only_the_games_of_a_level_retuned_since(tmp_path: Path) -> None:
    first = measure(tmp_path)
    assert "games to play in 10 cells" in first.stdout
    duel = tmp_path / "duel-first-easy.jsonl"
    played = kept(duel)
    assert sorted(line["game"] for line in played) == [0, 1, 2, 3]
    assert all(len(line["definitions"]) == 2 for line in played), "Easy and Beginner, in entry order"

    again = measure(tmp_path)
    assert "0 games to play in 0 cells" in again.stdout, "every game is kept: nothing is played again"

    # What the duel's file holds after Easy is retuned: its games recorded another digest.
    older = [{**line, "definitions": ["0" * 12, *line["definitions"][1:]]} for line in played]
    duel.write_text("".join(json.dumps(line) + "\n" for line in older), encoding="utf-8")
    resumed = measure(tmp_path)
    assert f"duel-first-easy: 4 games in {duel} were played by bots that have changed since" in resumed.stdout
    assert "4 games to play in 1 cell\n" in resumed.stdout, "only the retuned level's cell is played again"
    lines = kept(duel)
    assert lines[:4] == older, "the old games stay in the file"
    assert [line["definitions"] for line in lines[4:]] == [played[0]["definitions"]] * 4
    assert [line["result"] for line in lines[4:]] == [line["result"] for line in played], "same deals, seeded"


def test_chosen_cells_alone_are_played_and_a_pattern_naming_none_is_refused(tmp_path: Path) -> None:
    """``--cells`` brings the cells it names to their count and plays nothing else; a run naming
    none then plays the rest, and its table records the measurement's command, less the options
    that only chose what a sitting played."""
    games = tmp_path / "games"
    wrong = measure(games, "--cells", "duel-*-expert", check=False)
    assert wrong.returncode != 0
    assert (
        "--cells: 'duel-*-expert' names no cell of this ladder; its cells: duel-first-beginner"
        in wrong.stderr
    )
    assert not games.exists() or not list(games.iterdir()), "a refused run plays nothing"

    chosen = measure(games, "--cells", "duel-*-easy,three-first-easy")
    assert "games to play in 3 cells" in chosen.stdout
    played = sorted(path.name for path in games.iterdir() if kept(path))
    assert played == ["duel-first-easy.jsonl", "duel-second_market-easy.jsonl", "three-first-easy.jsonl"]
    assert [len(kept(games / name)) for name in played] == [4, 4, 6], "each brought to its count"

    table = tmp_path / "ladder.json"
    rest = measure(games, "--deadline-seconds=600", table=table)
    assert "games to play in 7 cells" in rest.stdout, "the cells left are played by a run naming none"
    written = json.loads(table.read_text(encoding="utf-8"))
    assert written["complete"] and written["games_played"]["first"]["duel_games"] == [4, 4]
    assert written["command"] == (
        "python benchmarks/bots_ladder.py --levels beginner=beginner,easy=greedy --games 4 --jobs 1 "
        f"--out-dir {games} --table {table}"
    ), "the sitting's own options are not the measurement's"


def test_another_ladder_is_refused_without_a_folder_of_its_own() -> None:
    """The measured table's games are kept in the repository (``--out-dir``'s default): a trial
    ladder (``--levels``) that named no folder would add its games to them, so it is refused
    before any game is played."""
    refused = run_script(
        "bots_ladder.py",
        *("--levels", "beginner=beginner,easy=greedy", "--games", "4", "--jobs", "1", "--no-write"),
        check=False,
    )
    assert refused.returncode != 0
    assert "--levels measures another ladder: give its games a folder of their own" in refused.stderr
    assert "games to play" not in refused.stdout, "refused before any game"
