"""What runs in a bot worker for hints and analyses: plain functions of picklable arguments, so the
server process never runs a search itself."""

from __future__ import annotations

import os
from dataclasses import replace
from multiprocessing.connection import Connection

from petersburg.analysis import HINT_BUDGET, AnalysisJson, HintJson, analyse_game, hint
from petersburg.engine import GameRecord, View


def hint_in_worker(seen: View, names: list[str], seconds: float, language: str) -> HintJson:
    """The hint for the seat of ``seen``, its search bounded by ``seconds``, worded in ``language``."""
    budget = replace(HINT_BUDGET, seconds=min(seconds, HINT_BUDGET.seconds or seconds))
    return hint(seen, budget, names, language).to_json()


def analyse_in_worker(record: GameRecord, seats: list[int]) -> AnalysisJson:
    """The analysis of a finished game, judging ``seats`` (the people's)."""
    return analyse_game(record, seats).to_json()


def analysis_process(sender: Connection, record: GameRecord, seats: list[int], parent: int) -> None:
    """The body of an analysis process: at a low priority (people's games come first), leaving with
    the server, it sends the analysis and ends."""
    from petersburg.server.game.automation import leave_with_parent

    os.nice(10)
    leave_with_parent(parent)
    sender.send(analyse_in_worker(record, seats))
    sender.close()
