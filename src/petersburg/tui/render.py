"""Text rendering of a seat's view: rows, stacks, players' play areas, your hand with prices, in
the reader's language (``petersburg.text.terminal`` for the frame, ``text.cards`` for the cards)."""

from __future__ import annotations

from petersburg.cards import Card
from petersburg.cards_second_edition import ALL_COLOUR, ALL_RUBLES, ALL_VP
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
from petersburg.text.cards import card_name, colour_name, good_word, stack_word
from petersburg.text.languages import SOURCE
from petersburg.text.narration import NARRATION
from petersburg.text.terminal import listed_names, terminal_text


def card_label(card: Card, shape: GameShape = FIRST, language: str = SOURCE) -> str:
    """``Market [yellow +5R]``-style label: name (in the game's edition), then what it yields at its
    scoring (``R`` rubles, ``VP``: the terminal's short marks)."""
    if card == UNKNOWN:
        return "?"
    gains = []
    if ALL_RUBLES[card]:
        gains.append(f"+{ALL_RUBLES[card]}R")
    if ALL_VP[card]:
        gains.append(f"+{ALL_VP[card]}VP")
    colour = colour_name(ALL_COLOUR[card], language)
    return f"{card_name(shape, card, language)} [{colour}{' ' + ' '.join(gains) if gains else ''}]"


def _phase(phase: int, language: str) -> str:
    return NARRATION.message(f"phase_{PHASE_NAMES[phase]}", {}).in_language(language)


def _status(seen: View, language: str) -> str:
    state = seen.state
    at, phase = state.round, _phase(state.phase, language)
    if state.stage == STAGE_PUB:
        if state.last_round:
            return terminal_text("status_pub_last", round=at, phase=phase).in_language(language)
        return terminal_text("status_pub", round=at, phase=phase).in_language(language)
    if state.last_round:
        return terminal_text("status_last", round=at, phase=phase).in_language(language)
    return terminal_text("status", round=at, phase=phase).in_language(language)


def render_view(seen: View, names: list[str], language: str = SOURCE) -> str:
    """The board as the viewer sees it, with prices of board and hand cards for the viewer."""
    state = seen.state
    shape = state.shape
    lines = [_status(seen, language)]
    markers = ", ".join(
        terminal_text("marker", phase=_phase(p, language), name=names[s]).in_language(language)
        for p, s in enumerate(state.markers)
    )
    lines.append(terminal_text("start_players", markers=markers).in_language(language))
    stacks = ", ".join(
        terminal_text("stack", stack=stack_word(shape, d, language), count=len(s)).in_language(language)
        for d, s in enumerate(state.stacks)
    )
    lines.append(terminal_text("stacks", stacks=stacks).in_language(language))
    me = state.players[seen.seat] if seen.seat is not None else None
    upper = terminal_text("upper_row").in_language(language)
    lower_label = terminal_text("lower_row", count=LOWER_ROW_DISCOUNT).in_language(language)
    for label, row, lower in ((upper, state.upper, False), (lower_label, state.lower, True)):
        lines.append(label)
        prefix = "L" if lower else "U"
        if not row:
            lines.append("  " + terminal_text("empty").in_language(language))
        for i, card in enumerate(row):
            price = ""
            if me is not None:
                costs = card_price(me, card, lower, shape=shape)
                price = "  " + terminal_text("costs_you", price=costs).in_language(language)
            lines.append(f"  {prefix}{i + 1}  {card_label(card, shape, language)}{price}")
    lines.append(terminal_text("players").in_language(language))
    for seat, player in enumerate(state.players):
        rubles = (
            terminal_text("rubles", count=player.rubles).in_language(language)
            if seen.rubles_visible(seat)
            else terminal_text("rubles_hidden").in_language(language)
        )
        turn = "  " + terminal_text("to_act").in_language(language) if seat == state.current_player else ""
        known = [card for card in player.hand if card != UNKNOWN] if seat != seen.seat else []
        named = f" ({', '.join(card_name(shape, card, language) for card in known)})" if known else ""
        line = terminal_text(
            "player_line", name=names[seat], vp=player.vp, rubles=rubles, held=len(player.hand)
        )
        lines.append(f"  {line.in_language(language)}{named}{turn}")
        for colour, colour_kinds in enumerate(shape.kinds_of_colour):
            kinds = [k for k in colour_kinds if player.area[k]]
            if kinds:
                cards = ", ".join(
                    card_name(shape, k, language) + (f" x{player.area[k]}" if player.area[k] > 1 else "")
                    for k in kinds
                )
                lines.append(f"    {colour_name(colour, language)}: {cards}")
        if shape.market:
            goods = ", ".join(
                f"{good_word(good, language)} {count}" for good, count in enumerate(goods_counts(state, seat))
            )
            lines.append("    " + terminal_text("goods", goods=goods).in_language(language))
    if me is not None:
        hand = ", ".join(
            f"H{i + 1} {card_label(card, shape, language)}" for i, card in enumerate(me.hand)
        ) or terminal_text("hand_empty").in_language(language)
        your_hand = terminal_text("your_hand", held=len(me.hand), limit=me.hand_limit, hand=hand)
        lines.append(your_hand.in_language(language))
        if state.stage == STAGE_OBSERVED and state.current_player == seen.seat:
            drew = terminal_text("you_drew", card=card_label(state.drawn, shape, language))
            lines.append(drew.in_language(language))
    return "\n".join(lines)


def render_scores(seen: View, names: list[str], language: str = SOURCE) -> str:
    """The final scoring table and the winners."""
    state = seen.state
    best = winners(state)
    lines = [
        terminal_text("final_scoring").in_language(language),
        "  " + terminal_text("score_header").in_language(language),
    ]
    for line in final_scores(state):
        lines.append(
            f"  {names[line.seat]:<16} {line.play_vp:5d} {line.aristocrat_bonus:7d} {line.money_vp:6d}"
            f" {line.hand_penalty:5d} {line.total:6d} {line.rubles:7d}"
        )
    listed = listed_names([names[seat] for seat in best], language)
    lines.append(terminal_text("winner", names=listed).in_language(language))
    return "\n".join(lines)
