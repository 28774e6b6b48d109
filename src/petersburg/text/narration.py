"""Events and actions in words: one sentence per event, one per legal action, the same words for
every client, in the reader's language.

``describe_event(event, names, shape)`` words an event for everybody; with ``seat`` it words it for
that seat, who may read his own secrets (the card his Observatory drew) and nobody else's: an
event private to another seat is worded from its public form. With ``second_person`` the seat is
spoken to ("You buy ...", "Worker scoring: you +15 ₽, Anna +3 ₽") rather than named. The terminal
game, ``petersburg replay`` and the server's log all call this, so a move reads the same everywhere;
``language`` words it for one reader (events are data, each reader's words are made for that reader).

``describe_action(state, action)`` words a legal action for the player who may take it, as a menu
offers it ("Buy Market from the upper row for 5 rubles"). Every sentence is a whole sentence of the
catalogue ``NARRATION`` under its own message id: the sentence spoken to the player (``…_you``), the
one of another player (``…_other``, with ``{name}``), and the menu's (``action_…``), so a translation
never has to glue a verb to a subject. Card names follow the game's edition and the reader's language
(``text.cards``); lists are joined by CLDR's rules (``A, B and C``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, NamedTuple

from babel.lists import format_list

from petersburg.cards import MARIINSKIJ_THEATER, OBSERVATORY, TAX_MAN
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
from petersburg.text.cards import card_names, good_word
from petersburg.text.languages import LANGUAGES, PSEUDO, SOURCE, locale_of
from petersburg.text.names import shown_name
from petersburg.text.wording import Catalogue, Param, Plural, stored_texts

RUBLE_SIGN: Final = "₽"
"""What a scoring's rubles are written with: "Worker scoring: Anna +12 ₽, Boris +7 ₽"."""

PHASE_WORDS: Final = {
    "worker": "Worker",
    "building": "Building",
    "aristocrat": "Aristocrat",
    "trading": "Trading",
    "market": "Market",
}


def _rubles(text: str) -> Plural:
    """A sentence naming ``{count}`` rubles: its form for one ruble and for other counts."""
    return Plural(text.replace("RUBLES", "ruble"), text.replace("RUBLES", "rubles"))


def _move(key: str, you: str, other: str, action: str | None = None) -> dict[str, str | Plural]:
    """A move's sentences: spoken to its player, of him, and (``action``) as his menu offers it."""
    forms = {f"{key}_you": you, f"{key}_other": other, **({f"action_{key}": action} if action else {})}
    return {k: _rubles(v) if "RUBLES" in v else v for k, v in forms.items()}


