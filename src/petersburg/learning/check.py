"""A quick head-to-head of new weights: the search with the learned evaluation against the same
search with the hand-written one, 2 players, same deals with the seats swapped.

It is a check that the pipeline's output plays, and a first sign of whether it helps; the strength
figures worth quoting come from ``benchmarks/bots_master.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from petersburg.bots.ismcts import LEVELS, IsmctsBot, SearchConfig
from petersburg.engine import apply_action, final_scores, new_game, view
from petersburg.learning.selfplay import setting_options
from petersburg.tournament.backends import Backend, map_in_order
from petersburg.tournament.runner import derive_seed

VALUE_SHARE: Final = 0.5
"""Share of the learned correction beside the hand-written worth in the check's learned search:
half, which measured no worse than the whole (docs/bots.md, Master)."""


@dataclass(frozen=True)
class DuelTask:
    """Game ``game`` of a duel: the learned search in seat ``game % 2``."""

    setting: str
    game: int
    seed: int
    learned: SearchConfig
    plain: SearchConfig


def play_duel(task: DuelTask) -> float:
    """The learned search's result in one game: 1 for a win, 0.5 for a tie, 0 for a loss."""
    options, players = setting_options(task.setting)
    state = new_game(players, derive_seed(task.seed, "duel", task.game // 2) % (2**31), options)
    learned_seat = task.game % 2
    bots = [
        IsmctsBot(
            derive_seed(task.seed, "bot", task.game, seat),
            task.learned if seat == learned_seat else task.plain,
        )
        for seat in range(players)
    ]
    while not state.is_over:
        seat = state.current_player
        apply_action(state, bots[seat].choose(view(state, seat)))
    keys = [(line.total, line.rubles) for line in final_scores(state)]
    mine = keys[learned_seat]
    best_other = max(key for seat, key in enumerate(keys) if seat != learned_seat)
    return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0


def duel(
    weights: str, setting: str, games: int, seed: int, iterations: int, backend: Backend
) -> tuple[float, int]:
    """The learned search's score (wins, ties as halves) over ``games`` games (rounded up to pairs)
    against the hand-written one, both at ``iterations`` iterations; returns (score, games)."""
    plain = replace(LEVELS["expert"], iterations=iterations)
    learned = replace(plain, value_model=weights, value_share=VALUE_SHARE)
    pairs = max(1, (games + 1) // 2)
    tasks = [DuelTask(setting, game, seed, learned, plain) for game in range(2 * pairs)]
    return sum(map_in_order(play_duel, tasks, backend)), len(tasks)
