"""Events and actions in English: one sentence per event, one per legal action, the same words for
every client.

``describe_event(event, names, shape)`` words an event for everybody; with ``seat`` it words it for
that seat, who may read his own secrets (the card his Observatory drew) and nobody else's: an
event private to another seat is worded from its public form. With ``second_person`` the seat is
spoken to ("You buy ...", "Worker scoring: you +15 ₽, Anna +3 ₽") rather than named: "You" starts
a sentence, "you" stands anywhere else. The terminal game, ``petersburg replay`` and the
server's log all call this, so a move reads the same everywhere.

``describe_action(state, action)`` words a legal action for the player who may take it, as a menu
offers it ("Buy Market from the upper row for 5 rubles"). A move and its event share one phrase
(the ``_…_phrase`` functions below), spoken to the player ("buy …, displacing your Shepherd": the
menu's imperative and "You buy …" in his log) or of him ("Anna buys …, displacing Shepherd").

Card names follow the game's edition (``shape.card_name``); rubles and VP are named for every
player, since every ruble earned or spent is public.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from petersburg.cards import MARIINSKIJ_THEATER, OBSERVATORY, TAX_MAN
from petersburg.cards_second_edition import GOODS
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    KIND_DISCARD,
    KIND_JOKER,
    KIND_OBSERVE,
    KIND_PASS,
    KIND_PAY_CRATE,
    KIND_PLAY,
    KIND_PUB,
    KIND_SKIP_CRATE,
    KIND_TAKE,
    ActionId,
    format_action,
    target_kind,
)
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
from petersburg.engine.options import CRATE_DISCARD
from petersburg.engine.rules import (
    PUB_PRICE_PER_VP,
    action_price,
    crate_price,
    legal_actions,
    source_card,
    source_place,
)
from petersburg.engine.scoring import SeatIncome
from petersburg.engine.shape import PHASE_NAMES, GameShape
from petersburg.engine.state import NO_CARD, UNKNOWN, GameState

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


class _Mover:
    """How the player who makes a move is spoken of in its phrase: to him ("buy", "your Pub": the
    menu's imperative, and "You buy" in his own log) or of him ("buys", "the Pub")."""

    __slots__ = ("to_him",)

    def __init__(self, to_him: bool) -> None:
        self.to_him = to_him

    def verb(self, you_form: str, other_form: str) -> str:
        return you_form if self.to_him else other_form

    def your(self, other: str = "") -> str:
        """ "your " spoken to him, else ``other`` ("the ", "an ", or nothing)."""
        return "your " if self.to_him else other


SPOKEN_TO: Final = _Mover(True)
SPOKEN_OF: Final = _Mover(False)


def _where(card: str, row: str) -> str:
    """A card taken or bought where it lay: "Market from the upper row", "the drawn Market"."""
    return f"the drawn {card}" if row == ROW_DRAWN else f"{card} from the {row} row"


def _displacing(m: _Mover, displaced: str | None) -> str:
    return f", displacing {m.your()}{displaced}" if displaced else ""


def _pass_phrase(m: _Mover) -> str:
    return m.verb("pass", "passes")


def _buy_phrase(m: _Mover, what: str, price: int, displaced: str | None) -> str:
    return f"{m.verb('buy', 'buys')} {what} for {rubles_text(price)}{_displacing(m, displaced)}"


def _play_phrase(m: _Mover, card: str, price: int, displaced: str | None) -> str:
    paid = f"for {rubles_text(price)}{_displacing(m, displaced)}"
    return f"{m.verb('play', 'plays')} {card} from {m.your()}hand {paid}"


def _take_phrase(m: _Mover, what: str) -> str:
    return f"{m.verb('take', 'takes')} {what} into {m.your()}hand"


def _observe_phrase(m: _Mover, observatory: str, drawn: str, stack: str) -> str:
    draws = f"{m.verb('draw', 'draws')} {drawn} from {stack}"
    return f"{m.verb('use', 'uses')} {m.your('an ')}{observatory} and {draws}"


def _discard_phrase(m: _Mover, card: str) -> str:
    return f"{m.verb('discard', 'discards')} the drawn {card}"


def _pub_phrase(m: _Mover, vp: int, rubles: int) -> str:
    pub = f"{m.your('the ')}Pub"
    if not vp:
        return f"{m.verb('buy', 'buys')} no VP at {pub}"
    return f"{m.verb('buy', 'buys')} {vp} VP at {pub} for {rubles_text(rubles)}"


def _joker_phrase(m: _Mover, good: int, card: str) -> str:
    return f"{m.verb('name', 'names')} {GOODS[good]} for the '?' on {m.your()}{card}"


def _crate_paid_phrase(m: _Mover, rubles: int, card: str) -> str:
    return f"{m.verb('pay', 'pays')} {rubles_text(rubles)} to keep {m.your()}{card}"


def _crate_unpaid_phrase(m: _Mover, card: str, discarded: bool, asked: bool = True) -> str:
    """A crate not paid for (``asked`` false: its owner could not pay) and what becomes of it (the
    crate's name says its good)."""
    verb = m.verb("do not pay", "does not pay") if asked else "cannot pay"
    fate = "it is discarded" if discarded else "it counts nothing at this scoring"
    return f"{verb} for {m.your()}{card}: {fate}"


def _stack(shape: GameShape, deck: int) -> str:
    return f"the {shape.stack_names[deck]} stack"


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

    def mover(self, seat: int) -> _Mover:
        """How ``seat`` is spoken of in the phrase of his move: to him, or of him."""
        return SPOKEN_TO if self.you and seat == self.reader else SPOKEN_OF

    def card(self, card: int) -> str:
        return "a card" if card in (UNKNOWN, NO_CARD) else self.shape.card_name[card]

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def stack(self, deck: int) -> str:
        return _stack(self.shape, deck)

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


def _move(t: _Teller, seat: int, phrase: str) -> str:
    """A move's sentence: its mover ("You", "Anna") and the phrase of the move."""
    return f"{t.who(seat, starts=True)} {phrase}."


def _displaced(t: _Teller, displaced: int) -> str | None:
    return t.card(displaced) if displaced != NO_CARD else None


def _passed(t: _Teller, e: Passed) -> str:
    return _move(t, e.seat, _pass_phrase(t.mover(e.seat)))


def _card_bought(t: _Teller, e: CardBought) -> str:
    what = _where(t.card(e.card), e.row)
    return _move(t, e.seat, _buy_phrase(t.mover(e.seat), what, e.price, _displaced(t, e.displaced)))


def _card_played(t: _Teller, e: CardPlayed) -> str:
    phrase = _play_phrase(t.mover(e.seat), t.card(e.card), e.price, _displaced(t, e.displaced))
    return _move(t, e.seat, phrase)


def _card_taken(t: _Teller, e: CardTaken) -> str:
    what = "the drawn card" if e.row == ROW_DRAWN and e.card == UNKNOWN else _where(t.card(e.card), e.row)
    return _move(t, e.seat, _take_phrase(t.mover(e.seat), what))


def _observatory_used(t: _Teller, e: ObservatoryUsed) -> str:
    phrase = _observe_phrase(t.mover(e.seat), t.shape.card_name[OBSERVATORY], t.card(e.card), t.stack(e.deck))
    return _move(t, e.seat, phrase)


def _drawn_discarded(t: _Teller, e: DrawnDiscarded) -> str:
    return _move(t, e.seat, _discard_phrase(t.mover(e.seat), t.card(e.card)))


def _pub_bought(t: _Teller, e: PubBought) -> str:
    return _move(t, e.seat, _pub_phrase(t.mover(e.seat), e.vp, e.rubles))


def _joker_named(t: _Teller, e: JokerNamed) -> str:
    return _move(t, e.seat, _joker_phrase(t.mover(e.seat), e.good, t.card(e.card)))


def _crate_paid(t: _Teller, e: CratePaid) -> str:
    return _move(t, e.seat, _crate_paid_phrase(t.mover(e.seat), e.rubles, t.card(e.card)))


def _crate_unpaid(t: _Teller, e: CrateUnpaid) -> str:
    phrase = _crate_unpaid_phrase(t.mover(e.seat), t.card(e.card), e.discarded, e.asked)
    return _move(t, e.seat, phrase)


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


_PLAYED_FOR: Final[dict[str, str]] = {
    "ran_out": "A bot played this move for {who}: the time per move ran out.",
    "handed": "A bot plays this seat for its player: it was handed to the bot after turns in a row ran out.",
}
"""Why a bot played a seat's move for its player, by the reason the server logged with the move."""


def describe_played_for(reason: str, player: str) -> str:
    """The sentence the log adds to a move a bot played for ``player`` ("you" to himself), by
    ``reason``: ``ran_out`` (his time per move ran out) or ``handed`` (his seat was handed to the
    bot after turns in a row ran out)."""
    return _PLAYED_FOR[reason].format(who=player)


def _money(rubles: int) -> str:
    """Rubles in a caption, kept on one line with their sign: "6\u00a0₽"."""
    return f"{rubles}\u00a0{RUBLE_SIGN}"


def _over(t: _Teller, displaced: int) -> str:
    return f" over {t.card(displaced)}" if displaced != NO_CARD else ""


def _caption_observed(t: _Teller, e: ObservatoryUsed) -> str:
    used = f"used an {t.shape.card_name[OBSERVATORY]}"
    return used if e.card == UNKNOWN else f"{used} and drew {t.card(e.card)}"


def _caption_pub(t: _Teller, e: PubBought) -> str:
    return f"bought {e.vp} VP at the Pub for {_money(e.rubles)}" if e.vp else "bought no VP at the Pub"


def _caption_unpaid(t: _Teller, e: CrateUnpaid) -> str:
    return f"{'did not pay' if e.asked else 'could not pay'} for {t.card(e.card)}"


_CAPTIONS: dict[type[Event], Callable[[_Teller, Any], str]] = {
    Passed: lambda t, e: "passed",
    CardBought: lambda t, e: f"bought {t.card(e.card)} for {_money(e.price)}{_over(t, e.displaced)}",
    CardPlayed: lambda t, e: f"played {t.card(e.card)} for {_money(e.price)}{_over(t, e.displaced)}",
    CardTaken: lambda t, e: f"took {t.card(e.card)} into hand",
    ObservatoryUsed: _caption_observed,
    DrawnDiscarded: lambda t, e: f"discarded the drawn {t.card(e.card)}",
    PubBought: _caption_pub,
    JokerNamed: lambda t, e: f"named {GOODS[e.good]} for the '?'",
    CratePaid: lambda t, e: f"paid {_money(e.rubles)} to keep {t.card(e.card)}",
    CrateUnpaid: _caption_unpaid,
}
"""The caption of every event that is a player's move (his own decision)."""


def describe_move(event: Event, shape: GameShape, seat: int | None = None) -> str | None:
    """A player's move in a few words, in the past and without his name ("bought Market for
    4 ₽", "passed"), as ``seat`` may see it; None for an event that is not a move. The table
    shows it beside the mover's name, in his panel and on the place of the board his move
    emptied, where the log's whole sentence would not fit; the log keeps ``describe_event``."""
    caption = _CAPTIONS.get(type(event))
    if caption is None:
        return None
    if not event.visible_to(seat):
        event = event.redacted()
    return caption(_Teller((), shape, seat, False), event)


def _capitalised(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:]


def describe_action(state: GameState, action: ActionId) -> str:
    """A sentence for a legal action in this state, spoken to the player who may take it, e.g.
    "Buy Market from the upper row for 5 rubles": the phrase his move's event is told with."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    shape = state.shape
    names = shape.card_name
    if kind == KIND_PASS:
        phrase = _pass_phrase(SPOKEN_TO)
    elif kind == KIND_PUB:
        phrase = _pub_phrase(SPOKEN_TO, arg, arg * PUB_PRICE_PER_VP)
    elif kind == KIND_OBSERVE:
        phrase = _observe_phrase(SPOKEN_TO, names[OBSERVATORY], "the top card", _stack(shape, arg))
    elif kind == KIND_DISCARD:
        phrase = _discard_phrase(SPOKEN_TO, names[state.drawn])
    elif kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
        phrase = _market_decision_phrase(state, kind, arg)
    else:
        target = ACTION_TARGET[action]
        displaced = names[target_kind(target)] if target else None
        price = action_price(state, action)
        if kind == KIND_PLAY:
            phrase = _play_phrase(SPOKEN_TO, names[state.players[state.to_act].hand[arg]], price, displaced)
        else:
            what = _where(names[source_card(state, arg)[0]], source_place(arg)[0])
            phrase = (
                _take_phrase(SPOKEN_TO, what)
                if kind == KIND_TAKE
                else _buy_phrase(SPOKEN_TO, what, price, displaced)
            )
    return _capitalised(phrase)


def _market_decision_phrase(state: GameState, kind: int, good: int) -> str:
    market = state.market
    assert market is not None and market.queue
    name = state.shape.card_name[market.queue[0][1]]
    if kind == KIND_JOKER:
        return _joker_phrase(SPOKEN_TO, good, name)
    if kind == KIND_PAY_CRATE:
        return _crate_paid_phrase(SPOKEN_TO, crate_price(state), name)
    return _crate_unpaid_phrase(SPOKEN_TO, name, state.options.unpaid_crate == CRATE_DISCARD)


class ActionInfo(NamedTuple):
    """A legal action as shown to a player: id, canonical text, price, and a sentence."""

    id: ActionId
    text: str
    price: int
    description: str


def legal_action_infos(state: GameState) -> list[ActionInfo]:
    """Every legal action with its text, price and description (for menus and clients)."""
    return [
        ActionInfo(action, format_action(action), action_price(state, action), describe_action(state, action))
        for action in legal_actions(state)
    ]


__all__ = [
    "RUBLE_SIGN",
    "ActionInfo",
    "describe_action",
    "describe_event",
    "describe_events",
    "describe_move",
    "describe_played_for",
    "legal_action_infos",
    "rubles_text",
]
