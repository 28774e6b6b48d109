"""Marks of a judged decision by its loss: inaccuracy, mistake, blunder.

The loss of a decision is how much the deciding seat's chance of winning fell against the best move
the evaluation found (both measured on the same samples of that seat's view). The thresholds are
in points of chance (a drop from 40 % to 28 % is 12 points: a mistake), documented in
docs/analysis.md; solo, where there is no chance of winning, in VP of the expected final score.
"""

from __future__ import annotations

from typing import Final

INACCURACY: Final = "inaccuracy"
MISTAKE: Final = "mistake"
BLUNDER: Final = "blunder"

CHANCE_THRESHOLDS: Final = ((BLUNDER, 0.20), (MISTAKE, 0.10), (INACCURACY, 0.05))
"""Drops in the chance of winning (0..1) that earn each mark, worst first."""
SOLO_THRESHOLDS: Final = ((BLUNDER, 8.0), (MISTAKE, 4.0), (INACCURACY, 2.0))
"""Solo: drops in the expected final score (VP) that earn each mark, worst first."""


def mark_of(loss: float, solo: bool) -> str | None:
    """The mark a decision with ``loss`` earns, or None for a good move."""
    for mark, threshold in SOLO_THRESHOLDS if solo else CHANCE_THRESHOLDS:
        if loss >= threshold:
            return mark
    return None
