"""The rules and help page: reachable from the lobby and every table, its cards generated from the
catalogue of both editions, the chat commands and bot levels from the server."""

from __future__ import annotations

from typing import Any

import pytest

from petersburg.bots.levels import built_in_levels, quoted_duel
from petersburg.engine.shape import FIRST, MARKET, SECOND
from petersburg.text.bots import level_name, level_text
from tests.e2e.pages import create_table, open_page

pytestmark = [pytest.mark.browser]


def test_the_rules_page_is_reachable_and_lists_every_card(server: str, browser: Any) -> None:
    table = create_table(server, "rules-uid-00001", "Rita", seats=2)
    context, page = open_page(browser, server, uid="rules-uid-00001", name="Rita", width=1366, height=900)
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#seats-panel:not([hidden])")
        page.click(".topbar .rules-link")
        page.wait_for_url("**/help")
        page.wait_for_selector("#editions details[open] tbody tr")
        counts = page.evaluate(
            "[...document.querySelectorAll('#editions table')].map((t) => t.tBodies[0].rows.length)"
        )
        assert counts == [len(FIRST.kinds), len(SECOND.kinds), len(MARKET.kinds)]
        first = page.inner_text("#editions details:nth-of-type(1) tr[data-card=mariinskij_theater]")
        assert "Mariinskij Theater" in first and "1 ruble more per red card" in first
        second = page.eval_on_selector(
            "#editions details:nth-of-type(2) tr[data-card=mariinskij_theater]", "(row) => row.textContent"
        )
        assert "Mariinsky Theater" in second and "1 VP more per red card" in second and "15₽" in second
        assert "/bot <level> [seat]" in page.inner_text("#commands")
        assert "Expert" in page.inner_text("#bot-levels-help")
        # The levels in the measured table's order, each sentence quoting its figures (the built-in
        # ones: a bot another test registered in this process is not the server's).
        levels = built_in_levels()
        names = page.locator("#bot-levels-help dt").all_inner_texts()
        assert names[: len(levels)] == [level_name(level.id) for level in levels]
        sentences = page.locator("#bot-levels-help dd").all_inner_texts()
        assert sentences[0] == level_text(
            levels[0].id, quoted=quoted_duel(levels[0]), futures=levels[0].futures
        )
        # From the lobby too, and from a phone's table page through the "?" overlay.
        page.click(".back-link")
        page.wait_for_selector(".topbar .rules-link")
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#seats-panel:not([hidden])")
        assert page.is_hidden(".topbar .rules-link")
        page.click("#help-button")
        page.click("dialog[open] #rules-link-help")
        page.wait_for_url("**/help")
        assert not page.errors
    finally:
        context.close()
