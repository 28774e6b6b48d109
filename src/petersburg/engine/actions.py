"""The fixed action space: every action is an int id, with one canonical text form.

The same id means the same action in every state and every edition, so bots, the web client, the
research API and stored games share one encoder. Positions are relative to the state: ``U3`` is the
third card of the upper row, ``L2`` the second of the lower row, ``H1`` the first card of the
(sorted) hand, ``drawn`` the card just drawn with an Observatory. A trading card names the ordinary
card kind it displaces.

Canonical text (``format_action``; ``parse_action`` accepts any case and spacing):

=============================  ============================================================
``pass``                       pass
``hand U3`` / ``hand drawn``   take a card into hand (free)
``buy L2``                     buy a card from the board
``buy U1 over market``         buy a trading card, displacing a Market from your play area
``buy drawn [over KIND]``      buy the card drawn with the Observatory
``play H2 [over KIND]``        play a card from hand
``observe aristocrats``        use an Observatory on a stack (workers, buildings, aristocrats,
                               trading, market)
``discard drawn``              discard the card drawn with the Observatory
``pub 3``                      buy 3 VP at your Pubs (0 declines)
``joker fish``                 name the good of your card with "?" (Market)
``pay crate fish``             pay to keep your fish crate at this market scoring (Market)
``skip crate fish``            do not pay for it (Market)
=============================  ============================================================

Ids 0..558 (``NUM_ACTIONS``) are the 1st edition's, in the layout they always had; the 2nd edition
without the Market uses exactly these. A Market game adds ids after them (``NUM_ALL_ACTIONS`` in
all): displacements of the Ship Builders and Markets printed with goods, the ninth and tenth slots
of each row of the 10-card board, the Observatory on the market stack, and the joker and crate
decisions. ``docs/state-format.md`` lists the layout.
"""

from __future__ import annotations

from typing import Final

from petersburg.cards import IS_TRADING, NUM_KINDS, STACK_NAMES, Card
from petersburg.cards_second_edition import (
    ALL_CARD_BY_ID,
    ALL_CARD_ID,
    ALL_DECK,
    ALL_IS_TRADING,
    ALL_STACK_NAMES,
    GOODS,
    MARKET_DECK,
    NUM_ALL_KINDS,
    NUM_GOODS,
)
from petersburg.engine.errors import ActionParseError

ActionId = int

ROW_SLOTS: Final = 8
"""Slots per row addressed by the 1st edition's ids (its two rows never hold more than 8 cards)."""
MAX_ROW_SLOTS: Final = 10
"""Slots per row addressed by every id (a Market game's board holds 10 cards)."""
HAND_SLOTS: Final = 4
"""Hand positions addressed (the hand limit is 4 with a Warehouse)."""
DRAWN_SOURCE: Final = 2 * ROW_SLOTS
"""Source index of the Observatory's drawn card (after U1..U8 = 0..7 and L1..L8 = 8..15)."""
NUM_SOURCES: Final = DRAWN_SOURCE + 1
"""Sources of the 1st edition's ids; U9, U10, L9, L10 follow as 17, 18, 19, 20."""
NUM_ALL_SOURCES: Final = NUM_SOURCES + 2 * (MAX_ROW_SLOTS - ROW_SLOTS)
MAX_PUB_VP: Final = 10
"""Two Pubs allow 10 VP at most."""

UPPER_ROW: Final = 0
LOWER_ROW: Final = 1
DRAWN_CARD: Final = 2


_EXTRA_SLOTS: Final = MAX_ROW_SLOTS - ROW_SLOTS
UPPER_SOURCES: Final[tuple[int, ...]] = (*range(ROW_SLOTS), *range(NUM_SOURCES, NUM_SOURCES + _EXTRA_SLOTS))
"""Source number of each upper-row slot U1..U10."""
LOWER_SOURCES: Final[tuple[int, ...]] = (
    *range(ROW_SLOTS, DRAWN_SOURCE),
    *range(NUM_SOURCES + _EXTRA_SLOTS, NUM_ALL_SOURCES),
)
"""Source number of each lower-row slot L1..L10."""
SOURCE_ROW: Final[tuple[int, ...]] = tuple(
    UPPER_ROW if s in UPPER_SOURCES else LOWER_ROW if s in LOWER_SOURCES else DRAWN_CARD
    for s in range(NUM_ALL_SOURCES)
)
"""UPPER_ROW, LOWER_ROW or DRAWN_CARD for each source number."""
SOURCE_SLOT: Final[tuple[int, ...]] = tuple(
    UPPER_SOURCES.index(s) if s in UPPER_SOURCES else LOWER_SOURCES.index(s) if s in LOWER_SOURCES else 0
    for s in range(NUM_ALL_SOURCES)
)
"""Position in its row (0-based) of each source number."""

