"""What each card is called and does, in words, for the rules and help page and the table: generated
from the card catalogue of each edition (``GameShape``), so the page cannot disagree with the game.

Every card's name is its own message id (``card.name_pub``; a name the 2nd edition changes is
``card.name2_…``), so each language gives the name printed in its own edition. A card's sentence
says what every card says (its stack, cost, what it pays at which scoring), then what only some
cards do: a trading card's displacement, the special cards of docs/rules.md (Special cards, and the
2nd edition's Mariinsky Theater), the goods a card carries in a Market game. Each of those is a whole
sentence of the catalogue ``CARD_WORDS``; the sentences of one card follow one another.
"""

from __future__ import annotations

from babel.lists import format_list

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
    ALL_KINDS,
    ALL_RUBLES,
    ALL_STACK_NAMES,
    ALL_VP,
    GOODS,
    GOODS_ON_CARDS,
    JOKER,
    SECOND_EDITION_NAME,
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
from petersburg.engine.options import EDITION_SECOND
from petersburg.engine.shape import GameShape
from petersburg.text.languages import SOURCE, locale_of
from petersburg.text.wording import Catalogue, Message, Param, Plural

DECKS = ("worker", "building", "aristocrat", "trading", "market")
COLOURS = ("green", "blue", "red", "yellow")
SCORING_OF_COLOUR = ("worker", "building", "aristocrat", "market")

_NAMES: dict[str, str] = {}
for _spec in ALL_KINDS:
    _NAMES.setdefault(f"name_{_spec.id}", _spec.name)

CARD_WORDS = Catalogue(
    "card",
    {
        **_NAMES,
        **{f"name2_{card_id}": name for card_id, name in SECOND_EDITION_NAME.items()},
        "deck_worker": "Worker",
        "deck_building": "Building",
        "deck_aristocrat": "Aristocrat",
        "deck_trading": "Trading card",
        "deck_market": "Market card",
        **{f"stack_{name}": name for name in ALL_STACK_NAMES},
        "colour_green": "green",
        "colour_blue": "blue",
        "colour_red": "red",
        "colour_yellow": "yellow",
        "good_chicken": "chicken",
        "good_grain": "grain",
        "good_apple": "apple",
        "good_fish": "fish",
        "good_cabbage": "cabbage",
        "good_any": "any good (?)",
        "head": "{deck}, {colour}, costs {cost}.",
        **{
            f"pays_rubles_{scoring}": Plural(
                f"Pays {{count}} ruble at each {scoring} scoring.",
                f"Pays {{count}} rubles at each {scoring} scoring.",
            )
            for scoring in SCORING_OF_COLOUR
        },
        **{
            f"pays_vp_{scoring}": f"Pays {{vp}} VP at each {scoring} scoring."
            for scoring in SCORING_OF_COLOUR
        },
        **{
            f"pays_both_{scoring}": Plural(
                f"Pays {{count}} ruble and {{vp}} VP at each {scoring} scoring.",
                f"Pays {{count}} rubles and {{vp}} VP at each {scoring} scoring.",
            )
            for scoring in SCORING_OF_COLOUR
        },
        "pays_nothing": "Pays nothing at its scoring.",
        "displaces": "Counts as a {colour} card. Bought or played only by displacing one of: {names} "
        "(its price falls by the displaced card's value).",
        "pub": Plural(
            "Right after each building scoring its owner may buy up to {vp} VP at {count} ruble each.",
            "Right after each building scoring its owner may buy up to {vp} VP at {count} rubles each.",
        ),
        "observatory": "During the building phase, as a whole turn, its owner may turn it face down to "
        "draw the top card of a stack, then buy it, take it into hand or discard it; face down it "
        "scores no VP that round.",
        "warehouse": "Its owner's hand holds {most} cards instead of {usual}.",
        "potjomkins_village": Plural(
            "Worth {count} ruble when a trading card displaces it.",
            "Worth {count} rubles when a trading card displaces it.",
        ),
        "carpenter_workshop": Plural(
            "Every blue card its owner buys or plays costs {count} ruble less.",
            "Every blue card its owner buys or plays costs {count} rubles less.",
        ),
        "gold_smelter": Plural(
            "Every red card its owner buys or plays costs {count} ruble less.",
            "Every red card its owner buys or plays costs {count} rubles less.",
        ),
        "mariinskij_theater": Plural(
            "At the building scoring its owner gets {count} ruble more per red card in play.",
            "At the building scoring its owner gets {count} rubles more per red card in play.",
        ),
        "mariinskij_theater_vp": "At the building scoring its owner gets {vp} VP more per red card in play.",
        "tax_man": Plural(
            "At the aristocrat scoring its owner gets {count} ruble more per green card in play.",
            "At the aristocrat scoring its owner gets {count} rubles more per green card in play.",
        ),
        "czar_and_carpenter": "Any green trading card may displace it.",
        "crate": "A crate: at each market scoring its owner pays the first-place value of the round to "
        "keep it, or loses it (with the option unpaid_crate = idle it stays and counts nothing then).",
        "goods": Plural(
            "Carries {count} symbol of {good} for the market scoring.",
            "Carries {count} symbols of {good} for the market scoring.",
        ),
        # The short line on a card whose effect is more than its printed income.
        "line_pub": "After building scoring: buy up to {vp} VP for {rubles}₽ each",
        "line_observatory": "Building phase: draw a stack's top card",
        "line_warehouse": "Hand limit {most}",
        "line_potjomkins_village": "Worth {rubles} when displaced",
        "line_carpenter_workshop": "−{rubles}₽ on every blue card",
        "line_gold_smelter": "−{rubles}₽ on every red card",
        "line_mariinskij_theater": "+{rubles}₽ per red card at building scoring",
        "line_mariinskij_theater_vp": "+{vp} VP per red card at building scoring",
        "line_tax_man": "+{rubles}₽ per green card at aristocrat scoring",
        "line_czar_and_carpenter": "Any green trading card may displace it",
        "line_crate": "Crate: pay first place's value in ₽ at each market scoring to keep it",
        "line_joker": '"?": you name its good',
        "line_joker_and": "{line}; {joker}",
    },
)
"""Every card's name and every sentence about cards, by message id."""


