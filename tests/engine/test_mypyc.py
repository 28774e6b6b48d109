"""The engine stays mypyc-clean: it compiles, and the compiled engine plays the same game."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import petersburg

ENGINE_MODULES = [
    "petersburg/cards.py",
    "petersburg/cards_second_edition.py",
    "petersburg/engine/errors.py",
    "petersburg/engine/options.py",
    "petersburg/engine/actions.py",
    "petersburg/engine/shape.py",
    "petersburg/engine/state.py",
    "petersburg/engine/market.py",
    "petersburg/engine/rules.py",
    "petersburg/engine/views.py",
]

GAME = (
    "import random, sys\n"
    "import petersburg.engine.rules as rules\n"
    "from petersburg.engine import GameOptions, new_game, legal_actions, apply_unchecked, final_scores\n"
    "totals = []\n"
    "for players, options in ((3, GameOptions()), (5, GameOptions(edition='second', market=True))):\n"
    "    state = new_game(players, 17, options)\n"
    "    rng = random.Random(17)\n"
    "    while not state.is_over:\n"
    "        actions = legal_actions(state)\n"
    "        apply_unchecked(state, actions[rng.randrange(len(actions))])\n"
    "    totals.append([line.total for line in final_scores(state)])\n"
    "print(rules.__file__.endswith('.so'), totals)\n"
)


@pytest.mark.slow
def test_engine_compiles_with_mypyc_and_plays_identically(tmp_path: Path) -> None:
    mypyc = Path(sys.executable).with_name("mypyc")
    if not mypyc.exists():
        pytest.fail("mypyc (part of mypy, a dev dependency) is not installed")
    package = Path(petersburg.__file__).parent
    shutil.copytree(package, tmp_path / "petersburg", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([str(mypyc), *ENGINE_MODULES], cwd=tmp_path, check=True, capture_output=True, timeout=600)
    compiled = subprocess.run(
        [sys.executable, "-c", GAME], cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout
    interpreted = subprocess.run(
        [sys.executable, "-c", GAME], cwd=package.parent, check=True, capture_output=True, text=True
    ).stdout
    assert compiled.startswith("True ")
    assert interpreted.startswith("False ")
    assert compiled.split(" ", 1)[1] == interpreted.split(" ", 1)[1]
