"""What happened: the events the engine emits while it applies an action or sets a game up.

Applying an action with an event sink (``apply_with_events``, or ``apply_unchecked(state, action,
sink)``; ``new_game(..., sink=...)`` for the set-up) appends to the sink, in order, everything the
action brought about: the move itself with its price, then whatever followed from it (a phase's
actions ending, its scoring per seat, Pub purchases, cards dealt, the round ending, the game
ending). Logs, feedback, replays and analysis read these; nobody works them out by comparing two
states. Without a sink (the search path) nothing is built.

Every event is an immutable, typed value with a stable ``type`` and JSON form (``event_to_json``,
``event_from_json``; the fields are listed in ``docs/events.md``). An event is public, or private
to one seat (``private_to``): the card an Observatory draws, and that card taken into hand, are
known to their owner only. ``events_for(events, seat)`` is the stream a seat (or a spectator) may
see: another seat's private event appears there only in its public form (``Event.redacted``),
with the secret card unknown. Every ruble earned or spent is public.

Card fields hold card kinds (``UNKNOWN`` for a card the viewer may not know, ``NO_CARD`` for
none), phases and decks their numbers, goods their index in ``GOODS``; the JSON form names them
(card ids, phase names, stack names, good names). ``petersburg.text.narration`` words events in
English for every client alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Final, cast

from petersburg.cards import BLUE, GREEN, RED
from petersburg.cards_second_edition import ALL_CARD_BY_ID, ALL_CARD_ID, ALL_STACK_NAMES, GOODS, YELLOW
from petersburg.engine.errors import StateFormatError
from petersburg.engine.json_types import EventJson, IncomeJson
from petersburg.engine.scoring import ScoreBreakdown, ScoreLine, SeatIncome
from petersburg.engine.shape import PHASE_NAMES, PHASE_SCORING
from petersburg.engine.state import NO_CARD, UNKNOWN

PUBLIC: Final = -1
"""``private_to`` of an event every seat may see."""
OMNISCIENT: Final = -2
"""A reader who may see every secret (``visible_to``, ``events_for``, ``describe_event``): the
replay of a finished game, a referee, a test. ``None`` is a spectator, who sees public events."""
ROW_UPPER: Final = "upper"
ROW_LOWER: Final = "lower"
ROW_DRAWN: Final = "drawn"
"""Where a card came from: the upper row, the lower row, or an Observatory's draw."""
ROWS: Final = (ROW_UPPER, ROW_LOWER, ROW_DRAWN)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened in a game. Subclasses name it (``type``) and carry its facts."""

    type: ClassVar[str] = "event"
    private_to: int = PUBLIC
    """The seat that alone may see this event as it is, or ``PUBLIC``."""

    def redacted(self) -> Event:
        """This event as every seat may see it: itself when public, else its secrets unknown."""
        return self

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator; ``OMNISCIENT``: anyone who may know every
        secret) may see this event as it is."""
        return self.private_to == PUBLIC or self.private_to == seat or seat == OMNISCIENT

    def to_json(self) -> EventJson:
        """The event as a JSON object (``event_to_json``)."""
        return event_to_json(self)


