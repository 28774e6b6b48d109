"""The bots' worth of goods and majorities: places as the engine scores them, what a card with
goods or a displacement changes, crates and jokers, and that the 1st edition is untouched."""

from __future__ import annotations

import itertools
import random

import pytest

from petersburg.bots import make_bot
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, schedule
from petersburg.bots.greedy import action_gains
from petersburg.bots.market_outlook import MarketOutlook, market_scorings, places, position_worths
from petersburg.engine import (
    STAGE_CRATE,
    STAGE_JOKER,
    GameOptions,
    GameState,
    apply_action,
    final_scores,
    legal_actions,
    majority_points,
    market_values,
    new_game,
    view,
)
from petersburg.engine.actions import ACTION_KIND, KIND_PAY_CRATE

from .test_editions import market_states

MARKET = GameOptions(edition="second", market=True)


@pytest.mark.parametrize("ties", ["share", "step_down"])
def test_places_score_as_the_engine_does(ties: str) -> None:
    for counts in itertools.product(range(4), repeat=3):
        first, second = places(counts, ties)
        assert [6 * a + 1 * b for a, b in zip(first, second, strict=True)] == majority_points(
            counts, 6, 1, ties
        )


def _outlook(state: GameState) -> MarketOutlook:
    return MarketOutlook(state, schedule(state, DEFAULT_WEIGHTS))


def test_a_first_symbol_of_a_good_nobody_has_is_worth_every_first_place_to_come() -> None:
    state = new_game(2, 3, MARKET)
    outlook = _outlook(state)
    scorings = market_scorings(state, schedule(state, DEFAULT_WEIGHTS))
    assert scorings and scorings[0][:2] == market_values(
        state.round, state.options
    )  # this round counts fully
    chick, hen = 60, 61  # one and two chicken symbols
    assert outlook.card_gain(0, chick) == pytest.approx(sum(s[0] for s in scorings))
    assert outlook.card_gain(0, hen) == outlook.card_gain(0, chick)  # more symbols change no place
    assert outlook.card_gain(0, 0) == 0.0  # a card without goods


def test_catching_up_taking_the_lead_and_losing_symbols_by_displacement() -> None:
    state = new_game(3, 5, MARKET)
    chick, hen, coop = 60, 61, 62
    state.players[1].area[hen] = 1  # seat 1 leads chicken with 2
    state.players[0].area[chick] = 1
    outlook = _outlook(state)
    # Seat 0 (1 chicken, second place) takes the lead alone with 2 more; with 1 more it ties (shares first).
    lead = outlook.card_gain(0, hen)
    tie = outlook.card_gain(0, chick)
    assert lead > tie > 0.0
    # Displacing the Chick with a card without goods loses second place: a loss.
    displaced = outlook.card_gain(0, 0, displaced=chick)
    assert displaced < 0.0
    # For seat 2 the same Coop is worth first place outright (3 > 2), more than seat 0's tie.
    assert outlook.card_gain(2, coop) > tie


def test_greedy_names_the_joker_where_it_gains_most() -> None:
    states = market_states(8, seed=11, stages=(STAGE_JOKER,))
    for state in states:
        actions = legal_actions(state)
        gains = action_gains(state, actions)
        assert state.market is not None
        seat, card = state.market.queue[0]
        # Named anew at each scoring, a "?" named at a scoring counts for that scoring alone.
        now_only = state.market.scoring and state.options.joker == "each_scoring"
        _, best = _outlook(state).best_good(seat, state.shape.symbols[card], now_only)
        assert max(gains) == pytest.approx(best)
        chosen = make_bot("greedy", 0).choose(view(state, seat))
        assert gains[actions.index(chosen)] == max(gains)  # equal gains: any of them


def _set_good(state: GameState, good: int, owner_count: dict[int, int]) -> None:
    """Give each listed seat exactly ``count`` symbols of ``good`` besides its crate (Chick-type
    cards of one symbol), and nobody a named "?"."""
    shape = state.shape
    assert state.market is not None
    state.market.jokers = [-1] * len(state.market.jokers)
    single = next(k for k in shape.goods_kinds if shape.good_of[k] == good and shape.symbols[k] == 1)
    for seat, count in owner_count.items():
        area = state.players[seat].area
        for kind in shape.goods_kinds:
            if shape.good_of[kind] == good and kind not in shape.crate_kinds:
                area[kind] = 0
        area[single] = count


def test_a_crate_is_worth_paying_for_by_the_majorities_it_holds() -> None:
    """A crate whose good others hold far more of is let go; one that alone holds a first place is
    worth more (paid for unless rubles are dearer than the places, as early in a solo game)."""
    paid = 0
    for state in market_states(8, seed=12, stages=(STAGE_CRATE,)):
        assert state.market is not None
        seat, crate = state.market.queue[0]
        good = state.shape.good_of[crate]
        others = [other for other in range(state.num_players) if other != seat]
        actions = legal_actions(state)
        pay = next(i for i, a in enumerate(actions) if ACTION_KIND[a] == KIND_PAY_CRATE)
        hopeless = state.copy()
        _set_good(hopeless, good, dict.fromkeys(others, 20))
        winning = state.copy()
        _set_good(winning, good, {seat: 0, **dict.fromkeys(others, 0)})
        hopeless_gains, winning_gains = action_gains(hopeless, actions), action_gains(winning, actions)
        assert hopeless_gains[1 - pay] == winning_gains[1 - pay] == 0.0  # letting it go: the measure
        if others:  # (alone, both are the same position)
            assert winning_gains[pay] > hopeless_gains[pay]
            assert hopeless_gains[pay] < 0.0
            assert make_bot("greedy", 0).choose(view(hopeless, seat)) == actions[1 - pay]
            paid += make_bot("greedy", 0).choose(view(winning, seat)) == actions[pay]
    assert paid > 0


def test_first_edition_position_worth_is_the_schedule_alone() -> None:
    rng = random.Random(2)
    state = new_game(3, 8)
    for _ in range(60):
        apply_action(state, rng.choice(legal_actions(state)))
    sched = schedule(state, DEFAULT_WEIGHTS)
    assert position_worths(state, DEFAULT_WEIGHTS) == [sched.evaluate(state, seat) for seat in range(3)]


def test_greedy_beats_random_in_two_player_market_games() -> None:
    wins = 0
    for game in range(12):
        state = new_game(2, 500 + game, MARKET)
        bots = [make_bot("greedy" if seat == game % 2 else "random", game * 10 + seat) for seat in range(2)]
        while not state.is_over:
            apply_action(state, bots[state.current_player].choose(view(state, state.current_player)))
        totals = [line.total for line in final_scores(state)]
        wins += totals[game % 2] > totals[1 - game % 2]
    assert wins >= 11