NARRATION = Catalogue(
    "narration",
    {
        "you": "you",
        "you_start": "You",
        "played_for_ran_out": "A bot played this move for {who}: the time per move ran out.",
        "played_for_ran_out_you": "A bot played this move for you: your time per move ran out.",
        "played_for_handed": (
            "A bot plays this seat for its player: it was handed to the bot after turns in a row ran out."
        ),
        "played_for_handed_you": (
            "A bot plays this seat for you: it was handed to the bot after your turns in a row ran out."
        ),
        "card_unknown": "a card",
        "top_card": "the top card",
        "row_upper": "the upper row",
        "row_lower": "the lower row",
        "stack_workers": "the workers stack",
        "stack_buildings": "the buildings stack",
        "stack_aristocrats": "the aristocrats stack",
        "stack_trading": "the trading stack",
        "stack_market": "the market stack",
        "title_first": "1st edition",
        "title_second": "2nd edition",
        "title_market": "2nd edition with the Market",
        **{f"phase_{phase}": phase for phase in PHASE_NAMES},
        "marker": "{phase} {name}",
        # Moves ------------------------------------------------------------------------------------
        **_move("pass", "You pass.", "{name} passes.", "Pass"),
        **_move(
            "buy_row",
            "You buy {card} from {row} for {count} RUBLES.",
            "{name} buys {card} from {row} for {count} RUBLES.",
            "Buy {card} from {row} for {count} RUBLES",
        ),
        **_move(
            "buy_row_displacing",
            "You buy {card} from {row} for {count} RUBLES, displacing your {displaced}.",
            "{name} buys {card} from {row} for {count} RUBLES, displacing {displaced}.",
            "Buy {card} from {row} for {count} RUBLES, displacing your {displaced}",
        ),
        **_move(
            "buy_drawn",
            "You buy the drawn {card} for {count} RUBLES.",
            "{name} buys the drawn {card} for {count} RUBLES.",
            "Buy the drawn {card} for {count} RUBLES",
        ),
        **_move(
            "buy_drawn_displacing",
            "You buy the drawn {card} for {count} RUBLES, displacing your {displaced}.",
            "{name} buys the drawn {card} for {count} RUBLES, displacing {displaced}.",
            "Buy the drawn {card} for {count} RUBLES, displacing your {displaced}",
        ),
        **_move(
            "play",
            "You play {card} from your hand for {count} RUBLES.",
            "{name} plays {card} from hand for {count} RUBLES.",
            "Play {card} from your hand for {count} RUBLES",
        ),
        **_move(
            "play_displacing",
            "You play {card} from your hand for {count} RUBLES, displacing your {displaced}.",
            "{name} plays {card} from hand for {count} RUBLES, displacing {displaced}.",
            "Play {card} from your hand for {count} RUBLES, displacing your {displaced}",
        ),
        **_move(
            "take_row",
            "You take {card} from {row} into your hand.",
            "{name} takes {card} from {row} into hand.",
            "Take {card} from {row} into your hand",
        ),
        **_move(
            "take_drawn",
            "You take the drawn {card} into your hand.",
            "{name} takes the drawn {card} into hand.",
            "Take the drawn {card} into your hand",
        ),
        **_move(
            "take_hidden", "You take the drawn card into your hand.", "{name} takes the drawn card into hand."
        ),
        **_move(
            "observe",
            "You use your {observatory} and draw {card} from {stack}.",
            "{name} uses an {observatory} and draws {card} from {stack}.",
            "Use your {observatory} and draw the top card from {stack}",
        ),
        **_move(
            "discard",
            "You discard the drawn {card}.",
            "{name} discards the drawn {card}.",
            "Discard the drawn {card}",
        ),
        **_move(
            "pub_none", "You buy no VP at your Pub.", "{name} buys no VP at the Pub.", "Buy no VP at your Pub"
        ),
        **_move(
            "pub",
            "You buy {vp} VP at your Pub for {count} RUBLES.",
            "{name} buys {vp} VP at the Pub for {count} RUBLES.",
            "Buy {vp} VP at your Pub for {count} RUBLES",
        ),
        **_move(
            "joker",
            "You name {good} for the '?' on your {card}.",
            "{name} names {good} for the '?' on {card}.",
            "Name {good} for the '?' on your {card}",
        ),
        **_move(
            "crate_paid",
            "You pay {count} RUBLES to keep your {card}.",
            "{name} pays {count} RUBLES to keep {card}.",
            "Pay {count} RUBLES to keep your {card}",
        ),
        **_move(
            "crate_unpaid_discarded",
            "You do not pay for your {card}: it is discarded.",
            "{name} does not pay for {card}: it is discarded.",
            "Do not pay for your {card}: it is discarded",
        ),
        **_move(
            "crate_unpaid_idle",
            "You do not pay for your {card}: it counts nothing at this scoring.",
            "{name} does not pay for {card}: it counts nothing at this scoring.",
            "Do not pay for your {card}: it counts nothing at this scoring",
        ),
        **_move(
            "crate_cannot_discarded",
            "You cannot pay for your {card}: it is discarded.",
            "{name} cannot pay for {card}: it is discarded.",
        ),
        **_move(
            "crate_cannot_idle",
            "You cannot pay for your {card}: it counts nothing at this scoring.",
            "{name} cannot pay for {card}: it counts nothing at this scoring.",
        ),
        # Events of the game ----------------------------------------------------------------------
        "game_started": (
            "A {players}-player game of Sankt Petersburg ({title}) begins. Start players: {markers}."
        ),
        "game_started_solo": "A solo game of Sankt Petersburg ({title}) begins. Start players: {markers}.",
        "round_started": "Round {round} begins.",
        **{f"phase_started_{p}_you": f"{PHASE_WORDS[p]} phase: you start." for p in PHASE_NAMES},
        **{f"phase_started_{p}_other": f"{PHASE_WORDS[p]} phase: {{name}} starts." for p in PHASE_NAMES},
        "cards_dealt": Plural(
            "{count} card from {stack} enters {row}: {cards}.",
            "{count} cards from {stack} enter {row}: {cards}.",
        ),
        **{
            f"supply_skipped_{p}": (
                f"Nobody took a card from the board in the {p} phase: no card from {{stack}} is dealt."
            )
            for p in PHASE_NAMES
        },
        "end_triggered": "The last card of {stack} is on the board: round {round} is the last.",
        **{f"scored_{p}": f"{PHASE_WORDS[p]} scoring: {{lines}}." for p in PHASE_NAMES},
        "score_line": "{name} {paid}",
        "score_line_parts": "{name} {paid} ({parts})",
        "score_nothing": "nothing",
        "score_paid_both": "{rubles} {vp}",
        "score_separator": "; ",
        "signed_rubles": "{amount} ₽",
        "signed_vp": "{amount} VP",
        "part_card": "{card} {amount}",
        "part_face_down": "face-down {card} {amount}",
        "part_majority": "{good} {vp} VP",
        "part_joker": "'?' on {card} counts as {good}",
        "round_ended": "Round {round} ends.",
        "lower_row_discarded": "The lower row is discarded: {cards}.",
        "lower_row_empty": "The lower row is empty: nothing is discarded.",
        "upper_row_moved_down": "The upper row moves down: {cards}.",
        "upper_row_empty": "The upper row is empty: nothing moves down.",
        "markers_passed": "The start-player markers pass to the left: {markers}.",
        "final_line": _rubles(
            "{name} {total} VP (play {play}, aristocrats +{bonus}, rubles +{money}, hand {hand}; "
            "{count} RUBLES left)"
        ),
        "finish_you": "You finish with {vp} VP.",
        "finish_other": "{name} finishes with {vp} VP.",
        "win_you": "You win.",
        "win_other": "{name} wins.",
        "share_win": "{names} share the win.",
        "final": "Final scoring: {lines}. {result}",
        # A move in a few words, beside its player's name ----------------------------------------------
        "caption_pass": "passed",
        "caption_buy": "bought {card} for {rubles}\u00a0₽",
        "caption_buy_over": "bought {card} for {rubles}\u00a0₽ over {displaced}",
        "caption_play": "played {card} for {rubles}\u00a0₽",
        "caption_play_over": "played {card} for {rubles}\u00a0₽ over {displaced}",
        "caption_take": "took {card} into hand",
        "caption_observe": "used an {observatory}",
        "caption_observe_drew": "used an {observatory} and drew {card}",
        "caption_discard": "discarded the drawn {card}",
        "caption_pub": "bought {vp} VP at the Pub for {rubles}\u00a0₽",
        "caption_pub_none": "bought no VP at the Pub",
        "caption_joker": "named {good} for the '?'",
        "caption_crate_paid": "paid {rubles}\u00a0₽ to keep {card}",
        "caption_unpaid": "did not pay for {card}",
        "caption_cannot": "could not pay for {card}",
    },
)
"""Every sentence of the log, the menus and the captions, by message id."""


