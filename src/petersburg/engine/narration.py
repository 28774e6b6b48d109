"""Events in English: one sentence per event, the same words for every client.

``describe_event(event, names, shape)`` words an event for everybody; with ``seat`` it words it for
that seat, who may read his own secrets (the card his Observatory drew) and nobody else's: an
event private to another seat is worded from its public form. With ``second_person`` the seat is
spoken to ("You buy ...", "Worker scoring: you +15 ₽, Anna +3 ₽") rather than named: "You" starts
a sentence, "you" stands anywhere else. The terminal game, ``petersburg replay`` and the
server's log all call this, so a move reads the same everywhere.

Card names follow the game's edition (``shape.card_name``); rubles and VP are named for every
player, since every ruble earned or spent is public.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from petersburg.cards import MARIINSKIJ_THEATER, OBSERVATORY, TAX_MAN
from petersburg.cards_second_edition import GOODS
from petersburg.engine.events import (
    ROW_DRAWN,
    CardBought,
    CardPlayed,
    CardsDealt,
    CardTaken,
    CratePaid,
    CrateUnpaid,
    DrawnDiscarded,
    EndTriggered,
    Event,
    GameEnded,
    GameStarted,
    JokerNamed,
    LowerRowDiscarded,
    MarkersPassed,
    ObservatoryUsed,
    Passed,
    PhaseScored,
    PhaseStarted,
    PubBought,
    RoundEnded,
    RoundStarted,
    SupplySkipped,
    UpperRowMovedDown,
)
from petersburg.engine.scoring import SeatIncome
from petersburg.engine.shape import PHASE_NAMES, GameShape
from petersburg.engine.state import NO_CARD, UNKNOWN

RUBLE_SIGN: Final = "₽"
"""What a scoring's rubles are written with: "Worker scoring: Anna +12 ₽, Boris +7 ₽"."""


def rubles_text(amount: int) -> str:
    """``1 ruble``, ``5 rubles``."""
    return f"{amount} ruble{'' if amount == 1 else 's'}"


def _signed(amount: int, unit: str) -> str:
    return f"{'+' if amount >= 0 else '-'}{abs(amount)} {unit}"


