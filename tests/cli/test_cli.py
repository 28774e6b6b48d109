"""The engine subcommands of ``petersburg``: JSON in and out, clear errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from petersburg import build_info
from petersburg.cli import main
from petersburg.engine import GameRecord, state_from_json


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def state_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    code, out, _ = run(capsys, "new", "--players", "3", "--seed", "5")
    assert code == 0
    path = tmp_path / "state.json"
    path.write_text(out)
    return path


def test_new_prints_a_loadable_state(state_file: Path) -> None:
    state = state_from_json(json.loads(state_file.read_text()))
    assert state.num_players == 3 and state.seed == 5


def test_legal_lists_ids_texts_and_prices(state_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "legal", str(state_file), "--json")
    assert code == 0
    actions = json.loads(out)
    assert actions[0] == {"id": 0, "text": "pass", "price": 0, "description": "Pass"}
    assert all(set(a) == {"id", "text", "price", "description"} for a in actions)
    code, out, _ = run(capsys, "legal", str(state_file))
    assert "buy U1" in out and "to act" in out


def test_apply_prints_next_state_and_refuses_illegal(
    state_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "apply", str(state_file), "hand", "U1")
    assert code == 0 and json.loads(out)["step"] == 1
    code, out, err = run(capsys, "apply", str(state_file), "buy U8")
    assert code == 2 and out == "" and "upper row has no card 8" in err
    code, _, err = run(capsys, "apply", str(state_file), "dance")
    assert code == 2 and "not an action" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "petersburg-state", "version": 1}', "no 'players' field"),
        ("[]", "must be a JSON object"),
    ],
)
def test_bad_state_files_get_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "legal", str(path))
    assert code == 2 and message in err and "Traceback" not in err
    code, _, err = run(capsys, "legal", str(tmp_path / "missing.json"))
    assert code == 2 and "Cannot read" in err


def test_view_hides_other_hands(state_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "view", str(state_file), "--seat", "1")
    data = json.loads(out)
    assert code == 0 and data["viewer"] == 1 and "stacks" not in data
    assert data["seats"][0]["rubles"] is None and data["seats"][1]["rubles"] == 25
    code, _, err = run(capsys, "view", str(state_file), "--seat", "7")
    assert code == 2 and "no seat 7" in err


def test_selfplay_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "--players", "2", "--seed", "9", "--bots", "random")
    assert code == 0
    record = json.loads(out)
    path = tmp_path / "record.json"
    path.write_text(out)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    summary = json.loads(out)
    assert summary["over"] and summary["winners"] == record["winners"]
    assert summary["scores"] == record["scores"]
    assert GameRecord.from_json(record).replay().is_over
    code, out, _ = run(capsys, "replay", str(path))
    assert "winner" in out and "total" in out


def test_selfplay_needs_one_bot_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "selfplay", "--players", "3", "--bots", "random,random")
    assert code == 2 and "one bot for every seat" in err
    code, _, err = run(capsys, "selfplay", "--players", "2", "--bots", "wizard")
    assert code == 2 and "Unknown bot 'wizard'" in err


def test_bench_prints_rates_with_json_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--players", "2", "--seconds", "0.3")
    result = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and result["games"] >= 1 and result["games_per_second"] > 0
    assert result["mean_rounds_per_game"] >= 1
    assert f"build: {build_info()}" in out.splitlines()
    assert result["build"] == ("compiled" if build_info().compiled else "pure")


def test_new_rejects_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "--players", "6")
    assert code == 2 and "1 to 4 players" in err