def rubles_text(amount: int) -> str:
    """``1 ruble``, ``5 rubles``."""
    return f"{amount} ruble{'' if amount == 1 else 's'}"


def _signed(amount: int) -> str:
    return f"{'+' if amount >= 0 else '-'}{abs(amount)}"


def unit_list(items: Sequence[str], language: str = SOURCE) -> str:
    """Items joined as ``language`` joins the items of a list without a last "and": ``A, B, C``
    (CLDR's separator between two items of a list, ``、`` in Japanese); empty for no items."""
    if not items:
        return ""
    middle = locale_of(language).list_patterns["standard"]["middle"]
    joined = items[0]
    for item in items[1:]:
        joined = middle.format(joined, item)
    return joined


class _Teller:
    """Words for one reader: names or "you", card names of the edition, in the reader's language."""

    __slots__ = ("card_names", "language", "names", "reader", "shape", "you")

    def __init__(
        self, names: Sequence[str], shape: GameShape, reader: int | None, you: bool, language: str = SOURCE
    ) -> None:
        self.names = [shown_name(name, language) for name in names]
        self.shape = shape
        self.reader = reader
        self.you = you and reader is not None
        self.language = language
        self.card_names = card_names(shape, language)

    def say(self, message_id: str, **params: Param) -> str:
        """The sentence ``message_id`` in the reader's language."""
        return NARRATION.message(message_id, params).in_language(self.language)

    def spoken_to(self, seat: int) -> bool:
        return self.you and seat == self.reader

    def who(self, seat: int, starts: bool = False) -> str:
        """``seat`` named: "you" for the reader spoken to ("You" where it ``starts`` a sentence), else
        his name as he wrote it."""
        if self.spoken_to(seat):
            return self.say("you_start" if starts else "you")
        return self.names[seat]

    def move(self, seat: int, key: str, **params: Param) -> str:
        """The sentence of ``seat``'s move: spoken to him, or of him by name."""
        if self.spoken_to(seat):
            return self.say(f"{key}_you", **params)
        return self.say(f"{key}_other", name=self.names[seat], **params)

    def card(self, card: int) -> str:
        return self.say("card_unknown") if card in (UNKNOWN, NO_CARD) else self.card_names[card]

    def cards(self, cards: Sequence[int]) -> str:
        return self.listed([self.card(card) for card in cards], "unit")

    def listed(self, items: Sequence[str], style: Literal["standard", "unit"] = "standard") -> str:
        """Items joined the reader's way: ``A, B and C`` (``standard``) or ``A, B, C`` (``unit``: CLDR's
        separator between two items of a list, ``、`` in Japanese)."""
        if not items:
            return ""
        if style == "standard":
            return str(format_list(list(items), locale=locale_of(self.language)))
        return unit_list(items, self.language)

    def separated(self, items: Sequence[str]) -> str:
        """Items that hold lists of their own (a player's scoring parts, the final score lines),
        each after the other with the reader's language's separator (``A; B`` in English)."""
        return self.say("score_separator").join(items)

    def stack(self, deck: int) -> str:
        return self.say(f"stack_{self.shape.stack_names[deck]}")

    def row(self, row: str) -> str:
        return self.say(f"row_{row}")

    def markers(self, markers: Sequence[int]) -> str:
        return self.listed(
            [
                self.say(
                    "marker", phase=self.say(f"phase_{PHASE_NAMES[phase]}"), name=self.who(markers[phase])
                )
                for phase in self.shape.phases
            ],
            "unit",
        )

    def title(self) -> str:
        shape = self.shape
        return self.say(
            "title_first" if shape.edition != "second" else "title_market" if shape.market else "title_second"
        )


