"""Turn alerts in Chromium: offered once, the notification permission asked for and granted, and a
notification shown when the turn comes back to a page in the background."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page, seq

pytestmark = [pytest.mark.browser]

# The page is in the background (another tab is in front), and every notification it shows is
# recorded before the browser's own Notification shows it.
BACKGROUND_AND_NOTIFICATIONS_JS = """
Object.defineProperty(document, 'visibilityState', {get: () => window.__visibility || 'hidden'});
Object.defineProperty(document, 'hidden', {get: () => (window.__visibility || 'hidden') !== 'visible'});
window.__notifications = [];
const Original = window.Notification;
window.Notification = class extends Original {
  constructor(title, options) {
    window.__notifications.push({title, body: (options || {}).body || ''});
    super(title, options);
  }
};
"""


def test_a_background_page_is_notified_when_its_turn_comes(server: str, browser: Any) -> None:
    table = create_table(server, "alert-uid-0001", "Nora", seats=2, fill="greedy")
    context, page = open_page(
        browser, server, uid="alert-uid-0001", name="Nora", scripts=(BACKGROUND_AND_NOTIFICATIONS_JS,)
    )
    context.grant_permissions(["notifications"], origin=server)
    try:
        page.goto(f"{server}/table/{table}")
        page.click("#start")
        page.wait_for_selector("#alerts-offer:not([hidden]) #alerts-yes")
        shot(page, "alerts/offer-1366", full_page=False)
        page.click("#alerts-yes")
        page.wait_for_selector("#alerts-button[aria-pressed=true]")
        assert page.evaluate("Notification.permission") == "granted"
        assert page.evaluate("localStorage.getItem('pb_turn_alerts')") == "on"
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        notified = page.evaluate("window.__notifications.length")
        before = seq(page)
        page.click(".row .card.actionable")
        page.click("dialog[open] .choice[data-text^='hand ']")
        page.wait_for_function(
            f"document.body.dataset.myturn === '1' && Number(document.body.dataset.seq) >= {before + 2}",
            timeout=15_000,
        )
        page.wait_for_function(f"window.__notifications.length > {notified}")
        note = page.evaluate("window.__notifications.at(-1)")
        assert note["title"] == "Your turn" and "Your turn" in note["body"]
        assert page.title().startswith("● Your turn")
        # Remembered per browser: a reload neither asks again nor forgets the choice.
        page.reload()
        page.wait_for_selector("#alerts-button[aria-pressed=true]")
        assert page.is_hidden("#alerts-offer")
        assert not page.errors
    finally:
        context.close()
