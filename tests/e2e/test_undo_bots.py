"""Undo against a bot in Chromium: the bot answers at once, and the person still takes back his move."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page, seq

pytestmark = [pytest.mark.browser]


def test_undo_of_a_persons_action_against_a_bot_succeeds(server: str, browser: Any) -> None:
    table = create_table(server, "undo-uid-00001", "Ulla", seats=2, fill="greedy")
    context, page = open_page(browser, server, uid="undo-uid-00001", name="Ulla")
    try:
        page.goto(f"{server}/table/{table}")
        page.click("#start")
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        board_before = page.inner_text("#board")
        me_before = page.inner_text("#me")
        before = seq(page)
        # Take a card into hand (a pass could end the phase, and new cards cannot be taken back).
        page.click(".row .card.actionable")
        page.wait_for_selector("dialog[open] .choice")
        page.click("dialog[open] .choice[data-text^='hand ']")
        # The bot answers; it is this person's turn again, and Undo is still offered.
        page.wait_for_function(
            f"document.body.dataset.myturn === '1' && Number(document.body.dataset.seq) >= {before + 2}",
            timeout=15_000,
        )
        assert page.get_attribute("#undo", "aria-disabled") == "false"
        shot(page, "undo/before-undo-1366", full_page=False)
        answered = seq(page)
        page.click("#undo")
        page.wait_for_function(f"Number(document.body.dataset.seq) > {answered}", timeout=15_000)
        page.wait_for_function("document.body.dataset.myturn === '1'")
        assert page.inner_text("#board") == board_before
        assert page.inner_text("#me") == me_before
        page.wait_for_selector(".chat-line:has-text('takes back their last action')")
        assert "and the 1 move after it" in page.inner_text("#chat") or "moves after it" in page.inner_text(
            "#chat"
        )
        assert not page.errors
    finally:
        context.close()
