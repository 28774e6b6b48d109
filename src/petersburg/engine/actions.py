"""The fixed action space: every action is an int id, with one canonical text form.

The same id means the same action in every state, so bots, the web client and the research API
share one encoder. Positions are relative to the state: ``U3`` is the third card of the upper row,
``L2`` the second of the lower row, ``H1`` the first card of the (sorted) hand, ``drawn`` the card
just drawn with an Observatory. A trading card names the ordinary card kind it displaces.

Canonical text (``format_action``; ``parse_action`` accepts any case and spacing):

=============================  ============================================================
``pass``                       pass
``hand U3`` / ``hand drawn``   take a card into hand (free)
``buy L2``                     buy a card from the board
``buy U1 over market``         buy a trading card, displacing a Market from your play area
``buy drawn [over KIND]``      buy the card drawn with the Observatory
``play H2 [over KIND]``        play a card from hand
``observe aristocrats``        use an Observatory on a stack (workers, buildings, aristocrats, trading)
``discard drawn``              discard the card drawn with the Observatory
``pub 3``                      buy 3 VP at your Pubs (0 declines)
=============================  ============================================================
"""

from __future__ import annotations

from typing import Final

from petersburg.cards import CARD_BY_ID, CARD_ID, IS_TRADING, NUM_KINDS, STACK_NAMES, Card
from petersburg.engine.errors import ActionParseError

ActionId = int

ROW_SLOTS: Final = 8
"""Slots addressed per row (the two rows together never hold more than 8 cards)."""
HAND_SLOTS: Final = 4
"""Hand positions addressed (the hand limit is 4 with a Warehouse)."""
DRAWN_SOURCE: Final = 2 * ROW_SLOTS
"""Source index of the Observatory's drawn card (after U1..U8 = 0..7 and L1..L8 = 8..15)."""
NUM_SOURCES: Final = DRAWN_SOURCE + 1
MAX_PUB_VP: Final = 10
"""Two Pubs allow 10 VP at most."""

DISPLACEABLE_KINDS: Final[tuple[Card, ...]] = tuple(k for k in range(NUM_KINDS) if not IS_TRADING[k])
"""Ordinary card kinds, in catalogue order; target index t (1..24) names DISPLACEABLE_KINDS[t-1]."""
NUM_TARGETS: Final = len(DISPLACEABLE_KINDS) + 1
TARGET_OF_KIND: Final[tuple[int, ...]] = tuple(
    DISPLACEABLE_KINDS.index(k) + 1 if k in DISPLACEABLE_KINDS else 0 for k in range(NUM_KINDS)
)
NO_TARGET: Final = 0

# Action kinds.
KIND_PASS: Final = 0
KIND_TAKE: Final = 1
KIND_BUY: Final = 2
KIND_PLAY: Final = 3
KIND_OBSERVE: Final = 4
KIND_DISCARD: Final = 5
KIND_PUB: Final = 6
KIND_NAMES: Final = ("pass", "hand", "buy", "play", "observe", "discard", "pub")

# Id layout (see docs): contiguous blocks per kind.
PASS_ID: Final = 0
TAKE_BASE: Final = 1
BUY_BASE: Final = TAKE_BASE + NUM_SOURCES
PLAY_BASE: Final = BUY_BASE + NUM_SOURCES * NUM_TARGETS
OBSERVE_BASE: Final = PLAY_BASE + HAND_SLOTS * NUM_TARGETS
DISCARD_ID: Final = OBSERVE_BASE + 4
PUB_BASE: Final = DISCARD_ID + 1
NUM_ACTIONS: Final = PUB_BASE + MAX_PUB_VP + 1
"""Size of the fixed action space (ids 0..NUM_ACTIONS-1)."""


def take_id(source: int) -> ActionId:
    """Take into hand from a source (0..7 upper, 8..15 lower, 16 drawn)."""
    return TAKE_BASE + source


def buy_id(source: int, target: int = NO_TARGET) -> ActionId:
    """Buy from a source, displacing target index ``target`` (0: none)."""
    return BUY_BASE + source * NUM_TARGETS + target


def play_id(hand_index: int, target: int = NO_TARGET) -> ActionId:
    """Play hand card ``hand_index`` (0-based), displacing target index ``target`` (0: none)."""
    return PLAY_BASE + hand_index * NUM_TARGETS + target


def observe_id(deck: int) -> ActionId:
    """Use an Observatory on stack ``deck`` (0 workers .. 3 trading)."""
    return OBSERVE_BASE + deck


def pub_id(vp: int) -> ActionId:
    """Buy ``vp`` VP at the Pubs."""
    return PUB_BASE + vp


