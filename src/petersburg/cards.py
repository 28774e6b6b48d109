"""The card catalogue of Sankt Petersburg (1st edition): every figure, as data.

The 2nd edition and *The Market* add kinds and change a few figures: ``cards_second_edition``
holds those, and ``petersburg.engine.shape`` assembles the tables of each edition. The tables here
describe the 1st edition and keep their meaning (49 kinds, 116 cards).

Cards are small ints (`Card`, 0..48, in the order of the project's card data) so the
engine can index tuples instead of hashing strings; each card also has a stable string id
(``"lumberjack"``) used in JSON, records and action text. The figures are copied from the
project's card data (tests/engine/data/, checked by tests/engine/test_cards.py), not read at run time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

Card = int
"""A card kind: an index into the tables below (0..48)."""

# Decks (the four stacks) and the phase whose stack it is.
WORKER: Final = 0
BUILDING: Final = 1
ARISTOCRAT: Final = 2
TRADING: Final = 3
DECK_NAMES: Final = ("worker", "building", "aristocrat", "trading")
STACK_NAMES: Final = ("workers", "buildings", "aristocrats", "trading")

# Colours a card counts as (a trading card counts as its colour).
GREEN: Final = 0
BLUE: Final = 1
RED: Final = 2
COLOUR_NAMES: Final = ("green", "blue", "red")


class CardSpec(NamedTuple):
    """The printed figures of one card kind."""

    id: str
    name: str
    deck: int
    colour: int
    cost: int
    rubles: int
    vp: int
    copies: int
    symbol: str


CATALOGUE: Final[tuple[CardSpec, ...]] = (
    CardSpec("lumberjack", "Lumberjack", 0, 0, 3, 3, 0, 6, "wood"),
    CardSpec("gold_miner", "Gold Miner", 0, 0, 4, 3, 0, 6, "gold"),
    CardSpec("shepherd", "Shepherd", 0, 0, 5, 3, 0, 6, "wool"),
    CardSpec("fur_trapper", "Fur Trapper", 0, 0, 6, 3, 0, 6, "fur"),
    CardSpec("ship_builder", "Ship Builder", 0, 0, 7, 3, 0, 6, "ship"),
    CardSpec("czar_and_carpenter", "Czar and Carpenter", 0, 0, 8, 3, 0, 1, "any"),
    CardSpec("market", "Market", 1, 1, 5, 0, 1, 5, ""),
    CardSpec("customs_house", "Customs House", 1, 1, 8, 0, 2, 5, ""),
    CardSpec("firehouse", "Firehouse", 1, 1, 11, 0, 3, 3, ""),
    CardSpec("hospital", "Hospital", 1, 1, 14, 0, 4, 3, ""),
    CardSpec("library", "Library", 1, 1, 17, 0, 5, 3, ""),
    CardSpec("theater", "Theater", 1, 1, 20, 0, 6, 2, ""),
    CardSpec("academy", "Academy", 1, 1, 23, 0, 7, 1, ""),
    CardSpec("potjomkins_village", "Potjomkin's Village", 1, 1, 2, 0, 0, 1, ""),
    CardSpec("pub", "Pub", 1, 1, 1, 0, 0, 2, ""),
    CardSpec("warehouse", "Warehouse", 1, 1, 2, 0, 0, 1, ""),
    CardSpec("observatory", "Observatory", 1, 1, 6, 0, 1, 2, ""),
    CardSpec("author", "Author", 2, 2, 4, 1, 0, 6, ""),
    CardSpec("administrator", "Administrator", 2, 2, 7, 2, 0, 5, ""),
    CardSpec("warehouse_manager", "Warehouse Manager", 2, 2, 10, 3, 0, 5, ""),
    CardSpec("secretary", "Secretary", 2, 2, 12, 4, 0, 4, ""),
    CardSpec("controller", "Controller", 2, 2, 14, 4, 1, 3, ""),
    CardSpec("judge", "Judge", 2, 2, 16, 5, 2, 2, ""),
    CardSpec("mistress_of_ceremonies", "Mistress of Ceremonies", 2, 2, 18, 6, 3, 2, ""),
    CardSpec("carpenter_workshop", "Carpenter Workshop", 3, 0, 4, 3, 0, 1, "wood"),
    CardSpec("gold_smelter", "Gold Smelter", 3, 0, 6, 3, 0, 1, "gold"),
    CardSpec("weaving_mill", "Weaving Mill", 3, 0, 8, 6, 0, 2, "wool"),
    CardSpec("fur_shop", "Fur Shop", 3, 0, 10, 3, 2, 3, "fur"),
    CardSpec("wharf", "Wharf", 3, 0, 12, 6, 1, 3, "ship"),
    CardSpec("mariinskij_theater", "Mariinskij Theater", 3, 1, 10, 0, 0, 1, ""),
    CardSpec("bank", "Bank", 3, 1, 13, 5, 1, 1, ""),
    CardSpec("peterhof", "Peterhof", 3, 1, 14, 4, 2, 1, ""),
    CardSpec("st_isaacs_cathedral", "St. Isaac's Cathedral", 3, 1, 15, 3, 3, 1, ""),
    CardSpec(
        "church_of_the_resurrection", "Church of the Resurrection of Jesus Christ", 3, 1, 16, 2, 4, 1, ""
    ),
    CardSpec("harbor", "Harbor", 3, 1, 16, 5, 2, 1, ""),
    CardSpec("catherine_palace", "Catherine the Great Palace", 3, 1, 17, 1, 5, 1, ""),
    CardSpec("smolny_cathedral", "Smolny Cathedral", 3, 1, 17, 4, 3, 1, ""),
    CardSpec("hermitage", "Hermitage", 3, 1, 18, 3, 4, 1, ""),
    CardSpec("winter_palace", "Winter Palace", 3, 1, 19, 2, 5, 1, ""),
    CardSpec("pope", "Pope", 3, 2, 6, 1, 1, 1, ""),
    CardSpec("chamber_maid", "Chamber Maid", 3, 2, 8, 0, 2, 1, ""),
    CardSpec("weapon_master", "Weapon Master", 3, 2, 8, 4, 0, 1, ""),
    CardSpec("builder", "Builder", 3, 2, 10, 5, 0, 1, ""),
    CardSpec("senator", "Senator", 3, 2, 12, 2, 2, 1, ""),
    CardSpec("patriarch", "Patriarch", 3, 2, 16, 0, 4, 1, ""),
    CardSpec("tax_man", "Tax Man", 3, 2, 17, 0, 0, 1, ""),
    CardSpec("admiral", "Admiral", 3, 2, 18, 3, 3, 1, ""),
    CardSpec("minister_of_foreign_affairs", "Minister of Foreign Affairs", 3, 2, 20, 2, 4, 1, ""),
    CardSpec("czar", "Czar", 3, 2, 24, 0, 6, 1, ""),
)

NUM_KINDS: Final = len(CATALOGUE)
NUM_CARDS: Final = sum(spec.copies for spec in CATALOGUE)

CARD_ID: Final[tuple[str, ...]] = tuple(spec.id for spec in CATALOGUE)
CARD_NAME: Final[tuple[str, ...]] = tuple(spec.name for spec in CATALOGUE)
DECK: Final[tuple[int, ...]] = tuple(spec.deck for spec in CATALOGUE)
COLOUR: Final[tuple[int, ...]] = tuple(spec.colour for spec in CATALOGUE)
COST: Final[tuple[int, ...]] = tuple(spec.cost for spec in CATALOGUE)
RUBLES: Final[tuple[int, ...]] = tuple(spec.rubles for spec in CATALOGUE)
VP: Final[tuple[int, ...]] = tuple(spec.vp for spec in CATALOGUE)
COUNT: Final[tuple[int, ...]] = tuple(spec.copies for spec in CATALOGUE)
IS_TRADING: Final[tuple[bool, ...]] = tuple(spec.deck == TRADING for spec in CATALOGUE)
CARD_BY_ID: Final[dict[str, Card]] = {spec.id: i for i, spec in enumerate(CATALOGUE)}


def card(card_id: str) -> Card:
    """Return the card kind for a string id such as ``"market"``; raise KeyError if unknown."""
    return CARD_BY_ID[card_id]


LUMBERJACK: Final = card("lumberjack")
GOLD_MINER: Final = card("gold_miner")
SHEPHERD: Final = card("shepherd")
FUR_TRAPPER: Final = card("fur_trapper")
SHIP_BUILDER: Final = card("ship_builder")
CZAR_AND_CARPENTER: Final = card("czar_and_carpenter")
MARKET: Final = card("market")
THEATER: Final = card("theater")
POTJOMKINS_VILLAGE: Final = card("potjomkins_village")
PUB: Final = card("pub")
WAREHOUSE: Final = card("warehouse")
OBSERVATORY: Final = card("observatory")
CARPENTER_WORKSHOP: Final = card("carpenter_workshop")
GOLD_SMELTER: Final = card("gold_smelter")
MARIINSKIJ_THEATER: Final = card("mariinskij_theater")
TAX_MAN: Final = card("tax_man")

DISPLACED_VALUE: Final[tuple[int, ...]] = tuple(
    6 if kind == POTJOMKINS_VILLAGE else COST[kind] for kind in range(NUM_KINDS)
)
"""What a card is worth when a trading card displaces it: its cost, but 6 for Potjomkin's Village."""


