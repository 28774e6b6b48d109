"""The full game state: plain slotted objects, copied explicitly, no RNG inside.

Everything random (the stack orders, the start-player markers) is fixed at set-up from the seed and
stored here, so every later step is a pure function of (state, action): the same seed and the same
actions give the same state in any process. What the edition decides (phases, stacks, board size,
cards) is the state's ``shape`` (``petersburg.engine.shape``), shared, never copied.
"""

from __future__ import annotations

from typing import Final, Self

from petersburg.cards import NUM_KINDS, WAREHOUSE, Card
from petersburg.cards_second_edition import NO_GOOD
from petersburg.engine.constants import HAND_LIMIT, STARTING_RUBLES, WAREHOUSE_HAND_LIMIT
from petersburg.engine.options import MONEY_KEPT, MONEY_TRADED, GameOptions
from petersburg.engine.shape import (
    ARISTOCRAT_PHASE,
    BUILDING_PHASE,
    MARKET_PHASE,
    PHASE_NAMES,
    TRADING_PHASE,
    WORKER_PHASE,
    GameShape,
    shape_of,
)

# Stages: what kind of decision the player to act faces.
STAGE_ACTIONS: Final = 0
"""Ordinary turn: buy, take into hand, play from hand, use an Observatory, or pass."""
STAGE_OBSERVED: Final = 1
"""The player just drew a card with an Observatory and must buy, hand or discard it."""
STAGE_PUB: Final = 2
"""After building scoring: a Pub owner chooses how many VP to buy."""
STAGE_OVER: Final = 3
"""The game has ended; nobody acts."""
STAGE_JOKER: Final = 4
"""The Market: the player names the good of his card with "?" (when it enters play, or at a
market scoring with the option ``joker = each_scoring``)."""
STAGE_CRATE: Final = 5
"""The Market: at the market scoring the player pays for one of his crates, or not."""
STAGE_NAMES: Final = ("actions", "observed", "pub", "over", "joker", "crate")

NO_CARD: Final = -1
"""Marks an empty drawn-card slot."""
UNKNOWN: Final = -2
"""A card a view may not show (a stack card, another player's hand card)."""

BOARD_SIZE: Final = 8
"""The upper and lower rows together hold at most this many cards (1st edition; see
``GameShape.board_size``)."""

__all__ = [
    "ARISTOCRAT_PHASE",
    "BOARD_SIZE",
    "BUILDING_PHASE",
    "MARKET_PHASE",
    "MONEY_KEPT",
    "MONEY_TRADED",
    "NO_CARD",
    "PHASE_NAMES",
    "STAGE_ACTIONS",
    "STAGE_CRATE",
    "STAGE_JOKER",
    "STAGE_NAMES",
    "STAGE_OBSERVED",
    "STAGE_OVER",
    "STAGE_PUB",
    "STARTING_RUBLES",
    "TRADING_PHASE",
    "UNKNOWN",
    "WORKER_PHASE",
    "GameOptions",
    "GameState",
    "MarketState",
    "PlayerState",
]


class PlayerState:
    """One seat: rubles, VP from play, hand (sorted card kinds) and play area (count per kind)."""

    __slots__ = ("area", "hand", "observatories_used", "rubles", "secret_hand", "vp")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        """A blank player, filled by ``__init__``, by ``copy`` or by ``pickle``.

        Defined so that ``copy`` skips ``__init__`` in both builds: compiled with mypyc, a class
        without its own ``__new__`` runs ``__init__`` from ``__new__`` too (and ``object.__new__``
        compiles only inside a ``__new__``).
        """
        return object.__new__(cls)

    def __init__(self, rubles: int = STARTING_RUBLES, area_size: int = NUM_KINDS) -> None:
        self.rubles = rubles
        self.vp = 0
        self.hand: list[Card] = []
        self.secret_hand: tuple[Card, ...] = ()
        """The hand cards only this player can name, sorted: those drawn with an Observatory and
        taken into hand. Every other hand card was taken from the board in sight of everyone, so
        its identity is public (``public_hand``). A tuple: states are copied far more often than
        it changes, and a copy shares it."""
        self.area: list[int] = [0] * area_size
        """How many cards of each kind lie in this player's play area (``GameShape.area_size`` kinds)."""
        self.observatories_used = 0
        """Observatories turned face down this round (they score no VP and cannot be displaced)."""

    def copy(self) -> PlayerState:
        """An independent copy (lists copied, ints shared)."""
        other = PlayerState.__new__(PlayerState)
        other.rubles = self.rubles
        other.vp = self.vp
        other.hand = self.hand.copy()
        other.secret_hand = self.secret_hand
        other.area = self.area.copy()
        other.observatories_used = self.observatories_used
        return other

    @property
    def hand_limit(self) -> int:
        """``HAND_LIMIT``, or ``WAREHOUSE_HAND_LIMIT`` while a Warehouse is in play."""
        return WAREHOUSE_HAND_LIMIT if self.area[WAREHOUSE] else HAND_LIMIT

    def public_hand(self) -> list[Card]:
        """The hand cards whose identity every player knows (sorted): the hand less its secret
        cards. In a view's masked state the same holds: another seat's secret cards are UNKNOWN
        in both its hand and its ``secret_hand``."""
        secret = self.secret_hand
        if not secret:
            return self.hand.copy()
        unmatched = list(secret)
        public: list[Card] = []
        for card in self.hand:
            if card in unmatched:
                unmatched.remove(card)
            else:
                public.append(card)
        return public

    def area_cards(self) -> list[Card]:
        """The play area as a sorted list of card kinds (with repeats)."""
        area = self.area
        return [kind for kind in range(len(area)) for _ in range(area[kind])]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return (
            self.rubles == other.rubles
            and self.vp == other.vp
            and self.hand == other.hand
            and self.secret_hand == other.secret_hand
            and self.area == other.area
            and self.observatories_used == other.observatories_used
        )

    __hash__ = None  # type: ignore[assignment]