def _decode(action: ActionId) -> tuple[int, int, int]:
    if action == PASS_ID:
        return (KIND_PASS, 0, 0)
    if action < BUY_BASE:
        return (KIND_TAKE, action - TAKE_BASE, 0)
    if action < PLAY_BASE:
        source, target = divmod(action - BUY_BASE, NUM_TARGETS)
        return (KIND_BUY, source, target)
    if action < OBSERVE_BASE:
        hand_index, target = divmod(action - PLAY_BASE, NUM_TARGETS)
        return (KIND_PLAY, hand_index, target)
    if action < DISCARD_ID:
        return (KIND_OBSERVE, action - OBSERVE_BASE, 0)
    if action == DISCARD_ID:
        return (KIND_DISCARD, DRAWN_SOURCE, 0)
    return (KIND_PUB, action - PUB_BASE, 0)


_DECODED: Final[tuple[tuple[int, int, int], ...]] = tuple(_decode(a) for a in range(NUM_ACTIONS))
ACTION_KIND: Final[tuple[int, ...]] = tuple(d[0] for d in _DECODED)
"""Kind of each action id (KIND_PASS, KIND_TAKE, KIND_BUY, ...)."""
ACTION_ARG: Final[tuple[int, ...]] = tuple(d[1] for d in _DECODED)
"""Source slot, hand index, deck or VP amount of each action id."""
ACTION_TARGET: Final[tuple[int, ...]] = tuple(d[2] for d in _DECODED)
"""Displacement target index of each action id (0: none)."""


def target_kind(target: int) -> Card:
    """The card kind a target index names (target must be 1..24)."""
    return DISPLACEABLE_KINDS[target - 1]


def _source_text(source: int) -> str:
    if source == DRAWN_SOURCE:
        return "drawn"
    if source < ROW_SLOTS:
        return f"U{source + 1}"
    return f"L{source - ROW_SLOTS + 1}"


def _format(action: ActionId) -> str:
    kind, arg, target = _DECODED[action]
    over = f" over {CARD_ID[target_kind(target)]}" if target else ""
    if kind == KIND_PASS:
        return "pass"
    if kind == KIND_TAKE:
        return f"hand {_source_text(arg)}"
    if kind == KIND_BUY:
        return f"buy {_source_text(arg)}{over}"
    if kind == KIND_PLAY:
        return f"play H{arg + 1}{over}"
    if kind == KIND_OBSERVE:
        return f"observe {STACK_NAMES[arg]}"
    if kind == KIND_DISCARD:
        return "discard drawn"
    return f"pub {arg}"


ACTION_TEXT: Final[tuple[str, ...]] = tuple(_format(a) for a in range(NUM_ACTIONS))
_BY_TEXT: Final[dict[str, ActionId]] = {text: a for a, text in enumerate(ACTION_TEXT)}


def format_action(action: ActionId) -> str:
    """The canonical text of an action id, e.g. ``"buy L2 over market"``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ActionParseError(f"There is no action number {action} (valid: 0 to {NUM_ACTIONS - 1}).")
    return ACTION_TEXT[action]


def _normalise(text: str) -> str:
    words = text.strip().lower().split()
    for i, word in enumerate(words):
        if len(word) >= 2 and word[0] in "ulh" and word[1:].isdigit():
            words[i] = word[0].upper() + word[1:]
        elif word in ("worker", "building", "aristocrat"):
            words[i] = word + "s"
        elif word == "trading_cards":
            words[i] = "trading"
    return " ".join(words)


def parse_action(text: object) -> ActionId:
    """The action id of an action text; raises ActionParseError with a hint if it names none.

    Accepts any letter case and spacing, card ids (``market``) after ``over``, and stack names in
    singular or plural. ``text`` is typed ``object`` so that the mypyc build, too, answers a
    non-text value with this error rather than a TypeError at the call.
    """
    if not isinstance(text, str):
        raise ActionParseError("An action must be given as text, for example 'buy U3' or 'pass'.")
    canonical = _normalise(text)
    action = _BY_TEXT.get(canonical)
    if action is not None:
        return action
    words = canonical.split()
    if "over" in words and words[-1] not in CARD_BY_ID:
        raise ActionParseError(f"Unknown card '{words[-1]}' after 'over' in '{text.strip()}'.")
    raise ActionParseError(
        f"'{text.strip()}' is not an action. Try 'pass', 'buy U3', 'buy L2 over market', "
        "'hand U1', 'play H2', 'observe aristocrats', 'buy drawn', 'hand drawn', "
        "'discard drawn' or 'pub 3'."
    )