def _listed(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


class _Teller:
    """Words for one reader: names or "you", card names of the edition."""

    __slots__ = ("names", "reader", "shape", "you")

    def __init__(self, names: Sequence[str], shape: GameShape, reader: int | None, you: bool) -> None:
        self.names = names
        self.shape = shape
        self.reader = reader
        self.you = you and reader is not None

    def who(self, seat: int, starts: bool = False) -> str:
        """``seat`` named: "you" for the reader spoken to ("You" where it ``starts`` a sentence; after
        a colon it does not: "Worker scoring: you +15 ₽"), else his name as he wrote it."""
        if self.you and seat == self.reader:
            return "You" if starts else "you"
        return self.names[seat]

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        """The verb for ``seat`` as the subject: "buy" for the reader spoken to, else "buys"."""
        return you_form if self.you and seat == self.reader else other_form

    def does(self, seat: int, you_form: str, other_form: str, starts: bool = True) -> str:
        """Subject and verb: "You buy" / "Anna buys" (``starts``: at the start of a sentence)."""
        return f"{self.who(seat, starts)} {self.verb(seat, you_form, other_form)}"

    def card(self, card: int) -> str:
        return "a card" if card in (UNKNOWN, NO_CARD) else self.shape.card_name[card]

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def stack(self, deck: int) -> str:
        return f"the {self.shape.stack_names[deck]} stack"

    def markers(self, markers: Sequence[int]) -> str:
        return ", ".join(f"{PHASE_NAMES[phase]} {self.who(markers[phase])}" for phase in self.shape.phases)


def _game_started(t: _Teller, e: GameStarted) -> str:
    players = "solo" if e.players == 1 else f"{e.players}-player"
    title = t.shape.title
    return f"A {players} game of Sankt Petersburg ({title}) begins. Start players: {t.markers(e.markers)}."


def _round_started(t: _Teller, e: RoundStarted) -> str:
    return f"Round {e.round} begins."


def _phase_started(t: _Teller, e: PhaseStarted) -> str:
    return f"{PHASE_NAMES[e.phase].capitalize()} phase: {t.does(e.seat, 'start', 'starts', starts=False)}."


def _cards_dealt(t: _Teller, e: CardsDealt) -> str:
    count = len(e.cards)
    what = "1 card" if count == 1 else f"{count} cards"
    enter = "enters" if count == 1 else "enter"
    return f"{what} from {t.stack(e.deck)} {enter} the {e.row} row: {t.cards(e.cards)}."


def _supply_skipped(t: _Teller, e: SupplySkipped) -> str:
    return (
        f"Nobody took a card from the board in the {PHASE_NAMES[e.phase]} phase: "
        f"no card from {t.stack(e.deck)} is dealt."
    )


def _end_triggered(t: _Teller, e: EndTriggered) -> str:
    return f"The last card of {t.stack(e.deck)} is on the board: round {e.round} is the last."


def _income_parts(t: _Teller, income: SeatIncome) -> list[str]:
    """The special cards' and the Market's share of one seat's scoring, in words."""
    names = t.shape.card_name
    parts = []
    if income.mariinsky_rubles:
        parts.append(f"{names[MARIINSKIJ_THEATER]} {_signed(income.mariinsky_rubles, RUBLE_SIGN)}")
    if income.mariinsky_vp:
        parts.append(f"{names[MARIINSKIJ_THEATER]} {_signed(income.mariinsky_vp, 'VP')}")
    if income.tax_man_rubles:
        parts.append(f"{names[TAX_MAN]} {_signed(income.tax_man_rubles, RUBLE_SIGN)}")
    if income.observatory_vp:
        parts.append(f"face-down {names[OBSERVATORY]} {_signed(income.observatory_vp, 'VP')}")
    won = [f"{GOODS[good]} {vp} VP" for good, vp in enumerate(income.majority_vp) if vp]
    if won:
        parts.append(", ".join(won))
    for card, good in income.jokers:
        parts.append(f"'?' on {names[card]} counts as {GOODS[good]}")
    return parts


def _phase_scored(t: _Teller, e: PhaseScored) -> str:
    lines = []
    for income in e.incomes:
        paid = [_signed(income.rubles, RUBLE_SIGN)] if income.rubles else []
        if income.vp:
            paid.append(_signed(income.vp, "VP"))
        line = f"{t.who(income.seat)} {' '.join(paid) if paid else 'nothing'}"
        parts = _income_parts(t, income)
        lines.append(f"{line} ({'; '.join(parts)})" if parts else line)
    return f"{PHASE_NAMES[e.phase].capitalize()} scoring: {', '.join(lines)}."


def _round_ended(t: _Teller, e: RoundEnded) -> str:
    return f"Round {e.round} ends."


def _lower_row_discarded(t: _Teller, e: LowerRowDiscarded) -> str:
    if not e.cards:
        return "The lower row is empty: nothing is discarded."
    return f"The lower row is discarded: {t.cards(e.cards)}."


def _upper_row_moved_down(t: _Teller, e: UpperRowMovedDown) -> str:
    if not e.cards:
        return "The upper row is empty: nothing moves down."
    return f"The upper row moves down: {t.cards(e.cards)}."


def _markers_passed(t: _Teller, e: MarkersPassed) -> str:
    return f"The start-player markers pass to the left: {t.markers(e.markers)}."


def _game_ended(t: _Teller, e: GameEnded) -> str:
    lines = [
        f"{t.who(line.seat)} {line.total} VP (play {line.play_vp}, aristocrats +{line.aristocrat_bonus}, "
        f"rubles +{line.money_vp}, hand {line.hand_penalty}; {rubles_text(line.rubles)} left)"
        for line in e.scores
    ]
    if len(e.scores) == 1:
        result = f"{t.does(e.scores[0].seat, 'finish', 'finishes')} with {e.scores[0].total} VP."
    elif len(e.winners) == 1:
        result = f"{t.does(e.winners[0], 'win', 'wins')}."
    else:
        result = f"{_listed([t.who(seat, starts=i == 0) for i, seat in enumerate(e.winners)])} share the win."
    return f"Final scoring: {'; '.join(lines)}. {result}"


def _passed(t: _Teller, e: Passed) -> str:
    return f"{t.does(e.seat, 'pass', 'passes')}."


def _displacing(t: _Teller, displaced: int) -> str:
    return f", displacing {t.card(displaced)}" if displaced != NO_CARD else ""


def _card_bought(t: _Teller, e: CardBought) -> str:
    what = f"the drawn {t.card(e.card)}" if e.row == ROW_DRAWN else f"{t.card(e.card)} from the {e.row} row"
    price = rubles_text(e.price)
    return f"{t.does(e.seat, 'buy', 'buys')} {what} for {price}{_displacing(t, e.displaced)}."


def _card_played(t: _Teller, e: CardPlayed) -> str:
    what = f"{t.card(e.card)} from hand for {rubles_text(e.price)}"
    return f"{t.does(e.seat, 'play', 'plays')} {what}{_displacing(t, e.displaced)}."


def _card_taken(t: _Teller, e: CardTaken) -> str:
    if e.row == ROW_DRAWN:
        what = "the drawn card" if e.card == UNKNOWN else f"the drawn {t.card(e.card)}"
    else:
        what = f"{t.card(e.card)} from the {e.row} row"
    return f"{t.does(e.seat, 'take', 'takes')} {what} into hand."


def _observatory_used(t: _Teller, e: ObservatoryUsed) -> str:
    name = t.shape.card_name[OBSERVATORY]
    draws = t.verb(e.seat, "draw", "draws")
    return f"{t.does(e.seat, 'use', 'uses')} an {name} and {draws} {t.card(e.card)} from {t.stack(e.deck)}."


def _drawn_discarded(t: _Teller, e: DrawnDiscarded) -> str:
    return f"{t.does(e.seat, 'discard', 'discards')} the drawn {t.card(e.card)}."


def _pub_bought(t: _Teller, e: PubBought) -> str:
    if not e.vp:
        return f"{t.does(e.seat, 'buy', 'buys')} no VP at the Pub."
    return f"{t.does(e.seat, 'buy', 'buys')} {e.vp} VP at the Pub for {rubles_text(e.rubles)}."


def _joker_named(t: _Teller, e: JokerNamed) -> str:
    return f"{t.does(e.seat, 'name', 'names')} {GOODS[e.good]} for the '?' on {t.card(e.card)}."


def _crate_paid(t: _Teller, e: CratePaid) -> str:
    return f"{t.does(e.seat, 'pay', 'pays')} {rubles_text(e.rubles)} to keep {t.card(e.card)}."


def _crate_unpaid(t: _Teller, e: CrateUnpaid) -> str:
    verb = (
        t.does(e.seat, "do not pay", "does not pay")
        if e.asked
        else t.does(e.seat, "cannot pay", "cannot pay")
    )
    fate = "it is discarded" if e.discarded else "it counts nothing at this scoring"
    return f"{verb} for {t.card(e.card)}: {fate}."


_WORDERS: dict[type[Event], Callable[[_Teller, Any], str]] = {
    GameStarted: _game_started,
    RoundStarted: _round_started,
    PhaseStarted: _phase_started,
    CardsDealt: _cards_dealt,
    SupplySkipped: _supply_skipped,
    EndTriggered: _end_triggered,
    PhaseScored: _phase_scored,
    RoundEnded: _round_ended,
    LowerRowDiscarded: _lower_row_discarded,
    UpperRowMovedDown: _upper_row_moved_down,
    MarkersPassed: _markers_passed,
    GameEnded: _game_ended,
    Passed: _passed,
    CardBought: _card_bought,
    CardPlayed: _card_played,
    CardTaken: _card_taken,
    ObservatoryUsed: _observatory_used,
    DrawnDiscarded: _drawn_discarded,
    PubBought: _pub_bought,
    JokerNamed: _joker_named,
    CratePaid: _crate_paid,
    CrateUnpaid: _crate_unpaid,
}
"""The sentence of every event class."""


def describe_event(
    event: Event, names: Sequence[str], shape: GameShape, seat: int | None = None, second_person: bool = False
) -> str:
    """One English sentence for ``event``: for everybody, or for ``seat`` (who may read his own
    secrets; with ``second_person`` he is spoken to as "you"). ``names`` names every seat;
    ``shape`` is the game's (``state.shape``), for the card names of its edition."""
    if not event.visible_to(seat):
        event = event.redacted()
    return _WORDERS[type(event)](_Teller(names, shape, seat, second_person), event)


def describe_events(
    events: Sequence[Event],
    names: Sequence[str],
    shape: GameShape,
    seat: int | None = None,
    second_person: bool = False,
) -> list[str]:
    """``describe_event`` of every event, in order."""
    return [describe_event(event, names, shape, seat, second_person) for event in events]


__all__ = ["RUBLE_SIGN", "describe_event", "describe_events", "rubles_text"]