class MarketState:
    """What *The Market* adds to a game's state (``GameState.market``; None without the Market).

    Every card with "?" and every crate exists once, so a card kind names its owner's card.
    """

    __slots__ = ("idle", "jokers", "queue", "scoring")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        """A blank market part, so that pickling skips ``__init__`` in both builds (see
        ``PlayerState.__new__``)."""
        return object.__new__(cls)

    def __init__(self, joker_slots: int) -> None:
        self.jokers: list[int] = [NO_GOOD] * joker_slots
        """The good named for each card with "?" (by ``GameShape.joker_kinds`` slot), NO_GOOD if none."""
        self.queue: list[tuple[int, Card]] = []
        """Decisions pending, (seat, card): a crate to pay for or a "?" to name. The head acts."""
        self.scoring = False
        """A market scoring is under way: its decisions are in the queue, then income and majorities."""
        self.idle: list[Card] = []
        """Crates left unpaid at the market scoring under way (option ``unpaid_crate = idle``)."""

    def copy(self) -> MarketState:
        """An independent copy."""
        other = MarketState(0)
        other.jokers = self.jokers.copy()
        other.queue = self.queue.copy()
        other.scoring = self.scoring
        other.idle = self.idle.copy()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MarketState):
            return NotImplemented
        return (self.jokers, self.queue, self.scoring, self.idle) == (
            other.jokers,
            other.queue,
            other.scoring,
            other.idle,
        )

    __hash__ = None  # type: ignore[assignment]


class GameState:
    """The whole game: board, stacks, phase flow and every player.

    Mutated in place by ``apply_action``/``apply_unchecked``; use ``copy()`` to branch.
    Stacks are lists whose *last* element is the top card (so dealing is ``pop()``).
    """

    __slots__ = (
        "discards",
        "drawn",
        "drawn_deck",
        "last_round",
        "lower",
        "markers",
        "market",
        "num_players",
        "options",
        "passes",
        "phase",
        "players",
        "pub_queue",
        "round",
        "seed",
        "shape",
        "stacks",
        "stage",
        "step",
        "taken",
        "to_act",
        "upper",
    )

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        """A blank state, filled by ``__init__``, by ``copy`` or by ``pickle`` (see
        ``PlayerState.__new__``)."""
        return object.__new__(cls)

    def __init__(self, num_players: int, seed: int, options: GameOptions) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = options
        shape = shape_of(options)
        self.shape: GameShape = shape
        """What the edition decides (phases, stacks, board, cards); shared between copies."""
        self.stacks: list[list[Card]] = [[] for _ in shape.decks]
        self.upper: list[Card] = []
        self.lower: list[Card] = []
        self.discards: list[Card] = []
        """Cards out of the game, in the order they left (public)."""
        self.drawn = NO_CARD
        """The card drawn with an Observatory, awaiting its owner's decision."""
        self.drawn_deck = -1
        """The stack the drawn card came from (public), or -1."""
        self.players = [PlayerState(STARTING_RUBLES, shape.area_size) for _ in range(num_players)]
        self.markers = [0] * shape.num_phases
        """The seat holding each phase's start-player marker (indexed by phase number)."""
        self.round = 1
        self.phase = shape.first_phase
        self.stage = STAGE_ACTIONS
        self.to_act = 0
        self.passes = 0
        """Consecutive passes so far in this phase's actions."""
        self.taken = False
        """Whether anyone bought or took a card from the board during this phase."""
        self.last_round = False
        """Set when a stack's last card was placed: this round is the last."""
        self.pub_queue: list[int] = []
        """Seats still to decide on their Pubs after this building scoring (head acts)."""
        self.step = 0
        """Number of actions applied since set-up."""
        self.market: MarketState | None = MarketState(len(shape.joker_kinds)) if shape.market else None
        """The Market's jokers and scoring decisions; None in a game without the Market."""

    def copy(self) -> GameState:
        """An independent copy, far faster than ``copy.deepcopy``."""
        other = GameState.__new__(GameState)
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.shape = self.shape
        other.stacks = [stack.copy() for stack in self.stacks]
        other.upper = self.upper.copy()
        other.lower = self.lower.copy()
        other.discards = self.discards.copy()
        other.drawn = self.drawn
        other.drawn_deck = self.drawn_deck
        other.players = [player.copy() for player in self.players]
        other.markers = self.markers.copy()
        other.round = self.round
        other.phase = self.phase
        other.stage = self.stage
        other.to_act = self.to_act
        other.passes = self.passes
        other.taken = self.taken
        other.last_round = self.last_round
        other.pub_queue = self.pub_queue.copy()
        other.step = self.step
        market = self.market
        other.market = market.copy() if market is not None else None
        return other

    @property
    def current_player(self) -> int:
        """The seat whose decision it is, or -1 when the game is over."""
        return -1 if self.stage == STAGE_OVER else self.to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (final scoring is then available)."""
        return self.stage == STAGE_OVER

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        """Every field, for equality (states are equal when all their fields are)."""
        return (
            self.num_players,
            self.seed,
            self.options,
            self.stacks,
            self.upper,
            self.lower,
            self.discards,
            self.drawn,
            self.drawn_deck,
            self.players,
            self.markers,
            self.round,
            self.phase,
            self.stage,
            self.to_act,
            self.passes,
            self.taken,
            self.last_round,
            self.pub_queue,
            self.step,
            self.market,
        )

    __hash__ = None  # type: ignore[assignment]
