"""When keeping a crate is paid and what it costs: the figures a page shows on buying one."""

from __future__ import annotations

from petersburg.engine.market import crate_keep_price, crates_held, crates_short, next_market_round
from petersburg.engine.options import GameOptions
from petersburg.engine.shape import BUILDING_PHASE, MARKET_PHASE, WORKER_PHASE

from .helpers import give, position

WITH_MARKET = GameOptions(edition="second", market=True)


def test_a_crate_bought_before_the_market_scoring_pays_this_round_else_the_next() -> None:
    for phase, due in ((WORKER_PHASE, 4), (MARKET_PHASE, 4), (BUILDING_PHASE, 5)):
        state = position(2, phase=phase, options=WITH_MARKET)
        state.round = 4
        assert next_market_round(state) == due
        assert crate_keep_price(state) == (4 if due == 4 else 5)  # capped values: 4/2, then 5/2


def test_the_rubles_left_are_compared_with_every_crate_held() -> None:
    state = position(2, phase=MARKET_PHASE, options=WITH_MARKET)
    state.round = 3
    give(state, 0, "m_fish_box", "m_apple_box")
    state.players[0].rubles = 10
    assert crates_held(state, 0) == 2 and crate_keep_price(state) == 3
    assert not crates_short(state, 0)  # 2 × 3 ≤ 10
    assert not crates_short(state, 0, spend=1, more=1)  # 3 × 3 ≤ 9
    assert crates_short(state, 0, spend=2, more=1)  # 3 × 3 > 8
    assert not crates_short(state, 1, spend=25)  # no crate, nothing due
