"""Every page at five sizes (phone, tablet, desktop): no sideways scrolling, dialogs and the action
bar inside the screen, 44 px touch targets, a 4-player table that shows everybody at
1366 × 900; screenshots of each page at each size go to test-artifacts/layout/. And an axe-core
audit of the pages: no violation of impact serious or critical."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import (
    MY_TURN_OR_OVER,
    RESULTS_DRAWN,
    create_table,
    game_over,
    open_page,
    seq,
    wait_for_answer,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

UID = "layout-player-0001"
NAME = "Alexandra Petrovna"  # a long name, as people choose them
SIZES = [(360, 740), (390, 844), (768, 1024), (1366, 900), (1920, 1080)]
PHONE_WIDTH = 430


@pytest.fixture(scope="module")
def scenes(server: str, browser: Any) -> Iterator[dict[str, int]]:
    """Tables in every state a page can show: a finished solo game (high scores), a finished
    4-player game (final scoring, replay), a running 4-player game waiting for the player, and an
    open table with free seats."""
    context, page = open_page(browser, server, uid=UID, name=NAME)
    try:
        # The bots play their game on the server while the solo game is played here.
        bots = create_table(server, UID, NAME, seats=4, fill="random", sit=False)
        page.goto(f"{server}/table/{bots}")
        page.wait_for_selector(".status.up")  # a chat line typed before the connection is refused
        page.fill("#chat-input", "/start")
        page.press("#chat-input", "Enter")
        page.wait_for_selector("#board:not([hidden])")  # the game has started
        solo = create_table(server, UID, NAME, seats=1)
        page.goto(f"{server}/table/{solo}")
        page.click("#start")
        for _ in range(200):  # passing every turn ends a solo game within some 14 rounds
            page.wait_for_function(MY_TURN_OR_OVER)
            if game_over(page):
                break
            before = seq(page)
            page.click("#pass")
            wait_for_answer(page, before)
        assert game_over(page)
        page.goto(f"{server}/table/{bots}")
        page.wait_for_function("document.body.dataset.stage === 'over'", timeout=90_000)
        running = create_table(server, UID, NAME, seats=4, fill="random")
        page.goto(f"{server}/table/{running}")
        page.click("#start")
        page.wait_for_function("document.body.dataset.myturn === '1'")
        waiting = create_table(server, UID, NAME, seats=3)
        yield {"solo": solo, "bots": bots, "running": running, "open": waiting}
    finally:
        context.close()


def open_card(page: Any) -> None:
    card = page.locator("#upper .card.actionable").first
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        card.tap()
    else:
        card.click()
    page.wait_for_selector("dialog[open] .choice")


def open_help(page: Any) -> None:
    page.keyboard.press("?")
    page.wait_for_selector("dialog.help-dialog[open]")


def replay_to_the_end(page: Any) -> None:
    page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('step 0 ')")
    page.evaluate("document.getElementById('replay-last').click()")
    page.wait_for_function(
        "document.getElementById('replay-slider').value === document.getElementById('replay-slider').max"
    )


# name: (path, what shows the page is ready, what to do then)
PAGES: dict[str, tuple[Callable[[dict[str, int]], str], str, Callable[[Any], None] | None]] = {
    "lobby": (lambda s: "/", "#highscores li a", None),
    "seats": (lambda s: f"/table/{s['open']}", "#seats-panel:not([hidden]) #start", None),
    "table": (lambda s: f"/table/{s['running']}", "body[data-myturn='1'] #upper .card.actionable", None),
    "dialog": (
        lambda s: f"/table/{s['running']}",
        "body[data-myturn='1'] #upper .card.actionable",
        open_card,
    ),
    "help": (lambda s: f"/table/{s['running']}", "body[data-myturn='1'] #board", open_help),
    "final": (lambda s: f"/table/{s['bots']}", "dialog.final-dialog[open]", None),
    "rules": (lambda s: "/help", "#editions details[open] tbody tr", None),
    "results": (lambda s: f"/results/{s['bots']}", RESULTS_DRAWN, None),
    "replay": (lambda s: f"/replay/{s['bots']}", "#replay-bar:not([hidden])", replay_to_the_end),
}


def show(
    browser: Any, server: str, scenes: dict[str, int], name: str, width: int, height: int
) -> tuple[Any, Any]:
    path, ready, then = PAGES[name]
    context, page = open_page(
        browser, server, uid=UID, name=NAME, width=width, height=height, touch=width <= PHONE_WIDTH
    )
    page.goto(server + path(scenes))
    page.wait_for_selector(ready)
    if then:
        then(page)
    return context, page


# The elements matching a selector that stick out of the viewport, described for the message.
OUTSIDE_VIEWPORT_JS = """(selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.getClientRects().length)
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.left < -0.5 || r.top < -0.5
        || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    .map(([e, r]) => `${e.id || e.className}: ${Math.round(r.left)},${Math.round(r.top)}`
        + ` to ${Math.round(r.right)},${Math.round(r.bottom)}`)"""

# Visible controls smaller than 44 x 44 px (a checkbox or radio counts by its label).
SMALL_TARGETS_JS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type=checkbox]):not([type=radio]), select, summary,'
    + ' label:has(input[type=checkbox]), label:has(input[type=radio])')]
    .filter((e) => e.getClientRects().length && !e.closest('.visually-hidden, [hidden]'))
    .filter((e) => !e.closest('dialog') || e.closest('dialog[open]'))
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.tagName.toLowerCase()}`
        + ` "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`
        + ` ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_fits_every_screen(server: str, browser: Any, scenes: dict[str, int], name: str) -> None:
    for width, height in SIZES:
        context, page = show(browser, server, scenes, name, width, height)
        try:
            where = f"{name} at {width}x{height}"
            shot(page, f"layout/{name}-{width}x{height}")
            if width <= PHONE_WIDTH:
                shot(page, f"layout/{name}-{width}x{height}-screen", full_page=False)
            scroll_width = page.evaluate(
                "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            )
            assert scroll_width <= width, f"{where}: the page is {scroll_width} px wide"
            assert page.evaluate(OUTSIDE_VIEWPORT_JS, "dialog[open]") == [], (
                f"{where}: a dialog leaves the screen"
            )
            assert page.evaluate(SMALL_TARGETS_JS) == [], f"{where}: touch targets under 44 x 44 px"
            bar = {"table": "#action-bar", "replay": "#replay-bar"}.get(name)
            if bar:
                assert page.evaluate(OUTSIDE_VIEWPORT_JS, bar) == [], f"{where}: the bar leaves the screen"
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                page.wait_for_function(
                    "window.scrollY > 0 || document.documentElement.scrollHeight <= innerHeight"
                )
                assert page.evaluate(OUTSIDE_VIEWPORT_JS, bar) == [], f"{where}: the bar scrolls away"
            if name == "table" and (width, height) == (1366, 900):
                hidden = page.evaluate(
                    OUTSIDE_VIEWPORT_JS,
                    "#me, #players .player",
                )
                assert hidden == [], f"{where}: players below the fold: {hidden}"
            assert not page.errors, page.errors
        finally:
            context.close()


AUDITED = ["lobby", "seats", "table", "dialog", "help", "final", "replay", "rules", "results"]


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_no_serious_accessibility_violations(
    server: str, browser: Any, scenes: dict[str, int], size: tuple[int, int]
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    found: list[str] = []
    for name in AUDITED:
        context, page = show(browser, server, scenes, name, *size)
        try:
            for violation in axe.run(page).response["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
                    found.append(
                        f"{name}: {violation['id']} ({violation['impact']}): {violation['help']} — {targets}"
                    )
        finally:
            context.close()
    assert not found, "\n".join(found)


def test_the_table_speaks_to_screen_readers(server: str, browser: Any, scenes: dict[str, int]) -> None:
    """Landmarks, headings, cards named by what they are, cost and pay, a named dialog, a live
    region: what a screen reader finds on a running table."""
    context, page = show(browser, server, scenes, "table", 1366, 900)
    try:
        for role, name in [
            ("banner", None),
            ("main", None),
            ("complementary", "Game log and chat"),
            ("region", "Board"),
            ("region", "Turn and actions"),
        ]:
            assert page.get_by_role(role, name=name).count() == 1, (role, name)
        for heading in ("Board", "Upper row", "Lower row", "You", "Other players", "Game log", "Table chat"):
            assert page.get_by_role("heading", name=re.compile(f"^{heading}")).count() >= 1, heading
        card_name = re.compile(
            r"^[A-Z][\w' -]+, (trading )?worker card, upper row\. "
            r"(Buy for \d+ rubles?( or take into hand)?|Take into hand)\. Pays .+ at each worker scoring\.$"
        )
        cards = page.get_by_role("button", name=card_name)
        assert cards.count() == page.locator("#upper .card.actionable").count() > 0
        assert page.get_by_role("button", name="Pass", exact=True).count() == 1
        assert page.locator("#announcer").get_attribute("aria-live") == "polite"
        title = page.locator("#upper .card.actionable .card-name").first.inner_text()
        cards.first.focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog", name=f"{title}, upper row")
        dialog.wait_for()
        assert dialog.get_by_role("button", name=re.compile(r"^Buy .* for \d+ rubles")).count() >= 1
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog", state="detached")
        page.wait_for_function("document.activeElement.classList.contains('card')", timeout=5_000)
    finally:
        context.close()
