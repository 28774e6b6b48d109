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


CARD_IDS = "(nodes) => nodes.map((n) => n.dataset.card)"


def _take_from_upper_row(page: Any, which: int) -> tuple[int, str]:
    """Buy (or else take into hand) a card of the upper row the player can act on (``which``: its
    index among them, -1 the last); returns its place in the row and the choice taken."""
    keys = page.eval_on_selector_all(
        "#upper .card.actionable", "(nodes) => nodes.map((n) => n.dataset.focusKey)"
    )
    slot = int(keys[which].split(":")[1])
    before = int(page.evaluate("Number(document.body.dataset.seq)"))
    page.click(f"#upper [data-focus-key='upper:{slot}']")
    page.wait_for_selector("dialog[open] .choice")
    texts = page.eval_on_selector_all("dialog[open] .choice", "(nodes) => nodes.map((b) => b.dataset.text)")
    choice = next((t for t in texts if t.startswith("buy ") and " over " not in t), None) or next(
        t for t in texts if t.startswith("hand ")
    )
    page.click(f"dialog[open] .choice[data-text='{choice}']")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=15_000)
    return slot, choice


def _gaps(page: Any) -> list[dict[str, Any]]:
    """The marked gaps of the upper row: place among the row's entries, seat, name and words."""
    return list(
        page.evaluate(
            """[...document.querySelectorAll('#upper > li')].map((li, place) =>
                li.classList.contains('board-gap') ? {place, seat: Number(li.dataset.seat),
                who: li.querySelector('.gap-who').textContent,
                what: li.querySelector('.gap-what').textContent} : null).filter(Boolean)"""
        )
    )


def test_the_place_of_a_move_on_the_board_carries_the_players_name(server: str, browser: Any) -> None:
    table = create_table(server, "gapmark-uid-0001", "Eva", seats=1)
    eva_context, eva = open_page(browser, server, uid="gapmark-uid-0001", name="Eva")
    guest_context, guest = open_page(browser, server, uid="gapmark-uid-0002", name="Sam")
    try:
        eva.goto(f"{server}/table/{table}")
        eva.click("#start")
        eva.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        guest.goto(f"{server}/table/{table}")
        guest.wait_for_selector("#board:not([hidden])")
        row_before = eva.eval_on_selector_all("#upper .card", CARD_IDS)
        slot, choice = _take_from_upper_row(eva, -1)
        verb = "bought" if choice.startswith("buy ") else "took"
        # The card left the row: its place is a gap marked "You" for Eva, "Eva" for everybody else.
        for page, who in ((eva, "You"), (guest, "Eva")):
            seq = eva.evaluate("Number(document.body.dataset.seq)")
            page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=15_000)
            gaps = _gaps(page)
            assert len(gaps) == 1, gaps
            assert gaps[0]["place"] == slot and gaps[0]["seat"] == 0 and gaps[0]["who"] == who, gaps
            assert gaps[0]["what"].startswith(verb), gaps
            cards_now = page.eval_on_selector_all("#upper .card", CARD_IDS)
            assert cards_now == row_before[:slot] + row_before[slot + 1 :]
        spoken = guest.inner_text(f"#upper > li:nth-child({slot + 1})")
        assert "Eva" in spoken and verb in spoken
        # A later move of the same phase moves the mark: one per player.
        # (Taking a card into hand is always open to a solo player with an empty hand.)
        second_slot, _ = _take_from_upper_row(eva, 0)
        gaps = _gaps(eva)
        assert len(gaps) == 1 and gaps[0]["who"] == "You", gaps
        assert gaps[0]["place"] == second_slot, (second_slot, gaps)
        # Passing ends the solo phase: the next stack's cards are dealt and the gaps close.
        before = int(eva.evaluate("Number(document.body.dataset.seq)"))
        eva.click("#pass")
        eva.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=15_000)
        assert _gaps(eva) == []
        assert not eva.errors and not guest.errors
    finally:
        eva_context.close()
        guest_context.close()


def test_board_marks_mid_game_on_a_phone_and_a_desktop(server: str, browser: Any) -> None:
    """Eva and three bots: once the board shows the marks of two players or more on Eva's turn, both
    screen sizes show them as gaps of a card's size, inside the screen's width, with whole names."""
    table = create_table(server, "gapmark-uid-0003", "Eva", seats=4, fill="greedy")
    sizes = {"phone": (390, 844), "desktop": (1366, 900)}
    pages = {
        size: open_page(browser, server, width=w, height=h, uid="gapmark-uid-0003", name="Eva")
        for size, (w, h) in sizes.items()
    }
    desktop = pages["desktop"][1]
    try:
        desktop.goto(f"{server}/table/{table}")
        desktop.click("#start")
        for turn in range(12):
            desktop.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
            if turn and len(_gaps(desktop)) >= 2:
                break
            if desktop.locator("#upper .card.actionable").count():
                _take_from_upper_row(desktop, -1)
            else:
                before = int(desktop.evaluate("Number(document.body.dataset.seq)"))
                desktop.click("#pass")
                desktop.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=15_000)
        gaps = _gaps(desktop)
        assert len(gaps) >= 2, gaps
        now = int(desktop.evaluate("Number(document.body.dataset.seq)"))
        for size, (_, page) in pages.items():
            if page is not desktop:
                page.goto(f"{server}/table/{table}")
            page.wait_for_function(f"Number(document.body.dataset.seq) === {now}", timeout=15_000)
            assert _gaps(page) == gaps
            fit = page.evaluate(
                """(() => {
                const card = document.querySelector('#upper .card, #lower .card').getBoundingClientRect();
                return [...document.querySelectorAll('.gap-mark')].map((mark) => {
                  const box = mark.getBoundingClientRect();
                  const who = mark.querySelector('.gap-who');
                  return {height: Math.abs(box.height - card.height) < 2,
                          width: Math.abs(box.width - card.width) < 2,
                          inside: box.right <= document.documentElement.clientWidth,
                          font: parseFloat(getComputedStyle(who).fontSize),
                          whole: who.scrollHeight <= who.clientHeight + 1
                                 && who.scrollWidth <= who.clientWidth};
                });
              })()"""
            )
            assert all(
                f["height"] and f["width"] and f["inside"] and f["whole"] and f["font"] >= 12 for f in fit
            ), (
                size,
                fit,
            )
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), size
            page.locator("#board").scroll_into_view_if_needed()
            shot(page, f"feedback/board-marks-{size}", full_page=False)
            assert not page.errors
    finally:
        for context, _ in pages.values():
            context.close()
