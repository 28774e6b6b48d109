"""The Stable-Baselines3 examples run end to end (tiny budgets), and a trained policy plays tournaments."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from petersburg.engine import legal_actions, new_game, view
from petersburg.env.encoding import mask_from_actions
from petersburg.env.policy_bot import PolicyBot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(*args: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=600, check=True, env=env
    )
    return result.stdout


@pytest.mark.slow
def test_maskable_ppo_recipe_trains_and_reports_win_rates(tmp_path: Path) -> None:
    model = tmp_path / "ppo.zip"
    recipe = str(EXAMPLES / "maskable_ppo.py")
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    out = _run(
        recipe,
        "--timesteps",
        "256",
        "--eval-games",
        "2",
        "--save",
        str(model),
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    assert re.search(r"Trained [\d,]+ steps at [\d,]+ steps/s", out)
    assert len(re.findall(r"vs (random|greedy)\s+win rate\s+\d+\.\d%", out)) == 2
    assert model.is_file()
    assert not list(temporary.glob("SB3-*")), "training left a log folder in the temporary directory"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("budget", "words", "rules"),
    [
        ("--minutes", "0.05 min", []),
        ("--cpu-minutes", "0.05 min of CPU", ["--edition", "second", "--market"]),
    ],
)
def test_maskable_ppo_stops_at_its_time_budget(budget: str, words: str, rules: list[str]) -> None:
    """A step budget far beyond reach and a budget of 0.05 minutes (wall clock, or CPU time on the
    Market): training stops at the time, and says so."""
    out = _run(
        str(EXAMPLES / "maskable_ppo.py"),
        "--timesteps",
        "100000000",
        budget,
        "0.05",
        "--eval-games",
        "1",
        *rules,
    )
    assert f"for 100,000,000 steps or {words}, whichever ends first," in out
    trained = re.search(r"Trained ([\d,]+) steps at [\d,]+ steps/s in (\d+) s \((\d+) s of CPU", out)
    assert trained is not None and int(trained.group(1).replace(",", "")) < 100_000_000
    assert int(trained.group(2)) < 60
    assert int(trained.group(3)) < 60


def test_selfplay_policy_is_a_bot_that_tournaments_seat(tmp_path: Path) -> None:
    model = tmp_path / "selfplay.zip"
    out = _run(
        str(EXAMPLES / "ppo_selfplay.py"),
        "--generations",
        "1",
        "--steps",
        "256",
        "--eval-games",
        "1",
        "--save",
        str(model),
    )
    assert "generation 1:" in out and model.is_file()
    env = {**os.environ, "PETERSBURG_PPO_MODEL": str(model)}
    table = _run(
        "-m",
        "petersburg.cli",
        "tournament",
        "--import",
        str(EXAMPLES / "ppo_selfplay.py"),
        "--bots",
        "ppo,random",
        "--games",
        "2",
        "--no-progress",
        env=env,
    )
    assert re.search(r"^ppo\s+2\s", table, re.MULTILINE)


def test_policy_bot_builds_the_environment_observation_and_rejects_illegal_answers() -> None:
    state = new_game(2, 4)
    seen = view(state, state.current_player)
    asked: list[dict[str, object]] = []

    def last_legal(observation: dict[str, object]) -> int:
        asked.append(observation)
        return legal_actions(state)[-1]

    assert PolicyBot(last_legal).choose(seen) == legal_actions(state)[-1]
    assert (asked[0]["action_mask"] == mask_from_actions(legal_actions(state))).all()
    illegal = next(a for a in range(559) if a not in legal_actions(state))
    with pytest.raises(ValueError, match="illegal action"):
        PolicyBot(lambda observation: illegal, name="bad").choose(seen)
    with pytest.raises(ValueError, match="not its seat's turn"):
        PolicyBot(last_legal).choose(view(state, 1 - state.current_player))
