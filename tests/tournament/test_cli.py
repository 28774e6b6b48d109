"""``petersburg tournament``: table, JSON summary, JSON lines, chart, shards and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from petersburg.cli import main

from .benchmark_scripts import PETERSBURG, kept, terminated_once_a_game_is_kept

BASE = ["tournament", "--bots", "greedy,random", "--seed", "3", "--no-progress"]


def test_json_summary_lines_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    chart = tmp_path / "scores.png"
    assert main([*BASE, "--games", "4", "--json", "--out", str(out), "--chart", str(chart)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    assert [row["bot"] for row in summary["bots"]] == ["greedy", "random"]
    assert sum(row["wins"] for row in summary["bots"]) == 4
    for row in summary["bots"]:
        assert 0.0 <= row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"] <= 1.0
    lines = [json.loads(text) for text in out.read_text().splitlines()]
    assert [line["game"] for line in lines] == [0, 1, 2, 3]
    assert all(line["record"]["actions"] for line in lines)
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_summarizing_shards_equals_the_full_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--games", "6", "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    parts = []
    for k in (1, 2):
        part = tmp_path / f"part{k}.jsonl"
        assert main([*BASE, "--games", "6", "--shard", f"{k}/2", "--out", str(part)]) == 0
        parts.append(str(part))
    capsys.readouterr()
    assert main(["tournament", "--summarize", *parts, "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    for row in (*full["bots"], *merged["bots"]):
        for key in ("decisions", "mean_decision_seconds", "median_decision_seconds", "max_decision_seconds"):
            row.pop(key)
    assert merged == full


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--games", "2"]) == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "Elo" in text and "greedy" in text


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "greedy,nobody"], "Unknown bot"),
        (["--bots", "greedy", "--shard", "3"], "--shard"),
        (["--bots", "greedy", "--games", "0"], "at least 1"),
        (["--games", "2"], "--bots"),
    ],
)
def test_errors_are_one_line_messages(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "--no-progress", *extra]) == 2
    assert message in capsys.readouterr().err


def test_user_bot_module_enters_a_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "my_bot.py"
    args = ["tournament", "--import", str(example), "--bots", "cautious,random", "--games", "2", "--json"]
    assert main([*args, "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["bots"][0]["bot"] == "cautious"


def test_market_options_reach_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "market.jsonl"
    argv = ["tournament", "--bots", "greedy,random,random", "--games", "3", "--no-progress", "--json"]
    argv += ["--edition", "second", "--market", "--unpaid-crate", "idle", "--out", str(out)]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    for text in out.read_text().splitlines():
        options = json.loads(text)["record"]["options"]
        assert options["edition"] == "second" and options["market"] is True
        assert options["unpaid_crate"] == "idle"


def test_market_options_without_the_market_are_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "tournament",
        "--bots",
        "greedy,random",
        "--no-progress",
        "--edition",
        "second",
        "--joker",
        "each_scoring",
    ]
    assert main(argv) == 2
    assert "applies only to a game with the Market" in capsys.readouterr().err


def test_sigterm_stops_a_tournament_and_its_worker_processes(tmp_path: Path) -> None:
    """SIGTERM ends a tournament as Ctrl-C does (status 130), its local pool's workers with it,
    where it used to end the command alone and leave its workers playing on."""
    out = tmp_path / "games.jsonl"
    command = [
        *PETERSBURG,
        *("tournament", "--bots", "ismcts:medium,greedy", "--games", "400", "--jobs", "2"),
        *("--out", str(out), "--no-progress"),
    ]
    stopped = terminated_once_a_game_is_kept(command, out)
    assert stopped.returncode == 130, stopped.stderr
    assert 1 <= len(kept(out)) < 400
