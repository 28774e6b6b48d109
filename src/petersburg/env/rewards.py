"""Final rewards: rank-based or score difference, both zero-sum over the seats.

Sankt Petersburg gives its VP at the end (phase scorings only add to a running total that the final
scoring still changes a lot), so every environment here pays one reward per seat when the game is
over and 0 on every other step.

- ``"rank"``: for each other seat, +1 if this seat finishes ahead of it, -1 if behind, 0 if tied
  (VP first, then rubles, as the engine's ``winners``), divided by the number of other seats. In
  [-1, 1]; a sole winner of a 2-player game gets +1, the loser -1.
- ``"score"``: this seat's final VP minus the mean final VP of the other seats.
- Solo games have no one to rank against: both modes give the final VP total (score attack).
"""

from __future__ import annotations

from typing import Final

from petersburg.engine import GameState, final_scores

REWARD_MODES: Final = ("rank", "score")


def check_reward_mode(mode: str) -> str:
    """Return ``mode`` if it is a known reward mode, else raise ValueError naming the choices."""
    if mode not in REWARD_MODES:
        raise ValueError(f"Unknown reward '{mode}'. Choose one of: {', '.join(REWARD_MODES)}.")
    return mode


def final_rewards(state: GameState, mode: str) -> list[float]:
    """One reward per seat for a finished game (see the module docstring); valid at any time."""
    lines = final_scores(state)
    n = len(lines)
    if n == 1:
        return [float(lines[0].total)]
    if mode == "score":
        total = sum(line.total for line in lines)
        return [float(line.total - (total - line.total) / (n - 1)) for line in lines]
    keys = [(line.total, line.rubles) for line in lines]
    rewards = []
    for mine in keys:
        ahead = sum(1 for other in keys if mine > other)
        behind = sum(1 for other in keys if mine < other)
        rewards.append((ahead - behind) / (n - 1))
    return rewards
