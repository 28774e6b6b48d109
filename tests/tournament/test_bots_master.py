"""``benchmarks/bots_master.py --out``: a measurement of Master's targets kept game by game, so that
one too long for a sitting grows over several runs (the script is run as a person runs it, on
cheap bots in Master's seat)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from petersburg.engine import GameRecord, apply_action, new_game

from .benchmark_scripts import (
    ENVIRONMENT,
    ROOT,
    kept,
    run_script,
    script,
    terminated_once_a_game_is_kept,
)


def measure(out: Path, *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run_script(
        "bots_master.py", "--matchups", "1", "--out", str(out), "--json", *arguments, check=check
    )


def test_a_run_kept_in_a_file_is_resumed_and_counts_every_game(tmp_path: Path) -> None:
    out = tmp_path / "master.jsonl"
    first = json.loads(measure(out, "--master", "beginner", "--games", "2").stdout)
    assert first["matchups"][0]["games"] == 2
    earlier = kept(out)
    assert sorted(line["game"] for line in earlier) == [0, 1]
    assert {(line["master"], line["seed"], line["matchup"]) for line in earlier} == {("beginner", 2026, 0)}

    more = json.loads(measure(out, "--master", "beginner", "--games", "4").stdout)
    lines = kept(out)
    assert lines[:2] == earlier, "the games kept are not played again"
    assert sorted(line["game"] for line in lines) == [0, 1, 2, 3]
    row = more["matchups"][0]
    assert row["games"] == 4
    assert row["wins"] == sum(
        1.0 / len(line["winners"]) for line in lines if line["entries"].index(0) in line["winners"]
    )
    leads, places = [], []
    for line in lines:  # Master's seat's score against the other seat's, from each kept record
        totals = [score["total"] for score in line["record"]["scores"]]
        seat = line["entries"].index(0)
        leads.append(totals[seat] - totals[1 - seat])
        places.append(1 if totals[seat] >= totals[1 - seat] else 2)
    assert row["scored_games"] == 4
    assert row["lead"] == pytest.approx(sum(leads) / 4)
    assert row["lead_low"] < row["lead"] < row["lead_high"]
    assert row["place"] == sum(places) / 4
    assert row["opponent"] == "greedy" and row["opponents_seat_games"] == 4
    penalties = [(line["hand_penalty"][line["entries"].index(0)], line["hand_penalty"]) for line in lines]
    assert row["hand_penalty"] == pytest.approx(sum(own for own, _ in penalties) / 4)
    others = sum(sum(seats) - own for own, seats in penalties)
    assert row["opponents_hand_penalty"] == pytest.approx(others / 4), "the other seat of the same games"

    other = measure(out, "--master", "random", "--games", "2", check=False)
    assert other.returncode != 0
    assert f"{out} holds games of beginner with seed 2026, not of random with seed 2026" in other.stderr
    assert kept(out) == lines, "a refused run changes nothing"


def test_games_kept_under_another_spec_of_the_same_bot_count(tmp_path: Path) -> None:
    """A variant that sets a level's own settings is that level: its games are the level's."""
    out, fresh = tmp_path / "variant.jsonl", tmp_path / "level.jsonl"
    measure(out, "--master", "ismcts:easy+iterations=30", "--games", "2")
    earlier = kept(out)
    resumed = json.loads(measure(out, "--master", "ismcts:easy", "--games", "4").stdout)
    assert resumed["matchups"][0]["games"] == 4
    assert kept(out)[:2] == earlier, "the variant's games are not played again"
    measure(fresh, "--master", "ismcts:easy", "--games", "2")

    def played(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records but for the seats' names (the spec each was given)."""
        return [{key: value for key, value in line["record"].items() if key != "names"} for line in lines]

    assert played(kept(fresh)) == played(earlier), "the level plays the variant's games move for move"


def test_games_of_a_bot_whose_settings_have_changed_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "master.jsonl"
    measure(out, "--master", "beginner", "--games", "2")
    lines = kept(out)
    assert all(line["definitions"] == lines[0]["definitions"] for line in lines)
    # What the file holds after Beginner's settings change: its games recorded another digest.
    older = [{**line, "definitions": ["0" * 12, *line["definitions"][1:]]} for line in lines]
    out.write_text("".join(json.dumps(line) + "\n" for line in older), encoding="utf-8")

    refused = measure(out, "--master", "beginner", "--games", "4", check=False)
    assert refused.returncode != 0
    assert "as they were before their settings changed" in refused.stderr
    assert kept(out) == older, "a refused run changes nothing"