# ----------------------------------------------------------------------------------------------
# Set-up and the flow of the game


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(Event):
    """A game was set up (before its opening workers are dealt)."""

    type: ClassVar[str] = "game_started"
    players: int
    edition: str
    market: bool
    markers: tuple[int, ...]
    """The seat holding each phase's start-player marker (index = phase number)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseStarted(Event):
    """A phase's actions begin; ``seat`` holds its start-player marker and acts first."""

    type: ClassVar[str] = "phase_started"
    round: int
    phase: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDealt(Event):
    """Cards from the top of stack ``deck`` were placed into ``row`` (always the upper row)."""

    type: ClassVar[str] = "cards_dealt"
    deck: int
    row: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SupplySkipped(Event):
    """Nobody bought or took a card from the board during ``phase``: no card of ``deck`` is dealt."""

    type: ClassVar[str] = "supply_skipped"
    phase: int
    deck: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTriggered(Event):
    """The last card of stack ``deck`` was placed on the board: round ``round`` is the last."""

    type: ClassVar[str] = "end_triggered"
    deck: int
    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseScored(Event):
    """A phase's scoring (the market scoring included): what it paid each seat, in scoring order."""

    type: ClassVar[str] = "phase_scored"
    round: int
    phase: int
    incomes: tuple[SeatIncome, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_ended"
    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LowerRowDiscarded(Event):
    """At the end of a round, the cards left in the lower row went out of the game."""

    type: ClassVar[str] = "lower_row_discarded"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class UpperRowMovedDown(Event):
    """At the end of a round, the cards left in the upper row moved to the lower row."""

    type: ClassVar[str] = "upper_row_moved_down"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkersPassed(Event):
    """At the end of a round every start-player marker passed one seat to the left."""

    type: ClassVar[str] = "markers_passed"
    markers: tuple[int, ...]
    """The new holder of each phase's marker (index = phase number)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Event):
    """The final scoring (every seat, in seat order) and the winners (ties share the win)."""

    type: ClassVar[str] = "game_ended"
    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]


# ----------------------------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBought(Event):
    """``seat`` bought ``card`` from a row (``slot``: its 0-based place there) or an Observatory's
    draw (``slot`` -1) for ``price`` rubles, displacing ``displaced`` (``NO_CARD``: nothing)."""

    type: ClassVar[str] = "card_bought"
    seat: int
    card: int
    row: str
    slot: int
    price: int
    displaced: int = NO_CARD


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    """``seat`` played ``card`` from hand for ``price`` rubles, displacing ``displaced`` or nothing."""

    type: ClassVar[str] = "card_played"
    seat: int
    card: int
    price: int
    displaced: int = NO_CARD


@dataclass(frozen=True, slots=True, kw_only=True)
class CardTaken(Event):
    """``seat`` took ``card`` into hand from a row, or from an Observatory's draw: then the card is
    private to the seat (unless the table shows hands)."""

    type: ClassVar[str] = "card_taken"
    seat: int
    card: int
    row: str
    slot: int

    def redacted(self) -> Event:
        return self if self.private_to == PUBLIC else replace(self, card=UNKNOWN, private_to=PUBLIC)


@dataclass(frozen=True, slots=True, kw_only=True)
class ObservatoryUsed(Event):
    """``seat`` turned an Observatory face down and drew ``card`` (private) from stack ``deck``."""

    type: ClassVar[str] = "observatory_used"
    seat: int
    deck: int
    card: int

    def redacted(self) -> Event:
        return self if self.private_to == PUBLIC else replace(self, card=UNKNOWN, private_to=PUBLIC)


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnDiscarded(Event):
    """``seat`` discarded the card drawn with an Observatory (it is out of the game, face up)."""

    type: ClassVar[str] = "drawn_discarded"
    seat: int
    deck: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PubBought(Event):
    """After a building scoring ``seat`` bought ``vp`` VP at his Pubs for ``rubles`` (0: declined)."""

    type: ClassVar[str] = "pub_bought"
    seat: int
    vp: int
    rubles: int


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerNamed(Event):
    """The Market: ``seat`` named ``good`` for the "?" on ``card``."""

    type: ClassVar[str] = "joker_named"
    seat: int
    card: int
    good: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CratePaid(Event):
    """The Market: ``seat`` paid ``rubles`` to keep his crate ``card`` of ``good`` at this scoring."""

    type: ClassVar[str] = "crate_paid"
    seat: int
    card: int
    good: int
    rubles: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CrateUnpaid(Event):
    """The Market: ``seat`` left his crate unpaid; it was ``discarded`` (else it stays idle, counting
    nothing at this scoring). ``asked`` is False when he could not pay, so nobody asked him."""

    type: ClassVar[str] = "crate_unpaid"
    seat: int
    card: int
    good: int
    discarded: bool
    asked: bool


EVENT_TYPES: Final[dict[str, type[Event]]] = {
    cls.type: cls
    for cls in (
        GameStarted,
        RoundStarted,
        PhaseStarted,
        CardsDealt,
        SupplySkipped,
        EndTriggered,
        PhaseScored,
        RoundEnded,
        LowerRowDiscarded,
        UpperRowMovedDown,
        MarkersPassed,
        GameEnded,
        Passed,
        CardBought,
        CardPlayed,
        CardTaken,
        ObservatoryUsed,
        DrawnDiscarded,
        PubBought,
        JokerNamed,
        CratePaid,
        CrateUnpaid,
    )
}
"""Every event class by its ``type``."""


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` (``None``: a spectator) may see, in order: another seat's private event
    in its public form, so that the stream never holds a secret of another seat."""
    return [event if event.visible_to(seat) else event.redacted() for event in events]


def score_breakdown(events: Iterable[Event]) -> list[ScoreBreakdown]:
    """Every seat's score by source (index = seat), added up from a game's events: the VP of each
    colour's scorings, the Market's majorities, Pubs, then the final scoring's aristocrat bonus,
    money and hand penalty (zero until the game has ended).

    ``events`` is a game's whole stream from its set-up (``new_game(..., sink=...)``) on, as any
    seat or a spectator receives it (every scoring is public). The parts add up to the final
    scoring exactly: ``total`` is ``final_scores(state)[seat].total`` once the game is over.
    Raises ValueError when the stream does not start with the game's set-up.
    """
    parts: list[list[int]] | None = None
    finals: dict[int, ScoreLine] = {}
    for event in events:
        if isinstance(event, GameStarted):
            parts = [[0] * 5 for _ in range(event.players)]
        elif parts is None:
            raise ValueError("The events must start with the game's set-up (game_started).")
        elif isinstance(event, PhaseScored):
            source = _SCORING_SOURCE[PHASE_SCORING[event.phase]]
            for income in event.incomes:
                parts[income.seat][source] += income.vp
        elif isinstance(event, PubBought):
            parts[event.seat][_PUB_SOURCE] += event.vp
        elif isinstance(event, GameEnded):
            finals = {line.seat: line for line in event.scores}
    if parts is None:
        raise ValueError("The events must start with the game's set-up (game_started).")
    breakdown = []
    for seat, (green, blue, red, market, pub) in enumerate(parts):
        line = finals.get(seat)
        bonus, money, hand = (line.aristocrat_bonus, line.money_vp, line.hand_penalty) if line else (0, 0, 0)
        total = green + blue + red + market + pub + bonus + money + hand
        breakdown.append(ScoreBreakdown(seat, green, blue, red, market, pub, bonus, money, hand, total))
    return breakdown


_SCORING_SOURCE: Final = {GREEN: 0, BLUE: 1, RED: 2, YELLOW: 3}
"""Where a scoring's VP go in ``score_breakdown``'s parts (by the colour the phase scores)."""
_PUB_SOURCE: Final = 4


# ----------------------------------------------------------------------------------------------
# JSON


def _card_json(card: int) -> str | None:
    return None if card < 0 else ALL_CARD_ID[card]


def _income_json(income: SeatIncome) -> IncomeJson:
    return {
        "seat": income.seat,
        "phase": PHASE_NAMES[income.phase],
        "cards": income.cards,
        "card_rubles": income.card_rubles,
        "card_vp": income.card_vp,
        "mariinsky_rubles": income.mariinsky_rubles,
        "mariinsky_vp": income.mariinsky_vp,
        "tax_man_rubles": income.tax_man_rubles,
        "observatory_vp": income.observatory_vp,
        "goods": dict(zip(GOODS, income.goods, strict=False)),
        "majority_vp": dict(zip(GOODS, income.majority_vp, strict=False)),
        "jokers": {ALL_CARD_ID[card]: GOODS[good] for card, good in income.jokers},
        "rubles": income.rubles,
        "vp": income.vp,
    }


_TO_JSON: Final[dict[str, Callable[[Any], Any]]] = {
    "card": _card_json,
    "displaced": _card_json,
    "cards": lambda cards: [ALL_CARD_ID[card] for card in cards],
    "phase": lambda phase: PHASE_NAMES[phase],
    "deck": lambda deck: ALL_STACK_NAMES[deck],
    "good": lambda good: GOODS[good],
    "markers": lambda markers: {PHASE_NAMES[phase]: seat for phase, seat in enumerate(markers)},
    "incomes": lambda incomes: [_income_json(income) for income in incomes],
    "scores": lambda scores: [line._asdict() for line in scores],
    "winners": list,
    "private_to": lambda seat: None if seat == PUBLIC else seat,
}
"""How a field of a given name is written (any other field is a number, a bool or a string)."""


def event_to_json(event: Event) -> EventJson:
    """The event as a JSON object: ``type``, its fields (cards, phases, stacks and goods by name),
    then ``private_to`` (null when public).

    Written field by field from the event's dataclass, the one description of its facts; its
    ``EventJson`` member (``petersburg.engine.json_types``, which a test holds to every event
    class) is the type it has."""
    data: dict[str, object] = {"type": event.type}
    for field in fields(event):
        if field.name != "private_to":
            value = getattr(event, field.name)
            data[field.name] = _TO_JSON[field.name](value) if field.name in _TO_JSON else value
    data["private_to"] = _TO_JSON["private_to"](event.private_to)
    return cast(EventJson, data)


def _named(value: object, names: tuple[str, ...], what: str) -> int:
    if not isinstance(value, str) or value not in names:
        raise StateFormatError(f"'{what}' must be one of {', '.join(names)}, not {value!r}.")
    return names.index(value)


def _card_from(value: object, missing: int, what: str) -> int:
    if value is None:
        return missing
    if not isinstance(value, str) or value not in ALL_CARD_BY_ID:
        raise StateFormatError(f"'{what}' must be a card id or null, not {value!r}.")
    return ALL_CARD_BY_ID[value]


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateFormatError(f"'{what}' must be a whole number, not {value!r}.")
    return value


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateFormatError(f"'{what}' must be an object.")
    return value


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"'{what}' must be a list.")
    return value


