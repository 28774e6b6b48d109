"""The 2nd edition (2014) and *The Market*: the card facts the 1st-edition catalogue lacks, as data.

``petersburg.cards`` holds the 1st edition's 49 card kinds (ids 0..48) and keeps them exactly. This
module adds, with kind numbers after them (49..79), the cards that exist only with *The Market*:

* the six **Ship Builders** and five **Markets** as printed in the 2nd edition, one good each
  (the Ship Builders: one per good and one "?" joker). In a Market game they replace the plain
  ``ship_builder`` and ``market`` kinds; all Ship Builders are still identical cards for the price
  reduction, and so are all Markets;
* the 35 yellow **market cards** (20 kinds), their own fifth stack.

It also lists what the 2nd edition changes on shared cards (four costs, six names, the Mariinsky
Theater's ability) and which cards carry goods in a Market game. The figures are copied from the
project's ``tests/engine/data/cards-second-edition.json`` (a test compares the two), not read at run
time. Which of these facts a game uses is decided by its edition (``petersburg.engine.shape``).
"""

from __future__ import annotations

from typing import Final

from petersburg.cards import (
    BLUE,
    BUILDING,
    CATALOGUE,
    COLOUR_NAMES,
    DECK_NAMES,
    GREEN,
    STACK_NAMES,
    TRADING,
    WORKER,
    Card,
    CardSpec,
)

MARKET_DECK: Final = 4
"""The fifth stack's deck number (after workers 0, buildings 1, aristocrats 2, trading 3)."""
YELLOW: Final = 3
"""The colour of market cards (after green 0, blue 1, red 2)."""

ALL_DECK_NAMES: Final = (*DECK_NAMES, "market")
ALL_STACK_NAMES: Final = (*STACK_NAMES, "market")
ALL_COLOUR_NAMES: Final = (*COLOUR_NAMES, "yellow")

GOODS: Final = ("chicken", "grain", "apple", "fish", "cabbage")
"""The five goods, in the order of the market board."""
NUM_GOODS: Final = len(GOODS)
JOKER: Final = NUM_GOODS
"""The "?" roundel: a symbol its owner names as one good."""
NO_GOOD: Final = -1
"""A card without goods, or a joker whose good is not named yet."""

_GOOD_WORDS: Final = {
    "chicken": ("Chick", "Hen", "Chicken Coop", "Chicken box"),
    "grain": ("Ear of Wheat", "Grain Sack", "Field", "Grain sack box"),
    "apple": ("Apple", "Apple Crate", "Apple Orchard", "Apple box"),
    "fish": ("Fish", "Fish Basket", "Caviar", "Fish box"),
    "cabbage": ("Cabbage", "Vegetable Basket", "Vegetable Garden", "Cabbage box"),
}
"""Printed names of each good's market cards: one good, two goods, three goods, the crate."""

# (card id suffix, cost, rubles, copies, symbols) of the four market cards of every good.
_MARKET_CARD_SHAPES: Final = (("1", 5, 2, 3, 1), ("2", 4, 1, 2, 2), ("3", 3, 0, 1, 3), ("box", 1, 0, 1, 4))

_VARIANT_GOODS: Final = (*GOODS, "joker")

NEW_KINDS: Final[tuple[CardSpec, ...]] = (
    *(
        CardSpec(f"ship_builder_{good}", "Ship Builder", WORKER, GREEN, 7, 3, 0, 1, "ship")
        for good in _VARIANT_GOODS
    ),
    *(CardSpec(f"market_{good}", "Market", BUILDING, BLUE, 5, 0, 1, 1, "") for good in GOODS),
    *(
        CardSpec(f"m_{good}_{suffix}", name, MARKET_DECK, YELLOW, cost, rubles, 0, copies, "")
        for good in GOODS
        for (suffix, cost, rubles, copies, _), name in zip(
            _MARKET_CARD_SHAPES, _GOOD_WORDS[good], strict=True
        )
    ),
)
"""Card kinds of the Market game, numbered from ``len(CATALOGUE)`` on, in this order."""

ALL_KINDS: Final[tuple[CardSpec, ...]] = (*CATALOGUE, *NEW_KINDS)
"""Every card kind of every edition: kind ``k`` is ``ALL_KINDS[k]``."""
NUM_ALL_KINDS: Final = len(ALL_KINDS)

ALL_CARD_ID: Final[tuple[str, ...]] = tuple(spec.id for spec in ALL_KINDS)
ALL_CARD_BY_ID: Final[dict[str, Card]] = {spec.id: kind for kind, spec in enumerate(ALL_KINDS)}
ALL_DECK: Final[tuple[int, ...]] = tuple(spec.deck for spec in ALL_KINDS)
ALL_COLOUR: Final[tuple[int, ...]] = tuple(spec.colour for spec in ALL_KINDS)
ALL_RUBLES: Final[tuple[int, ...]] = tuple(spec.rubles for spec in ALL_KINDS)
ALL_VP: Final[tuple[int, ...]] = tuple(spec.vp for spec in ALL_KINDS)
ALL_IS_TRADING: Final[tuple[bool, ...]] = tuple(spec.deck == TRADING for spec in ALL_KINDS)

SECOND_EDITION_COST: Final[dict[str, int]] = {
    "observatory": 7,
    "judge": 17,
    "mistress_of_ceremonies": 20,
    "mariinskij_theater": 15,
}
"""Costs the 2nd edition changes (every other figure is the 1st edition's)."""

SECOND_EDITION_NAME: Final[dict[str, str]] = {
    "potjomkins_village": "Potemkin Village",
    "mariinskij_theater": "Mariinsky Theater",
    "pope": "Abbot",
    "czar": "Czarina",
    "czar_and_carpenter": "Czar & Carpenter",
    "st_isaacs_cathedral": "St Isaac's Cathedral",
}
"""Names the 2nd edition changes; card ids stay the same in every edition."""

VARIANTS: Final[dict[str, tuple[str, ...]]] = {
    "ship_builder": tuple(f"ship_builder_{good}" for good in _VARIANT_GOODS),
    "market": tuple(f"market_{good}" for good in GOODS),
}
"""Cards printed in variants with goods: in a Market game the variants replace the plain kind."""

GOODS_ON_CARDS: Final[dict[str, tuple[int, int]]] = {
    **{f"ship_builder_{good}": (index, 1) for index, good in enumerate(_VARIANT_GOODS)},
    **{f"market_{good}": (index, 1) for index, good in enumerate(GOODS)},
    **{
        f"m_{good}_{shape[0]}": (index, shape[4])
        for index, good in enumerate(GOODS)
        for shape in _MARKET_CARD_SHAPES
    },
    "czar_and_carpenter": (JOKER, 1),
    "bank": (GOODS.index("grain"), 1),
    "peterhof": (GOODS.index("chicken"), 1),
    "st_isaacs_cathedral": (GOODS.index("apple"), 1),
    "church_of_the_resurrection": (GOODS.index("cabbage"), 1),
    "harbor": (GOODS.index("fish"), 1),
}
"""(good, number of symbols) on each card that carries goods in a Market game (``JOKER``: "?")."""

CRATE_OF_GOOD: Final[tuple[Card, ...]] = tuple(ALL_CARD_BY_ID[f"m_{good}_box"] for good in GOODS)
"""The crate (a four-goods market card that must be paid for at every market scoring) of each good."""

MARKET_VALUES_CAPPED: Final[tuple[tuple[int, int], ...]] = ((1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3))
"""First and second place of a good at the market scoring of rounds 1..6; later rounds stay 6/3."""
