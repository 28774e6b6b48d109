"""``petersburg analyse`` and the terminal game's ``hint``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from petersburg.cli import main
from petersburg.engine import GameRecord, new_game
from petersburg.text.analysis import analysis_text
from petersburg.tui.play import run_terminal_game
from tests.analysis.test_game import greedy_game


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    record: GameRecord = greedy_game(2, 3, {})
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    return path


def test_analyse_prints_the_judged_moves_the_averages_and_the_turning_points(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(record_file), "--seat", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Analysis of a 2-player game (")
    assert all("Boris" in line for line in out[1:] if line.startswith("Move "))
    assert any(line.startswith("Boris: average loss ") for line in out)
    assert out[-4] == "Turning points:" and len(out[-3:]) == 3


def test_analyse_json_is_the_stored_analysis(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(record_file), "--seat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "petersburg-analysis"
    assert [line["seat"] for line in data["summary"]] == [0]
    assert {decision["seat"] for decision in data["decisions"]} == {0}


def test_analyse_refuses_a_seat_the_game_does_not_have_with_a_sentence(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(record_file), "--seat", "3"]) == 2
    assert "There is no seat 3 in a 2-player game." in capsys.readouterr().err


def test_the_terminal_game_answers_hint_with_three_moves() -> None:
    answers = iter(["hint", "quit"])
    said: list[str] = []
    run_terminal_game(new_game(2, 4), 1, "greedy", read=lambda _prompt: next(answers), write=said.append)
    start = said.index("What the strongest bot would do here:")
    assert [line[:3] for line in said[start + 1 : start + 4]] == ["1. ", "2. ", "3. "]
    assert "% to win" in said[start + 1]


def test_analyse_speaks_the_language_asked_for(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(record_file), "--seat", "1", "--json", "--lang", "fr"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["analyse", str(record_file), "--seat", "1", "--lang", "fr"]) == 0
    out = capsys.readouterr().out.splitlines()
    header = analysis_text("cli_header", players=2, decisions=len(data["decisions"]))
    assert out[0] == header.in_language("fr") != str(header)
    assert out[-4] == analysis_text("cli_turning_points").in_language("fr")
    assert out[-3:] == [point["text"] for point in data["turning_points"]]
    measure = analysis_text("measure_chance").in_language("fr")
    assert all(measure in line for line in out[-3:])
