"""A finished game's result as it is stored and sent: the engine's final scoring with the seats'
names, and a solo game's place in the high-score list."""

from __future__ import annotations

from petersburg.engine import GameState
from petersburg.engine.records import result_json
from petersburg.server.persistence.store import SoloPlace
from petersburg.server.protocol.messages import GameResult, SoloPlacement


def result_of(state: GameState, names: list[str]) -> GameResult:
    """The final scoring of a finished game, as stored and sent."""
    result = result_json(state)
    return {
        "scores": result["scores"],
        "winners": result["winners"],
        "rounds": result["rounds"],
        "names": names,
    }


def solo_placement(place: SoloPlace) -> SoloPlacement:
    """Where a finished solo game places in the high-score list, as stored and sent."""
    return {
        "overall": place.overall,
        "overall_of": place.overall_of,
        "yours": place.yours,
        "yours_of": place.yours_of,
    }