def _per_good(value: object, what: str) -> tuple[int, ...]:
    counts = _object(value, what)
    if not counts:
        return ()
    if sorted(counts) != sorted(GOODS):
        raise StateFormatError(f"'{what}' must name every good ({', '.join(GOODS)}) or none.")
    return tuple(_whole(counts[good], f"{what}.{good}") for good in GOODS)


def _income_from(value: object) -> SeatIncome:
    data = _object(value, "incomes")
    missing = [name for name in SeatIncome._fields if name not in data]
    if missing:
        raise StateFormatError(f"An entry of 'incomes' has no {', '.join(repr(m) for m in missing)}.")
    jokers = tuple(
        (_card_from(card, NO_CARD, "jokers"), _named(good, GOODS, "jokers"))
        for card, good in _object(data["jokers"], "jokers").items()
    )
    numbers = {
        name: _whole(data[name], f"incomes.{name}")
        for name in SeatIncome._fields
        if name not in ("phase", "goods", "majority_vp", "jokers")
    }
    return SeatIncome(
        phase=_named(data["phase"], PHASE_NAMES, "incomes.phase"),
        goods=_per_good(data["goods"], "incomes.goods"),
        majority_vp=_per_good(data["majority_vp"], "incomes.majority_vp"),
        jokers=jokers,
        **numbers,
    )


