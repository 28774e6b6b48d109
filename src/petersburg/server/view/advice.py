"""Every decision explained where it is taken: what the seat to decide is told beside its choices.

The figures are the engine's (``engine/market.py``'s crate helpers, ``HAND_PENALTY``, the hand
limit, ``explain_illegal``'s reasons) and the words ``text/advice.py``'s; this module only picks
which apply. Advice is computed per seat and sent to that seat alone: it may name its rubles, which
the table may hide from the others.
"""

from __future__ import annotations

from petersburg.engine import GameState
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    KIND_BUY,
    KIND_JOKER,
    KIND_PLAY,
    KIND_TAKE,
    PASS_ID,
)
from petersburg.engine.constants import HAND_PENALTY
from petersburg.engine.market import (
    crate_keep_price,
    crates_held,
    crates_short,
    next_market_round,
    standing_if_named,
)
from petersburg.engine.predicates import hand_has_room
from petersburg.engine.rules import legal_actions, source_card, why_illegal
from petersburg.server.protocol.messages import LegalAction, SeatAdvice
from petersburg.text.advice import advice
from petersburg.text.cards import good_word
from petersburg.text.languages import SOURCE
from petersburg.text.rule_refusals import rule_refusal


def _card_of(state: GameState, action: int) -> int:
    """The card a take, buy or play action concerns."""
    arg = ACTION_ARG[action]
    if ACTION_KIND[action] == KIND_PLAY:
        return state.players[state.to_act].hand[arg]
    return source_card(state, arg)[0]


def _crate_due(state: GameState, language: str = SOURCE) -> str:
    """When keeping a crate is paid and what it costs then."""
    price = crate_keep_price(state)
    next_round = next_market_round(state)
    if next_round == state.round:
        return advice("crate_due_now", price=price).in_language(language)
    return advice("crate_due_next", price=price, round=next_round).in_language(language)


def annotate(state: GameState, item: LegalAction, language: str = SOURCE) -> None:
    """Add to a legal action of the seat to act what it costs later: a crate's keep-price and, if
    his rubles after paying would not cover his crates then, a warning; taking into hand, the
    hand penalty; naming a "?", what his count of that good and its VP would be."""
    action = item["id"]
    kind = ACTION_KIND[action]
    if kind == KIND_JOKER:
        good = ACTION_ARG[action]
        count, vp = standing_if_named(state, good)
        item["note"] = advice("joker_effect", count=count, good=good_word(good, language), vp=vp).in_language(
            language
        )
    elif kind == KIND_TAKE:
        player = state.players[state.to_act]
        item["note"] = advice("hand_penalty", penalty=HAND_PENALTY, limit=player.hand_limit).in_language(
            language
        )
    elif kind in (KIND_BUY, KIND_PLAY) and _card_of(state, action) in state.shape.crate_kinds:
        seat = state.to_act
        note = _crate_due(state, language)
        if crates_short(state, seat, item["price"], 1):
            count = crates_held(state, seat) + 1
            left = state.players[seat].rubles - item["price"]
            note += " " + advice(
                "crate_short", count=count, left=left, due=count * crate_keep_price(state)
            ).in_language(language)
            item["warning"] = True
        item["note"] = note


def seat_advice(state: GameState, seat: int, language: str = SOURCE) -> SeatAdvice:
    """What ``seat`` is told about its hand, its crates and, when it is to act, why Pass or taking
    into hand is refused."""
    player = state.players[seat]
    found: SeatAdvice = {
        "hand": advice("hand_penalty", penalty=HAND_PENALTY, limit=player.hand_limit).in_language(language)
    }
    if not hand_has_room(player):
        found["hand_full"] = advice("hand_full", held=len(player.hand), limit=player.hand_limit).in_language(
            language
        )
    held = crates_held(state, seat) if state.market is not None else 0
    if held:
        due = held * crate_keep_price(state)
        line = (
            _crate_due(state, language)
            + " "
            + advice("crates_held", count=held, due=due).in_language(language)
        )
        if crates_short(state, seat):
            line += " " + advice("crates_short", count=held, left=player.rubles, due=due).in_language(
                language
            )
            found["crates_short"] = True
        found["crates"] = line
    if not state.is_over and state.current_player == seat and PASS_ID not in legal_actions(state):
        reason = why_illegal(state, PASS_ID)
        if reason is not None:
            found["pass_refused"] = rule_refusal(reason, state.shape).in_language(language)
    return found
