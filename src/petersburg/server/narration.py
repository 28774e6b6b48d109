"""What the server tells people about a game, in words and figures, without leaking anything.

``describe_action`` of the engine speaks to the acting player (it names the card a player takes
from an Observatory draw into a secret hand); the log here is written for everybody, so it names
only what every seat may see. Figures per seat (what each colour pays at its scoring) are derived
from the public play area alone.
"""

from __future__ import annotations

from petersburg.cards import aristocrat_bonus
from petersburg.cards_second_edition import (
    ALL_CARD_ID,
    ALL_COLOUR,
    ALL_COLOUR_NAMES,
    ALL_DECK,
    ALL_IS_TRADING,
    ALL_RUBLES,
    ALL_STACK_NAMES,
    ALL_VP,
    GOODS,
    NO_GOOD,
    YELLOW,
)
from petersburg.engine import (
    GameShape,
    GameState,
    action_price,
    colour_scoring,
    crate_price,
    good_points,
    goods_counts,
    market_income,
    market_values,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_CARD,
    KIND_DISCARD,
    KIND_JOKER,
    KIND_OBSERVE,
    KIND_PASS,
    KIND_PAY_CRATE,
    KIND_PLAY,
    KIND_PUB,
    KIND_SKIP_CRATE,
    KIND_TAKE,
    SOURCE_ROW,
    SOURCE_SLOT,
    UPPER_ROW,
    target_kind,
)
from petersburg.engine.options import CRATE_IDLE
from petersburg.engine.rules import distinct_red_cards
from petersburg.engine.shape import NO_SCORING
from petersburg.engine.state import PHASE_NAMES, STAGE_PUB
from petersburg.server.protocol import CardInfo, ColourIncome, SeatFigures


def _source(state: GameState, source: int) -> tuple[int, str]:
    """The card at an action source and the words for where it lies."""
    row = SOURCE_ROW[source]
    if row == DRAWN_CARD:
        return state.drawn, "drawn with the Observatory"
    slot = SOURCE_SLOT[source]
    if row == UPPER_ROW:
        return state.upper[slot], "from the upper row"
    return state.lower[slot], "from the lower row"


def _rubles(amount: int) -> str:
    return f"{amount} ruble{'' if amount == 1 else 's'}"


def _vp(amount: int) -> str:
    return f"{amount} VP"


def public_action_text(state: GameState, action: int, name: str) -> str:
    """One sentence about ``action`` in ``state`` (before it is applied) that every seat may read."""
    return f"{name} {action_phrase(state, action)}."