def _score_from(value: object) -> ScoreLine:
    data = _object(value, "scores")
    missing = [name for name in ScoreLine._fields if name not in data]
    if missing:
        raise StateFormatError(f"An entry of 'scores' has no {', '.join(repr(m) for m in missing)}.")
    return ScoreLine(**{name: _whole(data[name], f"scores.{name}") for name in ScoreLine._fields})


def _markers_from(value: object) -> tuple[int, ...]:
    markers = _object(value, "markers")
    names = PHASE_NAMES[: len(markers)]
    if sorted(markers) != sorted(names):
        raise StateFormatError(f"'markers' must name the phases {', '.join(names)}.")
    return tuple(_whole(markers[name], f"markers.{name}") for name in names)


_FROM_JSON: Final[dict[str, Callable[[Any], Any]]] = {
    "card": lambda value: _card_from(value, UNKNOWN, "card"),
    "displaced": lambda value: _card_from(value, NO_CARD, "displaced"),
    "cards": lambda value: tuple(_card_from(card, NO_CARD, "cards") for card in _list(value, "cards")),
    "phase": lambda value: _named(value, PHASE_NAMES, "phase"),
    "deck": lambda value: _named(value, ALL_STACK_NAMES, "deck"),
    "good": lambda value: _named(value, GOODS, "good"),
    "row": lambda value: ROWS[_named(value, ROWS, "row")],
    "markers": _markers_from,
    "incomes": lambda value: tuple(_income_from(entry) for entry in _list(value, "incomes")),
    "scores": lambda value: tuple(_score_from(entry) for entry in _list(value, "scores")),
    "winners": lambda value: tuple(_whole(seat, "winners") for seat in _list(value, "winners")),
    "private_to": lambda value: PUBLIC if value is None else _whole(value, "private_to"),
}


