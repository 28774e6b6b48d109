"""``benchmarks/greedy_weights.py``: the evaluation's figures probed by greedy self-play, the
variant in every seat of every deal against default greedies (run as a person runs it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .benchmark_scripts import run_script


def probe(*arguments: str) -> Any:
    result = run_script("greedy_weights.py", "--deals", "3", "--json", *arguments)
    return json.loads(result.stdout)


def test_the_defaults_against_themselves_lead_by_nothing_and_win_their_share() -> None:
    """The other seats play the variant-free deal: the defaults as a variant change no game."""
    for players in ("2", "4"):
        row = probe("--players", players, "deny=0.4,diversity=0")["variants"][0]
        assert row["games"] == 3 * int(players)
        assert row["lead"] == pytest.approx(0.0, abs=1e-9)
        assert row["wins"] == 3.0


def test_a_variant_gets_its_lead_and_games_won_with_intervals() -> None:
    summary = probe("--players", "3", "--market", "diversity=1.0,deny=1.5", "hand_slot=2")
    rows = summary["variants"]
    assert [row["variant"] for row in rows] == ["diversity=1.0,deny=1.5", "hand_slot=2"]
    for row in rows:
        assert row["games"] == 9
        assert row["lead_low"] < row["lead"] < row["lead_high"]
        assert row["win_low"] <= row["win_rate"] <= row["win_high"]
        assert row["chance"] == 1 / 3


def test_a_wrong_figure_is_refused_with_a_sentence() -> None:
    for variant, words in (
        ("speed", "'speed' is not name=number"),
        ("speed=2", "'speed' is not one of the evaluation's figures: ruble_base"),
        ("deny=lots", "'lots' is not a finite number for the figure deny"),
    ):
        result = run_script("greedy_weights.py", "--deals", "1", variant, check=False)
        assert result.returncode != 0 and words in result.stderr
