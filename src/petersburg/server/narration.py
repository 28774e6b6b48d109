"""Figures the server shows beside the game log, and the card catalogue for the pages.

The game log itself is worded by the engine from its events (``petersburg.engine.narration``:
``describe_event``), for everybody or for one seat, so it never names a card another seat keeps
secret. The per-seat figures here (what each colour would pay at its scoring now) come from the
engine's one income function, ``phase_income``: the figures shown are what the scoring pays.
"""

from __future__ import annotations

from petersburg.cards import (
    CARD_ID,
    CARD_NAME,
    COLOUR,
    COST,
    DECK,
    IS_TRADING,
    NUM_KINDS,
    RUBLES,
    VP,
    aristocrat_bonus,
)
from petersburg.engine import GameState, phase_income
from petersburg.server.protocol import CardInfo, ColourIncome, SeatFigures

COLOUR_PHASES = (0, 1, 2)
"""The phases whose scoring pays each colour (worker: green, building: blue, aristocrat: red)."""


def seat_figures(state: GameState, seats: set[int] | None = None) -> dict[int, SeatFigures]:
    """Public figures of the given seats (all if None): income per colour as the scoring would pay
    it now, and the aristocrat bonus the seat would score now."""
    chosen = range(state.num_players) if seats is None else sorted(seats)
    if not chosen:
        return {}
    incomes = [phase_income(state, phase) for phase in COLOUR_PHASES]
    shape = state.shape
    figures: dict[int, SeatFigures] = {}
    for seat in chosen:
        area = state.players[seat].area
        income: list[ColourIncome] = [
            {
                "cards": sum(area[k] for k in shape.kinds_of_colour[colour]),
                "rubles": incomes[colour][seat].rubles,
                "vp": incomes[colour][seat].vp,
            }
            for colour in range(3)
        ]
        distinct_red = sum(1 for k in shape.red_kinds if area[k])
        figures[seat] = {
            "income": income,
            "distinct_red": distinct_red,
            "aristocrat_bonus": aristocrat_bonus(distinct_red),
        }
    return figures


SPECIAL_TEXT = {
    "pub": "After building scoring: buy up to 5 VP for 2₽ each",
    "observatory": "Building phase: draw a stack's top card",
    "warehouse": "Hand limit 4",
    "potjomkins_village": "Worth 6 when displaced",
    "carpenter_workshop": "−1₽ on every blue card",
    "gold_smelter": "−1₽ on every red card",
    "mariinskij_theater": "+1₽ per red card at building scoring",
    "tax_man": "+1₽ per green card at aristocrat scoring",
    "czar_and_carpenter": "Any green trading card may displace it",
}
"""One line for the cards whose effect is more than their printed income (RULES.md Special cards)."""


def card_catalogue() -> list[CardInfo]:
    """Every card kind's printed figures, for the browser to draw cards."""
    from petersburg.cards import CATALOGUE, DISPLACEABLE_BY

    return [
        {
            "id": CARD_ID[k],
            "name": CARD_NAME[k],
            "deck": DECK[k],
            "colour": COLOUR[k],
            "cost": COST[k],
            "rubles": RUBLES[k],
            "vp": VP[k],
            "copies": CATALOGUE[k].copies,
            "trading": IS_TRADING[k],
            "displaces": [CARD_ID[d] for d in DISPLACEABLE_BY[k]],
            "special": SPECIAL_TEXT.get(CARD_ID[k], ""),
        }
        for k in range(NUM_KINDS)
    ]
