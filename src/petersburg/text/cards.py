"""What each card does, in words, for the rules and help page: generated from the card catalogue
of each edition (``GameShape``), so the page cannot disagree with the game.

A card's sentence says what every card says (its stack, cost, copies, what it pays at which
scoring), then what only some cards do: a trading card's displacement, the special cards of
docs/rules.md (Special cards, and the 2nd edition's Mariinsky Theater), the goods a card carries in a
Market game.
"""

from __future__ import annotations

from petersburg.cards import (
    CARPENTER_WORKSHOP,
    CZAR_AND_CARPENTER,
    GOLD_SMELTER,
    MARIINSKIJ_THEATER,
    OBSERVATORY,
    POTJOMKINS_VILLAGE,
    PUB,
    TAX_MAN,
    WAREHOUSE,
)
from petersburg.cards_second_edition import (
    ALL_CARD_ID,
    ALL_COLOUR,
    ALL_DECK,
    ALL_IS_TRADING,
    ALL_RUBLES,
    ALL_VP,
    GOODS,
    GOODS_ON_CARDS,
    JOKER,
)
from petersburg.engine.constants import (
    HAND_LIMIT,
    MARIINSKY_PER_RED,
    POTJOMKINS_VILLAGE_VALUE,
    PUB_PRICE_PER_VP,
    PUB_VP_PER_CARD,
    TAX_MAN_PER_GREEN,
    WAREHOUSE_HAND_LIMIT,
    WORKSHOP_DISCOUNT,
)
from petersburg.engine.shape import GameShape

DECK_WORDS = ("Worker", "Building", "Aristocrat", "Trading card", "Market card")
COLOUR_WORDS = ("green", "blue", "red", "yellow")
SCORING_OF_COLOUR = ("worker", "building", "aristocrat", "market")


def _rubles(amount: int) -> str:
    """``1 ruble``, ``2 rubles``."""
    return f"{amount} ruble{'s' if amount != 1 else ''}"


def _special(shape: GameShape, kind: int) -> str:
    """What ``kind`` does besides paying, in this edition ('' if nothing)."""
    if kind == PUB:
        return (
            f"Right after each building scoring its owner may buy up to {PUB_VP_PER_CARD} VP at "
            f"{_rubles(PUB_PRICE_PER_VP)} each."
        )
    if kind == OBSERVATORY:
        return (
            "During the building phase, as a whole turn, its owner may turn it face down to draw the "
            "top card of a stack, then buy it, take it into hand or discard it; face down it scores no "
            "VP that round."
        )
    if kind == WAREHOUSE:
        return f"Its owner's hand holds {WAREHOUSE_HAND_LIMIT} cards instead of {HAND_LIMIT}."
    if kind == POTJOMKINS_VILLAGE:
        return f"Worth {_rubles(POTJOMKINS_VILLAGE_VALUE)} when a trading card displaces it."
    if kind == CARPENTER_WORKSHOP:
        return f"Every blue card its owner buys or plays costs {_rubles(WORKSHOP_DISCOUNT)} less."
    if kind == GOLD_SMELTER:
        return f"Every red card its owner buys or plays costs {_rubles(WORKSHOP_DISCOUNT)} less."
    if kind == MARIINSKIJ_THEATER:
        gain = f"{MARIINSKY_PER_RED} VP" if shape.mariinsky_vp else _rubles(MARIINSKY_PER_RED)
        return f"At the building scoring its owner gets {gain} more per red card in play."
    if kind == TAX_MAN:
        gain = _rubles(TAX_MAN_PER_GREEN)
        return f"At the aristocrat scoring its owner gets {gain} more per green card in play."
    if kind == CZAR_AND_CARPENTER:
        return "Any green trading card may displace it."
    if kind in shape.crate_kinds:
        return (
            "A crate: at each market scoring its owner pays the first-place value of the round to keep "
            "it, or loses it (with the option unpaid_crate = idle it stays and counts nothing then)."
        )
    return ""


def _pays(kind: int) -> str:
    rubles, vp = ALL_RUBLES[kind], ALL_VP[kind]
    parts = [f"{rubles} ruble{'s' if rubles != 1 else ''}" if rubles else "", f"{vp} VP" if vp else ""]
    paid = " and ".join(part for part in parts if part)
    if not paid:
        return "Pays nothing at its scoring."
    return f"Pays {paid} at each {SCORING_OF_COLOUR[ALL_COLOUR[kind]]} scoring."


def _displaces(shape: GameShape, kind: int) -> str:
    if not ALL_IS_TRADING[kind]:
        return ""
    names = sorted({shape.card_name[target] for _index, target in shape.targets_of[kind]})
    colour = COLOUR_WORDS[ALL_COLOUR[kind]]
    return (
        f"Counts as a {colour} card. Bought or played only by displacing one of: {', '.join(names)} "
        "(its price falls by the displaced card's value)."
    )


def _goods(shape: GameShape, kind: int) -> str:
    if not shape.market or ALL_CARD_ID[kind] not in GOODS_ON_CARDS:
        return ""
    good, symbols = GOODS_ON_CARDS[ALL_CARD_ID[kind]]
    what = "any good (?)" if good == JOKER else GOODS[good]
    return f"Carries {symbols} symbol{'s' if symbols != 1 else ''} of {what} for the market scoring."


def card_text(shape: GameShape, kind: int) -> str:
    """The whole sentence about one card in ``shape``'s edition."""
    head = f"{DECK_WORDS[ALL_DECK[kind]]}, {COLOUR_WORDS[ALL_COLOUR[kind]]}, costs {shape.cost[kind]}."
    parts = [head, _pays(kind), _displaces(shape, kind), _special(shape, kind), _goods(shape, kind)]
    return " ".join(part for part in parts if part)


def deck_word(kind: int) -> str:
    """The stack a card kind belongs to, in words (``Worker``)."""
    return DECK_WORDS[ALL_DECK[kind]]


def colour_word(kind: int) -> str:
    """A card kind's colour, in words (``green``)."""
    return COLOUR_WORDS[ALL_COLOUR[kind]]


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


def special_line(shape: GameShape, kind: int) -> str:
    """The short line on a card whose effect is more than its printed income ('' for the others)."""
    card_id = ALL_CARD_ID[kind]
    if kind in shape.crate_kinds:
        return CRATE_SPECIAL
    text = SPECIAL_TEXT.get(card_id, "")
    if shape.mariinsky_vp:
        text = SECOND_EDITION_SPECIAL.get(card_id, text)
    if kind in shape.joker_kinds:
        text = f"{text}; {JOKER_SPECIAL}" if text else JOKER_SPECIAL
    return text
