"""The shape of a game, declared once per edition: phases, stacks, colours, board, markers, cards.

What phases a round has and in which order, which stack supplies the board after which phase, what
each phase scores, how many cards the board holds, how many start-player markers there are and how
they are dealt, which cards are in the game and what they cost: a ``GameShape`` answers all of it,
and the rules read it instead of counting on literals. There are four shapes:

=================  ========================================  =====  =======  =====
shape              phases of a round                         board  markers  cards
=================  ========================================  =====  =======  =====
``FIRST``          worker, building, aristocrat, trading     8      4        116
``SECOND``         worker, building, aristocrat, trading     8      4        116
``MARKET``         worker, market, building, aristocrat,     10     5        151
                   trading
``MARKET_BOARD_8`` as ``MARKET``                             8      5        151
=================  ========================================  =====  =======  =====

A phase is named by a number that is also its stack's deck number and its start-player marker's
index in ``GameState.markers``: worker 0, building 1, aristocrat 2, trading 3, market 4. The order
in which phases follow each other is ``GameShape.phases``, never the numbers themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from petersburg.cards import (
    ARISTOCRAT,
    BLUE,
    BUILDING,
    CATALOGUE,
    GREEN,
    POTJOMKINS_VILLAGE,
    RED,
    TRADING,
    WORKER,
    Card,
    displaceable_kinds,
)
from petersburg.cards_second_edition import (
    ALL_CARD_BY_ID,
    ALL_COLOUR,
    ALL_DECK,
    ALL_IS_TRADING,
    ALL_KINDS,
    ALL_STACK_NAMES,
    CRATE_OF_GOOD,
    GOODS_ON_CARDS,
    JOKER,
    MARKET_DECK,
    NO_GOOD,
    NUM_ALL_KINDS,
    SECOND_EDITION_COST,
    SECOND_EDITION_NAME,
    VARIANTS,
    YELLOW,
)
from petersburg.engine.actions import (
    FIRST_EDITION_LAYOUT,
    MARKET_LAYOUT,
    NUM_ACTIONS,
    NUM_ALL_ACTIONS,
    TARGET_OF_KIND,
    ActionLayout,
)
from petersburg.engine.constants import POTJOMKINS_VILLAGE_VALUE
from petersburg.engine.options import EDITION_FIRST, EDITION_SECOND, GameOptions

WORKER_PHASE: Final = 0
BUILDING_PHASE: Final = 1
ARISTOCRAT_PHASE: Final = 2
TRADING_PHASE: Final = 3
MARKET_PHASE: Final = 4
PHASE_NAMES: Final = ("worker", "building", "aristocrat", "trading", "market")
"""Name of each phase number."""
PHASE_STACK: Final = (WORKER, BUILDING, ARISTOCRAT, TRADING, MARKET_DECK)
"""Each phase's own stack (deck number)."""
NO_SCORING: Final = -1
PHASE_SCORING: Final = (GREEN, BLUE, RED, NO_SCORING, YELLOW)
"""The colour each phase scores: green, blue, red cards; nothing after trading; the market's goods."""
NO_PHASE: Final = -1

_ROUND_WITHOUT_MARKET: Final = (WORKER_PHASE, BUILDING_PHASE, ARISTOCRAT_PHASE, TRADING_PHASE)
_ROUND_WITH_MARKET: Final = (WORKER_PHASE, MARKET_PHASE, BUILDING_PHASE, ARISTOCRAT_PHASE, TRADING_PHASE)
_NUM_COLOURS: Final = YELLOW + 1
PRICE_CODE_COST_SHIFT: Final = 3
"""``GameShape.price_code``: cost << 3 | colour << 1 | trading (colours are 0-3)."""
PRICE_CODE_COLOUR_SHIFT: Final = 1
PRICE_CODE_COLOUR_MASK: Final = 3
PRICE_CODE_TRADING: Final = 1


