"""The engine subcommands of ``petersburg``: JSON in and out, clear errors, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from petersburg import build_info
from petersburg.cards_second_edition import ALL_CARD_BY_ID, ALL_DECK, ALL_DECK_NAMES
from petersburg.cli import main
from petersburg.engine import GameRecord, state_from_json

DECK_OF = {card_id: ALL_DECK_NAMES[ALL_DECK[kind]] for card_id, kind in ALL_CARD_BY_ID.items()}


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


def test_replay_log_tells_the_game_in_words_and_events_as_a_seat_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "selfplay", "--players", "2", "--seed", "9", "--bots", "greedy")
    assert code == 0
    path = tmp_path / "record.json"
    path.write_text(out)
    code, out, _ = run(capsys, "replay", str(path), "--log")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("A 2-player game of Sankt Petersburg")
    worker = next(line for line in lines if line.startswith("Worker scoring:"))
    assert "₽" in worker  # the log names rubles
    assert any(line.startswith("Final scoring:") for line in lines)
    code, out, _ = run(capsys, "replay", str(path), "--json", "--log", "--seat", "1")
    steps = json.loads(out)["events"]
    record = json.loads(path.read_text())
    assert [step["step"] for step in steps] == list(range(len(record["actions"]) + 1))
    events = [event for step in steps for event in step["events"]]
    assert events[0]["type"] == "game_started" and events[-1]["type"] == "game_ended"
    assert all(event["private_to"] in (None, 1) for event in events)
    code, _, err = run(capsys, "replay", str(path), "--log", "--seat", "2")
    assert code == 2 and "There is no seat 2 in a 2-player game" in err


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


def test_new_five_player_market_game_has_ten_workers_on_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "--players", "5", "--edition", "second", "--market", "--seed", "3")
    assert code == 0
    data = json.loads(out)
    state = state_from_json(data)
    assert len(state.upper) == 10 and all(DECK_OF[card] == "worker" for card in data["upper"])
    assert data["version"] == 2 and data["options"]["market"] is True and data["options"]["money"] == "traded"
    assert set(data["markers"]) == {"worker", "market", "building", "aristocrat", "trading"}


def test_market_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        *("new", "--players", "3", "--edition", "second", "--market", "--market-board", "8"),
        *("--joker", "each_scoring", "--market-values", "open", "--unpaid-crate", "idle"),
        *("--market-ties", "step_down", "--money", "kept", "--double-marker-seat", "2"),
    )
    options = json.loads(out)["options"]
    assert code == 0 and options == {
        "always_refill": False,
        "money": "kept",
        "double_marker_seat": 2,
        "show_rubles": False,
        "show_hands": False,
        "edition": "second",
        "market": True,
        "market_board": 8,
        "joker": "each_scoring",
        "market_values": "open",
        "unpaid_crate": "idle",
        "market_ties": "step_down",
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "5"), "5 players need the Market"),
        (("--market",), "The Market needs the 2nd edition"),
        (("--edition", "second", "--joker", "each_scoring"), "applies only to a game with the Market"),
        (("--players", "5", "--edition", "second", "--market", "--market-board", "8"), "10-card board"),
    ],
)
def test_bad_option_combinations_get_one_line_errors(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "new", *args)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_five_player_market_selfplay_replays_in_another_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "selfplay",
        "--players",
        "5",
        "--edition",
        "second",
        "--market",
        "--seed",
        "12",
        "--bots",
        "greedy",
    )
    assert code == 0
    record = json.loads(out)
    assert record["version"] == 2 and len(record["scores"]) == 5
    path = tmp_path / "record.json"
    path.write_text(out)
    replayed = subprocess.run(
        [sys.executable, "-m", "petersburg.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    summary = json.loads(replayed.stdout)
    assert (
        summary["over"] and summary["scores"] == record["scores"] and summary["winners"] == record["winners"]
    )


def test_legal_apply_and_view_read_market_states(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "--players", "2", "--edition", "second", "--market", "--seed", "4")
    path = tmp_path / "state.json"
    path.write_text(out)
    code, out, _ = run(capsys, "legal", str(path), "--json")
    assert code == 0 and all(a["text"].startswith("buy U") for a in json.loads(out))
    code, out, err = run(capsys, "apply", str(path), "pass")
    assert code == 2 and "must buy" in err
    code, out, _ = run(capsys, "apply", str(path), "buy", "U1")
    assert code == 0 and json.loads(out)["step"] == 1
    code, out, _ = run(capsys, "view", str(path), "--seat", "0")
    data = json.loads(out)
    assert code == 0 and data["stack_sizes"]["market"] == 35 and "market" in data


def test_bench_plays_market_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "--players", "5", "--edition", "second", "--market", "--seconds", "0.3"
    )
    assert code == 0 and "2nd edition with the Market" in out
    assert json.loads(out.strip().splitlines()[-1])["games"] >= 1
    code, _, err = run(capsys, "bench", "--players", "5", "--seconds", "0.1")
    assert code == 2 and "5 players need the Market" in err
