"""``petersburg evaluate`` and ``petersburg dataset``: the protocol's figures and reproducible records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from petersburg.cli import main
from petersburg.engine import GameRecord, apply_action, new_game, view, view_to_json
from petersburg.research.dataset import view_id


def test_evaluate_rotates_the_candidate_over_whole_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "evaluate",
                "--policy",
                "greedy",
                "--opponent",
                "random",
                "--players",
                "3",
                "--games",
                "5",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["protocol"] == "petersburg-eval/1"
    assert (result["games"], result["deals"], result["chance"]) == (6, 2, 0.3333)
    assert result["win_rate_low"] <= result["win_rate"] <= result["win_rate_high"]
    assert result["win_rate"] > 0.5 and result["mean_rank_reward"] > 0


def test_evaluate_refuses_bad_input_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "--policy", "nobody", "--games", "2"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["evaluate", "--policy", "greedy", "--players", "5", "--games", "2"]) == 2
    assert "Market" in capsys.readouterr().err


def test_dataset_records_replay_to_the_views_they_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "dataset",
        "--games",
        "3",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--edition",
        "second",
        "--market",
    ]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    assert "Wrote 3 games" in capsys.readouterr().out
    a, b = (tmp_path / name / "games.jsonl" for name in "ab")
    assert a.read_bytes() == b.read_bytes()  # seeded: the same command writes the same records
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["format"] == "petersburg-dataset" and manifest["games"] == 3
    lines = [json.loads(text) for text in a.read_text().splitlines()]
    assert sum(len(line["decisions"]) for line in lines) == manifest["decisions"]
    for line in lines:
        record = GameRecord.from_json(line["record"])
        state = new_game(record.num_players, record.seed, record.options)
        for decision in line["decisions"]:
            assert state.step == decision["step"] and state.current_player == decision["seat"]
            seen = view(state, decision["seat"])
            assert view_id(view_to_json(seen)) == decision["view_id"]
            assert seen.legal_actions() == decision["legal"] and decision["action"] in decision["legal"]
            apply_action(state, decision["action"])
        assert state.is_over
    assert main([*args, "--out", str(tmp_path / "a")]) == 2  # never overwrites a dataset
    assert "already holds a dataset" in capsys.readouterr().err


def test_dataset_parquet_holds_every_decision(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    assert main(["dataset", "--games", "2", "--bots", "random,random", "--out", str(tmp_path)]) == 0
    table = pq.read_table(tmp_path / "decisions.parquet")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert table.num_rows == manifest["decisions"] and "decisions.parquet" in manifest["files"]
    assert table.column_names == ["game", "seed", "step", "seat", "bot", "view_id", "legal", "action"]


def test_a_command_whose_extra_is_missing_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without the server's packages (the wheel test installs none) ``serve`` is still listed."""
    import importlib

    real = importlib.import_module

    def without_pydantic(name: str, package: str | None = None) -> object:
        if name == "petersburg.server.cli":
            raise ModuleNotFoundError("No module named 'pydantic'", name="pydantic")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_pydantic)
    assert main(["serve", "--port", "8001"]) == 2
    assert "pip install 'petersburg[server]'" in capsys.readouterr().err
    assert main(["bench", "--seconds", "0.05"]) == 0
