"""The rule tests asked in more than one place, each a named function of the engine.

``legal_actions`` (its fast path inlines the price and affordability, checked against these by
the property tests), ``explain_illegal``, the bots, the environments and the server ask these
rather than comparing figures themselves: whether a price can be paid, whether a hand has room,
whether a card may be displaced, whether a view knows a seat's rubles.
"""

from __future__ import annotations

from petersburg.cards import OBSERVATORY, Card
from petersburg.engine.state import PlayerState


def affordable(player: PlayerState, price: int) -> bool:
    """Whether ``player`` can pay ``price`` rubles (a card's price is never below ``MIN_PRICE``,
    so a player without rubles can afford no card)."""
    return price <= player.rubles


def hand_has_room(player: PlayerState) -> bool:
    """Whether ``player`` may take one more card into hand (a hand above its limit, after its
    Warehouse was displaced, has none)."""
    return len(player.hand) < player.hand_limit


def may_displace(player: PlayerState, kind: Card) -> bool:
    """Whether ``player`` has a ``kind`` card a trading card may displace: an Observatory turned
    face down this round may not be displaced."""
    count = player.area[kind]
    if kind == OBSERVATORY:
        count -= player.observatories_used
    return count > 0


def rubles_known(player: PlayerState) -> bool:
    """Whether a (view's masked) state holds ``player``'s exact rubles. Views keep every seat's
    rubles (a public ledger: every ruble earned or spent is public); only a view made without that
    memory (``views.hidden_rubles_view``) marks them ``views.HIDDEN_RUBLES``, below 0, and real
    rubles are never negative. Whether a *person* is shown them is a display choice
    (``View.rubles_visible``, the option ``show_rubles``)."""
    return player.rubles >= 0


__all__ = ["affordable", "hand_has_room", "may_displace", "rubles_known"]