def _displacing(key: str, displaced: int) -> tuple[str, dict[str, Param]]:
    return (f"{key}_displacing", {}) if displaced != NO_CARD else (key, {})


def _game_started(t: _Teller, e: GameStarted) -> str:
    if e.players == 1:
        return t.say("game_started_solo", title=t.title(), markers=t.markers(e.markers))
    return t.say("game_started", players=e.players, title=t.title(), markers=t.markers(e.markers))


def _phase_started(t: _Teller, e: PhaseStarted) -> str:
    phase = PHASE_NAMES[e.phase]
    if t.spoken_to(e.seat):
        return t.say(f"phase_started_{phase}_you")
    return t.say(f"phase_started_{phase}_other", name=t.names[e.seat])


def _cards_dealt(t: _Teller, e: CardsDealt) -> str:
    return t.say(
        "cards_dealt", count=len(e.cards), stack=t.stack(e.deck), row=t.row(e.row), cards=t.cards(e.cards)
    )


def _supply_skipped(t: _Teller, e: SupplySkipped) -> str:
    return t.say(f"supply_skipped_{PHASE_NAMES[e.phase]}", stack=t.stack(e.deck))


def _end_triggered(t: _Teller, e: EndTriggered) -> str:
    return t.say("end_triggered", stack=t.stack(e.deck), round=e.round)


