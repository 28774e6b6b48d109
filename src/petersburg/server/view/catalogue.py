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
from petersburg.text.cards import card_names, card_text, colour_word, deck_word, special_line
from petersburg.text.languages import SOURCE
from petersburg.text.narration import NARRATION


def card_catalogue(shape: GameShape, language: str = SOURCE) -> list[CardInfo]:
    """Every card kind of a game of ``shape`` with its printed figures in that edition, for the
    browser to draw cards (with the Market: the good each card carries), named and worded in
    ``language``."""
    catalogue: list[CardInfo] = []
    names = card_names(shape, language)
    for kind in shape.kinds:
        info: CardInfo = {
            "id": ALL_CARD_ID[kind],
            "name": names[kind],
            "deck": ALL_DECK[kind],
            "colour": ALL_COLOUR[kind],
            "cost": shape.cost[kind],
            "rubles": ALL_RUBLES[kind],
            "vp": ALL_VP[kind],
            "copies": shape.count[kind],
            "trading": ALL_IS_TRADING[kind],
            "displaces": [ALL_CARD_ID[k] for _, k in shape.targets_of[kind]],
            "special": special_line(shape, kind, language),
        }
        good = shape.good_of[kind]
        if good != NO_GOOD:
            info["good"] = GOODS[good] if good < len(GOODS) else "joker"
            info["symbols"] = shape.symbols[kind]
        catalogue.append(info)
    return catalogue


def _say(message_id: str, language: str) -> str:
    return NARRATION.message(message_id, {}).in_language(language)


def edition_cards(shape: GameShape, language: str = SOURCE) -> EditionCards:
    """Every card of one edition (and game kind), in stack order, with its sentence in ``language``
    (the stack order is the English names', so every language lists the cards alike)."""
    names = card_names(shape, language)
    title = "title_first" if shape.edition != "second" else "title_market" if shape.market else "title_second"
    cards: list[CardText] = [
        {
            "id": ALL_CARD_ID[kind],
            "name": names[kind],
            "deck": deck_word(kind, language),
            "colour": colour_word(kind, language),
            "cost": shape.cost[kind],
            "rubles": ALL_RUBLES[kind],
            "vp": ALL_VP[kind],
            "copies": shape.count[kind],
            "text": card_text(shape, kind, language),
        }
        for kind in sorted(shape.kinds, key=lambda k: (ALL_DECK[k], shape.cost[k], shape.card_name[k]))
    ]
    phases = [_say(f"phase_{PHASE_NAMES[p]}", language) for p in shape.phases]
    return {"edition": _say(title, language), "phases": phases, "cards": cards}


def all_edition_cards(language: str = SOURCE) -> list[EditionCards]:
    """The 1st edition, the 2nd edition, and the 2nd edition with The Market, in ``language``."""
    return [edition_cards(shape, language) for shape in (FIRST, SECOND, MARKET)]