def _w(message_id: str, language: str, **params: Param) -> str:
    return CARD_WORDS.message(message_id, params).in_language(language)


def card_message(shape: GameShape, kind: int) -> Message:
    """The message of ``kind``'s name as printed in ``shape``'s edition (``card.name_pub``, or
    ``card.name2_…`` where the 2nd edition renamed it)."""
    card_id = ALL_CARD_ID[kind]
    if shape.edition == EDITION_SECOND and card_id in SECOND_EDITION_NAME:
        return CARD_WORDS.message(f"name2_{card_id}", {})
    return CARD_WORDS.message(f"name_{card_id}", {})


def card_name(shape: GameShape, kind: int, language: str = SOURCE) -> str:
    """The name of ``kind`` as printed in ``shape``'s edition in ``language``."""
    return card_message(shape, kind).in_language(language)


def card_names(shape: GameShape, language: str = SOURCE) -> tuple[str, ...]:
    """Every kind's name in ``shape``'s edition in ``language`` (what ``shape.card_name`` is in
    English)."""
    if language == SOURCE:
        return shape.card_name
    return tuple(card_name(shape, kind, language) for kind in range(len(shape.card_name)))


_SPECIAL_ONE_COUNT = {
    POTJOMKINS_VILLAGE: ("potjomkins_village", POTJOMKINS_VILLAGE_VALUE),
    CARPENTER_WORKSHOP: ("carpenter_workshop", WORKSHOP_DISCOUNT),
    GOLD_SMELTER: ("gold_smelter", WORKSHOP_DISCOUNT),
    TAX_MAN: ("tax_man", TAX_MAN_PER_GREEN),
    CZAR_AND_CARPENTER: ("czar_and_carpenter", None),
    OBSERVATORY: ("observatory", None),
}


def _special(shape: GameShape, kind: int, language: str) -> str:
    """What ``kind`` does besides paying, in this edition ('' if nothing)."""
    if kind == PUB:
        return _w("pub", language, vp=PUB_VP_PER_CARD, count=PUB_PRICE_PER_VP)
    if kind == WAREHOUSE:
        return _w("warehouse", language, most=WAREHOUSE_HAND_LIMIT, usual=HAND_LIMIT)
    if kind == MARIINSKIJ_THEATER:
        if shape.mariinsky_vp:
            return _w("mariinskij_theater_vp", language, vp=MARIINSKY_PER_RED)
        return _w("mariinskij_theater", language, count=MARIINSKY_PER_RED)
    if kind in _SPECIAL_ONE_COUNT:
        message_id, count = _SPECIAL_ONE_COUNT[kind]
        return _w(message_id, language) if count is None else _w(message_id, language, count=count)
    if kind in shape.crate_kinds:
        return _w("crate", language)
    return ""