def test_the_kept_games_tell_where_the_hand_cards_came_from(tmp_path: Path) -> None:
    """Every kept game holds its record, which ``bots_hands.py`` follows card by card."""
    out = tmp_path / "master.jsonl"
    measure(out, "--master", "beginner", "--games", "4")
    lines = kept(out)
    hands = run_script("bots_hands.py", str(out), "--json")
    tallies = json.loads(hands.stdout.splitlines()[-1])[str(out)]
    assert {bot: tally["seat_games"] for bot, tally in tallies.items()} == {"beginner": 4, "greedy": 4}
    for entry, bot in enumerate(("beginner", "greedy")):
        penalties = [line["hand_penalty"][line["entries"].index(entry)] for line in lines]
        assert tallies[bot]["penalty"] == sum(penalties), "the record's hand cards are the line's penalty"
        tally = tallies[bot]
        assert tally["left_playable_at_last_turn"] <= tally["left_playable_later"] <= tally["left"]


def test_sigterm_stops_a_run_with_the_figures_of_its_games_and_no_worker_left(tmp_path: Path) -> None:
    """Stopped by SIGTERM while its two workers play, the run ends (its workers with it), prints
    the figures of the games it counted, and every game counted is in the file."""
    out = tmp_path / "master.jsonl"
    command = script(
        "bots_master.py",
        *("--matchups", "1", "--master", "ismcts:medium", "--games", "400", "--jobs", "2"),
        *("--out", str(out), "--json"),
    )
    stopped = terminated_once_a_game_is_kept(command, out)
    assert stopped.returncode == 0, stopped.stderr
    assert "interrupted: stopping" in stopped.stderr
    counted = json.loads(stopped.stdout)["matchups"][0]["games"]
    assert 1 <= counted <= len(kept(out)) < 400


def test_two_kept_files_are_compared_game_by_game_on_the_same_deals(tmp_path: Path) -> None:
    """``--against``: each game of this run beside the other file's game of the same deal and
    seat, the four outcomes counted from both files' winners and the leads from their scores."""
    this, other = tmp_path / "beginner.jsonl", tmp_path / "random.jsonl"
    measure(other, "--master", "random", "--games", "6")
    compared = json.loads(
        measure(this, "--master", "beginner", "--games", "6", "--against", str(other)).stdout
    )
    mine = {line["game"]: line for line in kept(this)}
    theirs = {line["game"]: line for line in kept(other)}
    assert sorted(mine) == sorted(theirs) == list(range(6))

    def won(line: dict[str, Any]) -> bool:
        return line["entries"].index(0) in line["winners"]

    def lead(line: dict[str, Any]) -> int:
        totals: list[int] = [score["total"] for score in line["record"]["scores"]]
        seat: int = line["entries"].index(0)
        return totals[seat] - totals[1 - seat]

    for game in mine:  # the same deal: the same shuffles dealt, Master in the same seat
        assert mine[game]["record"]["seed"] == theirs[game]["record"]["seed"]
        assert mine[game]["entries"] == theirs[game]["entries"]
    outcomes = [(won(mine[game]), won(theirs[game])) for game in mine]
    assert compared["against"]["file"] == str(other)
    (row,) = compared["against"]["matchups"]
    assert (row["games"], row["both"], row["only_this"], row["only_other"], row["neither"]) == (
        6,
        outcomes.count((True, True)),
        outcomes.count((True, False)),
        outcomes.count((False, True)),
        outcomes.count((False, False)),
    )
    assert row["difference"] == pytest.approx((row["only_this"] - row["only_other"]) / 6)
    assert row["difference_low"] <= row["difference"] <= row["difference_high"]
    assert 0 < row["sign_test_p"] <= 1
    assert row["lead_difference"] == pytest.approx(sum(lead(mine[g]) - lead(theirs[g]) for g in mine) / 6)

    plain = run_script(  # the same comparison as text; the kept games are not played again
        "bots_master.py",
        *("--matchups", "1", "--master", "beginner", "--games", "6", "--out", str(this)),
        *("--against", str(other)),
    ).stdout
    assert (
        f"both won {row['both']}, this run alone {row['only_this']}, the other alone {row['only_other']},"
        f" neither {row['neither']}"
    ) in plain


