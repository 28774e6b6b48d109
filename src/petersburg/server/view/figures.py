"""The figures shown beside each seat: what each colour would pay at its scoring now, the
aristocrat bonus the seat would score now, and how many cards its hand may hold.

They come from the engine (its one income function, ``phase_income`` and ``market_income``, and the
player's ``hand_limit``), so the figures a player reads are exactly what the rules will do. They
depend on the play area alone, which is when the presenter computes them anew.
"""

from __future__ import annotations

from petersburg.cards_second_edition import YELLOW
from petersburg.engine import GameState, aristocrat_bonus, market_income, phase_income
from petersburg.engine.rules import distinct_red_cards
from petersburg.engine.shape import NO_SCORING
from petersburg.server.protocol.messages import ColourIncome, SeatFigures


def seat_figures(state: GameState, seats: set[int] | None = None) -> dict[int, SeatFigures]:
    """Public figures of the given seats (all if None): income per colour as the scoring would pay
    it now (with the Market, yellow: the market scoring's income, the majorities apart), the
    aristocrat bonus the seat would score now, and its hand limit."""
    chosen = range(state.num_players) if seats is None else sorted(seats)
    if not chosen:
        return {}
    shape = state.shape
    scoring_phase = {colour: phase for phase, colour in enumerate(shape.scoring) if colour != NO_SCORING}
    colours = [colour for colour in range(len(shape.kinds_of_colour)) if colour != YELLOW or shape.market]
    incomes = {colour: phase_income(state, scoring_phase[colour]) for colour in colours if colour != YELLOW}
    figures: dict[int, SeatFigures] = {}
    for seat in chosen:
        area = state.players[seat].area
        income: list[ColourIncome] = []
        for colour in colours:
            cards = sum(area[k] for k in shape.kinds_of_colour[colour])
            if colour == YELLOW:
                income.append({"cards": cards, "rubles": market_income(state, seat), "vp": 0})
            else:
                paid = incomes[colour][seat]
                income.append({"cards": cards, "rubles": paid.rubles, "vp": paid.vp})
        player = state.players[seat]
        distinct_red = distinct_red_cards(player, shape)
        figures[seat] = {
            "income": income,
            "distinct_red": distinct_red,
            "aristocrat_bonus": aristocrat_bonus(distinct_red),
            "hand_limit": player.hand_limit,
        }
    return figures
