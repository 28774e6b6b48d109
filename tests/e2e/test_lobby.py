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