class GameShape:
    """Everything about a game that its edition decides (see the module docstring)."""

    __slots__ = (
        "area_size",
        "board_size",
        "card_name",
        "cost",
        "count",
        "crate_kinds",
        "deals_round_the_table",
        "deck_cards",
        "decks",
        "displaced_value",
        "edition",
        "first_phase",
        "good_of",
        "goods_kinds",
        "identical",
        "joker_kinds",
        "joker_slot",
        "kinds",
        "kinds_of_colour",
        "kinds_of_deck",
        "layout",
        "mariinsky_vp",
        "market",
        "market_phase",
        "name",
        "next_phase",
        "num_actions",
        "num_cards",
        "num_decks",
        "num_phases",
        "observatory_phase",
        "opening_buy",
        "phases",
        "position",
        "price_code",
        "pub_phase",
        "red_kinds",
        "round_deck",
        "scoring",
        "stack_names",
        "supply_deck",
        "symbols",
        "targets_of",
        "title",
    )

    def __init__(self, name: str, edition: str, market: bool, board_size: int) -> None:
        second = edition == EDITION_SECOND
        self.name = name
        """Short name: ``first``, ``second``, ``market``, ``market_board_8``."""
        self.edition = edition
        self.market = market
        self.title = (
            "1st edition" if not second else "2nd edition with the Market" if market else "2nd edition"
        )
        """What a player calls this game."""

        # --- phases and stacks
        phases = _ROUND_WITH_MARKET if market else _ROUND_WITHOUT_MARKET
        self.phases: tuple[int, ...] = phases
        """Phase numbers in the order a round plays them."""
        self.num_phases = len(phases)
        """Phases per round; also the number of start-player markers."""
        self.first_phase: int = phases[0]
        self.position: tuple[int, ...] = tuple(
            phases.index(p) if p in phases else NO_PHASE for p in range(len(PHASE_NAMES))
        )
        """Place of each phase number in the round (0 = first), or NO_PHASE."""
        self.next_phase: tuple[int, ...] = tuple(
            phases[phases.index(p) + 1] if p in phases[:-1] else NO_PHASE for p in range(len(PHASE_NAMES))
        )
        """The phase after each phase in the round; NO_PHASE after the last (the round ends)."""
        self.supply_deck: tuple[int, ...] = tuple(
            PHASE_STACK[nxt] if nxt != NO_PHASE else NO_PHASE for nxt in self.next_phase
        )
        """The stack that tops up the board after each phase's scoring: the next phase's."""
        self.round_deck: int = PHASE_STACK[phases[0]]
        """The stack dealt at the end of a round (the first phase's: workers)."""
        self.scoring: tuple[int, ...] = PHASE_SCORING
        """The colour each phase number scores (NO_SCORING: none)."""
        self.num_decks = len(phases)
        """Stacks in the game; ``GameState.stacks[d]`` is deck ``d``."""
        self.decks: tuple[int, ...] = tuple(range(self.num_decks))
        self.stack_names: tuple[str, ...] = ALL_STACK_NAMES[: self.num_decks]
        self.market_phase: int = MARKET_PHASE if market else NO_PHASE
        self.pub_phase: int = BUILDING_PHASE
        """Pubs buy VP right after this phase's scoring."""
        self.observatory_phase: int = BUILDING_PHASE
        """An Observatory may be used during this phase's actions."""
        self.board_size = board_size
        """Cards the upper and lower rows hold together."""
        self.deals_round_the_table = market
        """Markers are dealt one at a time round the table from a seat (the Market), rather than
        as the 1st-edition rulebook gives them out per player count."""
        self.opening_buy = second
        """In the first worker phase every player must buy on each turn (2nd edition)."""
        self.mariinsky_vp = second
        """The Mariinsky Theater gives VP (2nd edition), not rubles, per red card."""

        # --- cards
        replaced = {ALL_CARD_BY_ID[base] for base in VARIANTS} if market else set()
        count = [spec.copies for spec in CATALOGUE] + [0] * (NUM_ALL_KINDS - len(CATALOGUE))
        if market:
            for base, variants in VARIANTS.items():
                count[ALL_CARD_BY_ID[base]] = 0
                for variant in variants:
                    count[ALL_CARD_BY_ID[variant]] = ALL_KINDS[ALL_CARD_BY_ID[variant]].copies
            for kind in range(len(CATALOGUE), NUM_ALL_KINDS):
                if ALL_DECK[kind] == MARKET_DECK:
                    count[kind] = ALL_KINDS[kind].copies
        self.count: tuple[int, ...] = tuple(count)
        """Copies of each card kind in this game (0: not in it)."""
        self.num_cards = sum(count)
        self.kinds: tuple[Card, ...] = tuple(k for k in range(NUM_ALL_KINDS) if count[k])
        """The card kinds in this game, in kind order."""
        self.area_size = NUM_ALL_KINDS if market else len(CATALOGUE)
        """Length of a play area's count list: every kind this game can hold."""
        assert not replaced & set(self.kinds)
        costs = [spec.cost for spec in ALL_KINDS]
        names = [spec.name for spec in ALL_KINDS]
        if second:
            for card_id, cost in SECOND_EDITION_COST.items():
                costs[ALL_CARD_BY_ID[card_id]] = cost
            for card_id, name in SECOND_EDITION_NAME.items():
                names[ALL_CARD_BY_ID[card_id]] = name
        self.cost: tuple[int, ...] = tuple(costs)
        """Printed cost of each kind in this edition."""
        self.card_name: tuple[str, ...] = tuple(names)
        """Printed name of each kind in this edition."""
        self.displaced_value: tuple[int, ...] = tuple(
            POTJOMKINS_VILLAGE_VALUE if k == POTJOMKINS_VILLAGE else costs[k] for k in range(NUM_ALL_KINDS)
        )
        """What a card is worth when a trading card displaces it: its cost, but
        ``POTJOMKINS_VILLAGE_VALUE`` for Potjomkin's Village."""
        self.price_code: tuple[int, ...] = tuple(
            costs[k] << PRICE_CODE_COST_SHIFT
            | ALL_COLOUR[k] << PRICE_CODE_COLOUR_SHIFT
            | (PRICE_CODE_TRADING if ALL_IS_TRADING[k] else 0)
            for k in range(NUM_ALL_KINDS)
        )
        """Each kind's cost, colour and whether it is a trading card in one int (see
        ``PRICE_CODE_COST_SHIFT``): ``legal_actions`` prices a card with one table look-up."""
        self.targets_of: tuple[tuple[tuple[int, Card], ...], ...] = tuple(
            tuple((TARGET_OF_KIND[d], d) for d in displaceable_kinds(ALL_KINDS, k, self.kinds))
            if ALL_IS_TRADING[k]
            else ()
            for k in range(NUM_ALL_KINDS)
        )
        """For each trading card, (target index, kind) of every card of this game it may displace."""
        self.kinds_of_colour: tuple[tuple[Card, ...], ...] = tuple(
            tuple(k for k in self.kinds if ALL_COLOUR[k] == colour) for colour in range(_NUM_COLOURS)
        )
        """The kinds of each colour (green, blue, red, yellow) in this game."""
        self.red_kinds: tuple[Card, ...] = self.kinds_of_colour[RED]
        self.kinds_of_deck: tuple[tuple[Card, ...], ...] = tuple(
            tuple(k for k in self.kinds if ALL_DECK[k] == deck) for deck in self.decks
        )
        """The kinds of each stack in this game."""
        self.deck_cards: tuple[tuple[Card, ...], ...] = tuple(
            tuple(k for k in kinds for _ in range(self.count[k])) for kinds in self.kinds_of_deck
        )
        """Every card of each stack in kind order, as ``new_game`` shuffles them."""
        family: dict[Card, tuple[Card, ...]] = {}
        if market:
            for variants in VARIANTS.values():
                kinds = tuple(ALL_CARD_BY_ID[v] for v in variants)
                family.update(dict.fromkeys(kinds, kinds))
        self.identical: tuple[tuple[Card, ...], ...] = tuple(family.get(k, ()) for k in range(NUM_ALL_KINDS))
        """For a kind printed in variants, every variant (identical cards for the price); else ()."""

        # --- goods (the Market)
        good_of = [NO_GOOD] * NUM_ALL_KINDS
        symbols = [0] * NUM_ALL_KINDS
        if market:
            for card_id, (good, number) in GOODS_ON_CARDS.items():
                good_of[ALL_CARD_BY_ID[card_id]] = good
                symbols[ALL_CARD_BY_ID[card_id]] = number
        self.good_of: tuple[int, ...] = tuple(good_of)
        """The good (or JOKER) printed on each kind, NO_GOOD without the Market."""
        self.symbols: tuple[int, ...] = tuple(symbols)
        """How many symbols of its good each kind carries."""
        self.goods_kinds: tuple[Card, ...] = tuple(
            k for k in self.kinds if good_of[k] not in (NO_GOOD, JOKER)
        )
        self.joker_kinds: tuple[Card, ...] = tuple(k for k in self.kinds if good_of[k] == JOKER)
        """Kinds with the "?" roundel (one copy each), in kind order: their index is their joker slot."""
        self.joker_slot: tuple[int, ...] = tuple(
            self.joker_kinds.index(k) if k in self.joker_kinds else -1 for k in range(NUM_ALL_KINDS)
        )
        self.crate_kinds: tuple[Card, ...] = CRATE_OF_GOOD if market else ()
        """The crate of each good (index = good), or () without the Market."""

        # --- actions
        self.num_actions = NUM_ALL_ACTIONS if market else NUM_ACTIONS
        """Size of this game's action space: its ids are 0..num_actions-1."""
        self.layout: ActionLayout = MARKET_LAYOUT if market else FIRST_EDITION_LAYOUT
        """The contiguous numbering ``legal_actions`` collects this game's actions in."""

    def __repr__(self) -> str:
        return f"GameShape({self.name})"

    def __reduce__(self) -> tuple[Callable[[str], GameShape], tuple[str]]:
        """Pickle by name: an unpickled state shares the one shape of its edition, as every state
        made here does (and a compiled shape could not be rebuilt field by field)."""
        return (shape_named, (self.name,))


FIRST: Final = GameShape("first", EDITION_FIRST, False, 8)
SECOND: Final = GameShape("second", EDITION_SECOND, False, 8)
MARKET: Final = GameShape("market", EDITION_SECOND, True, 10)
MARKET_BOARD_8: Final = GameShape("market_board_8", EDITION_SECOND, True, 8)
_SHAPES_BY_NAME: Final = {shape.name: shape for shape in (FIRST, SECOND, MARKET, MARKET_BOARD_8)}
SHAPES: Final = (FIRST, SECOND, MARKET, MARKET_BOARD_8)


def shape_named(name: str) -> GameShape:
    """The shape called ``name`` (``GameShape.name``); KeyError if there is none."""
    return _SHAPES_BY_NAME[name]


def shape_of(options: GameOptions) -> GameShape:
    """The shape of a game created with ``options`` (assumed valid: see ``check_options``)."""
    if options.market:
        return MARKET_BOARD_8 if options.market_board == MARKET_BOARD_8.board_size else MARKET
    return FIRST if options.edition == EDITION_FIRST else SECOND


def num_actions(options: GameOptions) -> int:
    """Size of the action space of a game created with ``options`` (559, or 954 with the Market):
    environments size their action masks with it."""
    return shape_of(options).num_actions
