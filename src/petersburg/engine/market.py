"""*The Market*'s scoring: round values, goods counted from play areas, income and majorities.

A player's count of a good is the number of its symbols on the cards in his play area (hand cards
do not count; a displaced card takes its symbol with it); a card with "?" adds one symbol of the
good its owner named; a crate left unpaid under ``unpaid_crate = idle`` counts nothing at the
scoring under way. The decisions before the scoring (crates, jokers) are part of the phase flow in
``rules``; this module holds the arithmetic, which anyone may ask (a client showing who leads a
good asks ``goods_counts`` and ``market_values`` rather than counting itself).
"""

from __future__ import annotations

from collections.abc import Sequence

from petersburg.cards_second_edition import ALL_RUBLES, MARKET_VALUES_CAPPED, NO_GOOD, NUM_GOODS, YELLOW
from petersburg.engine.options import TIES_SHARE, VALUES_OPEN, GameOptions
from petersburg.engine.shape import MARKET_PHASE
from petersburg.engine.state import GameState


def market_values(round_number: int, options: GameOptions) -> tuple[int, int]:
    """(first, second): the VP of first and second place of a good at this round's market scoring.

    ``capped``: 1/0, 2/1, 3/1, 4/2, 5/2, 6/3, and 6/3 from round 7 on; ``open``: round, round // 2.
    The first-place value is also what keeping a crate costs at that scoring.
    """
    if options.market_values == VALUES_OPEN:
        return round_number, round_number // 2
    return MARKET_VALUES_CAPPED[min(round_number, len(MARKET_VALUES_CAPPED)) - 1]


def goods_counts(state: GameState, seat: int) -> list[int]:
    """How many symbols of each good ``seat`` has in play now (index = good); all 0 without the Market."""
    counts = [0] * NUM_GOODS
    market = state.market
    if market is None:
        return counts
    shape = state.shape
    area = state.players[seat].area
    good_of = shape.good_of
    symbols = shape.symbols
    for kind in shape.goods_kinds:
        if area[kind] and kind not in market.idle:
            counts[good_of[kind]] += symbols[kind] * area[kind]
    for slot, kind in enumerate(shape.joker_kinds):
        good = market.jokers[slot]
        if area[kind] and good != NO_GOOD:
            counts[good] += symbols[kind]
    return counts


def majority_points(counts: Sequence[int], first: int, second: int, ties: str = TIES_SHARE) -> list[int]:
    """VP each player scores for one good from everyone's ``counts`` (docs/rules.md, The Market: scoring).

    Only counts of at least 1 take part. The highest count scores ``first``, the next-highest
    ``second``. Tied leaders each score ``first`` (``share``) or each ``second`` (``step_down``), and
    then nobody scores second place; with one leader, players tied for the next count each score
    ``second``; a lone player scores only ``first``.
    """
    points = [0] * len(counts)
    present = sorted({count for count in counts if count > 0}, reverse=True)
    if not present:
        return points
    leaders = [seat for seat, count in enumerate(counts) if count == present[0]]
    if len(leaders) > 1:
        for seat in leaders:
            points[seat] = first if ties == TIES_SHARE else second
        return points
    points[leaders[0]] = first
    if len(present) > 1:
        for seat, count in enumerate(counts):
            if count == present[1]:
                points[seat] = second
    return points


def market_income(state: GameState, seat: int) -> int:
    """Rubles ``seat`` receives at the market scoring: those printed on his yellow cards."""
    area = state.players[seat].area
    return sum(ALL_RUBLES[kind] * area[kind] for kind in state.shape.kinds_of_colour[YELLOW])


def good_points(state: GameState) -> list[list[int]]:
    """For each good, the VP each seat would score for it if the market scoring happened now
    (who leads a good is who would score first place)."""
    first, second = market_values(state.round, state.options)
    counts = [goods_counts(state, seat) for seat in range(state.num_players)]
    ties = state.options.market_ties
    return [majority_points([c[good] for c in counts], first, second, ties) for good in range(NUM_GOODS)]


def next_market_round(state: GameState) -> int:
    """The round whose market scoring comes next: this round's until its market phase (the crate
    decisions included) is over, else the next round's. Keeping a crate is paid at that scoring,
    before the market's income; a crate bought in the worker or market phase pays at once."""
    phases = state.shape.phases
    if state.phase in phases and phases.index(state.phase) <= phases.index(MARKET_PHASE):
        return state.round
    return state.round + 1


def crate_keep_price(state: GameState) -> int:
    """Rubles that keeping one crate costs at the next market scoring (its first place's value)."""
    return market_values(next_market_round(state), state.options)[0]


def crates_held(state: GameState, seat: int) -> int:
    """How many crates ``seat`` has in play (each is paid for at every market scoring)."""
    area = state.players[seat].area
    return sum(area[crate] for crate in state.shape.crate_kinds)


def crates_short(state: GameState, seat: int, spend: int = 0, more: int = 0) -> bool:
    """Whether ``seat``'s rubles, less ``spend`` (a price about to be paid), fall short of keeping
    his crates and ``more`` crates at the next market scoring (income before it not counted)."""
    due = (crates_held(state, seat) + more) * crate_keep_price(state)
    return due > 0 and state.players[seat].rubles - spend < due


def standing_if_named(state: GameState, good: int) -> tuple[int, int]:
    """What naming ``good`` for the "?" at the head of the Market's decisions changes for its
    owner: (his count of ``good``, the VP it would score him if the market scoring were now)."""
    market = state.market
    assert market is not None and market.queue
    seat, card = market.queue[0]
    trial = state.copy()
    assert trial.market is not None
    trial.market.jokers[state.shape.joker_slot[card]] = good
    return goods_counts(trial, seat)[good], good_points(trial)[good][seat]