def displaceable_kinds(specs: Sequence[CardSpec], trading: Card, kinds: Iterable[Card]) -> tuple[Card, ...]:
    """Among ``kinds`` (of the catalogue ``specs``), the ordinary ones the trading card ``trading``
    may displace (rules: Trading cards): a card of its colour, and for a green one only the worker
    with its symbol or the one carrying every symbol."""
    spec = specs[trading]
    ordinary = [k for k in kinds if specs[k].deck != TRADING and specs[k].colour == spec.colour]
    if spec.colour != GREEN:
        return tuple(ordinary)
    return tuple(k for k in ordinary if specs[k].symbol in (spec.symbol, "any"))


DISPLACEABLE_BY: Final[tuple[tuple[Card, ...], ...]] = tuple(
    displaceable_kinds(CATALOGUE, k, range(NUM_KINDS)) if IS_TRADING[k] else () for k in range(NUM_KINDS)
)
"""For each trading card, the ordinary kinds it may displace (1st edition); empty for ordinary cards."""

ARISTOCRAT_BONUS: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
"""Final-scoring VP by the number of different red cards in play (index 0..10; above 10: 55)."""


def aristocrat_bonus(distinct_red: int) -> int:
    """VP for this many different red cards at the end; more than ten still scores 55."""
    return ARISTOCRAT_BONUS[min(distinct_red, 10)]