def _income_parts(t: _Teller, income: SeatIncome) -> list[str]:
    """The special cards' and the Market's share of one seat's scoring, in words."""
    names = t.card_names
    parts = []
    if income.mariinsky_rubles:
        amount = t.say("signed_rubles", amount=_signed(income.mariinsky_rubles))
        parts.append(t.say("part_card", card=names[MARIINSKIJ_THEATER], amount=amount))
    if income.mariinsky_vp:
        amount = t.say("signed_vp", amount=_signed(income.mariinsky_vp))
        parts.append(t.say("part_card", card=names[MARIINSKIJ_THEATER], amount=amount))
    if income.tax_man_rubles:
        amount = t.say("signed_rubles", amount=_signed(income.tax_man_rubles))
        parts.append(t.say("part_card", card=names[TAX_MAN], amount=amount))
    if income.observatory_vp:
        amount = t.say("signed_vp", amount=_signed(income.observatory_vp))
        parts.append(t.say("part_face_down", card=names[OBSERVATORY], amount=amount))
    won = [
        t.say("part_majority", good=good_word(good, t.language), vp=vp)
        for good, vp in enumerate(income.majority_vp)
        if vp
    ]
    if won:
        parts.append(t.listed(won, "unit"))
    for card, good in income.jokers:
        parts.append(t.say("part_joker", card=names[card], good=good_word(good, t.language)))
    return parts


def _phase_scored(t: _Teller, e: PhaseScored) -> str:
    lines = []
    for income in e.incomes:
        paid = [t.say("signed_rubles", amount=_signed(income.rubles))] if income.rubles else []
        if income.vp:
            paid.append(t.say("signed_vp", amount=_signed(income.vp)))
        if income.rubles and income.vp:
            said = t.say("score_paid_both", rubles=paid[0], vp=paid[-1])
        else:
            said = paid[0] if paid else t.say("score_nothing")
        parts = _income_parts(t, income)
        if parts:
            lines.append(
                t.say("score_line_parts", name=t.who(income.seat), paid=said, parts=t.separated(parts))
            )
        else:
            lines.append(t.say("score_line", name=t.who(income.seat), paid=said))
    return t.say(f"scored_{PHASE_NAMES[e.phase]}", lines=t.listed(lines, "unit"))


def _lower_row_discarded(t: _Teller, e: LowerRowDiscarded) -> str:
    return t.say("lower_row_discarded", cards=t.cards(e.cards)) if e.cards else t.say("lower_row_empty")


def _upper_row_moved_down(t: _Teller, e: UpperRowMovedDown) -> str:
    return t.say("upper_row_moved_down", cards=t.cards(e.cards)) if e.cards else t.say("upper_row_empty")


