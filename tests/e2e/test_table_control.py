"""Who may do what at a table, as people see it in Chromium: a name before anything else, the
creator's controls for the creator alone, spectators named as such, leaving with a confirmation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page, table_summary

pytestmark = [pytest.mark.browser]

# A raw websocket from the page itself: what a visitor could send by hand, past the page's buttons.
SEND_RAW_JS = """
([uid, message]) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}${location.pathname.replace('/table/', '/ws/table/')}`);
  ws.onopen = () => ws.send(JSON.stringify({type: 'hello', uid, name: 'Vic'}));
  ws.onmessage = (event) => {
    const m = JSON.parse(event.data);
    if (m.type === 'update' && !ws.sent) { ws.sent = true; ws.send(JSON.stringify(message)); }
    else if (m.type === 'error') { ws.close(); resolve(m.message); }
  };
  setTimeout(() => reject(new Error('no answer')), 10000);
})
"""


def seats_of(base: str, table: int) -> list[dict[str, Any]]:
    return list(table_summary(base, table)["seats"])


def test_a_visitor_cannot_change_another_persons_table(server: str, browser: Any) -> None:
    table = create_table(server, "creator-uid-0001", "Alice", seats=3)
    context, page = open_page(browser, server, uid="visitor-uid-001", name="Vic")
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#seats-panel:not([hidden]) [data-sit]")
        # The page offers a visitor a free seat, never the creator's controls.
        assert page.locator("[data-bot], [data-botlevel], #start").count() == 0
        assert page.locator("[data-clear]").count() == 0
        assert "created this table" in page.inner_text("#start-wait")
        assert "null" not in page.inner_text("#seats-panel")
        # Sent by hand past the page, the server refuses it, and the table is unchanged.
        before = seats_of(server, table)
        for message in ({"type": "bot", "seat": 1, "level": "random"}, {"type": "start"}):
            answer = page.evaluate(SEND_RAW_JS, ["visitor-uid-001", message])
            assert "Only the player who created this table" in answer
        assert seats_of(server, table) == before
        shot(page, "control/visitor-1366", full_page=False)
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "control/visitor-390", full_page=False)
        assert not page.errors
    finally:
        context.close()


def test_joining_by_link_asks_for_a_name_first(server: str, browser: Any) -> None:
    table = create_table(server, "creator-uid-0002", "Alice", seats=3)
    alice_context, alice = open_page(browser, server, uid="creator-uid-0002", name="Alice")
    # A friend who follows the link has never chosen a name in this browser.
    bea_context, bea = open_page(browser, server, width=390, height=844)
    carl_context, carl = open_page(browser, server, uid="carl-uid-00003", name="Carl")
    try:
        alice.goto(f"{server}/table/{table}")
        alice.wait_for_selector("#seats-panel:not([hidden]) [data-bot='1']")
        bea.goto(f"{server}/table/{table}")
        bea.wait_for_selector("#name-panel:not([hidden]) #name-input")
        # Nothing else comes first: no seats, no chat, no connection yet.
        assert bea.is_hidden("#seats-panel") and bea.is_hidden("#chat-panel")
        assert bea.evaluate("document.activeElement.id") == "name-input"
        shot(bea, "control/name-390", full_page=False)
        bea.fill("#name-input", "Bea")
        bea.click("#name-form button")
        bea.wait_for_selector("#seats-panel:not([hidden]) [data-sit='1']")
        bea.click("[data-sit='1']")
        bea.wait_for_selector(".seat-row:nth-child(2) .seat-who:has-text('Bea (you)')")
        alice.wait_for_selector(".seat-row:nth-child(2) .seat-who:has-text('Bea')")
        # Chat lines name the speaker: a seat by its name, someone watching as a spectator.
        bea.fill("#chat-input", "hello from Bea")
        bea.press("#chat-input", "Enter")
        carl.goto(f"{server}/table/{table}")
        carl.wait_for_selector("#seats-panel:not([hidden])")
        carl.fill("#chat-input", "just watching")
        carl.press("#chat-input", "Enter")
        alice.wait_for_selector(".chat-line:has-text('Carl (spectator): just watching')")
        assert "Bea: hello from Bea" in alice.inner_text("#chat")
        # The creator fills the last seat with a bot and starts; Bea leaves after confirming.
        alice.click("[data-bot='2']")
        alice.wait_for_selector("#start:not([disabled])")
        alice.click("#start")
        bea.wait_for_selector("#board:not([hidden])")
        bea.wait_for_selector("#leave:not([hidden])")
        assert carl.is_hidden("#leave")
        bea.click("#leave")
        bea.wait_for_selector("dialog[open] #leave-confirm")
        bea.click("dialog[open] .dialog-close")  # "Stay": nothing changes
        assert seats_of(server, table)[1]["kind"] == "human"
        bea.click("#leave")
        bea.click("dialog[open] #leave-confirm")
        bea.wait_for_selector("#leave", state="hidden")
        left = seats_of(server, table)[1]
        assert (left["kind"], left["name"], left["bot"]) == (
            "bot",
            "Bea (bot)",
            "easy",
        )  # the Easy level: greedy play
        assert not alice.errors and not bea.errors and not carl.errors
    finally:
        for context in (alice_context, bea_context, carl_context):
            context.close()
