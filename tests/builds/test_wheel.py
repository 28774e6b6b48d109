"""The package a researcher installs: ``python -m build`` makes an sdist and a wheel, and the wheel,
installed with the ``rl`` extra into a clean virtual environment without the web server's packages,
runs ``petersburg bench`` and a PettingZoo episode; ``petersburg serve`` then says what to install.

The wheel is built pure Python here (``PETERSBURG_PURE_PYTHON=1``) to keep the test bounded; ``make
dist`` builds the compiled one where a C compiler works (the same ``setup.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

EPISODE = """
from petersburg.env.pettingzoo import env
game = env(num_players=3)
game.reset(seed=7)
steps = 0
for agent in game.agent_iter():
    obs, reward, termination, truncation, info = game.last()
    action = None if termination or truncation else game.action_space(agent).sample(obs["action_mask"])
    game.step(action)
    steps += 1
print("episode steps", steps, "rewards", sorted(game.rewards.values()))
"""


def _run(args: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.mark.slow
def test_the_wheel_runs_the_engine_and_environments_without_the_server(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    env = {**os.environ, "PETERSBURG_PURE_PYTHON": "1"}
    env.pop("PYTHONPATH", None)
    built = _run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ROOT], env=env, cwd=tmp_path
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheels = list(dist.glob("petersburg-*.whl"))
    assert len(wheels) == 1 and len(list(dist.glob("petersburg-*.tar.gz"))) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
    assert any(name.endswith("licenses/LICENSE") for name in names)
    assert "petersburg/engine/views.py" in names and "petersburg/web/table.html" in names

    target = tmp_path / "venv"
    venv.create(target, with_pip=True)
    python = target / "bin" / "python"
    installed = _run([python, "-m", "pip", "install", "--quiet", f"{wheels[0]}[rl]"], env=env)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    clean = {key: value for key, value in env.items() if key != "PETERSBURG_PURE_PYTHON"}
    absent = _run(
        [
            python,
            "-c",
            "import importlib.util as u;"
            " print([m for m in ('fastapi', 'pydantic', 'uvicorn', 'sqlalchemy') if u.find_spec(m)])",
        ],
        env=clean,
        cwd=tmp_path,
    )
    assert absent.stdout.strip() == "[]", absent.stdout + absent.stderr

    bench = _run([target / "bin" / "petersburg", "bench", "--seconds", "1"], env=clean, cwd=tmp_path)
    assert bench.returncode == 0 and "games per second" in bench.stdout, bench.stdout + bench.stderr
    episode = _run([python, "-c", EPISODE], env=clean, cwd=tmp_path)
    assert episode.returncode == 0 and "episode steps" in episode.stdout, episode.stdout + episode.stderr
    serve = _run([target / "bin" / "petersburg", "serve"], env=clean, cwd=tmp_path)
    assert serve.returncode == 2
    assert "pip install 'petersburg[server]'" in serve.stderr and "Traceback" not in serve.stderr