def _game_ended(t: _Teller, e: GameEnded) -> str:
    lines = [
        t.say(
            "final_line",
            name=t.who(line.seat),
            total=line.total,
            play=line.play_vp,
            bonus=line.aristocrat_bonus,
            money=line.money_vp,
            hand=line.hand_penalty,
            count=line.rubles,
        )
        for line in e.scores
    ]
    if len(e.scores) == 1:
        seat = e.scores[0].seat
        result = (
            t.say("finish_you", vp=e.scores[0].total)
            if t.spoken_to(seat)
            else t.say("finish_other", name=t.names[seat], vp=e.scores[0].total)
        )
    elif len(e.winners) == 1:
        seat = e.winners[0]
        result = t.say("win_you") if t.spoken_to(seat) else t.say("win_other", name=t.names[seat])
    else:
        names = t.listed([t.who(seat, starts=i == 0) for i, seat in enumerate(e.winners)])
        result = t.say("share_win", names=names)
    return t.say("final", lines=t.separated(lines), result=result)


def _card_bought(t: _Teller, e: CardBought) -> str:
    where = "buy_drawn" if e.row == ROW_DRAWN else "buy_row"
    params: dict[str, Param] = {"card": t.card(e.card), "count": e.price}
    if e.row != ROW_DRAWN:
        params["row"] = t.row(e.row)
    if e.displaced != NO_CARD:
        return t.move(e.seat, f"{where}_displacing", displaced=t.card(e.displaced), **params)
    return t.move(e.seat, where, **params)


def _card_played(t: _Teller, e: CardPlayed) -> str:
    if e.displaced != NO_CARD:
        return t.move(
            e.seat, "play_displacing", card=t.card(e.card), count=e.price, displaced=t.card(e.displaced)
        )
    return t.move(e.seat, "play", card=t.card(e.card), count=e.price)


def _card_taken(t: _Teller, e: CardTaken) -> str:
    if e.row == ROW_DRAWN:
        if e.card == UNKNOWN:
            return t.move(e.seat, "take_hidden")
        return t.move(e.seat, "take_drawn", card=t.card(e.card))
    return t.move(e.seat, "take_row", card=t.card(e.card), row=t.row(e.row))


def _observatory_used(t: _Teller, e: ObservatoryUsed) -> str:
    observatory = t.card_names[OBSERVATORY]
    return t.move(e.seat, "observe", observatory=observatory, card=t.card(e.card), stack=t.stack(e.deck))


def _pub_bought(t: _Teller, e: PubBought) -> str:
    return t.move(e.seat, "pub", vp=e.vp, count=e.rubles) if e.vp else t.move(e.seat, "pub_none")


def _crate_unpaid_key(discarded: bool, asked: bool) -> str:
    return f"crate_{'unpaid' if asked else 'cannot'}_{'discarded' if discarded else 'idle'}"


_WORDERS: dict[type[Event], Callable[[_Teller, Any], str]] = {
    GameStarted: _game_started,
    RoundStarted: lambda t, e: t.say("round_started", round=e.round),
    PhaseStarted: _phase_started,
    CardsDealt: _cards_dealt,
    SupplySkipped: _supply_skipped,
    EndTriggered: _end_triggered,
    PhaseScored: _phase_scored,
    RoundEnded: lambda t, e: t.say("round_ended", round=e.round),
    LowerRowDiscarded: _lower_row_discarded,
    UpperRowMovedDown: _upper_row_moved_down,
    MarkersPassed: lambda t, e: t.say("markers_passed", markers=t.markers(e.markers)),
    GameEnded: _game_ended,
    Passed: lambda t, e: t.move(e.seat, "pass"),
    CardBought: _card_bought,
    CardPlayed: _card_played,
    CardTaken: _card_taken,
    ObservatoryUsed: _observatory_used,
    DrawnDiscarded: lambda t, e: t.move(e.seat, "discard", card=t.card(e.card)),
    PubBought: _pub_bought,
    JokerNamed: lambda t, e: t.move(e.seat, "joker", good=good_word(e.good, t.language), card=t.card(e.card)),
    CratePaid: lambda t, e: t.move(e.seat, "crate_paid", count=e.rubles, card=t.card(e.card)),
    CrateUnpaid: lambda t, e: t.move(e.seat, _crate_unpaid_key(e.discarded, e.asked), card=t.card(e.card)),
}
"""The sentence of every event class."""