def _pays(kind: int, language: str) -> str:
    rubles, vp = ALL_RUBLES[kind], ALL_VP[kind]
    scoring = SCORING_OF_COLOUR[ALL_COLOUR[kind]]
    if rubles and vp:
        return _w(f"pays_both_{scoring}", language, count=rubles, vp=vp)
    if rubles:
        return _w(f"pays_rubles_{scoring}", language, count=rubles)
    if vp:
        return _w(f"pays_vp_{scoring}", language, vp=vp)
    return _w("pays_nothing", language)


def _displaces(shape: GameShape, kind: int, language: str) -> str:
    if not ALL_IS_TRADING[kind]:
        return ""
    names = sorted({card_name(shape, target, language) for _index, target in shape.targets_of[kind]})
    listed = format_list(names, style="or", locale=locale_of(language))  # "A or B", as the language lists
    return _w("displaces", language, colour=colour_word(kind, language), names=listed)


def good_word(good: int, language: str = SOURCE) -> str:
    """A Market good in words (``fish``)."""
    return _w(f"good_{GOODS[good]}", language)


def _goods(shape: GameShape, kind: int, language: str) -> str:
    if not shape.market or ALL_CARD_ID[kind] not in GOODS_ON_CARDS:
        return ""
    good, symbols = GOODS_ON_CARDS[ALL_CARD_ID[kind]]
    what = _w("good_any", language) if good == JOKER else good_word(good, language)
    return _w("goods", language, count=symbols, good=what)


def card_text(shape: GameShape, kind: int, language: str = SOURCE) -> str:
    """The whole text about one card in ``shape``'s edition: its sentences one after another."""
    head = _w(
        "head",
        language,
        deck=deck_word(kind, language),
        colour=colour_word(kind, language),
        cost=shape.cost[kind],
    )
    parts = [
        head,
        _pays(kind, language),
        _displaces(shape, kind, language),
        _special(shape, kind, language),
        _goods(shape, kind, language),
    ]
    return " ".join(part for part in parts if part)


def deck_word(kind: int, language: str = SOURCE) -> str:
    """The stack a card kind belongs to, in words (``Worker``)."""
    return _w(f"deck_{DECKS[ALL_DECK[kind]]}", language)


def colour_name(colour: int, language: str = SOURCE) -> str:
    """A colour by its number (``ALL_COLOUR_NAMES``' order), in words (``green``)."""
    return _w(f"colour_{COLOURS[colour]}", language)


def stack_word(shape: GameShape, deck: int, language: str = SOURCE) -> str:
    """A stack of ``shape`` by its number, in words (``workers``), as a list of stacks names it."""
    return _w(f"stack_{shape.stack_names[deck]}", language)


def colour_word(kind: int, language: str = SOURCE) -> str:
    """A card kind's colour, in words (``green``)."""
    return _w(f"colour_{COLOURS[ALL_COLOUR[kind]]}", language)


def _line(card_id: str, shape: GameShape, language: str) -> str:
    if card_id == "pub":
        return _w("line_pub", language, vp=PUB_VP_PER_CARD, rubles=PUB_PRICE_PER_VP)
    if card_id == "warehouse":
        return _w("line_warehouse", language, most=WAREHOUSE_HAND_LIMIT)
    if card_id == "mariinskij_theater" and shape.mariinsky_vp:
        return _w("line_mariinskij_theater_vp", language, vp=MARIINSKY_PER_RED)
    figure = {
        "potjomkins_village": POTJOMKINS_VILLAGE_VALUE,
        "carpenter_workshop": WORKSHOP_DISCOUNT,
        "gold_smelter": WORKSHOP_DISCOUNT,
        "mariinskij_theater": MARIINSKY_PER_RED,
        "tax_man": TAX_MAN_PER_GREEN,
    }
    if card_id in figure:
        return _w(f"line_{card_id}", language, rubles=figure[card_id])
    if card_id in ("observatory", "czar_and_carpenter"):
        return _w(f"line_{card_id}", language)
    return ""


def special_line(shape: GameShape, kind: int, language: str = SOURCE) -> str:
    """The short line on a card whose effect is more than its printed income ('' for the others)."""
    if kind in shape.crate_kinds:
        return _w("line_crate", language)
    text = _line(ALL_CARD_ID[kind], shape, language)
    if kind in shape.joker_kinds:
        joker = _w("line_joker", language)
        text = _w("line_joker_and", language, line=text, joker=joker) if text else joker
    return text
