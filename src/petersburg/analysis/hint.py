"""A hint: what the strongest evaluation would do here, as the three best moves with their chances
and one reason each, from the seat's own view.

``hint(seen)`` is what the terminal game's ``hint`` and the web server's hint request answer; its
``to_json()`` is what the page shows. Everything in it comes from the view: the moves are the
seat's legal actions worded by ``describe_action`` on the view's state, the reasons by
``petersburg.analysis.reasons``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from petersburg.analysis.evaluation import HINT_BUDGET, PRECISION, Budget, evaluate_decision
from petersburg.analysis.reasons import reason
from petersburg.engine import ActionId, View
from petersburg.text.analysis import analysis_text, value_text
from petersburg.text.languages import SOURCE
from petersburg.text.narration import describe_action
from petersburg.text.wording import Message

HINT_MOVES = 3
"""How many moves a hint shows."""


class HintMoveJson(TypedDict):
    action: int
    move: str
    value: float
    reason: str
    reason_id: str


class HintJson(TypedDict):
    seat: int
    solo: bool
    samples: int
    moves: list[HintMoveJson]


@dataclass(frozen=True, slots=True)
class HintMove:
    action: ActionId
    move: str
    """The move in the player's words ("Buy Market from the upper row for 5 rubles")."""
    value: float
    """Chance of winning (0..1), or, solo, the expected final worth in VP."""
    reason: Message


@dataclass(frozen=True, slots=True)
class Hint:
    language: str
    """The language of the moves' words, and the one ``to_json`` words the reasons in."""
    seat: int
    solo: bool
    samples: int
    moves: tuple[HintMove, ...]

    def to_json(self) -> HintJson:
        return {
            "seat": self.seat,
            "solo": self.solo,
            "samples": self.samples,
            "moves": [
                {
                    "action": move.action,
                    "move": move.move,
                    "value": round(move.value, PRECISION),
                    "reason": move.reason.in_language(self.language),
                    "reason_id": move.reason.message_id,
                }
                for move in self.moves
            ],
        }


def hint(
    seen: View, budget: Budget = HINT_BUDGET, names: Sequence[str] | None = None, language: str = SOURCE
) -> Hint:
    """The best moves (up to ``HINT_MOVES``) for the seat whose turn it is in ``seen``, their words
    in ``language`` (the reasons keep their message ids: ``HintMove.reason``)."""

    # Moves worded alike (the same card twice on the board) are one move to the player: the search
    # covers three that are told apart, and the better of each wording is shown. Each candidate
    # is worded once, for the search and for the hint alike.
    @functools.cache
    def words_of(action: ActionId) -> str:
        return describe_action(seen.state, action, language)

    evaluation = evaluate_decision(seen, budget, least=HINT_MOVES, alike=words_of)
    moves: list[HintMove] = []
    for estimate in evaluation.moves:
        words = words_of(estimate.action)
        if len(moves) < HINT_MOVES and all(move.move != words for move in moves):
            moves.append(
                HintMove(estimate.action, words, estimate.value, reason(seen, estimate.action, names))
            )
    return Hint(language, evaluation.seat, evaluation.solo, evaluation.samples, tuple(moves))


def hint_lines(found: Hint) -> list[str]:
    """A hint in sentences, one a line, in the hint's language (the terminal game's ``hint``)."""
    language = found.language
    lines = [analysis_text("cli_hint_header").in_language(language)]
    for rank, move in enumerate(found.moves, 1):
        lines.append(
            analysis_text(
                "cli_hint",
                rank=rank,
                move=move.move,
                value=value_text(move.value, found.solo, language),
                reason=move.reason.in_language(language),
            ).in_language(language)
        )
    return lines
