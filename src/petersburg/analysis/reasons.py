"""One sentence on why a move is worth making, worded from the engine's event of the move and the
evaluation's parts (the bots' ``Schedule``: scorings left, what a ruble is worth, the aristocrat
bonus), through ``petersburg.text.analysis``.

A reason uses only what the seat may see: the move's event is made on a sample of the seat's view
and told as that seat may see it, and a card is named only from the board or the seat's own hand
(never the card an Observatory would draw, which the sample invents). The biggest part of the
move's worth is the one told: a worker "buys income", a building "scores VP", a new aristocrat
"adds to the bonus", a card another seat wants more "denies" it to them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from petersburg.bots.evaluation import schedule
from petersburg.cards_second_edition import ALL_COLOUR, ALL_RUBLES, ALL_VP
from petersburg.engine import HAND_PENALTY, ActionId, View, apply_with_events, determinize, events_for
from petersburg.engine.events import (
    CardBought,
    CardPlayed,
    CardTaken,
    CratePaid,
    CrateUnpaid,
    DrawnDiscarded,
    Event,
    JokerNamed,
    ObservatoryUsed,
    Passed,
    PubBought,
)
from petersburg.engine.state import NO_CARD, STAGE_PUB
from petersburg.text.analysis import analysis_text, card_param, stack_param
from petersburg.text.wording import Message

_MOVES = (CardBought, CardPlayed, CardTaken, ObservatoryUsed, DrawnDiscarded, PubBought, Passed)
_MARKET = (JokerNamed, CratePaid, CrateUnpaid)


def seat_names(names: Sequence[str] | None, players: int) -> list[str]:
    """The players' names, or "Seat 1" ... where a record has none."""
    if names is not None and len(names) == players:
        return list(names)
    return [str(analysis_text("seat_name", seat=seat + 1)) for seat in range(players)]


def move_event(seen: View, action: ActionId) -> Event:
    """The event of ``action`` as the deciding seat would see it (made on a sample of its view)."""
    sample = determinize(seen, random.Random(seen.state.step))
    events = events_for(apply_with_events(sample, action), seen.seat)
    for event in events:
        if isinstance(event, (*_MOVES, *_MARKET)):
            return event
    raise ValueError("The move has no event of a player's decision.")


def reason(seen: View, action: ActionId, names: Sequence[str] | None = None) -> Message:
    """Why ``action`` is worth considering for the seat deciding in ``seen``, in one sentence."""
    state = seen.state
    seat = seen.seat
    assert seat is not None
    player = state.players[seat]
    event = move_event(seen, action)
    if isinstance(event, Passed):
        if state.stage == STAGE_PUB:
            return analysis_text("reason_keep_pub", rubles=player.rubles)
        return analysis_text("reason_keep", rubles=player.rubles)
    if isinstance(event, PubBought):
        if not event.vp:
            return analysis_text("reason_keep_pub", rubles=player.rubles)
        return analysis_text("reason_pub", rubles=event.rubles, vp=event.vp)
    if isinstance(event, ObservatoryUsed):
        return analysis_text("reason_observe", stack=stack_param(state.shape.stack_names[event.deck]))
    if isinstance(event, DrawnDiscarded):
        return analysis_text("reason_discard")
    if isinstance(event, CardTaken):
        return analysis_text("reason_take", card=card_param(state.shape, event.card), penalty=-HAND_PENALTY)
    if isinstance(event, (CardBought, CardPlayed)):
        return _card_reason(seen, event, seat_names(names, state.num_players))
    return analysis_text("reason_market")


def _card_reason(seen: View, event: CardBought | CardPlayed, names: list[str]) -> Message:
    """The biggest part of a card's worth to its buyer, or of keeping it from the others."""
    state = seen.state
    seat = seen.seat
    assert seat is not None
    sched = schedule(state)
    player = state.players[seat]
    kind = event.card
    colour = ALL_COLOUR[kind]
    count = sched.scorings[colour]
    card = card_param(state.shape, kind)
    income = ALL_RUBLES[kind] * sched.ruble_sum[colour]
    points = float(ALL_VP[kind] * count)
    bonus = sched.aristocrat_gain(player, kind)
    ability = sched.card_value(player, kind) - income - points
    denied, rival = 0.0, -1
    if isinstance(event, CardBought):
        for other, opponent in enumerate(state.players):
            if other != seat:
                worth = sched.card_value(opponent, kind) + sched.aristocrat_gain(opponent, kind)
                if worth > denied:
                    denied, rival = worth, other
    parts = {"income": income, "points": points, "aristocrat": bonus, "ability": ability, "denial": denied}
    if event.displaced != NO_CARD:
        lost = sched.card_value(player, event.displaced) + sched.aristocrat_loss(player, event.displaced)
        gained = sched.card_value(player, kind) + bonus - lost
        if gained > max(parts.values()) / 2:
            return analysis_text(
                "reason_displace", displaced=card_param(state.shape, event.displaced), worth=round(gained, 1)
            )
    top = max(parts, key=lambda name: parts[name])
    if top == "denial" and rival >= 0 and denied > max(income, points, bonus, ability) * 1.25:
        return analysis_text("reason_denial", name=names[rival], card=card, worth=round(denied, 1))
    if top == "aristocrat" and bonus > 0:
        return analysis_text("reason_aristocrat", bonus=round(bonus))
    if top == "ability" and ability > 0:
        return analysis_text("reason_ability", card=card, worth=round(ability, 1))
    if income >= points and ALL_RUBLES[kind] and count:
        return analysis_text("reason_income", rubles=ALL_RUBLES[kind], count=count)
    if ALL_VP[kind] and count:
        return analysis_text("reason_points", vp=ALL_VP[kind], count=count)
    return analysis_text("reason_ability", card=card, worth=round(sched.card_value(player, kind), 1))
