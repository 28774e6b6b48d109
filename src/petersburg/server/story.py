"""The story of a finished game for its results page: each seat's score by source and its VP at the
end of every round.

The game is replayed from the actions that count; the VP a seat holds at the end of each round is
read from the state, and each VP it gains is put down to where it came from: the Pub (a Pub
purchase) or the colour of the phase whose scoring paid it. The final scoring adds the aristocrat
bonus, the rubles and the hand penalty (``final_scores``), so the sources add up to the total.
"""

from __future__ import annotations

from collections.abc import Sequence

from petersburg.engine import apply_action, final_scores, new_game, options_from_json, winners
from petersburg.engine.actions import ACTION_KIND, KIND_PUB
from petersburg.server.protocol import GameStory, ScoreSource, SeatStory
from petersburg.server.store import LogRow, TableRow

SOURCE_WORDS = ("Workers", "Buildings", "Aristocrats", "Market")
"""The colour scorings (green, blue, red, yellow) as the results page names them."""
PUB_SOURCE = len(SOURCE_WORDS)


def game_story(row: TableRow, actions: Sequence[LogRow], names: list[str]) -> GameStory:
    """The story of ``row``'s finished game, made of ``actions`` (the ones that count)."""
    assert row.seed is not None
    state = new_game(row.num_seats, row.seed, options_from_json(row.options))
    seats = range(state.num_players)
    scored = [[0] * (PUB_SOURCE + 1) for _ in seats]  # by scoring colour, then the Pub
    by_round: list[list[int]] = [[] for _ in seats]
    for entry in actions:
        before = [player.vp for player in state.players]
        phase, round_ = state.phase, state.round
        apply_action(state, entry.action)
        for seat in seats:
            gained = state.players[seat].vp - before[seat]
            if gained:
                pub = ACTION_KIND[entry.action] == KIND_PUB
                source = PUB_SOURCE if pub else state.shape.scoring[phase]
                scored[seat][source] += gained
        if state.round != round_ or state.is_over:
            for seat in seats:
                by_round[seat].append(state.players[seat].vp)
    stories: list[SeatStory] = []
    for line in final_scores(state):
        counts = scored[line.seat]
        colours = range(4 if state.shape.market else 3)
        sources: list[ScoreSource] = [{"source": SOURCE_WORDS[c], "vp": counts[c]} for c in colours]
        sources += [
            {"source": "Pub", "vp": counts[PUB_SOURCE]},
            {"source": "Aristocrat bonus", "vp": line.aristocrat_bonus},
            {"source": "Rubles", "vp": line.money_vp},
            {"source": "Hand", "vp": line.hand_penalty},
        ]
        stories.append(
            {
                "seat": line.seat,
                "name": names[line.seat],
                "sources": sources,
                "total": line.total,
                "rubles": line.rubles,
                "vp_by_round": by_round[line.seat],
            }
        )
    return {
        "table": row.id,
        "names": names,
        "winners": winners(state),
        "rounds": state.round,
        "seats": stories,
    }