def describe_event(
    event: Event,
    names: Sequence[str],
    shape: GameShape,
    seat: int | None = None,
    second_person: bool = False,
    language: str = SOURCE,
) -> str:
    """One sentence for ``event`` in ``language``: for everybody, or for ``seat`` (who may read his
    own secrets; with ``second_person`` he is spoken to as "you"). ``names`` names every seat;
    ``shape`` is the game's (``state.shape``), for the card names of its edition."""
    if not event.visible_to(seat):
        event = event.redacted()
    return _WORDERS[type(event)](_Teller(names, shape, seat, second_person, language), event)


def event_in_every_language(
    event: Event, names: Sequence[str], shape: GameShape, seat: int | None = None, second_person: bool = False
) -> str:
    """``describe_event`` in every language and the pseudo-language, stored as one line
    (``wording.stored_texts``) for a sentence kept to be read later, each reader in his own language
    (a notice naming a move taken back, a turn alert's list of what happened)."""
    return stored_texts(
        {
            code: describe_event(event, names, shape, seat, second_person, code)
            for code in (*LANGUAGES, PSEUDO)
        }
    )


def describe_events(
    events: Sequence[Event],
    names: Sequence[str],
    shape: GameShape,
    seat: int | None = None,
    second_person: bool = False,
    language: str = SOURCE,
) -> list[str]:
    """``describe_event`` of every event, in order."""
    return [describe_event(event, names, shape, seat, second_person, language) for event in events]


def describe_played_for(reason: str, player: str | None, language: str = SOURCE) -> str:
    """The sentence the log adds to a move a bot played for ``player`` (None: the reader himself),
    by ``reason``: ``ran_out`` (his time per move ran out) or ``handed`` (his seat was handed to the
    bot after turns in a row ran out)."""
    if player is None:
        return NARRATION.message(f"played_for_{reason}_you", {}).in_language(language)
    key = f"played_for_{reason}"
    params: dict[str, Param] = {"who": player} if "who" in NARRATION.placeholders(key) else {}
    return NARRATION.message(key, params).in_language(language)


def _caption_bought(t: _Teller, key: str, card: int, price: int, displaced: int) -> str:
    if displaced != NO_CARD:
        return t.say(f"{key}_over", card=t.card(card), rubles=price, displaced=t.card(displaced))
    return t.say(key, card=t.card(card), rubles=price)


def _caption_observed(t: _Teller, e: ObservatoryUsed) -> str:
    observatory = t.card_names[OBSERVATORY]
    if e.card == UNKNOWN:
        return t.say("caption_observe", observatory=observatory)
    return t.say("caption_observe_drew", observatory=observatory, card=t.card(e.card))


_CAPTIONS: dict[type[Event], Callable[[_Teller, Any], str]] = {
    Passed: lambda t, e: t.say("caption_pass"),
    CardBought: lambda t, e: _caption_bought(t, "caption_buy", e.card, e.price, e.displaced),
    CardPlayed: lambda t, e: _caption_bought(t, "caption_play", e.card, e.price, e.displaced),
    CardTaken: lambda t, e: t.say("caption_take", card=t.card(e.card)),
    ObservatoryUsed: _caption_observed,
    DrawnDiscarded: lambda t, e: t.say("caption_discard", card=t.card(e.card)),
    PubBought: lambda t, e: (
        t.say("caption_pub", vp=e.vp, rubles=e.rubles) if e.vp else t.say("caption_pub_none")
    ),
    JokerNamed: lambda t, e: t.say("caption_joker", good=good_word(e.good, t.language)),
    CratePaid: lambda t, e: t.say("caption_crate_paid", rubles=e.rubles, card=t.card(e.card)),
    CrateUnpaid: lambda t, e: t.say("caption_unpaid" if e.asked else "caption_cannot", card=t.card(e.card)),
}
"""The caption of every event that is a player's move (his own decision)."""