def action_phrase(state: GameState, action: int) -> str:
    """What ``action`` does, said of the acting seat without its name and without a full stop
    (``buys Market from the upper row for 5 rubles``): the log line and the undo notice use it."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    target = ACTION_TARGET[action]
    names = state.shape.card_name
    over = f", displacing {names[target_kind(target)]}" if target else ""
    if kind == KIND_PASS:
        return "passes"
    if kind == KIND_PUB:
        return f"buys {arg} VP at the Pub for {_rubles(2 * arg)}" if arg else "buys no VP at the Pub"
    if kind == KIND_OBSERVE:
        return f"uses an Observatory on the {ALL_STACK_NAMES[arg]} stack"
    if kind == KIND_DISCARD:
        return f"discards the drawn {names[state.drawn]}"
    if kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
        return _market_decision_phrase(state, kind, arg)
    price = action_price(state, action)
    if kind == KIND_PLAY:
        card = state.players[state.to_act].hand[arg]
        return f"plays {names[card]} from hand for {_rubles(price)}{over}"
    if kind == KIND_TAKE and SOURCE_ROW[arg] == DRAWN_CARD:
        return "takes the drawn card into hand"
    card, where = _source(state, arg)
    if kind == KIND_TAKE:
        return f"takes {names[card]} {where} into hand"
    return f"buys {names[card]} {where} for {_rubles(price)}{over}"


def _market_decision_phrase(state: GameState, kind: int, good: int) -> str:
    """A joker named, a crate paid for or not (the decision at the head of the Market's queue)."""
    market = state.market
    assert market is not None and market.queue
    card = state.shape.card_name[market.queue[0][1]]
    if kind == KIND_JOKER:
        return f'names {GOODS[good]} for the "?" of their {card}'
    if kind == KIND_PAY_CRATE:
        return f"pays {_rubles(crate_price(state))} to keep their {card}"
    if state.options.unpaid_crate == CRATE_IDLE:
        return f"does not pay for their {card}: its {GOODS[good]} count nothing at this scoring"
    return f"does not pay for their {card}: it is discarded"


def transition_texts(before: GameState, after: GameState, names: list[str], action: int = -1) -> list[str]:
    """Sentences for what happened between two states besides the action itself: scorings (the
    market scoring in words: income, then who came first and second in each good), new cards,
    new phases and rounds, the end of the game. ``action`` is the action that led from one to the
    other (a crate left unpaid counts nothing at the scoring it was decided at)."""
    texts: list[str] = []
    shape = after.shape
    entered_pub = after.stage == STAGE_PUB and before.stage != STAGE_PUB
    moved = (before.round, before.phase) != (after.round, after.phase) or after.is_over
    scoring_starts = (
        after.market is not None
        and after.market.scoring
        and before.market is not None
        and not before.market.scoring
    )
    if scoring_starts:
        texts.append(_market_decisions_text(after))
    if not moved and not entered_pub:
        return texts
    # A phase scores when its actions end; the Pub comes right after the building scoring, so
    # that scoring is told when the Pub starts, not again when the phase moves on.
    scored = before.phase
    if scored == shape.market_phase:
        texts.append(market_scoring_text(before, after, names, action))
    elif shape.scoring[scored] != NO_SCORING and before.stage != STAGE_PUB:
        gains = [
            f"{names[seat]} +{after.players[seat].vp - before.players[seat].vp} VP"
            for seat in range(after.num_players)
            if after.players[seat].vp != before.players[seat].vp
        ]
        colour = ALL_COLOUR_NAMES[shape.scoring[scored]]
        texts.append(
            f"{PHASE_NAMES[scored].capitalize()} scoring: {colour} cards pay."
            + (f" {', '.join(gains)}." if gains else "")
        )
    if entered_pub and not moved:
        texts.append(f"Pub: {', '.join(names[seat] for seat in after.pub_queue)} may buy VP.")
        return texts
    dealt = sum(len(s) for s in before.stacks) - sum(len(s) for s in after.stacks)
    if dealt > 0:
        texts.append(f"{dealt} new card{'s enter' if dealt != 1 else ' enters'} the upper row.")
    if after.is_over:
        texts.append("The game is over.")
    elif after.round != before.round:
        texts.append(f"Round {after.round} begins: the lower row is cleared, the upper row moves down.")
        texts.append(phase_start_text(after, names))
    elif after.phase != before.phase:
        texts.append(phase_start_text(after, names))
    if after.last_round and not before.last_round and not after.is_over:
        texts.append("A stack is empty: this is the last round.")
    return texts


def _market_decisions_text(state: GameState) -> str:
    """What the market scoring waits for: crates to keep or give up, "?" goods to name."""
    market = state.market
    assert market is not None
    joker_slot = state.shape.joker_slot
    parts = []
    if any(joker_slot[card] < 0 for _, card in market.queue):
        first, _ = market_values(state.round, state.options)
        parts.append(f"each crate is kept for {_rubles(first)} or given up")
    if any(joker_slot[card] >= 0 for _, card in market.queue):
        parts.append('each "?" is named as a good')
    return f"Market scoring: first {' and '.join(parts)}."


def _listing(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def phase_start_text(state: GameState, names: list[str]) -> str:
    """``Market phase: Bob starts.``"""
    return f"{PHASE_NAMES[state.phase].capitalize()} phase: {names[state.markers[state.phase]]} starts."


def _ordinal(place: int) -> str:
    return "first" if place == 1 else "second"


def market_scoring_text(before: GameState, after: GameState, names: list[str], action: int) -> str:
    """The market scoring in words: each seat's income and VP, then each good's first and second
    places (``Market scoring (first place 4 VP, second 2 VP): Ann +3₽ +6 VP, Bob +2 VP. Chicken:
    Ann (2) first, Bob (1) second. Grain: nobody.``; a count in brackets).

    Totals are the exact differences between the states. The places per good are the engine's
    ``good_points`` over the areas as they were scored: the state after the scoring with the
    crates left idle at it put back as idle; should they not add up to the totals, only the
    totals are told rather than places that were not scored."""
    first, second = market_values(before.round, before.options)
    seats = range(after.num_players)
    gains = []
    for seat in seats:
        income = market_income(after, seat)
        vp = after.players[seat].vp - before.players[seat].vp
        parts = [f"+{income}₽" if income else "", f"+{vp} VP" if vp else ""]
        if income or vp:
            gains.append(f"{names[seat]} {' '.join(p for p in parts if p)}")
    text = f"Market scoring (first place {_vp(first)}, second {_vp(second)}): " + (
        ", ".join(gains) + "." if gains else "nobody scores."
    )
    scored = after.copy()
    assert scored.market is not None
    scored.market.idle = _idle_at_scoring(before, after, action)
    points = good_points(scored)
    totals = [sum(points[good][seat] for good in range(len(GOODS))) for seat in seats]
    if totals != [after.players[seat].vp - before.players[seat].vp for seat in seats]:
        return text
    counts = [goods_counts(scored, seat) for seat in seats]
    lines = []
    for good, name in enumerate(GOODS):
        places = []
        for value, place in ((first, 1), (second, 2)):
            if place == 2 and second == 0:
                continue
            who = [
                f"{names[seat]} ({counts[seat][good]})"
                for seat in seats
                if points[good][seat] == value and counts[seat][good] > 0
            ]
            if who:
                places.append(f"{_listing(who)} {_ordinal(place)}")
        lines.append(f"{name.capitalize()}: {', '.join(places) if places else 'nobody'}.")
    return text + " " + " ".join(lines)


def _idle_at_scoring(before: GameState, after: GameState, action: int) -> list[int]:
    """The crates that counted nothing at the market scoring ``action`` completed (``unpaid_crate
    = idle``): those left unpaid before it, the one it left unpaid, and every crate left unpaid
    after it without asking (its owner could not pay): with decisions under way, the crates still
    queued behind it; with none (the scoring began and ended with this pass), every crate in play."""
    market = before.market
    assert market is not None
    if after.options.unpaid_crate != CRATE_IDLE:
        return []
    idle = list(market.idle)
    crates = after.shape.crate_kinds
    if market.scoring:
        if action >= 0 and ACTION_KIND[action] == KIND_SKIP_CRATE:
            idle.append(market.queue[0][1])
        idle += [card for _, card in market.queue[1:] if card in crates]
    else:
        idle += [crate for player in after.players for crate in crates if player.area[crate]]
    return idle


def seat_income(state: GameState, seat: int) -> list[ColourIncome]:
    """What each colour of a seat's play area pays at its scoring (rubles, VP), as the engine
    scores it; with the Market, yellow: the income of the market scoring (majorities apart)."""
    shape = state.shape
    player = state.players[seat]
    area = player.area
    result: list[ColourIncome] = []
    for colour, kinds in enumerate(shape.kinds_of_colour):
        if colour == YELLOW and not shape.market:
            break
        if colour == YELLOW:
            rubles, vp = market_income(state, seat), 0
        else:
            rubles, vp = colour_scoring(player, colour, shape)[:2]
        result.append({"cards": sum(area[k] for k in kinds), "rubles": rubles, "vp": vp})
    return result


def seat_summary(state: GameState, seat: int) -> SeatFigures:
    """Public figures of one seat: income per colour and the aristocrat bonus it would score now."""
    distinct_red = distinct_red_cards(state.players[seat], state.shape)
    return {
        "income": seat_income(state, seat),
        "distinct_red": distinct_red,
        "aristocrat_bonus": aristocrat_bonus(distinct_red),
    }


SPECIAL_TEXT = {
    "pub": "After building scoring: buy up to 5 VP for 2₽ each",
    "observatory": "Building phase: draw a stack's top card",
    "warehouse": "Hand limit 4",
    "potjomkins_village": "Worth 6 when displaced",
    "carpenter_workshop": "−1₽ on every blue card",
    "gold_smelter": "−1₽ on every red card",
    "mariinskij_theater": "+1₽ per red card at building scoring",
    "tax_man": "+1₽ per green card at aristocrat scoring",
    "czar_and_carpenter": "Any green trading card may displace it",
}
"""One line for the cards whose effect is more than their printed income (RULES.md Special cards)."""

SECOND_EDITION_SPECIAL = {
    "mariinskij_theater": "+1 VP per red card at building scoring",
}
"""What the 2nd edition changes in those lines."""

CRATE_SPECIAL = "Crate: pay first place's value in ₽ at each market scoring to keep it"
JOKER_SPECIAL = '"?": you name its good'


def _special(shape: GameShape, kind: int) -> str:
    card_id = ALL_CARD_ID[kind]
    if kind in shape.crate_kinds:
        return CRATE_SPECIAL
    text = SPECIAL_TEXT.get(card_id, "")
    if shape.mariinsky_vp:
        text = SECOND_EDITION_SPECIAL.get(card_id, text)
    if kind in shape.joker_kinds:
        text = f"{text}; {JOKER_SPECIAL}" if text else JOKER_SPECIAL
    return text


def card_catalogue(shape: GameShape) -> list[CardInfo]:
    """Every card kind of a game of ``shape`` with its printed figures in that edition, for the
    browser to draw cards (with the Market: the good each card carries)."""
    catalogue: list[CardInfo] = []
    for kind in shape.kinds:
        info: CardInfo = {
            "id": ALL_CARD_ID[kind],
            "name": shape.card_name[kind],
            "deck": ALL_DECK[kind],
            "colour": ALL_COLOUR[kind],
            "cost": shape.cost[kind],
            "rubles": ALL_RUBLES[kind],
            "vp": ALL_VP[kind],
            "copies": shape.count[kind],
            "trading": ALL_IS_TRADING[kind],
            "displaces": [ALL_CARD_ID[k] for _, k in shape.targets_of[kind]],
            "special": _special(shape, kind),
        }
        good = shape.good_of[kind]
        if good != NO_GOOD:
            info["good"] = GOODS[good] if good < len(GOODS) else "joker"
            info["symbols"] = shape.symbols[kind]
        catalogue.append(info)
    return catalogue