def _plain_from(value: object, name: str, kind: str) -> object:
    """A number, bool or string field, checked against its declared type."""
    if kind == "bool":
        if not isinstance(value, bool):
            raise StateFormatError(f"'{name}' must be true or false, not {value!r}.")
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise StateFormatError(f"'{name}' must be a string, not {value!r}.")
        return value
    return _whole(value, name)


def event_from_json(data: object) -> Event:
    """The event of an ``event_to_json`` object; StateFormatError names what is wrong otherwise."""
    record = _object(data, "event")
    cls = EVENT_TYPES.get(record.get("type", ""))
    if cls is None:
        raise StateFormatError(
            f"Unknown event type {record.get('type')!r}; known: {', '.join(sorted(EVENT_TYPES))}."
        )
    values: dict[str, Any] = {}
    for field in fields(cls):
        if field.name not in record:
            if field.name in ("private_to", "displaced"):
                continue
            raise StateFormatError(f"A '{cls.type}' event has no '{field.name}' field.")
        value = record[field.name]
        if field.name in _FROM_JSON:
            values[field.name] = _FROM_JSON[field.name](value)
        else:
            values[field.name] = _plain_from(value, field.name, str(field.type))
    return cls(**values)


__all__ = [
    "EVENT_TYPES",
    "OMNISCIENT",
    "PUBLIC",
    "ROW_DRAWN",
    "ROW_LOWER",
    "ROW_UPPER",
    "CardBought",
    "CardPlayed",
    "CardTaken",
    "CardsDealt",
    "CratePaid",
    "CrateUnpaid",
    "DrawnDiscarded",
    "EndTriggered",
    "Event",
    "GameEnded",
    "GameStarted",
    "JokerNamed",
    "LowerRowDiscarded",
    "MarkersPassed",
    "ObservatoryUsed",
    "Passed",
    "PhaseScored",
    "PhaseStarted",
    "PubBought",
    "RoundEnded",
    "RoundStarted",
    "SupplySkipped",
    "UpperRowMovedDown",
    "event_from_json",
    "event_to_json",
    "events_for",
    "score_breakdown",
]
