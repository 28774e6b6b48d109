"""The rule figures, each declared once: everything outside the engine reads them from here.

A figure that varies by edition is a field of the edition's ``GameShape`` (board size, card costs,
what the Mariinsky Theater pays), never a constant; a card's printed figures are card data
(``petersburg.cards``). What is left are the rulebook's own numbers, the same in every edition:
the start, the hand, the price of a card, the Pub, the final scoring. Bots, texts, environments
and the server use these names, so a figure changed here changes everywhere.
"""

from __future__ import annotations

from typing import Final

from petersburg.cards import ARISTOCRAT_BONUS, aristocrat_bonus

STARTING_RUBLES: Final = 25
"""Rubles each player starts with."""
OPENING_WORKERS_PER_PLAYER: Final = 2
"""Workers dealt onto the board per player at the start of the game."""

HAND_LIMIT: Final = 3
"""Cards a hand may hold."""
WAREHOUSE_HAND_LIMIT: Final = 4
"""Cards a hand may hold while a Warehouse is in play."""

MIN_PRICE: Final = 1
"""No card costs less, whatever reduces its price."""
LOWER_ROW_DISCOUNT: Final = 1
"""A card bought from the lower row costs this much less."""
WORKSHOP_DISCOUNT: Final = 1
"""The Carpenter Workshop (blue cards) and the Gold Smelter (red cards) take this much off."""
POTJOMKINS_VILLAGE_VALUE: Final = 6
"""What Potjomkin's Village is worth when a trading card displaces it (any other card: its cost)."""

MARIINSKY_PER_RED: Final = 1
"""The Mariinsky Theater pays this (a ruble in the 1st edition, a VP in the 2nd) per red card."""
TAX_MAN_PER_GREEN: Final = 1
"""The Tax Man pays this many rubles per green card at the aristocrat scoring."""
PUB_VP_PER_CARD: Final = 5
"""VP one Pub sells after each building scoring."""
PUB_PRICE_PER_VP: Final = 2
"""Rubles a VP costs at a Pub."""

RUBLES_PER_VP: Final = 10
"""The final scoring turns every this many rubles into a VP."""
HAND_PENALTY: Final = 5
"""VP lost at the final scoring per card still in hand."""
MAX_ARISTOCRAT_BONUS_CARDS: Final = len(ARISTOCRAT_BONUS) - 1
"""Different red cards beyond this many add nothing more to the aristocrat bonus."""

__all__ = [
    "ARISTOCRAT_BONUS",
    "HAND_LIMIT",
    "HAND_PENALTY",
    "LOWER_ROW_DISCOUNT",
    "MARIINSKY_PER_RED",
    "MAX_ARISTOCRAT_BONUS_CARDS",
    "MIN_PRICE",
    "OPENING_WORKERS_PER_PLAYER",
    "POTJOMKINS_VILLAGE_VALUE",
    "PUB_PRICE_PER_VP",
    "PUB_VP_PER_CARD",
    "RUBLES_PER_VP",
    "STARTING_RUBLES",
    "TAX_MAN_PER_GREEN",
    "WAREHOUSE_HAND_LIMIT",
    "WORKSHOP_DISCOUNT",
    "aristocrat_bonus",
]
