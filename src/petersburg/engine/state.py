"""The full game state: plain slotted objects, copied explicitly, no RNG inside.

Everything random (the four stack orders, the start-player markers) is fixed at set-up from the
seed and stored here, so every later step is a pure function of (state, action): the same seed and
the same actions give the same state in any process.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Self

from petersburg.cards import NUM_KINDS, WAREHOUSE, Card

# Phases of a round, in order; a phase's number is also its start-player marker's number.
WORKER_PHASE = 0
BUILDING_PHASE = 1
ARISTOCRAT_PHASE = 2
TRADING_PHASE = 3
PHASE_NAMES = ("worker", "building", "aristocrat", "trading")

# Stages: what kind of decision the player to act faces.
STAGE_ACTIONS = 0
"""Ordinary turn: buy, take into hand, play from hand, use an Observatory, or pass."""
STAGE_OBSERVED = 1
"""The player just drew a card with an Observatory and must buy, hand or discard it."""
STAGE_PUB = 2
"""After building scoring: a Pub owner chooses how many VP to buy."""
STAGE_OVER = 3
"""The game has ended; nobody acts."""
STAGE_NAMES = ("actions", "observed", "pub", "over")

NO_CARD = -1
"""Marks an empty drawn-card slot."""
UNKNOWN = -2
"""A card a view may not show (a stack card, another player's hand card)."""

BOARD_SIZE = 8
"""The upper and lower rows together hold at most this many cards."""
STARTING_RUBLES = 25
MONEY_KEPT = "kept"
MONEY_TRADED = "traded"


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Rule options a game is created with (RULES.md [option]s and visibility), defaults first.

    - ``always_refill``: top the board up to 8 even after a phase in which nobody took a card.
    - ``money``: ``"kept"`` (rubles count in full for the tie-break) or ``"traded"`` (the 10s
      converted into VP are spent; the tie-break sees the remainder).
    - ``double_marker_seat``: with 3 players, the seat that gets two start-player markers
      (``None``: a random seat).
    - ``show_rubles`` / ``show_hands``: views show every player's rubles / hand cards (some online
      versions show them); hidden by default as in the rulebook.
    """

    always_refill: bool = False
    money: str = MONEY_KEPT
    double_marker_seat: int | None = None
    show_rubles: bool = False
    show_hands: bool = False

    def __reduce__(self) -> tuple[type[GameOptions], tuple[object, ...]]:
        """Pickle as a constructor call (worker processes receive options): compiled with mypyc, a
        frozen class cannot be restored field by field."""
        return (GameOptions, astuple(self))

    def to_json(self) -> dict[str, object]:
        """The options as a JSON object (every field, so records are self-describing)."""
        return {
            "always_refill": self.always_refill,
            "money": self.money,
            "double_marker_seat": self.double_marker_seat,
            "show_rubles": self.show_rubles,
            "show_hands": self.show_hands,
        }


class PlayerState:
    """One seat: rubles, VP from play, hand (sorted card kinds) and play area (count per kind)."""

    __slots__ = ("area", "hand", "observatories_used", "rubles", "vp")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        """A blank player, filled by ``__init__``, by ``copy`` or by ``pickle``.

        Defined so that ``copy`` skips ``__init__`` in both builds: compiled with mypyc, a class
        without its own ``__new__`` runs ``__init__`` from ``__new__`` too (and ``object.__new__``
        compiles only inside a ``__new__``).
        """
        return object.__new__(cls)

    def __init__(self, rubles: int = STARTING_RUBLES) -> None:
        self.rubles = rubles
        self.vp = 0
        self.hand: list[Card] = []
        self.area: list[int] = [0] * NUM_KINDS
        """How many cards of each kind lie in this player's play area."""
        self.observatories_used = 0
        """Observatories turned face down this round (they score no VP and cannot be displaced)."""

    def copy(self) -> PlayerState:
        """An independent copy (lists copied, ints shared)."""
        other = PlayerState.__new__(PlayerState)
        other.rubles = self.rubles
        other.vp = self.vp
        other.hand = self.hand.copy()
        other.area = self.area.copy()
        other.observatories_used = self.observatories_used
        return other

    @property
    def hand_limit(self) -> int:
        """3, or 4 while a Warehouse is in play."""
        return 4 if self.area[WAREHOUSE] else 3

    def area_cards(self) -> list[Card]:
        """The play area as a sorted list of card kinds (with repeats)."""
        return [kind for kind in range(NUM_KINDS) for _ in range(self.area[kind])]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return (
            self.rubles == other.rubles
            and self.vp == other.vp
            and self.hand == other.hand
            and self.area == other.area
            and self.observatories_used == other.observatories_used
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
        "num_players",
        "options",
        "passes",
        "phase",
        "players",
        "pub_queue",
        "round",
        "seed",
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
        self.stacks: list[list[Card]] = [[], [], [], []]
        self.upper: list[Card] = []
        self.lower: list[Card] = []
        self.discards: list[Card] = []
        """Cards out of the game, in the order they left (public)."""
        self.drawn = NO_CARD
        """The card drawn with an Observatory, awaiting its owner's decision."""
        self.drawn_deck = -1
        """The stack the drawn card came from (public), or -1."""
        self.players = [PlayerState() for _ in range(num_players)]
        self.markers = [0, 0, 0, 0]
        """The seat holding each phase's start-player marker."""
        self.round = 1
        self.phase = WORKER_PHASE
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

    def copy(self) -> GameState:
        """An independent copy, far faster than ``copy.deepcopy``."""
        other = GameState.__new__(GameState)
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
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
        )

    __hash__ = None  # type: ignore[assignment]
