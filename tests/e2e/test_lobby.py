"""The lobby in Chromium: a person's own tables come first, the one where it is his turn first of
all and marked "your turn", then other people's tables in the server's order (newest first)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page

pytestmark = [pytest.mark.browser]

LIA = "lobby-uid-lia-0001"
MAX = "lobby-uid-max-0002"

ROWS_JS = """[...document.querySelectorAll('#tables .table-row')].map((row) => ({
    table: Number(row.dataset.table), mine: row.classList.contains('mine'),
    badge: row.querySelector('.turn-badge') ? row.querySelector('.turn-badge').textContent : null}))"""


def test_your_tables_come_first_with_your_turn_marked(server: str, browser: Any) -> None:
    turn_table = create_table(server, LIA, "Lia", seats=2, fill="greedy", title="Lia plays")
    waiting_table = create_table(server, LIA, "Lia", seats=3, title="Lia waits")
    # Other people's tables are newer: listed newest first, they would be on top.
    others = [create_table(server, MAX, "Max", seats=2, title=f"Max's {n}") for n in ("first", "second")]
    sizes = {"phone": (390, 844), "desktop": (1366, 900)}
    context, page = open_page(browser, server, uid=LIA, name="Lia")
    try:
        page.goto(f"{server}/table/{turn_table}")
        page.click("#start")
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        for size, (width, height) in sizes.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{server}/")
            page.wait_for_function(
                "document.querySelectorAll('#tables .table-row').length === 4", timeout=15_000
            )
            rows = page.evaluate(ROWS_JS)
            assert [row["table"] for row in rows] == [turn_table, waiting_table, *reversed(others)], rows
            assert [row["mine"] for row in rows] == [True, True, False, False], rows
            assert [row["badge"] for row in rows] == ["your turn", None, None, None], rows
            # The first row offers to open the game; the others' open tables to join them.
            assert (
                page.locator(f"#tables .table-row[data-table='{turn_table}'] a:has-text('Open')").count() == 1
            )
            assert page.locator(f"#tables .table-row[data-table='{others[1]}'] [data-join]").count() == 1
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), size
            page.locator("#tables").scroll_into_view_if_needed()
            shot(page, f"lobby/your-tables-first-{size}", full_page=False)
        assert not page.errors
    finally:
        context.close()


FORM_JS = """(() => {
    const f = document.getElementById('create-form').elements;
    const off = (select) => [...select.options].filter((o) => o.disabled).map((o) => o.value);
    return {
        market: [f.market.disabled, f.market.checked], seats: f.seats.value, seatsOff: off(f.seats),
        options: document.getElementById('market-options').hidden, joker: f.joker.disabled,
        board: f.market_board.value, boardOff: off(f.market_board),
        marker: f.double_marker_seat.disabled, markerSeat: f.double_marker_seat.value,
        markerOff: off(f.double_marker_seat),
    };
})()"""


def form_state(page: Any) -> dict[str, Any]:
    """What the create form offers now: which choices are off, and what is chosen."""
    return dict(page.evaluate(FORM_JS))


def test_the_create_form_offers_only_options_that_go_together(server: str, browser: Any) -> None:
    """The Market with the 2nd edition; its options and a 5th seat with the Market; the 8-card board
    below 5 seats; the marker seat at 3 seats (any with the Market), among the table's seats."""
    context, page = open_page(browser, server, uid=LIA, name="Lia")
    try:
        page.goto(f"{server}/")
        start = form_state(page)
        assert start["market"] == [True, False] and start["seatsOff"] == ["5"] and start["options"]
        assert start["marker"] and start["seats"] == "2"
        page.select_option("select[name=seats]", "3")
        three = form_state(page)
        assert not three["marker"] and three["markerOff"] == ["3", "4"]
        page.click("#more-options > summary")  # the expert options are folded away
        page.select_option("select[name=double_marker_seat]", index=3)  # seat 3 (value "2")
        page.select_option("select[name=edition]", "second")
        page.check("input[name=market]")
        page.select_option("select[name=seats]", "5")
        page.select_option("select[name=double_marker_seat]", index=5)  # seat 5 (value "4")
        market = form_state(page)
        assert market["market"] == [False, True] and market["seatsOff"] == [] and not market["options"]
        assert not market["joker"] and market["board"] == "10" and market["boardOff"] == ["8"]
        assert not market["marker"] and market["markerOff"] == [] and market["markerSeat"] == "4"
        page.select_option("select[name=seats]", "4")
        page.select_option("select[name=market_board]", "8")
        four = form_state(page)
        assert four["boardOff"] == [] and four["markerOff"] == ["4"] and four["markerSeat"] == ""
        page.select_option("select[name=seats]", "5")
        assert form_state(page)["board"] == "10"
        page.uncheck("input[name=market]")
        plain = form_state(page)
        assert plain["seats"] == "4" and plain["seatsOff"] == ["5"] and plain["options"] and plain["joker"]
        assert plain["marker"]
        page.check("input[name=market]")
        page.select_option("select[name=edition]", "first")
        first = form_state(page)
        assert first["market"] == [True, False] and first["options"] and first["seatsOff"] == ["5"]
        assert not page.errors
    finally:
        context.close()
