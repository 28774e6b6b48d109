"""Figures the server shows beside the game log, and the card catalogue for the pages.

The game log itself is worded by the engine from its events (``petersburg.text.narration``:
``describe_event``), for everybody or for one seat, so it never names a card another seat keeps
secret. The per-seat figures here (what each colour would pay at its scoring now) come from the
engine's one income function, ``phase_income``: the figures shown are what the scoring pays.
"""

from __future__ import annotations

from petersburg.cards_second_edition import (
    ALL_CARD_ID,
    ALL_COLOUR,
    ALL_DECK,
    ALL_IS_TRADING,
    ALL_RUBLES,
    ALL_VP,
    GOODS,
    NO_GOOD,
    YELLOW,
)
from petersburg.engine import (
    MARIINSKY_PER_RED,
    POTJOMKINS_VILLAGE_VALUE,
    PUB_PRICE_PER_VP,
    PUB_VP_PER_CARD,
    TAX_MAN_PER_GREEN,
    WAREHOUSE_HAND_LIMIT,
    WORKSHOP_DISCOUNT,
    GameShape,
    GameState,
    aristocrat_bonus,
    market_income,
    phase_income,
)
from petersburg.engine.rules import distinct_red_cards
from petersburg.engine.shape import NO_SCORING
from petersburg.server.protocol.http import CardInfo
from petersburg.server.protocol.messages import ColourIncome, SeatFigures


def seat_figures(state: GameState, seats: set[int] | None = None) -> dict[int, SeatFigures]:
    """Public figures of the given seats (all if None): income per colour as the scoring would pay
    it now (with the Market, yellow: the market scoring's income, the majorities apart), and the
    aristocrat bonus the seat would score now."""
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
        distinct_red = distinct_red_cards(state.players[seat], shape)
        figures[seat] = {
            "income": income,
            "distinct_red": distinct_red,
            "aristocrat_bonus": aristocrat_bonus(distinct_red),
        }
    return figures


SPECIAL_TEXT = {
    "pub": f"After building scoring: buy up to {PUB_VP_PER_CARD} VP for {PUB_PRICE_PER_VP}₽ each",
    "observatory": "Building phase: draw a stack's top card",
    "warehouse": f"Hand limit {WAREHOUSE_HAND_LIMIT}",
    "potjomkins_village": f"Worth {POTJOMKINS_VILLAGE_VALUE} when displaced",
    "carpenter_workshop": f"−{WORKSHOP_DISCOUNT}₽ on every blue card",
    "gold_smelter": f"−{WORKSHOP_DISCOUNT}₽ on every red card",
    "mariinskij_theater": f"+{MARIINSKY_PER_RED}₽ per red card at building scoring",
    "tax_man": f"+{TAX_MAN_PER_GREEN}₽ per green card at aristocrat scoring",
    "czar_and_carpenter": "Any green trading card may displace it",
}
"""One line for the cards whose effect is more than their printed income (docs/rules.md, Special cards)."""

SECOND_EDITION_SPECIAL = {
    "mariinskij_theater": f"+{MARIINSKY_PER_RED} VP per red card at building scoring",
}
"""What the 2nd edition changes in those lines."""

CRATE_SPECIAL = "Crate: pay first place's value in ₽ at each market scoring to keep it"
JOKER_SPECIAL = '"?": you name its good'


def _special(shape: GameShape, kind: int) -> str:
    card_id = ALL_CARD_ID[kind]
    if kind in shape.crate_kinds:
        return CRATE_SPECIAL
    text = SPECIAL_TEXT.get(card_id, "")
    if shape.mariinsky_vp:
        text = SECOND_EDITION_SPECIAL.get(card_id, text)
    if kind in shape.joker_kinds:
        text = f"{text}; {JOKER_SPECIAL}" if text else JOKER_SPECIAL
    return text


def card_catalogue(shape: GameShape) -> list[CardInfo]:
    """Every card kind of a game of ``shape`` with its printed figures in that edition, for the
    browser to draw cards (with the Market: the good each card carries)."""
    catalogue: list[CardInfo] = []
    for kind in shape.kinds:
        info: CardInfo = {
            "id": ALL_CARD_ID[kind],
            "name": shape.card_name[kind],
            "deck": ALL_DECK[kind],
            "colour": ALL_COLOUR[kind],
            "cost": shape.cost[kind],
            "rubles": ALL_RUBLES[kind],
            "vp": ALL_VP[kind],
            "copies": shape.count[kind],
            "trading": ALL_IS_TRADING[kind],
            "displaces": [ALL_CARD_ID[k] for _, k in shape.targets_of[kind]],
            "special": _special(shape, kind),
        }
        good = shape.good_of[kind]
        if good != NO_GOOD:
            info["good"] = GOODS[good] if good < len(GOODS) else "joker"
            info["symbols"] = shape.symbols[kind]
        catalogue.append(info)
    return catalogue
