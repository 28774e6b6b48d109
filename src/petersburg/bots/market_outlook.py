"""*The Market* in VP for the bots: majorities, crates and jokers from one position.

A good's symbols are worth what they change in its majority at the market scorings still to come:
first and second place of this round (if its market scoring is still ahead) and of every round the
schedule expects after it (``evaluation.rounds_after``), at the round values the game's options give
(``engine.market_values``), against the other players' public counts (``engine.goods_counts``),
with ties as the options say (``engine.majority_points``). Nothing here re-implements a rule: the
places come from the engine, and this module only adds up what they are worth.

The projection holds today's counts for every scoring to come; a later scoring is the less certain
the farther it is, so the one ``j`` rounds ahead counts ``market_decay ** j`` of its values
(``Weights``). Because ``majority_points`` gives each player first place, second place or nothing,
its points are linear in the two values: a player's places are asked once (with values 1/0 and
0/1) and priced at the sums of the values still to come.

* **A card with goods** entering play is worth the change of its owner's majority VP; a trading card
  that displaces a card with goods also takes that card's symbols away (a named "?" included).
* **A "?" (joker)** is worth its best good: the bot names the good where the symbol gains most.
* **A crate** is worth its four symbols at every scoring where they pay more than keeping the crate
  costs (first place's value in rubles, at the worth of a ruble then); with ``unpaid_crate =
  discard`` an unpaid crate is gone, so it is kept while the sum so far is best (an optimal stopping
  point), with ``idle`` each scoring is decided alone.
* Greedy counts, besides its own change, what the other players lose: their summed loss times
  ``market_rival`` / sqrt(number of other players) (all of it in 2 players, where taking a first
  place away matters as much as taking one; tuned by greedy-vs-greedy tournaments).

Yellow cards' income is counted by ``evaluation.Schedule`` like any income (the market phase scores
the yellow colour); this module adds what the goods are worth.
"""

from __future__ import annotations

import math

from petersburg.bots.evaluation import Schedule, Weights, memo_of, schedule
from petersburg.cards_second_edition import JOKER, NO_GOOD, NUM_GOODS
from petersburg.engine import GameState, goods_counts, majority_points, market_values
from petersburg.engine.options import CRATE_DISCARD, JOKER_EACH_SCORING
from petersburg.engine.shape import MARKET_PHASE
from petersburg.engine.state import NO_CARD, STAGE_CRATE

Places = tuple[tuple[int, ...], tuple[int, ...]]
"""Per seat: 1 where it would score first place's value, and 1 where it would score second's."""

_PLACES: dict[tuple[tuple[int, ...], str], Places] = {}
Scorings = tuple[tuple[float, float, float], ...]
"""The market scorings still to come: (first value, second value, worth of a ruble then) each."""

_SCORINGS: dict[int, tuple[Weights, dict[tuple[int, int, bool, str], Scorings]]] = {}
"""The market scorings still to come for each set of weights (``memo_of``), by round, rounds left,
whether this round's is still to come, and the values' rule."""


def places(counts: tuple[int, ...], ties: str) -> Places:
    """Who scores first place's value and who second's for one good, as the engine scores it."""
    key = (counts, ties)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) > 50_000:
            _PLACES.clear()
        first = tuple(majority_points(counts, 1, 0, ties))
        second = tuple(majority_points(counts, 0, 1, ties))
        found = _PLACES[key] = (first, second)
    return found


def market_scorings(state: GameState, sched: Schedule) -> Scorings:
    """The market scorings still to come: (first value, second value, worth of a ruble then), each
    already weighted by how far ahead it lies (``Weights.market_decay``)."""
    shape = state.shape
    at = shape.position[MARKET_PHASE]
    this_round = shape.position[state.phase] <= at
    rounds_after = sched.rounds_after
    options = state.options
    known = memo_of(_SCORINGS, sched.weights, dict)
    key = (state.round, rounds_after, this_round, options.market_values)
    found = known.get(key)
    if found is not None:
        return found
    decay = sched.weights.market_decay
    per_round = shape.num_phases
    scorings = []
    for j in range(0 if this_round else 1, rounds_after + 1):
        first, second = market_values(state.round + j, options)
        share = decay**j
        phases_after = (rounds_after - j) * per_round + (per_round - 1 - at)
        scorings.append((share * first, share * second, sched.ruble(phases_after)))
    found = tuple(scorings)
    if len(known) > 4096:
        known.clear()
    known[key] = found
    return found


