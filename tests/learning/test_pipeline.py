"""``petersburg train``: the whole pipeline on tiny data with Ray, resumable and reproducible."""

from __future__ import annotations

from pathlib import Path

import pytest

from petersburg.bots.value_model import load_value_models
from petersburg.cli import main
from petersburg.learning.selfplay import play_shard, shard_tasks
from petersburg.learning.train import train


def test_the_smoke_run_goes_end_to_end_on_ray(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("numpy")
    out = tmp_path / "weights.json"
    assert main(["train", "--smoke", "--jobs", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Self-play: 2 shards" in printed and "Trained first-2:" in printed
    assert "against the hand-written one" in printed
    assert set(load_value_models(str(out)).models) == {"first-2"}


def test_the_same_seed_gives_the_same_weights_and_shards_resume(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    files = []
    for run in ("a", "b"):
        tasks = shard_tasks(["first-2", "market-3"], 3, 2, seed=5, epsilon=0.1, out=tmp_path / run)
        assert [play_shard(task)["played"] for task in tasks] == [2, 1, 2, 1]
        weights = tmp_path / run / "weights.json"
        train(tmp_path / run, ["first-2", "market-3"], 5, 3, weights, "test")
        files.append(weights.read_bytes())
    assert files[0] == files[1]
    resumed = [play_shard(task) for task in tasks]
    assert [done["played"] for done in resumed] == [0, 0, 0, 0] and all(d["positions"] for d in resumed)


def test_bad_settings_are_refused_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--players", "6", "--shapes", "first", "--backend", "local"]) == 2
    assert "first games are learned for 2 to 4 players" in capsys.readouterr().err
    assert main(["train", "--shapes", "third", "--backend", "local"]) == 2
    assert "A setting is a shape" in capsys.readouterr().err


def test_the_model_learns_the_margin_the_search_compares(tmp_path: Path) -> None:
    """Fit to every seat's margin over the others: on the held-out games a seat's margin over the
    best other seat is predicted better than by the hand-written worth alone, at 2 and 4 players
    (a few hundred greedy games are enough to show it)."""
    pytest.importorskip("numpy")
    settings = ["first-2", "first-4"]
    for task in shard_tasks(settings, 300, 1, seed=3, epsilon=0.05, out=tmp_path):
        play_shard(task)
    reports = train(tmp_path, settings, 3, 5, tmp_path / "weights.json", "test")
    for setting in settings:
        report = reports[setting]
        assert report["held_out_margin_rmse_model"] < report["held_out_margin_rmse_worth"], setting
        assert report["held_out_rmse_model"] < report["held_out_rmse_worth"], "the score is still anchored"