def test_a_comparison_with_a_file_of_other_deals_is_refused_before_any_game(tmp_path: Path) -> None:
    other, this = tmp_path / "other-seed.jsonl", tmp_path / "this.jsonl"
    measure(other, "--master", "random", "--games", "2", "--seed", "7")
    refused = measure(this, "--master", "beginner", "--games", "2", "--against", str(other), check=False)
    assert refused.returncode != 0
    assert f"--against {other} holds games of seed 7, not 2026: its deals are not these." in refused.stderr
    assert not this.exists(), "no game is played"
    missing = measure(
        this, "--master", "beginner", "--games", "2", "--against", str(tmp_path / "none"), check=False
    )
    assert missing.returncode != 0 and "no such file" in missing.stderr


def test_the_last_rounds_of_kept_games_are_played_again_from_their_openings(tmp_path: Path) -> None:
    """``--endgame-of``: every game of a kept file replayed up to the first turn of its known last
    round and played on by the bots from there. With the kept file's own bots that gives back its
    games (the decisions are seeded by step and seat); the lines say how many moves were replayed,
    and the time per move leaves such games out (a last round is not a game's moves)."""
    whole, again = tmp_path / "whole.jsonl", tmp_path / "again.jsonl"
    searcher = "ismcts:expert+iterations=8"
    measure(whole, "--master", searcher, "--games", "4")
    summary = json.loads(
        measure(
            again, "--master", searcher, "--games", "40", "--endgame-of", str(whole), "--against", str(whole)
        ).stdout
    )
    kept_whole = {line["game"]: line for line in kept(whole)}
    kept_again = {line["game"]: line for line in kept(again)}
    assert sorted(kept_again) == sorted(kept_whole) == [0, 1, 2, 3], "only the games the file holds"
    for game, line in kept_again.items():
        assert line["record"] == kept_whole[game]["record"], "the same game, move for move"
        assert 0 < line["replayed_moves"] < len(line["record"]["actions"])
        replayed = GameRecord.from_json(line["record"])
        state = new_game(replayed.num_players, replayed.seed, replayed.options)
        for action in replayed.actions[: line["replayed_moves"] - 1]:
            apply_action(state, action)
        assert not state.last_round, "replayed no further than the last round's first known turn"
        apply_action(state, replayed.actions[line["replayed_moves"] - 1])
        assert state.last_round and state.round == replayed.replay().round, "and to it"
    (row,) = summary["against"]["matchups"]
    assert (row["only_this"], row["only_other"], row["lead_difference"]) == (0, 0, 0.0)

    other_seed = tmp_path / "other-seed.jsonl"
    refused = measure(
        other_seed,
        "--master",
        searcher,
        "--games",
        "4",
        "--endgame-of",
        str(whole),
        "--seed",
        "7",
        check=False,
    )
    assert refused.returncode != 0
    assert f"--endgame-of {whole} holds games of seed 2026, not 7: its deals are not these." in refused.stderr
    assert not other_seed.exists(), "no game is played"


def test_the_kept_games_tell_where_each_bots_points_came_from(tmp_path: Path) -> None:
    """``bots_scores.py`` replays every kept record into each seat's score by source: the sources
    add up to the recorded totals, and a bot's games split into those it won and those it lost."""
    out = tmp_path / "master.jsonl"
    measure(out, "--master", "beginner", "--games", "4")
    lines = kept(out)
    scores = run_script("bots_scores.py", str(out), "--json")
    figures = json.loads(scores.stdout.splitlines()[-1])[str(out)]
    assert set(figures) == {"beginner", "greedy"}
    for entry, bot in enumerate(("beginner", "greedy")):
        seats = [line["entries"].index(entry) for line in lines]
        won = [seat in line["winners"] for line, seat in zip(lines, seats, strict=True)]
        groups = figures[bot]
        assert groups["all"]["games"] == 4
        assert groups["won"]["games"] == sum(won)
        assert groups["lost"]["games"] == 4 - sum(won)
        assert groups["winners_of_losses"]["games"] == sum(
            len(line["winners"]) for line, seat_won in zip(lines, won, strict=True) if not seat_won
        )
        totals = [line["record"]["scores"][seat]["total"] for line, seat in zip(lines, seats, strict=True)]
        means = groups["all"]["means"]
        assert means["total"] == pytest.approx(sum(totals) / 4), "the record's final scores"
        penalties = [line["hand_penalty"][seat] for line, seat in zip(lines, seats, strict=True)]
        assert means["hand"] == pytest.approx(-sum(penalties) / 4)
        for group in groups.values():
            if group["games"]:
                parts = sum(vp for source, vp in group["means"].items() if source != "total")
                assert parts == pytest.approx(group["means"]["total"]), "the sources add up"