class MarketOutlook:
    """The goods of one position, ready to price a change (see the module docstring)."""

    __slots__ = (
        "counts",
        "crate_discard",
        "first",
        "num_players",
        "rival",
        "scorings",
        "second",
        "state",
        "ties",
    )

    def __init__(self, state: GameState, sched: Schedule) -> None:
        self.state = state
        self.num_players = state.num_players
        self.counts = [goods_counts(state, seat) for seat in range(state.num_players)]
        """Each seat's count of each good now (public)."""
        self.scorings = market_scorings(state, sched)
        self.first = sum(scoring[0] for scoring in self.scorings)
        """First place's value summed over the scorings to come (weighted)."""
        self.second = sum(scoring[1] for scoring in self.scorings)
        self.ties = state.options.market_ties
        self.crate_discard = state.options.unpaid_crate == CRATE_DISCARD
        self.rival = sched.weights.market_rival if state.num_players > 1 else 0.0

    # -- majorities ------------------------------------------------------------------------------

    def _column(self, good: int) -> list[int]:
        return [counts[good] for counts in self.counts]

    def _place_change(self, seat: int, good: int, amount: int, rival: float) -> tuple[float, float]:
        """(first, second) multipliers of what ``amount`` more symbols of ``good`` change for
        ``seat``, less ``rival`` / sqrt(others) times the other players' summed change."""
        column = self._column(good)
        before = places(tuple(column), self.ties)
        column[seat] += amount
        after = places(tuple(column), self.ties)
        own_first = after[0][seat] - before[0][seat]
        own_second = after[1][seat] - before[1][seat]
        if not rival:
            return float(own_first), float(own_second)
        others_first = sum(after[0]) - sum(before[0]) - own_first
        others_second = sum(after[1]) - sum(before[1]) - own_second
        share = rival / math.sqrt(self.num_players - 1)
        return own_first - share * others_first, own_second - share * others_second

    def change(self, seat: int, deltas: list[tuple[int, int]], now_only: bool = False) -> float:
        """What ``seat`` gains in majority VP if its counts change by ``deltas`` ((good, amount)
        pairs, amounts of one good added up): over every scoring to come, or this one alone."""
        if not self.scorings:
            return 0.0
        first, second = (self.scorings[0][0], self.scorings[0][1]) if now_only else (self.first, self.second)
        merged = [0] * NUM_GOODS
        for good, amount in deltas:
            merged[good] += amount
        gain = 0.0
        for good in range(NUM_GOODS):
            if merged[good]:
                first_change, second_change = self._place_change(seat, good, merged[good], self.rival)
                gain += first_change * first + second_change * second
        return gain

    def best_good(self, seat: int, symbols: int, now_only: bool = False) -> tuple[int, float]:
        """The good a "?" of ``seat`` gains most as (``symbols`` of it), and that gain."""
        best_good = 0
        best = -1e9
        for good in range(NUM_GOODS):
            gain = self.change(seat, [(good, symbols)], now_only)
            if gain > best:
                best_good, best = good, gain
        return best_good, best

    def _symbols_in_play(self, seat: int, kind: int) -> tuple[int, int]:
        """(good, symbols) that ``kind`` in ``seat``'s play area counts now; (NO_GOOD, 0) if none."""
        shape = self.state.shape
        good = shape.good_of[kind]
        if good == JOKER:
            market = self.state.market
            good = market.jokers[shape.joker_slot[kind]] if market is not None else NO_GOOD
        if good == NO_GOOD:
            return NO_GOOD, 0
        return good, shape.symbols[kind]

    # -- cards -----------------------------------------------------------------------------------

    def card_gain(self, seat: int, kind: int, displaced: int = NO_CARD) -> float:
        """What putting ``kind`` into ``seat``'s play area (displacing ``displaced``) changes in his
        majorities, with a "?" named best and a crate kept while it pays."""
        shape = self.state.shape
        good = shape.good_of[kind]
        if good == JOKER:
            return self.best_good(seat, shape.symbols[kind])[1]
        if kind in shape.crate_kinds:
            return self.crate_value(seat, kind, in_play=False, deciding=False, rival=self.rival)
        deltas: list[tuple[int, int]] = []
        if good != NO_GOOD:
            deltas.append((good, shape.symbols[kind]))
        if displaced != NO_CARD:
            lost, symbols = self._symbols_in_play(seat, displaced)
            if lost != NO_GOOD:
                deltas.append((lost, -symbols))
        return self.change(seat, deltas) if deltas else 0.0

    def crate_value(self, seat: int, crate: int, in_play: bool, deciding: bool, rival: float) -> float:
        """What ``crate`` is worth to ``seat`` from now on, net of what keeping it costs.

        ``in_play``: the crate is in the play area (its symbols counted now), else it would enter.
        ``deciding``: its owner pays for it at this scoring now, against letting it go (with
        ``idle`` that concerns this scoring alone). ``rival``: share of the other players' loss.
        """
        shape = self.state.shape
        good = shape.good_of[crate]
        symbols = shape.symbols[crate]
        if in_play:
            first_change, second_change = self._place_change(seat, good, -symbols, rival)
            first_change, second_change = -first_change, -second_change
        else:
            first_change, second_change = self._place_change(seat, good, symbols, rival)
        nets = [
            first_change * first + second_change * second - first * ruble
            for first, second, ruble in self.scorings
        ]
        if not nets:
            return 0.0
        if not self.crate_discard:
            # An idle crate comes back at the next scoring: each scoring is its own decision.
            if deciding:
                return nets[0]
            return sum(net for net in nets if net > 0.0)
        best = nets[0] if deciding else 0.0
        total = 0.0
        for net in nets:
            total += net
            if total > best:
                best = total
        return best

    def worth(self, seat: int) -> float:
        """``seat``'s majority VP over the scorings to come, its crates kept while they pay."""
        if not self.scorings:
            return 0.0
        value = 0.0
        for good in range(NUM_GOODS):
            first, second = places(tuple(self._column(good)), self.ties)
            value += first[seat] * self.first + second[seat] * self.second
        state = self.state
        shape = state.shape
        area = state.players[seat].area
        market = state.market
        idle = market.idle if market is not None else []
        for crate in shape.crate_kinds:
            if area[crate] and crate not in idle:
                # Its symbols are in the places above; count them only while they pay for the crate.
                first_change, second_change = self._place_change(
                    seat, shape.good_of[crate], -shape.symbols[crate], 0.0
                )
                gross = -(first_change * self.first + second_change * self.second)
                value += self.crate_value(seat, crate, in_play=True, deciding=False, rival=0.0) - gross
        return value


