"""Self-play generation: positions and outcomes for the value model, in seeded, resumable shards.

A setting (``first-4``: the game's shape and its players, as ``value_model.model_key`` names it)
is played ``games`` times, split into ``shards`` of whole games. Every game is derived from the run's
seed, the setting and the game's index alone (its deal and the policy's random choices), so a shard
is the same whichever machine or worker plays it, and a run interrupted resumes by playing only the
shards whose files are missing (a shard file appears whole, by an atomic rename).

The policy is the greedy bot with full lookahead and denial (the one Expert's and Master's playouts
use), with a small share ``epsilon`` of uniformly random moves so that the positions cover more than
one line of play. A position is recorded at the start of every phase, which is where a search's
playout stops and asks the evaluation; each line of a shard is one seat of one position: its
``FEATURES`` and the seat's final score.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path

from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.ismcts import policy_action
from petersburg.bots.value_model import game_features
from petersburg.engine import GameOptions, final_scores, new_game
from petersburg.engine.rules import apply_unchecked
from petersburg.tournament.runner import derive_seed

SETTING_OPTIONS = {
    "first": GameOptions(),
    "second": GameOptions(edition="second"),
    "market": GameOptions(edition="second", market=True),
}
"""The game options of each shape a setting names."""


def setting_options(setting: str) -> tuple[GameOptions, int]:
    """The options and players of a setting such as ``first-4``; ValueError with a sentence."""
    shape, _, players_text = setting.partition("-")
    if shape not in SETTING_OPTIONS or not players_text.isdigit():
        known = ", ".join(SETTING_OPTIONS)
        raise ValueError(f"A setting is a shape ({known}) and players, e.g. first-4, not '{setting}'.")
    players = int(players_text)
    most = 5 if shape == "market" else 4
    if not 2 <= players <= most:
        raise ValueError(f"Setting {setting}: {shape} games are learned for 2 to {most} players.")
    return SETTING_OPTIONS[shape], players


@dataclass(frozen=True)
class ShardTask:
    """One shard to play: ``games`` games of ``setting`` starting at game ``first``."""

    setting: str
    index: int
    first: int
    games: int
    seed: int
    epsilon: float
    out: str

    @property
    def path(self) -> Path:
        return Path(self.out) / self.setting / f"shard-{self.index:04d}.jsonl"


def shard_tasks(
    settings: list[str], games: int, shards: int, seed: int, epsilon: float, out: Path
) -> list[ShardTask]:
    """The shards of a run: each setting's ``games`` split into ``shards`` nearly equal parts."""
    tasks = []
    for setting in settings:
        setting_options(setting)
        parts = max(1, min(shards, games))
        start = 0
        for index in range(parts):
            size = games // parts + (1 if index < games % parts else 0)
            tasks.append(ShardTask(setting, index, start, size, seed, epsilon, str(out)))
            start += size
    return tasks


def play_positions(setting: str, game: int, seed: int, epsilon: float) -> list[tuple[list[float], int]]:
    """One self-play game: (features, final score) of every seat at every phase start."""
    options, players = setting_options(setting)
    state = new_game(players, derive_seed(seed, "selfplay", setting, game) % (2**31), options)
    rng = random.Random(derive_seed(seed, "policy", setting, game))
    rows: list[tuple[int, list[float]]] = []
    marked = (-1, -1)
    while not state.is_over:
        if (state.round, state.phase) != marked:
            marked = (state.round, state.phase)
            rows.extend(enumerate(game_features(state, DEFAULT_WEIGHTS)))
        apply_unchecked(state, policy_action(state, rng, DEFAULT_WEIGHTS, epsilon, lite=False, deny=True))
    totals = [line.total for line in final_scores(state)]
    return [(features, totals[seat]) for seat, features in rows]


def play_shard(task: ShardTask) -> dict[str, int]:
    """Play a shard and write its file (nothing when the file is already there: resuming)."""
    path = task.path
    if path.exists():
        with path.open(encoding="utf-8") as handle:
            return {"games": task.games, "positions": sum(1 for _ in handle), "played": 0}
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".part{os.getpid()}")
    positions = 0
    with partial.open("w", encoding="utf-8") as writer:
        for game in range(task.first, task.first + task.games):
            for features, total in play_positions(task.setting, game, task.seed, task.epsilon):
                writer.write(json.dumps({"g": game, "x": [round(f, 4) for f in features], "y": total}) + "\n")
                positions += 1
    partial.replace(path)
    return {"games": task.games, "positions": positions, "played": task.games}


def read_setting(out: Path, setting: str) -> tuple[list[list[float]], list[float], list[int]]:
    """Every position of a setting's shard files, in shard order: features, final scores, and the
    game each came from."""
    features: list[list[float]] = []
    targets: list[float] = []
    games: list[int] = []
    for path in sorted((out / setting).glob("shard-*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                try:
                    line = json.loads(text)
                    features.append([float(value) for value in line["x"]])
                    targets.append(float(line["y"]))
                    games.append(int(line["g"]))
                except (ValueError, KeyError, TypeError):
                    raise ValueError(f"{path} line {number} is not a self-play position.") from None
    return features, targets, games
