"""Feedback from the engine's events in Chromium: the log of a worker scoring names rubles, each
player's last move is named and marked, a scoring's result for you shows on the table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page

pytestmark = [pytest.mark.browser]

SUMMARIES_JS = """
window.__summaries = [];
document.addEventListener('DOMContentLoaded', () => {
  const box = document.getElementById('scoring-summary');
  new MutationObserver(() => { if (!box.hidden) window.__summaries.push(box.textContent); })
    .observe(box, {childList: true, characterData: true, subtree: true, attributes: true});
});
"""


def test_the_log_of_a_worker_scoring_names_rubles(server: str, browser: Any) -> None:
    table = create_table(server, "events-uid-0001", "Eva", seats=2, fill="greedy")
    context, page = open_page(browser, server, uid="events-uid-0001", name="Eva", scripts=(SUMMARIES_JS,))
    try:
        page.goto(f"{server}/table/{table}")
        page.click("#start")
        page.wait_for_selector("#board:not([hidden])")
        # Eva passes until the worker phase has been scored.
        for _ in range(20):
            if page.locator("#log .log-line:has-text('Worker scoring')").count():
                break
            page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
            before = int(page.evaluate("Number(document.body.dataset.seq)"))
            page.click("#pass")
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=15_000)
        line = page.inner_text("#log .log-line:has-text('Worker scoring')")
        assert "₽" in line and "you" in line.lower(), line
        page.wait_for_function("window.__summaries.some((t) => t.startsWith('Worker scoring:'))")
        # The bot's last move is named in its panel.
        assert page.locator("#player-list .player .last-move").count() == 1
        shot(page, "feedback/worker-scoring-1440", full_page=False)
        assert not page.errors
    finally:
        context.close()
