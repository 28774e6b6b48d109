"""The story of a finished game for its results page, read from the engine's events: each seat's
score by source (``score_breakdown``: the scorings of each colour, the Pub, the final scoring's
parts, adding up to the total) and its VP at the end of every round (the VP each scoring and Pub
purchase paid, summed round by round).
"""

from __future__ import annotations

from collections.abc import Sequence

from petersburg.engine import Event, ScoreLine, score_breakdown, winners
from petersburg.engine.events import GameEnded, PhaseScored, PubBought, RoundEnded
from petersburg.server.game.game import Game
from petersburg.server.protocol.http import GameStory, ScoreSource, SeatStory
from petersburg.text.languages import SOURCE
from petersburg.text.names import shown_name
from petersburg.text.pages import PAGES


def vp_by_round(events: Sequence[Event], players: int) -> list[list[int]]:
    """Each seat's VP at the end of every round (the last round ends the game, before the final
    scoring), from what the scorings and Pubs paid."""
    vp = [0] * players
    rounds: list[list[int]] = [[] for _ in range(players)]
    for event in events:
        if isinstance(event, PhaseScored):
            for income in event.incomes:
                vp[income.seat] += income.vp
        elif isinstance(event, PubBought):
            vp[event.seat] += event.vp
        elif isinstance(event, RoundEnded):
            for seat in range(players):
                rounds[seat].append(vp[seat])
    return rounds


def game_story(table_id: int, game: Game, language: str = SOURCE) -> GameStory:
    """The story of a finished ``game`` of table ``table_id``, its words in ``language``."""
    events = [logged.event for logged in game.events]
    state = game.state
    by_round = vp_by_round(events, state.num_players)
    market = state.shape.market
    names = [shown_name(name, language) for name in game.names]
    seats: list[SeatStory] = []
    for part, line in zip(score_breakdown(events), _final_lines(events), strict=True):
        figures = [
            ("workers", part.green_vp),
            ("buildings", part.blue_vp),
            ("aristocrats", part.red_vp),
            *([("market", part.market_vp)] if market else []),
            ("pub", part.pub_vp),
            ("aristocrat_bonus", part.aristocrat_bonus),
            ("rubles", part.money_vp),
            ("hand", part.hand_penalty),
        ]
        sources: list[ScoreSource] = [
            {"source": PAGES.message(f"results.source_{source}", {}).in_language(language), "vp": vp}
            for source, vp in figures
        ]
        seats.append(
            {
                "seat": part.seat,
                "name": names[part.seat],
                "sources": sources,
                "total": part.total,
                "rubles": line.rubles,
                "vp_by_round": by_round[part.seat],
            }
        )
    return {
        "table": table_id,
        "names": names,
        "winners": winners(state),
        "rounds": state.round,
        "seats": seats,
    }


def _final_lines(events: Sequence[Event]) -> Sequence[ScoreLine]:
    """The final scoring the game-end event carries."""
    for event in reversed(events):
        if isinstance(event, GameEnded):
            return event.scores
    raise ValueError("the game has not ended")