@pytest.mark.parametrize("script_name", ["bots_scores.py", "bots_hands.py"])
def test_a_file_that_is_not_a_result_file_gets_a_one_line_error(tmp_path: Path, script_name: str) -> None:
    missing = tmp_path / "missing.jsonl"
    absent = run_script(script_name, str(missing), check=False)
    assert absent.returncode == 2
    assert f"cannot read {missing}: No such file or directory" in absent.stderr
    assert "Traceback" not in absent.stderr

    good = tmp_path / "good.jsonl"
    measure(good, "--master", "beginner", "--games", "1")
    game = kept(good)[0]
    record = game["record"]
    illegal = {**record, "actions": [*record["actions"], record["actions"][-1]]}  # a move after the end
    unnamed = {key: value for key, value in record.items() if key != "names"}
    spaced = tmp_path / "spaced.jsonl"
    spaced.write_text(f"\n{json.dumps(game)}\n\n", encoding="utf-8")
    assert run_script(script_name, str(spaced)).returncode == 0, "a blank line holds no game and is no error"
    for lines, reason in [
        (["not a game"], "line 1 is not JSON"),
        ([json.dumps(game), json.dumps({"seed": 1})], "line 2 is not a kept game (it has no game number)"),
        ([json.dumps({**game, "record": {"format": "chess"}})], "line 1: This is not a game record"),
        ([json.dumps({**game, "record": illegal})], f"line 1: Action {len(illegal['actions'])} ("),
        ([json.dumps({**game, "record": unnamed})], "line 1: its record names 0 seats, not 2"),
    ]:
        bad = tmp_path / "bad.jsonl"
        bad.write_text("".join(text + "\n" for text in lines), encoding="utf-8")
        refused = run_script(script_name, str(bad), check=False)
        assert refused.returncode == 2, reason
        assert f"{bad} is not a result file with game records: {reason}" in refused.stderr
        assert "Traceback" not in refused.stderr
        assert not refused.stdout, "nothing of a bad file is printed"


def test_an_error_of_a_readers_own_is_raised_as_it_is_not_reported_as_a_bad_file(tmp_path: Path) -> None:
    """Only a file's content is reported as a bad file: a fault in what a script does with a
    well-formed game shows with its traceback, so that it is not mistaken for a bad file."""
    good = tmp_path / "good.jsonl"
    measure(good, "--master", "beginner", "--games", "1")
    faulty_reader = (
        "import sys; sys.path.insert(0, 'benchmarks'); sys.argv[1:] = [sys.argv[-1]]\n"
        "from result_files import recorded_games, report_result_files\n"
        "def read(path, args):\n"
        "    return [game.line['no such field'] for game in recorded_games(path, None)]\n"
        "report_result_files('', read, print, dict)\n"
    )
    fault = subprocess.run(
        [sys.executable, "-c", faulty_reader, str(good)],
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        cwd=ROOT,
        check=False,
    )
    assert fault.returncode == 1
    assert "Traceback" in fault.stderr and "KeyError: 'no such field'" in fault.stderr
    assert "is not a result file" not in fault.stderr


def test_the_scores_of_one_bots_games_leave_out_the_other_games_of_its_file(tmp_path: Path) -> None:
    """``--with BOT``: in a file that holds the games of two searches against the same opponent (a
    ladder cell and its pilots), the opponent is counted in BOT's games alone."""
    beginner, random_bot, both = (
        tmp_path / name for name in ("beginner.jsonl", "random.jsonl", "both.jsonl")
    )
    measure(beginner, "--master", "beginner", "--games", "2")
    measure(random_bot, "--master", "random", "--games", "4")
    both.write_text(beginner.read_text() + random_bot.read_text(), encoding="utf-8")
    every = json.loads(run_script("bots_scores.py", str(both), "--json").stdout.splitlines()[-1])[str(both)]
    beginners, randoms = len(kept(beginner)), len(kept(random_bot))
    assert {bot: groups["all"]["games"] for bot, groups in every.items()} == {
        "beginner": beginners,
        "random": randoms,
        "greedy": beginners + randoms,
    }
    alone = run_script("bots_scores.py", str(both), "--with", "beginner", "--json")
    figures = json.loads(alone.stdout.splitlines()[-1])[str(both)]
    assert {bot: groups["all"]["games"] for bot, groups in figures.items()} == {
        "beginner": beginners,
        "greedy": beginners,
    }
    greedy_totals = [line["record"]["scores"][line["entries"].index(1)]["total"] for line in kept(beginner)]
    assert figures["greedy"]["all"]["means"]["total"] == pytest.approx(sum(greedy_totals) / beginners)
