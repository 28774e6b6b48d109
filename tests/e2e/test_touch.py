"""A whole game on a phone-sized touch screen (390 × 844, taps only): the action bar stays in
view, the hand and the other players are one tap away, dialogs fit the screen."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import (
    MY_TURN_OR_OVER,
    create_table,
    dialog_choices,
    game_over,
    open_page,
    pick_choice,
    pick_prompt,
    seq,
    table_state,
    wait_for_answer,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

UID = "touch-player-0001"
WIDTH, HEIGHT = 390, 844


def inside_viewport(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(s) => { const r = document.querySelector(s).getBoundingClientRect();
                return r.left >= 0 && r.top >= 0
                    && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; }""",
            selector,
        )
    )


def tap_turn(page: Any, rng: random.Random) -> str:
    """One decision by tapping: a prompt choice, a card then a choice in its box, or Pass."""
    state = table_state(page)
    if state["prompt"]:
        text = pick_prompt(state["prompt"], rng)
        page.locator(f'#prompt .choice[data-text="{text}"]').tap()
        return text
    cards = state["cards"] + [{"key": key, "trading": False} for key in state["stacks"]]
    trading = [c for c in cards if c["trading"]]
    if cards and (trading or rng.random() < 0.85 or not state["canPass"]):
        key = (trading or cards)[0 if trading else rng.randrange(len(cards))]["key"]
        page.locator(f'[data-focus-key="{key}"]').tap()
        page.wait_for_selector("dialog[open] .choice")
        assert inside_viewport(page, "dialog[open]"), "the choice box is larger than the screen"
        text = pick_choice(dialog_choices(page), rng)
        page.locator(f'dialog[open] .choice[data-text="{text}"]').tap()
        return text
    page.locator("#pass").tap()
    return "pass"


def test_a_whole_game_by_touch_on_a_phone(server: str, browser: Any) -> None:
    rng = random.Random(11)
    context, page = open_page(
        browser, server, uid=UID, name="Tess Touch", width=WIDTH, height=HEIGHT, touch=True
    )
    try:
        table = create_table(server, UID, "Tess Touch", seats=2, fill="random")
        page.goto(f"{server}/table/{table}")
        page.locator("#start:not([disabled])").tap()
        page.wait_for_selector("#board:not([hidden])")
        page.wait_for_function(MY_TURN_OR_OVER)
        # Both rows of the board and the action bar are on the first screen.
        assert inside_viewport(page, "#action-bar")
        assert page.evaluate("document.getElementById('upper').getBoundingClientRect().top < innerHeight")
        # Your hand is one tap away; so are the other players' areas.
        page.locator("#nav-me").tap()
        page.wait_for_function(
            "Math.abs(document.getElementById('me').getBoundingClientRect().top) < innerHeight / 2"
        )
        summary = page.locator("#players details.player > summary").first
        summary.tap()
        assert page.locator("#players details.player").first.get_attribute("open") is not None
        shot(page, "touch/opponent-open", full_page=False)
        page.locator('#section-nav a[href="#board"]').tap()
        done: list[str] = []
        deadline = time.time() + 240
        while time.time() < deadline:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
            if game_over(page):
                break
            before = seq(page)
            done.append(tap_turn(page, rng))
            wait_for_answer(page, before)
            assert inside_viewport(page, "#action-bar"), "the action bar left the screen"
            if len(done) == 8:
                shot(page, "touch/midgame", full_page=False)
        assert game_over(page), "the game did not end in time"
        assert any(d.startswith(("buy", "play")) for d in done)
        page.wait_for_selector("dialog.final-dialog[open]")
        assert inside_viewport(page, "dialog.final-dialog")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        shot(page, "touch/final", full_page=False)
        page.locator("dialog.final-dialog .dialog-close").tap()
        page.wait_for_selector("dialog.final-dialog", state="detached")
        assert not page.errors, page.errors
    finally:
        context.close()
