"""What the server tells people about a game, in words and figures, without leaking anything.

``describe_action`` of the engine speaks to the acting player (it names the card a player takes
from an Observatory draw into a secret hand); the log here is written for everybody, so it names
only what every seat may see. Figures per seat (what each colour pays at its scoring) are derived
from the public play area alone.
"""

from __future__ import annotations

from petersburg.cards import (
    CARD_ID,
    CARD_NAME,
    COLOUR,
    COLOUR_NAMES,
    COST,
    DECK,
    IS_TRADING,
    MARIINSKIJ_THEATER,
    NUM_KINDS,
    OBSERVATORY,
    RUBLES,
    STACK_NAMES,
    TAX_MAN,
    VP,
    aristocrat_bonus,
)
from petersburg.engine import GameState, PlayerState, action_price
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_SOURCE,
    KIND_DISCARD,
    KIND_OBSERVE,
    KIND_PASS,
    KIND_PLAY,
    KIND_PUB,
    KIND_TAKE,
    ROW_SLOTS,
    target_kind,
)
from petersburg.engine.state import PHASE_NAMES, STAGE_PUB
from petersburg.server.protocol import CardInfo, ColourIncome, SeatFigures

KINDS_OF_COLOUR = tuple(tuple(k for k in range(NUM_KINDS) if COLOUR[k] == c) for c in range(3))


def _source(state: GameState, source: int) -> tuple[int, str]:
    """The card at an action source and the words for where it lies."""
    if source == DRAWN_SOURCE:
        return state.drawn, "drawn with the Observatory"
    if source < ROW_SLOTS:
        return state.upper[source], "from the upper row"
    return state.lower[source - ROW_SLOTS], "from the lower row"


def _rubles(amount: int) -> str:
    return f"{amount} ruble{'' if amount == 1 else 's'}"


def public_action_text(state: GameState, action: int, name: str) -> str:
    """One sentence about ``action`` in ``state`` (before it is applied) that every seat may read."""
    return f"{name} {action_phrase(state, action)}."


def action_phrase(state: GameState, action: int) -> str:
    """What ``action`` does, said of the acting seat without its name and without a full stop
    (``buys Market from the upper row for 5 rubles``): the log line and the undo notice use it."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    target = ACTION_TARGET[action]
    over = f", displacing {CARD_NAME[target_kind(target)]}" if target else ""
    if kind == KIND_PASS:
        return "passes"
    if kind == KIND_PUB:
        return f"buys {arg} VP at the Pub for {_rubles(2 * arg)}" if arg else "buys no VP at the Pub"
    if kind == KIND_OBSERVE:
        return f"uses an Observatory on the {STACK_NAMES[arg]} stack"
    if kind == KIND_DISCARD:
        return f"discards the drawn {CARD_NAME[state.drawn]}"
    price = action_price(state, action)
    if kind == KIND_PLAY:
        card = state.players[state.to_act].hand[arg]
        return f"plays {CARD_NAME[card]} from hand for {_rubles(price)}{over}"
    if kind == KIND_TAKE and arg == DRAWN_SOURCE:
        return "takes the drawn card into hand"
    card, where = _source(state, arg)
    if kind == KIND_TAKE:
        return f"takes {CARD_NAME[card]} {where} into hand"
    return f"buys {CARD_NAME[card]} {where} for {_rubles(price)}{over}"


def transition_texts(before: GameState, after: GameState, names: list[str]) -> list[str]:
    """Sentences for what happened between two states besides the action itself: scorings, new
    cards, new phases and rounds, the end of the game."""
    texts: list[str] = []
    entered_pub = after.stage == STAGE_PUB and before.stage != STAGE_PUB
    moved = (before.round, before.phase) != (after.round, after.phase) or after.is_over
    if not moved and not entered_pub:
        return texts
    # A phase scores when its actions end; the Pub comes right after the building scoring, so
    # that scoring is told when the Pub starts, not again when the phase moves on.
    scored = before.phase if before.phase < 3 and before.stage != STAGE_PUB else None
    if scored is not None:
        gains = [
            f"{names[seat]} +{after.players[seat].vp - before.players[seat].vp} VP"
            for seat in range(after.num_players)
            if after.players[seat].vp != before.players[seat].vp
        ]
        colour = COLOUR_NAMES[scored]
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
        texts.append(f"Worker phase: {names[after.markers[0]]} starts.")
    elif after.phase != before.phase:
        texts.append(
            f"{PHASE_NAMES[after.phase].capitalize()} phase: {names[after.markers[after.phase]]} starts."
        )
    if after.last_round and not before.last_round and not after.is_over:
        texts.append("A stack is empty: this is the last round.")
    return texts


def colour_income(player: PlayerState) -> list[ColourIncome]:
    """What each colour of this play area pays at its scoring (rubles, VP), with the specials."""
    area = player.area
    result: list[ColourIncome] = []
    for colour in range(3):
        rubles = sum(RUBLES[k] * area[k] for k in KINDS_OF_COLOUR[colour])
        vp = sum(VP[k] * area[k] for k in KINDS_OF_COLOUR[colour])
        count = sum(area[k] for k in KINDS_OF_COLOUR[colour])
        if colour == 1:
            vp -= player.observatories_used * VP[OBSERVATORY]
            rubles += area[MARIINSKIJ_THEATER] * sum(area[k] for k in KINDS_OF_COLOUR[2])
        if colour == 2:
            rubles += area[TAX_MAN] * sum(area[k] for k in KINDS_OF_COLOUR[0])
        result.append({"cards": count, "rubles": rubles, "vp": vp})
    return result


def seat_summary(player: PlayerState) -> SeatFigures:
    """Public figures of one seat: income per colour and the aristocrat bonus it would score now."""
    distinct_red = sum(1 for k in KINDS_OF_COLOUR[2] if player.area[k])
    return {
        "income": colour_income(player),
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


def card_catalogue() -> list[CardInfo]:
    """Every card kind's printed figures, for the browser to draw cards."""
    from petersburg.cards import CATALOGUE, DISPLACEABLE_BY

    return [
        {
            "id": CARD_ID[k],
            "name": CARD_NAME[k],
            "deck": DECK[k],
            "colour": COLOUR[k],
            "cost": COST[k],
            "rubles": RUBLES[k],
            "vp": VP[k],
            "copies": CATALOGUE[k].copies,
            "trading": IS_TRADING[k],
            "displaces": [CARD_ID[d] for d in DISPLACEABLE_BY[k]],
            "special": SPECIAL_TEXT.get(CARD_ID[k], ""),
        }
        for k in range(NUM_KINDS)
    ]