DISPLACEABLE_KINDS: Final[tuple[Card, ...]] = tuple(k for k in range(NUM_KINDS) if not IS_TRADING[k])
"""Ordinary card kinds of the 1st edition, in catalogue order; target t (1..24) names
DISPLACEABLE_KINDS[t-1]."""
NUM_TARGETS: Final = len(DISPLACEABLE_KINDS) + 1
"""Targets of the 1st edition's ids (0: no displacement)."""
ALL_TARGET_KINDS: Final[tuple[Card, ...]] = (
    *DISPLACEABLE_KINDS,
    *(k for k in range(NUM_KINDS, NUM_ALL_KINDS) if not ALL_IS_TRADING[k] and ALL_DECK[k] != MARKET_DECK),
)
"""Every kind a trading card may displace: the 1st edition's, then the Ship Builders and Markets
printed with goods (targets 25..35). Yellow market cards are never displaced."""
NUM_ALL_TARGETS: Final = len(ALL_TARGET_KINDS) + 1
TARGET_OF_KIND: Final[tuple[int, ...]] = tuple(
    ALL_TARGET_KINDS.index(k) + 1 if k in ALL_TARGET_KINDS else 0 for k in range(NUM_ALL_KINDS)
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
KIND_JOKER: Final = 7
KIND_PAY_CRATE: Final = 8
KIND_SKIP_CRATE: Final = 9
KIND_NAMES: Final = (
    "pass",
    "hand",
    "buy",
    "play",
    "observe",
    "discard",
    "pub",
    "joker",
    "pay_crate",
    "skip_crate",
)

# The 1st edition's id layout (contiguous blocks per kind), unchanged.
PASS_ID: Final = 0
TAKE_BASE: Final = 1
BUY_BASE: Final = TAKE_BASE + NUM_SOURCES
PLAY_BASE: Final = BUY_BASE + NUM_SOURCES * NUM_TARGETS
OBSERVE_BASE: Final = PLAY_BASE + HAND_SLOTS * NUM_TARGETS
FIRST_EDITION_STACKS: Final = len(STACK_NAMES)
"""Stacks of the 1st edition (workers, buildings, aristocrats, trading): its Observatory's ids."""
ALL_STACKS: Final = len(ALL_STACK_NAMES)
DISCARD_ID: Final = OBSERVE_BASE + FIRST_EDITION_STACKS
PUB_BASE: Final = DISCARD_ID + 1
NUM_ACTIONS: Final = PUB_BASE + MAX_PUB_VP + 1
"""Size of the 1st edition's action space (ids 0..558), also that of the 2nd edition without the Market."""


def _layout() -> list[tuple[int, int, int]]:
    """(kind, argument, target) of every id, in id order: the 1st edition's, then the appended ones."""
    ids = [(KIND_PASS, 0, 0)]
    ids += [(KIND_TAKE, source, 0) for source in range(NUM_SOURCES)]
    ids += [(KIND_BUY, source, t) for source in range(NUM_SOURCES) for t in range(NUM_TARGETS)]
    ids += [(KIND_PLAY, index, t) for index in range(HAND_SLOTS) for t in range(NUM_TARGETS)]
    ids += [(KIND_OBSERVE, deck, 0) for deck in range(FIRST_EDITION_STACKS)]
    ids += [(KIND_DISCARD, DRAWN_SOURCE, 0)]
    ids += [(KIND_PUB, vp, 0) for vp in range(MAX_PUB_VP + 1)]
    assert len(ids) == NUM_ACTIONS
    new_targets = range(NUM_TARGETS, NUM_ALL_TARGETS)
    new_sources = range(NUM_SOURCES, NUM_ALL_SOURCES)
    ids += [(KIND_BUY, source, t) for source in range(NUM_SOURCES) for t in new_targets]
    ids += [(KIND_PLAY, index, t) for index in range(HAND_SLOTS) for t in new_targets]
    ids += [(KIND_TAKE, source, 0) for source in new_sources]
    ids += [(KIND_BUY, source, t) for source in new_sources for t in range(NUM_ALL_TARGETS)]
    ids += [(KIND_OBSERVE, deck, 0) for deck in range(FIRST_EDITION_STACKS, ALL_STACKS)]
    for kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
        ids += [(kind, good, 0) for good in range(NUM_GOODS)]
    return ids


_DECODED: Final[tuple[tuple[int, int, int], ...]] = tuple(_layout())
NUM_ALL_ACTIONS: Final = len(_DECODED)
"""Size of the whole action space (a Market game's): ids 0..NUM_ALL_ACTIONS-1."""
ACTION_KIND: Final[tuple[int, ...]] = tuple(d[0] for d in _DECODED)
"""Kind of each action id (KIND_PASS, KIND_TAKE, KIND_BUY, ...)."""
ACTION_ARG: Final[tuple[int, ...]] = tuple(d[1] for d in _DECODED)
"""Source number, hand index, deck, VP amount or good of each action id."""
ACTION_TARGET: Final[tuple[int, ...]] = tuple(d[2] for d in _DECODED)
"""Displacement target index of each action id (0: none)."""
_ID_OF: Final[dict[tuple[int, int, int], ActionId]] = {d: a for a, d in enumerate(_DECODED)}

TAKE_IDS: Final[tuple[ActionId, ...]] = tuple(_ID_OF[(KIND_TAKE, s, 0)] for s in range(NUM_ALL_SOURCES))
"""Take-into-hand id of each source number."""
BUY_IDS: Final[tuple[tuple[ActionId, ...], ...]] = tuple(
    tuple(_ID_OF[(KIND_BUY, s, t)] for t in range(NUM_ALL_TARGETS)) for s in range(NUM_ALL_SOURCES)
)
"""Buy id of each source number and target."""
PLAY_IDS: Final[tuple[tuple[ActionId, ...], ...]] = tuple(
    tuple(_ID_OF[(KIND_PLAY, h, t)] for t in range(NUM_ALL_TARGETS)) for h in range(HAND_SLOTS)
)
"""Play id of each hand position and target."""
OBSERVE_IDS: Final[tuple[ActionId, ...]] = tuple(_ID_OF[(KIND_OBSERVE, d, 0)] for d in range(ALL_STACKS))
"""Observatory id of each stack (deck number)."""
JOKER_IDS: Final[tuple[ActionId, ...]] = tuple(_ID_OF[(KIND_JOKER, g, 0)] for g in range(NUM_GOODS))
PAY_CRATE_IDS: Final[tuple[ActionId, ...]] = tuple(_ID_OF[(KIND_PAY_CRATE, g, 0)] for g in range(NUM_GOODS))
SKIP_CRATE_IDS: Final[tuple[ActionId, ...]] = tuple(_ID_OF[(KIND_SKIP_CRATE, g, 0)] for g in range(NUM_GOODS))


class ActionLayout:
    """A contiguous numbering of the actions of one board size, card set and stack count, in which
    ``legal_actions`` collects a game's legal actions by arithmetic (its hottest loop).

    Blocks in order: pass; take from U1..U<slots>, L1..L<slots>, drawn; buy from the same sources
    with every target; play from H1..H4 with every target; observe each stack; discard drawn;
    pub 0..10; and with the Market joker, pay crate and skip crate per good. With 8 slots per row,
    25 targets and 4 stacks this is exactly the 1st edition's id layout (``to_id`` is None); the
    Market's layout is mapped to the stable ids through ``to_id``.
    """

    __slots__ = (
        "discard",
        "drawn_buys",
        "drawn_take",
        "joker",
        "lower_buys",
        "lower_take",
        "observe",
        "pay_crate",
        "plays",
        "pub",
        "row_slots",
        "size",
        "skip_crate",
        "targets",
        "to_id",
        "upper_buys",
        "upper_take",
    )

    def __init__(self, row_slots: int, targets: int, decks: int, market: bool) -> None:
        self.row_slots = row_slots
        self.targets = targets
        """Ids per source in the buy and play blocks (one per target, 0 = no displacement)."""
        sources = 2 * row_slots + 1
        self.upper_take = 1
        """Take-into-hand id of U1 (U2 follows, and so on)."""
        self.lower_take = 1 + row_slots
        """Take-into-hand id of L1."""
        self.drawn_take = 1 + 2 * row_slots
        self.upper_buys = 1 + sources
        """First buy id of U1 (U2 follows ``targets`` later, and so on)."""
        self.lower_buys = self.upper_buys + row_slots * targets
        self.drawn_buys = self.lower_buys + row_slots * targets
        self.plays = self.drawn_buys + targets
        self.observe = self.plays + HAND_SLOTS * targets
        self.discard = self.observe + decks
        self.pub = self.discard + 1
        self.joker = self.pub + MAX_PUB_VP + 1
        goods = NUM_GOODS if market else 0
        self.pay_crate = self.joker + goods
        self.skip_crate = self.pay_crate + goods
        self.size = self.skip_crate + goods
        row_source = (*UPPER_SOURCES[:row_slots], *LOWER_SOURCES[:row_slots], DRAWN_SOURCE)
        ids = [PASS_ID]
        ids += [TAKE_IDS[source] for source in row_source]
        ids += [BUY_IDS[source][t] for source in row_source for t in range(targets)]
        ids += [PLAY_IDS[index][t] for index in range(HAND_SLOTS) for t in range(targets)]
        ids += [OBSERVE_IDS[deck] for deck in range(decks)]
        ids += [DISCARD_ID, *range(PUB_BASE, PUB_BASE + MAX_PUB_VP + 1)]
        if market:
            ids += [*JOKER_IDS, *PAY_CRATE_IDS, *SKIP_CRATE_IDS]
        assert len(ids) == self.size
        identity = ids == list(range(self.size))
        self.to_id: tuple[ActionId, ...] | None = None if identity else tuple(ids)
        """The stable action id of each number of this layout; None where they are the same."""


FIRST_EDITION_LAYOUT: Final = ActionLayout(ROW_SLOTS, NUM_TARGETS, FIRST_EDITION_STACKS, False)
"""The layout of the 1st edition's ids (and of the 2nd edition without the Market)."""
MARKET_LAYOUT: Final = ActionLayout(MAX_ROW_SLOTS, NUM_ALL_TARGETS, ALL_STACKS, True)
assert FIRST_EDITION_LAYOUT.to_id is None and FIRST_EDITION_LAYOUT.size == NUM_ACTIONS


def take_id(source: int) -> ActionId:
    """Take into hand from a source (0..7 upper, 8..15 lower, 16 drawn, 17..20 U9 U10 L9 L10)."""
    return TAKE_IDS[source]


def buy_id(source: int, target: int = NO_TARGET) -> ActionId:
    """Buy from a source, displacing target index ``target`` (0: none)."""
    return BUY_IDS[source][target]


def play_id(hand_index: int, target: int = NO_TARGET) -> ActionId:
    """Play hand card ``hand_index`` (0-based), displacing target index ``target`` (0: none)."""
    return PLAY_IDS[hand_index][target]


def observe_id(deck: int) -> ActionId:
    """Use an Observatory on stack ``deck`` (0 workers .. 3 trading, 4 market)."""
    return OBSERVE_IDS[deck]


def pub_id(vp: int) -> ActionId:
    """Buy ``vp`` VP at the Pubs."""
    return PUB_BASE + vp


def target_kind(target: int) -> Card:
    """The card kind a target index names (target must be 1..35)."""
    return ALL_TARGET_KINDS[target - 1]


def source_text(source: int) -> str:
    """``U3``, ``L10`` or ``drawn``: how action text names a source number."""
    row = SOURCE_ROW[source]
    if row == DRAWN_CARD:
        return "drawn"
    return f"{'U' if row == UPPER_ROW else 'L'}{SOURCE_SLOT[source] + 1}"


def _format(action: ActionId) -> str:
    kind, arg, target = _DECODED[action]
    over = f" over {ALL_CARD_ID[target_kind(target)]}" if target else ""
    if kind == KIND_PASS:
        return "pass"
    if kind == KIND_TAKE:
        return f"hand {source_text(arg)}"
    if kind == KIND_BUY:
        return f"buy {source_text(arg)}{over}"
    if kind == KIND_PLAY:
        return f"play H{arg + 1}{over}"
    if kind == KIND_OBSERVE:
        return f"observe {ALL_STACK_NAMES[arg]}"
    if kind == KIND_DISCARD:
        return "discard drawn"
    if kind == KIND_PUB:
        return f"pub {arg}"
    return f"{_GOOD_VERBS[kind]} {GOODS[arg]}"


_GOOD_VERBS: Final = {KIND_JOKER: "joker", KIND_PAY_CRATE: "pay crate", KIND_SKIP_CRATE: "skip crate"}
"""The words before the good in the Market's decisions."""


ACTION_TEXT: Final[tuple[str, ...]] = tuple(_format(a) for a in range(NUM_ALL_ACTIONS))
_BY_TEXT: Final[dict[str, ActionId]] = {text: a for a, text in enumerate(ACTION_TEXT)}


def format_action(action: ActionId) -> str:
    """The canonical text of an action id, e.g. ``"buy L2 over market"``."""
    if not 0 <= action < NUM_ALL_ACTIONS:
        raise ActionParseError(f"There is no action number {action} (valid: 0 to {NUM_ALL_ACTIONS - 1}).")
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
    if "over" in words and words[-1] not in ALL_CARD_BY_ID:
        raise ActionParseError(f"Unknown card '{words[-1]}' after 'over' in '{text.strip()}'.")
    if words and words[0] in ("joker", "pay", "skip"):
        raise ActionParseError(
            f"'{text.strip()}' is not an action. Name a good: {', '.join(GOODS)} "
            "(for example 'joker fish', 'pay crate fish' or 'skip crate fish')."
        )
    raise ActionParseError(
        f"'{text.strip()}' is not an action. Try 'pass', 'buy U3', 'buy L2 over market', "
        "'hand U1', 'play H2', 'observe aristocrats', 'buy drawn', 'hand drawn', "
        "'discard drawn', 'pub 3', 'joker fish', 'pay crate fish' or 'skip crate fish'."
    )
