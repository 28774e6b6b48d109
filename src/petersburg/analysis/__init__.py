"""Hints and game analysis: what the strongest evaluation thinks of a seat's moves.

``evaluate_decision`` (evaluation.py) is the one evaluation everything here asks; ``hint`` gives a
seat's three best moves with chances and reasons; ``analyse_game`` judges every decision of a
finished game, marks mistakes and draws each player's winning-chance curve; ``analysis_in_language`` words a
stored analysis for each reader. See docs/analysis.md.
"""

from petersburg.analysis.evaluation import (
    ANALYSIS_BUDGET,
    HINT_BUDGET,
    Budget,
    Evaluation,
    MoveEstimate,
    evaluate_decision,
)
from petersburg.analysis.game import AnalysisJson, GameAnalysis, analyse_game, analysis_in_language
from petersburg.analysis.hint import Hint, HintJson, hint
from petersburg.analysis.marks import mark_of

__all__ = [
    "ANALYSIS_BUDGET",
    "HINT_BUDGET",
    "AnalysisJson",
    "Budget",
    "Evaluation",
    "GameAnalysis",
    "Hint",
    "HintJson",
    "MoveEstimate",
    "analyse_game",
    "analysis_in_language",
    "evaluate_decision",
    "hint",
    "mark_of",
]
