"""The card catalogue the pages draw from: every card kind of an edition with its printed figures,
and, for the rules and help page, every card with its sentence.

The figures are read from the engine's shape of each edition and the sentences from ``petersburg.text``,
so the pages cannot disagree with the game.
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
)
from petersburg.engine.shape import FIRST, MARKET, PHASE_NAMES, SECOND, GameShape
from petersburg.server.protocol.http import CardInfo, CardText, EditionCards
from petersburg.text.cards import card_text, colour_word, deck_word, special_line


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
            "special": special_line(shape, kind),
        }
        good = shape.good_of[kind]
        if good != NO_GOOD:
            info["good"] = GOODS[good] if good < len(GOODS) else "joker"
            info["symbols"] = shape.symbols[kind]
        catalogue.append(info)
    return catalogue


def edition_cards(shape: GameShape) -> EditionCards:
    """Every card of one edition (and game kind), in stack order, with its sentence."""
    cards: list[CardText] = [
        {
            "id": ALL_CARD_ID[kind],
            "name": shape.card_name[kind],
            "deck": deck_word(kind),
            "colour": colour_word(kind),
            "cost": shape.cost[kind],
            "rubles": ALL_RUBLES[kind],
            "vp": ALL_VP[kind],
            "copies": shape.count[kind],
            "text": card_text(shape, kind),
        }
        for kind in sorted(shape.kinds, key=lambda k: (ALL_DECK[k], shape.cost[k], shape.card_name[k]))
    ]
    return {"edition": shape.title, "phases": [PHASE_NAMES[p] for p in shape.phases], "cards": cards}


def all_edition_cards() -> list[EditionCards]:
    """The 1st edition, the 2nd edition, and the 2nd edition with The Market."""
    return [edition_cards(shape) for shape in (FIRST, SECOND, MARKET)]
