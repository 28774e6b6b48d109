"""What a move means beyond its legality: what a seat that does not act does, and whether a move
shows cards that were hidden.

The server plays ``default_action`` for a seat whose timer ran out, that passes automatically or
whose bot failed; it keeps every move that ``reveals_hidden`` (a card seen cannot be unseen, so
such a move, and everything before it, cannot be taken back).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from petersburg.engine.actions import (
    ACTION_KIND,
    DISCARD_ID,
    JOKER_IDS,
    KIND_OBSERVE,
    PASS_ID,
    SKIP_CRATE_IDS,
    ActionId,
    pub_id,
)
from petersburg.engine.events import CardsDealt, Event
from petersburg.engine.rules import apply_with_events, legal_actions
from petersburg.engine.state import (
    STAGE_CRATE,
    STAGE_JOKER,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    GameState,
)

REVEALS_NOTHING: Final = 0
REVEALS_DRAW: Final = 1
"""An Observatory drew a stack's top card (its owner saw it)."""
REVEALS_DEAL: Final = 2
"""New cards were dealt onto the board (a phase or a round ended)."""


def default_action(state: GameState) -> ActionId:
    """What a seat that does not act does: the choice that spends nothing and takes nothing.

    Pass; at a Pub buy no VP; discard a card drawn with an Observatory; leave a crate unpaid; name
    the first good for a card with "?". In the 2nd edition's opening, where a player must buy if
    he can, the first card he can buy (the lowest action id). Raises ValueError once the game is
    over.
    """
    stage = state.stage
    if stage == STAGE_OVER:
        raise ValueError("The game is over: no seat is to act.")
    if stage == STAGE_PUB:
        return pub_id(0)
    if stage == STAGE_OBSERVED:
        return DISCARD_ID
    if stage == STAGE_JOKER:
        return JOKER_IDS[0]
    if stage == STAGE_CRATE:
        market = state.market
        assert market is not None and market.queue
        return SKIP_CRATE_IDS[state.shape.good_of[market.queue[0][1]]]
    legal = legal_actions(state)
    return PASS_ID if PASS_ID in legal else legal[0]


def revealed_by(action: ActionId, events: Sequence[Event]) -> int:
    """What hidden cards ``action`` showed, given the events it brought about:
    ``REVEALS_DRAW``, ``REVEALS_DEAL`` or ``REVEALS_NOTHING``."""
    if ACTION_KIND[action] == KIND_OBSERVE:
        return REVEALS_DRAW
    if any(isinstance(event, CardsDealt) for event in events):
        return REVEALS_DEAL
    return REVEALS_NOTHING


def reveals_hidden(state: GameState, action: ActionId) -> bool:
    """Whether the legal ``action`` in ``state`` would show a hidden card (an Observatory draw, or
    the end of a phase that deals new cards onto the board). ``state`` is left as it is."""
    if ACTION_KIND[action] == KIND_OBSERVE:
        return True
    return revealed_by(action, apply_with_events(state.copy(), action)) != REVEALS_NOTHING


__all__ = [
    "REVEALS_DEAL",
    "REVEALS_DRAW",
    "REVEALS_NOTHING",
    "default_action",
    "revealed_by",
    "reveals_hidden",
]
