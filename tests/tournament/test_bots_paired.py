"""``benchmarks/bots_paired.py``: two bots' kept games on the same deals, compared game by game and
pooled over sets, from the ladder's cells and Master's files alike (the scripts are run as a person
runs them, on cheap bots)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from .benchmark_scripts import kept, run_script


def ladder_cell(out_dir: Path, easy: str) -> Path:
    """The ladder's 1st-edition duel of ``easy`` (as the level Easy) against Beginner, 4 games."""
    run_script(
        "bots_ladder.py",
        *("--levels", f"beginner=beginner,easy={easy}", "--games", "4", "--jobs", "1"),
        *("--cells", "duel-first-easy", "--out-dir", str(out_dir), "--no-write"),
    )
    return out_dir / "duel-first-easy.jsonl"


def master_file(path: Path, master: str, seed: int = 2026) -> Path:
    """``master`` in Master's seat against Greedy, 4 duels."""
    run_script(
        "bots_master.py",
        *("--master", master, "--matchups", "1", "--games", "4", "--seed", str(seed), "--out", str(path)),
    )
    return path


def compare(*arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run_script("bots_paired.py", *arguments, check=check)


def wins_by_seating(lines: list[dict[str, Any]], spec: str) -> dict[tuple[object, ...], bool]:
    """Whether the measured bot (entrant 0) won, per deal and seats, for the games of ``spec``."""
    outcome: dict[tuple[object, ...], bool] = {}
    for line in lines:
        seat = line["entries"].index(0)
        if "deal" in line and line["bots"][seat] == spec:
            outcome["deal", line["deal"], tuple(line["entries"])] = seat in line["result"]["winners"]
        elif "deal" not in line and line["master"] == spec:
            outcome["game", line["matchup"], line["game"]] = seat in line["winners"]
    return outcome


def expected(this: dict[tuple[object, ...], bool], other: dict[tuple[object, ...], bool]) -> dict[str, int]:
    """The four outcomes of the games both hold."""
    pairs = [(this[key], other[key]) for key in this if key in other]
    return {
        "games": len(pairs),
        "both": pairs.count((True, True)),
        "only_this": pairs.count((True, False)),
        "only_other": pairs.count((False, True)),
        "neither": pairs.count((False, False)),
    }


def test_games_of_two_bots_are_paired_by_deal_and_seats_and_pooled_over_sets(tmp_path: Path) -> None:
    cell = ladder_cell(tmp_path / "greedy", "greedy")
    other_cell = ladder_cell(tmp_path / "random", "random")
    with cell.open("a", encoding="utf-8") as both:  # as a trial's games are appended to a cell's file
        both.write(other_cell.read_text(encoding="utf-8"))
    greedy_master = master_file(tmp_path / "greedy.jsonl", "greedy")
    random_master = master_file(tmp_path / "random.jsonl", "random")

    result = compare(
        *("--this", "greedy", "--other", "random", "--json"),
        *("--pair", str(cell), str(cell), "--pair", str(greedy_master), str(random_master)),
    )
    report = json.loads(result.stdout)
    in_cell = kept(cell)
    sets = [
        expected(wins_by_seating(in_cell, "greedy"), wins_by_seating(in_cell, "random")),
        expected(
            wins_by_seating(kept(greedy_master), "greedy"), wins_by_seating(kept(random_master), "random")
        ),
    ]
    assert [row["games"] for row in sets] == [4, 4]
    for row, want in zip(report["sets"], sets, strict=True):
        assert {key: row[key] for key in want} == want
        assert row["difference"] == (want["only_this"] - want["only_other"]) / want["games"]
        assert row["difference_low"] <= row["difference"] <= row["difference_high"]
    pooled = report["pooled"]
    assert {key: pooled[key] for key in sets[0]} == {key: sets[0][key] + sets[1][key] for key in sets[0]}

    text = compare(*("--this", "greedy", "--other", "random", "--pair", str(cell), str(cell))).stdout
    assert f"{cell}: 4 games; this won {sets[0]['both'] + sets[0]['only_this']}," in text
    assert "pooled" not in text, "one set: nothing to pool"


def test_a_bot_named_by_its_digest_picks_its_games_from_a_file_where_its_spec_is_ambiguous(
    tmp_path: Path,
) -> None:
    """A spec kept in an old file may have played as another bot than the same spec plays today:
    its games on one deal and seats twice are refused by spec and told apart by digest."""
    cell = ladder_cell(tmp_path / "greedy", "greedy")
    lines = kept(cell)
    retuned = [{**line, "definitions": ["0" * 12, *line["definitions"][1:]]} for line in lines]
    cell.write_text("".join(json.dumps(line) + "\n" for line in lines + retuned), encoding="utf-8")

    refused = compare("--this", "greedy", "--other", "0" * 12, "--pair", str(cell), str(cell), check=False)
    assert refused.returncode == 2 and not refused.stdout
    assert "holds two games of greedy on one deal and seats: name the bot by the digest" in refused.stderr

    digest = lines[0]["definitions"][0]
    same = json.loads(
        compare("--this", digest, "--other", "0" * 12, "--json", "--pair", str(cell), str(cell)).stdout
    )
    assert same["pooled"]["games"] == 4
    assert same["pooled"]["only_this"] == same["pooled"]["only_other"] == 0, "the same games, twice"


def test_files_of_other_deals_or_without_the_bot_are_refused_with_the_reason(tmp_path: Path) -> None:
    greedy_master = master_file(tmp_path / "greedy.jsonl", "greedy")
    other_seed = master_file(tmp_path / "other-seed.jsonl", "random", seed=7)

    refused = compare(
        *("--this", "greedy", "--other", "random", "--pair", str(greedy_master), str(other_seed)), check=False
    )
    assert refused.returncode == 2 and not refused.stdout
    assert f"{greedy_master} and {other_seed} are not the same deals: seeds" in refused.stderr

    absent = compare(
        *("--this", "greedy", "--other", "beginner", "--pair", str(greedy_master), str(greedy_master)),
        check=False,
    )
    assert absent.returncode == 2 and not absent.stdout
    assert f"{greedy_master} holds no game of beginner; its measured bots: greedy" in absent.stderr
