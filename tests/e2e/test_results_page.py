"""After the game in Chromium: the final board shows every player's rubles, and the results page
shows each player's score by source (adding up to the total) and a chart of VP round by round."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import RESULTS_DRAWN, create_table, open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_final_board_and_the_results_page(server: str, browser: Any) -> None:
    table = create_table(
        server, "final-uid-00001", "Fay", seats=3, sit=False, fill="greedy", options={"always_refill": True}
    )
    context, page = open_page(browser, server, uid="final-uid-00001", name="Fay", width=1366, height=900)
    try:
        page.goto(f"{server}/table/{table}")
        page.click("#start")
        page.wait_for_selector("dialog.final-dialog[open]", timeout=120_000)
        page.click("dialog[open] .dialog-close")
        with urllib.request.urlopen(f"{server}/api/tables/{table}/replay", timeout=10) as response:
            result = json.load(response)["result"]
        rubles = [line["rubles"] for line in result["scores"]]
        players = page.inner_text("#players")
        assert "?₽" not in players
        for amount in rubles:
            assert f"{amount}₽" in players
        page.goto(f"{server}/results/{table}")
        page.wait_for_selector(RESULTS_DRAWN)
        totals = page.evaluate(
            """() => [...document.querySelectorAll('#sources-table tr.total td')]
                .map((td) => Number(td.textContent))"""
        )
        assert totals == [line["total"] for line in result["scores"]]
        sums = page.evaluate(
            """() => { const rows = [...document.querySelectorAll('#sources-table tbody tr')].slice(0, -2);
                const cell = (row, i) => Number(row.querySelectorAll('td')[i].textContent);
                return [...rows[0].querySelectorAll('td')].map((_, i) =>
                    rows.reduce((sum, row) => sum + cell(row, i), 0)); }"""
        )
        assert sums == totals
        assert page.locator("#vp-chart polyline").count() == 3
        assert "VP at the end of each round" in (page.get_attribute("#vp-chart", "aria-label") or "")
        shot(page, "results/results-1366", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "results/results-390", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert not page.errors
    finally:
        context.close()