def market_outlook(state: GameState, weights: Weights) -> MarketOutlook | None:
    """The outlook of a Market game's position; None without the Market."""
    if not state.shape.market:
        return None
    return MarketOutlook(state, schedule(state, weights))


def decision_gain(outlook: MarketOutlook, kind: int, good: int, pay: bool) -> float:
    """Greedy gain of a Market decision for the player to act: naming ``good`` for the "?" at the
    head of the queue (``kind`` = KIND_JOKER), or paying (``pay``) or not for the crate there."""
    state = outlook.state
    market = state.market
    assert market is not None and market.queue
    seat, card = market.queue[0]
    if state.stage == STAGE_CRATE:
        if not pay:
            return 0.0
        return outlook.crate_value(seat, card, in_play=True, deciding=True, rival=outlook.rival)
    now_only = market.scoring and state.options.joker == JOKER_EACH_SCORING
    return outlook.change(seat, [(good, state.shape.symbols[card])], now_only)


def position_worths(state: GameState, weights: Weights) -> list[float]:
    """Every seat's position worth in VP: ``Schedule.evaluate`` plus, with the Market, its goods."""
    sched = schedule(state, weights)
    values = [sched.evaluate(state, seat) for seat in range(state.num_players)]
    outlook = market_outlook(state, weights)
    if outlook is not None:
        for seat in range(state.num_players):
            values[seat] += outlook.worth(seat)
    return values


__all__ = ["MarketOutlook", "decision_gain", "market_outlook", "market_scorings", "places", "position_worths"]
