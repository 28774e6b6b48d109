"""Text rendering of a seat's view: rows, stacks, players' play areas, your hand with prices."""

from __future__ import annotations

from petersburg.cards import Card
from petersburg.cards_second_edition import ALL_COLOUR, ALL_COLOUR_NAMES, ALL_RUBLES, ALL_VP, GOODS
from petersburg.engine import (
    LOWER_ROW_DISCOUNT,
    PHASE_NAMES,
    STAGE_OBSERVED,
    STAGE_PUB,
    GameShape,
    View,
    card_price,
    final_scores,
    goods_counts,
    winners,
)
from petersburg.engine.shape import FIRST
from petersburg.engine.state import UNKNOWN


def card_label(card: Card, shape: GameShape = FIRST) -> str:
    """``Market (5, +1VP)``-style label: name (in the game's edition), then what it yields at its scoring."""
    if card == UNKNOWN:
        return "?"
    gains = []
    if ALL_RUBLES[card]:
        gains.append(f"+{ALL_RUBLES[card]}R")
    if ALL_VP[card]:
        gains.append(f"+{ALL_VP[card]}VP")
    colour = ALL_COLOUR_NAMES[ALL_COLOUR[card]]
    return f"{shape.card_name[card]} [{colour}{' ' + ' '.join(gains) if gains else ''}]"


def render_view(seen: View, names: list[str]) -> str:
    """The board as the viewer sees it, with prices of board and hand cards for the viewer."""
    state = seen.state
    shape = state.shape
    lines = []
    status = f"Round {state.round} - {PHASE_NAMES[state.phase]} phase"
    if state.stage == STAGE_PUB:
        status += " (Pub)"
    if state.last_round:
        status += " - LAST ROUND"
    lines.append(status)
    markers = ", ".join(f"{PHASE_NAMES[p]}: {names[s]}" for p, s in enumerate(state.markers))
    lines.append(f"Start players - {markers}")
    lines.append(
        "Stacks - " + ", ".join(f"{shape.stack_names[d]} {len(s)}" for d, s in enumerate(state.stacks))
    )
    me = state.players[seen.seat] if seen.seat is not None else None
    lower_label = f"Lower row (-{LOWER_ROW_DISCOUNT} ruble)"
    for label, row, lower in (("Upper row", state.upper, False), (lower_label, state.lower, True)):
        lines.append(f"{label}:")
        prefix = "L" if lower else "U"
        if not row:
            lines.append("  (empty)")
        for i, card in enumerate(row):
            price = f"  costs you {card_price(me, card, lower, shape=shape)}" if me is not None else ""
            lines.append(f"  {prefix}{i + 1}  {card_label(card, shape)}{price}")
    lines.append("Players:")
    for seat, player in enumerate(state.players):
        rubles = f"{player.rubles} rubles" if seen.rubles_visible(seat) else "? rubles"
        turn = "  <- to act" if seat == state.current_player else ""
        known = [card for card in player.hand if card != UNKNOWN] if seat != seen.seat else []
        named = f" ({', '.join(shape.card_name[card] for card in known)})" if known else ""
        lines.append(f"  {names[seat]}: {player.vp} VP, {rubles}, {len(player.hand)} in hand{named}{turn}")
        for colour, colour_kinds in enumerate(shape.kinds_of_colour):
            kinds = [k for k in colour_kinds if player.area[k]]
            if kinds:
                cards = ", ".join(
                    f"{shape.card_name[k]}" + (f" x{player.area[k]}" if player.area[k] > 1 else "")
                    for k in kinds
                )
                lines.append(f"    {ALL_COLOUR_NAMES[colour]}: {cards}")
        if shape.market:
            goods = ", ".join(
                f"{good} {count}" for good, count in zip(GOODS, goods_counts(state, seat), strict=True)
            )
            lines.append(f"    goods: {goods}")
    if me is not None:
        hand = ", ".join(f"H{i + 1} {card_label(card, shape)}" for i, card in enumerate(me.hand)) or "(empty)"
        lines.append(f"Your hand ({len(me.hand)}/{me.hand_limit}): {hand}")
        if state.stage == STAGE_OBSERVED and state.current_player == seen.seat:
            lines.append(f"You drew: {card_label(state.drawn, shape)}")
    return "\n".join(lines)


def render_scores(seen: View, names: list[str]) -> str:
    """The final scoring table and the winners."""
    state = seen.state
    best = winners(state)
    lines = ["Final scoring:", "  player            play  aristo  money  hand  total  rubles"]
    for line in final_scores(state):
        lines.append(
            f"  {names[line.seat]:<16} {line.play_vp:5d} {line.aristocrat_bonus:7d} {line.money_vp:6d}"
            f" {line.hand_penalty:5d} {line.total:6d} {line.rubles:7d}"
        )
    lines.append("Winner: " + " and ".join(names[seat] for seat in best))
    return "\n".join(lines)