def describe_move(
    event: Event, shape: GameShape, seat: int | None = None, language: str = SOURCE
) -> str | None:
    """A player's move in a few words, in the past and without his name ("bought Market for
    4 ₽", "passed"), as ``seat`` may see it; None for an event that is not a move. The table
    shows it beside the mover's name, in his panel and on the place of the board his move
    emptied, where the log's whole sentence would not fit; the log keeps ``describe_event``."""
    caption = _CAPTIONS.get(type(event))
    if caption is None:
        return None
    if not event.visible_to(seat):
        event = event.redacted()
    return caption(_Teller((), shape, seat, False, language), event)


def describe_action(state: GameState, action: ActionId, language: str = SOURCE) -> str:
    """A sentence for a legal action in this state, spoken to the player who may take it, e.g.
    "Buy Market from the upper row for 5 rubles": the menu's form of his move's sentence."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    t = _Teller((), state.shape, None, False, language)
    names = t.card_names
    if kind == KIND_PASS:
        return t.say("action_pass")
    if kind == KIND_PUB:
        return t.say("action_pub", vp=arg, count=arg * PUB_PRICE_PER_VP) if arg else t.say("action_pub_none")
    if kind == KIND_OBSERVE:
        return t.say("action_observe", observatory=names[OBSERVATORY], stack=t.stack(arg))
    if kind == KIND_DISCARD:
        return t.say("action_discard", card=names[state.drawn])
    if kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
        return _market_decision(t, state, kind, arg)
    target = ACTION_TARGET[action]
    displaced: dict[str, Param] = {"displaced": names[target_kind(target)]} if target else {}
    suffix = "_displacing" if target else ""
    price = action_price(state, action)
    if kind == KIND_PLAY:
        return t.say(
            f"action_play{suffix}",
            card=names[state.players[state.to_act].hand[arg]],
            count=price,
            **displaced,
        )
    card, row = names[source_card(state, arg)[0]], source_place(arg)[0]
    where: dict[str, Param] = {} if row == ROW_DRAWN else {"row": t.row(row)}
    place = "drawn" if row == ROW_DRAWN else "row"
    if kind == KIND_TAKE:
        return t.say(f"action_take_{place}", card=card, **where)
    return t.say(f"action_buy_{place}{suffix}", card=card, count=price, **where, **displaced)


def _market_decision(t: _Teller, state: GameState, kind: int, good: int) -> str:
    market = state.market
    assert market is not None and market.queue
    name = t.card_names[market.queue[0][1]]
    if kind == KIND_JOKER:
        return t.say("action_joker", good=good_word(good, t.language), card=name)
    if kind == KIND_PAY_CRATE:
        return t.say("action_crate_paid", count=crate_price(state), card=name)
    discarded = state.options.unpaid_crate == CRATE_DISCARD
    return t.say(f"action_{_crate_unpaid_key(discarded, True)}", card=name)


class ActionInfo(NamedTuple):
    """A legal action as shown to a player: id, canonical text, price, and a sentence."""

    id: ActionId
    text: str
    price: int
    description: str


def legal_action_infos(state: GameState, language: str = SOURCE) -> list[ActionInfo]:
    """Every legal action with its text, price and description (for menus and clients)."""
    return [
        ActionInfo(
            action,
            format_action(action),
            action_price(state, action),
            describe_action(state, action, language),
        )
        for action in legal_actions(state)
    ]


__all__ = [
    "NARRATION",
    "RUBLE_SIGN",
    "ActionInfo",
    "describe_action",
    "describe_event",
    "describe_events",
    "describe_move",
    "describe_played_for",
    "event_in_every_language",
    "legal_action_infos",
    "rubles_text",
    "unit_list",
]
