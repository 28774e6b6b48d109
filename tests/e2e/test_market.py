"""The 2nd edition with the Market in Chromium: the create form offers it (options only where they
apply), and one person plays a 5-seat Market game against four random bots to its final scoring,
through the crate and "?" dialogs (once with the keyboard), with the goods and majorities panel.
Screenshots of the form and of a Market table with a decision dialog, at 390 x 844 and
1366 x 900, go to test-artifacts/market/."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from tests.e2e.conftest import shot
from tests.e2e.pages import MY_TURN_OR_OVER, game_over, open_page, seq, wait_for_answer
from tests.e2e.test_pages import OUTSIDE_VIEWPORT_JS, SMALL_TARGETS_JS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

UID = "market-player-0001"
NAME = "Alexandra Petrovna"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 900}
DECISION = "dialog[open] .choice[data-text^='joker'], dialog[open] .choice[data-text*='crate']"
WANTED = ("_box", "_joker", "czar_and_carpenter")
PAGE_WIDTH_JS = "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


def fits(page: Any, where: str) -> None:
    """No sideways scrolling (of the page, of the section links, of the goods table), no dialog
    out of the screen, no touch target under 44 px."""
    width = page.viewport_size["width"]
    assert page.evaluate(PAGE_WIDTH_JS) <= width, f"{where}: the page is wider than the screen"
    cut = page.evaluate(
        "[...document.querySelectorAll('.bars .section-nav, .goods-wrap')]"
        ".filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)"
        ".map((e) => `${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)"
    )
    assert cut == [], f"{where}: cut off: {cut}"
    assert page.evaluate(OUTSIDE_VIEWPORT_JS, "dialog[open]") == [], f"{where}: a dialog leaves the screen"
    assert page.evaluate(SMALL_TARGETS_JS) == [], f"{where}: touch targets under 44 x 44 px"


def disabled(page: Any, selector: str) -> bool:
    return bool(page.eval_on_selector(selector, "(e) => e.disabled"))


def fill_the_create_form(page: Any) -> None:
    """Edition, the Market and 5 seats, each offered only once it applies."""
    assert disabled(page, "input[name=market]") and disabled(page, "select[name=seats] option[value='5']")
    assert page.is_hidden("#market-options")
    page.select_option("select[name=edition]", "second")
    assert not disabled(page, "input[name=market]")
    page.check("input[name=market]")
    page.click("#more-options > summary")  # the Market's options are folded away with the others
    page.wait_for_selector("#market-options:not([hidden])")
    page.select_option("select[name=seats]", "5")
    assert disabled(page, "select[name=market_board] option[value='8']")  # 5 players need 10 cards
    assert page.inner_text("#marker-seat-label").startswith("Seat the deal")
    page.select_option("select[name=unpaid_crate]", "idle")
    page.select_option("select[name=fill]", "random")
    for size, name in ((PHONE, "390x844"), (DESKTOP, "1366x900")):
        page.set_viewport_size(size)
        page.locator("#create-panel").scroll_into_view_if_needed()
        fits(page, f"create form at {name}")
        shot(page, f"market/create-form-{name}")
        shot(page, f"market/create-form-{name}-screen", full_page=False)


def decide_in_dialog(page: Any, rng: random.Random, keyboard: bool) -> str:
    """A crate or "?" decision: its dialog opened by itself; choose there (with the keyboard:
    close it with Escape, reopen it from the panel with Enter, choose with Enter)."""
    if keyboard:
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
        page.focus("[data-decide]")
        page.keyboard.press("Enter")
        page.wait_for_selector(DECISION)
        done = str(page.evaluate("document.activeElement.dataset.text"))
        page.keyboard.press("Enter")
        return done
    choice = rng.choice(page.query_selector_all("dialog[open] .choice"))
    done = str(choice.get_attribute("data-text"))
    choice.click()
    return done


def one_turn(page: Any, rng: random.Random) -> str:
    """One decision as a person takes it: a dialog or prompt choice, else a card (buying speeds the
    game to its end), else Pass."""
    if page.is_visible("#prompt .choice"):
        choices = page.query_selector_all("#prompt .choice")
        choice = rng.choice(choices)
        done = str(choice.get_attribute("data-text"))
        choice.click()
        return done
    cards = page.query_selector_all(".card.actionable")
    # Crates and cards with "?" first: they bring the decisions this test is about.
    wanted = [c for c in cards if str(c.get_attribute("data-card")).endswith(WANTED)]
    if cards and (wanted or rng.random() < 0.8 or page.get_attribute("#pass", "aria-disabled") == "true"):
        rng.choice(wanted or cards).click()
        page.wait_for_selector("dialog[open] .choice")
        choices = page.query_selector_all("dialog[open] .choice")
        buys = [c for c in choices if str(c.get_attribute("data-text")).startswith(("buy", "play"))]
        choice = rng.choice(buys or choices)
        done = str(choice.get_attribute("data-text"))
        choice.click()
        return done
    page.click("#pass")
    return "pass"


def look_at_a_decision(page: Any, stage: str) -> None:
    """Screenshots of the table with a crate or "?" dialog open, at both sizes, and an axe-core
    audit of it (no violation of impact serious or critical)."""
    from axe_playwright_python.sync_playwright import Axe

    for size, name in ((DESKTOP, "1366x900"), (PHONE, "390x844")):
        page.set_viewport_size(size)
        page.wait_for_function(f"innerWidth === {size['width']}")
        fits(page, f"{stage} dialog at {name}")
        shot(page, f"market/{stage}-dialog-{name}-screen", full_page=False)
        serious = [
            f"{v['id']}: {v['help']} — {', '.join(' '.join(n['target']) for n in v['nodes'][:5])}"
            for v in Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == [], f"{stage} dialog at {name}: {serious}"
    page.set_viewport_size(DESKTOP)


def look_at_the_table(page: Any, name: str) -> None:
    """The Market table mid-game with its goods panel, at both sizes."""
    for size, label in ((DESKTOP, "1366x900"), (PHONE, "390x844")):
        page.set_viewport_size(size)
        page.wait_for_function(f"innerWidth === {size['width']}")
        fits(page, f"table at {label}")
        shot(page, f"market/{name}-{label}")
        page.locator("#market").scroll_into_view_if_needed()
        shot(page, f"market/{name}-{label}-goods", full_page=False)
    page.set_viewport_size(DESKTOP)


def test_a_five_seat_market_game_against_four_bots_to_its_final_scoring(server: str, browser: Any) -> None:
    rng = random.Random(12)
    context, page = open_page(browser, server, uid=UID, name=NAME, **DESKTOP)
    try:
        page.goto(server + "/")
        page.wait_for_selector(".status.up")
        fill_the_create_form(page)
        page.click("#create-form button[type=submit]")
        page.wait_for_url("**/table/*")
        page.wait_for_selector("#start:not([disabled])")
        assert "2nd edition with the Market" in page.inner_text("#seats-panel")
        page.click("#start")
        page.wait_for_selector("#board:not([hidden])")
        # What the Market adds to the table: its phase after the workers, its stack, the goods.
        assert page.inner_text("#phase-bar .phase:nth-child(2) .phase-name") == "Market"
        page.wait_for_selector("#stacks [data-stack=market]")
        page.wait_for_selector("#market:not([hidden]) .goods-table thead th[data-good=cabbage]")
        assert page.locator("#market tbody tr").count() == 5  # a row per player, a column per good
        decisions = {"crate": 0, "joker": 0}
        turns = 0
        looked: set[str] = set()
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
            if game_over(page):
                break
            before = seq(page)
            if page.is_visible(DECISION):
                stage = str(page.evaluate("document.body.dataset.stage"))
                if stage not in looked:
                    look_at_a_decision(page, stage)
                    looked.add(stage)
                decide_in_dialog(page, rng, keyboard=decisions[stage] == 0)
                decisions[stage] += 1
            else:
                one_turn(page, rng)
            wait_for_answer(page, before)
            turns += 1
            if turns == 12:
                look_at_the_table(page, "table")
        assert game_over(page), f"the game did not end within the time ({turns} turns)"
        page.wait_for_selector("dialog.final-dialog[open]")
        final = page.inner_text("dialog.final-dialog")
        assert NAME in final and ("wins" in final or "share the win" in final)
        log = page.inner_text("#log")
        assert "Market scoring: " in log and " VP (" in log
        # The dialogs are checked (layout, axe, keyboard) whenever the dealt game gives this seat a
        # crate or a "?" to decide, which most games do; the decisions themselves are checked in
        # every game over websockets by tests/server/test_market.py.
        assert turns > 10, (turns, decisions)
        assert set(looked) == {stage for stage, count in decisions.items() if count}
        shot(page, "market/final-1366x900")
        # The replay shows the Market too: its phase and the goods as they stood at each step.
        page.click("dialog.final-dialog a[href^='/replay/']")
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.click("#replay-last")
        page.wait_for_function(
            "document.getElementById('replay-slider').value === document.getElementById('replay-slider').max"
        )
        page.wait_for_selector("#market:not([hidden]) .goods-table tbody tr")
        assert page.inner_text("#phase-bar .phase:nth-child(2) .phase-name") == "Market"
        assert not page.errors, page.errors
    finally:
        context.close()
