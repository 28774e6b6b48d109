"""Builders for hand-made positions in rule tests."""

from __future__ import annotations

from collections.abc import Iterable

from petersburg.cards import Card
from petersburg.cards_second_edition import ALL_CARD_BY_ID, ALL_DECK
from petersburg.engine import (
    GameOptions,
    GameState,
    action_price,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_action,
)
from petersburg.engine.state import STAGE_ACTIONS


def c(card_id: str) -> Card:
    """The card kind of a string id."""
    return ALL_CARD_BY_ID[card_id]


def cards(ids: Iterable[str]) -> list[Card]:
    return [c(i) for i in ids]


def position(
    players: int = 2,
    *,
    phase: int = 0,
    upper: Iterable[str] = (),
    lower: Iterable[str] = (),
    to_act: int = 0,
    options: GameOptions | None = None,
    seed: int = 1,
) -> GameState:
    """A game in ``phase`` with the given rows, every player with 25 rubles and nothing in play;
    ``to_act`` holds every start-player marker.

    The cards placed on the board are not removed from the stacks: card conservation does not
    hold in such a position, which rule tests do not need.
    """
    state = new_game(players, seed, options)
    state.upper = cards(upper)
    state.lower = cards(lower)
    state.phase = phase
    state.stage = STAGE_ACTIONS
    state.to_act = to_act
    state.markers = [to_act] * state.shape.num_phases
    return state


def conserve_cards(state: GameState) -> None:
    """Make a hand-made position hold every card of the game exactly once, as ``determinize``
    needs: cards on the board, in hands and in play areas come out of their stacks, and the cards
    then missing everywhere (the opening workers ``position`` replaced) go to the discards."""
    shape = state.shape
    held = [0] * len(shape.count)
    for card in [*state.upper, *state.lower, *state.discards]:
        held[card] += 1
    for player in state.players:
        for card in [*player.hand, *player.area_cards()]:
            held[card] += 1
    for kind in shape.kinds:
        stack = state.stacks[ALL_DECK[kind]]
        for _ in range(min(stack.count(kind), held[kind])):
            stack.remove(kind)
        state.discards.extend([kind] * max(0, shape.count[kind] - held[kind] - stack.count(kind)))


def give(state: GameState, seat: int, *card_ids: str) -> None:
    """Put cards into ``seat``'s play area."""
    for card_id in card_ids:
        state.players[seat].area[c(card_id)] += 1


def hand(state: GameState, seat: int, *card_ids: str) -> None:
    """Put cards into ``seat``'s hand (kept sorted, as the engine keeps it)."""
    state.players[seat].hand = sorted(state.players[seat].hand + cards(card_ids))


def secret_hand(state: GameState, seat: int, *card_ids: str) -> None:
    """Put cards into ``seat``'s hand as if drawn with an Observatory (only that seat knows them)."""
    hand(state, seat, *card_ids)
    player = state.players[seat]
    player.secret_hand = tuple(sorted([*player.secret_hand, *cards(card_ids)]))


def act(state: GameState, *texts: str) -> None:
    """Apply actions given as text, validated."""
    for text in texts:
        apply_action(state, parse_action(text))


def legal_texts(state: GameState) -> list[str]:
    return [format_action(a) for a in legal_actions(state)]


def price_of(state: GameState, text: str) -> int:
    return action_price(state, parse_action(text))
