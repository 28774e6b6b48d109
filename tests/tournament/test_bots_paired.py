"""``benchmarks/bots_paired.py``: two bots' kept games on the same deals, compared game by game and
pooled over sets, from the ladder's cells and Master's files alike (the scripts are run as a person
runs them, on cheap bots)."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
from pathlib import Path
from typing import Any

import pytest

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


def seat_expected(lines: list[dict[str, Any]], spec: str) -> tuple[float, float, float]:
    """The measured bot's mean lead over the other seats' mean, and the median time a move of it and
    of the seats beside it (each game's median counted once per decision), over ``spec``'s games."""
    leads: list[float] = []
    own: list[float] = []
    beside: list[float] = []
    for line in lines:
        seat = line["entries"].index(0)
        if ("deal" in line and line["bots"][seat] != spec) or ("deal" not in line and line["master"] != spec):
            continue
        scores = (
            line["result"]["scores"] if "deal" in line else [s["total"] for s in line["record"]["scores"]]
        )
        leads.append(scores[seat] - statistics.fmean(scores[:seat] + scores[seat + 1 :]))
        timing = line.get("timing", line)
        for other, (seconds, decisions) in enumerate(
            zip(timing["median_seconds"], timing["decisions"], strict=True)
        ):
            (own if other == seat else beside).extend([seconds] * decisions)
    return statistics.fmean(leads), statistics.median(own), statistics.median(beside)


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
    for row, this_lines, other_lines in [
        (report["sets"][0], in_cell, in_cell),
        (report["sets"][1], kept(greedy_master), kept(random_master)),
        (pooled, in_cell + kept(greedy_master), in_cell + kept(random_master)),
    ]:
        for seat, lines, spec in [("this_seat", this_lines, "greedy"), ("other_seat", other_lines, "random")]:
            figures = row[seat]
            mean_lead, own_seconds, beside_seconds = seat_expected(lines, spec)
            assert figures["lead"] == pytest.approx(mean_lead)
            assert figures["lead_low"] < figures["lead"] < figures["lead_high"]
            assert figures["median_seconds"] == pytest.approx(own_seconds)
            assert figures["opponents_median_seconds"] == pytest.approx(beside_seconds)
            assert figures["lead_games"] == figures["timed_games"] == row["games"]

    text = compare(*("--this", "greedy", "--other", "random", "--pair", str(cell), str(cell))).stdout
    assert f"{cell}: 4 games; this won {sets[0]['both'] + sets[0]['only_this']}," in text
    assert "pooled" not in text, "one set: nothing to pool"
    this_seat = report["sets"][0]["this_seat"]
    assert (
        f"  this: lead over the other seats' mean {this_seat['lead']:+.1f} VP a game"
        f" (95% CI {this_seat['lead_low']:+.1f} to {this_seat['lead_high']:+.1f});"
        f" median {this_seat['median_seconds']:.2f} s a move" in text
    )


def test_every_interval_takes_the_level_asked_and_a_level_out_of_range_is_refused(tmp_path: Path) -> None:
    greedy_master = master_file(tmp_path / "greedy.jsonl", "greedy")
    random_master = master_file(tmp_path / "random.jsonl", "random")
    pair = ("--this", "greedy", "--other", "random", "--pair", str(greedy_master), str(random_master))
    usual = json.loads(compare(*pair, "--json").stdout)["pooled"]
    strict = json.loads(compare(*pair, "--json", "--confidence", "0.975").stdout)["pooled"]
    assert (usual["difference"], usual["lead_difference"]) == (
        strict["difference"],
        strict["lead_difference"],
    )
    for low, high in [("difference_low", "difference_high"), ("lead_difference_low", "lead_difference_high")]:
        assert strict[low] < usual[low] and usual[high] < strict[high], "a higher level, a wider interval"
    ratio = (strict["difference_high"] - strict["difference"]) / (
        usual["difference_high"] - usual["difference"]
    )
    assert ratio == pytest.approx(2.2414 / 1.9600, rel=1e-4), "the normal quantiles of 97.5 % and 95 %"
    for seat in ("this_seat", "other_seat"):
        assert strict[seat]["lead_low"] < usual[seat]["lead_low"] < usual[seat]["lead"]
    text = compare(*pair, "--confidence", "0.975").stdout
    assert "(97.5% CI" in text and "(95% CI" not in text
    for wrong in ("2", "0", "ninety"):
        refused = compare(*pair, "--confidence", wrong, check=False)
        assert refused.returncode == 2 and not refused.stdout
        assert "argument --confidence:" in refused.stderr


def test_a_game_replayed_up_to_its_last_round_is_left_out_of_the_times_but_not_of_the_leads(
    tmp_path: Path,
) -> None:
    """``bots_master.py --endgame-of`` times the last round alone: its times are not a game's."""
    greedy_master = master_file(tmp_path / "greedy.jsonl", "greedy")
    lines = kept(greedy_master)
    endgames = tmp_path / "endgames.jsonl"
    endgames.write_text(
        "".join(json.dumps({**line, "replayed_moves": 40}) + "\n" for line in lines), encoding="utf-8"
    )
    report = json.loads(
        compare(
            "--this", "greedy", "--other", "greedy", "--json", "--pair", str(greedy_master), str(endgames)
        ).stdout
    )
    this_seat, other_seat = report["pooled"]["this_seat"], report["pooled"]["other_seat"]
    assert this_seat["timed_games"] == 4 and other_seat["timed_games"] == 0
    assert math.isnan(other_seat["median_seconds"])
    assert other_seat["lead"] == this_seat["lead"] and other_seat["lead_games"] == 4, "the same games"
    text = compare(
        "--this", "greedy", "--other", "greedy", "--pair", str(greedy_master), str(endgames)
    ).stdout
    assert "the other: lead over the other seats' mean" in text and "0 games timed" not in text


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
