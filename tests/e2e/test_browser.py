"""End to end in headless Chromium: people play through the pages with the mouse (clicks and drags)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from petersburg.engine import HAND_LIMIT, PUB_PRICE_PER_VP
from tests.e2e.conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MY_TURN_OR_OVER = "document.body.dataset.myturn === '1' || document.body.dataset.stage === 'over'"


def new_page(browser: Any, base: str, name: str) -> tuple[Any, Any]:
    """A fresh browser context (its own identity) with a name chosen in the lobby."""
    # The policy forbids the eval of wait_for_function's string predicates (see pages.open_page).
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(base + "/")
    page.fill("#name", name)
    page.click("#name-form button")
    page.wait_for_selector(".status.up")
    return context, page


def seq(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.seq)"))


def play_one_turn(page: Any, rng: random.Random, prefer_pass: float = 0.35) -> str:
    """Take one decision on the page as a person would: a prompt choice, a card (click, then pick
    in the confirmation box) or the Pass button. Returns what was done."""
    before = seq(page)
    if page.is_visible("#prompt .choice"):
        choices = page.query_selector_all("#prompt .choice")
        at_pub = page.is_visible("#prompt .k-pub")
        if at_pub:  # the Pub's price of a VP, read from its offers
            assert (
                page.inner_text("#prompt-heading")
                == f"Pub: buy victory points at {PUB_PRICE_PER_VP} rubles each"
            )
        choice = choices[0] if at_pub else rng.choice(choices)
        done = choice.get_attribute("data-text")
        choice.click()
    else:
        cards = page.query_selector_all(".card.actionable, .stack.actionable")
        if cards and (rng.random() > prefer_pass or page.get_attribute("#pass", "aria-disabled") == "true"):
            rng.choice(cards).click()
            page.wait_for_selector("dialog[open] .choice")
            options = page.query_selector_all("dialog[open] .choice")
            choice = rng.choice(options)
            done = choice.get_attribute("data-text")
            choice.click()
        else:
            done = "pass"
            page.click("#pass")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=10_000)
    return str(done)


def test_two_people_play_and_one_reloads(server: str, browser: Any) -> None:
    rng = random.Random(2)
    alice_context, alice = new_page(browser, server, "Alice")
    bob_context, bob = new_page(browser, server, "Bob")
    try:
        alice.select_option("select[name=seats]", "2")
        alice.click("#create-form button[type=submit]")
        alice.wait_for_url("**/table/*")
        table_url = alice.url
        alice.wait_for_selector("#start")
        # Bob finds the table in the lobby and joins it.
        bob.reload()
        bob.wait_for_selector(".table-row.open [data-join]")
        bob.click(".table-row.open [data-join]")
        bob.wait_for_url(table_url)
        bob.wait_for_selector(".seat-row:nth-child(2) .seat-who:has-text('Bob (you)')")
        alice.wait_for_selector("#start:not([disabled])")
        shot(alice, "e2e_seats")
        alice.click("#start")
        pages = {"Alice": alice, "Bob": bob}
        for page in pages.values():
            page.wait_for_selector("#board:not([hidden])")
        # Whoever starts buys or takes a card, then takes it back with Undo.
        first = alice if alice.evaluate("document.body.dataset.myturn") == "1" else bob
        first.wait_for_function("document.body.dataset.myturn === '1'")
        board_before = first.inner_text("#board")
        play_one_turn(first, rng, prefer_pass=0.0)
        first.wait_for_selector("#undo[aria-disabled=false]")
        first.click("#undo")
        first.wait_for_function(
            "document.body.dataset.myturn === '1' && Number(document.body.dataset.seq) === 2"
        )
        assert first.inner_text("#board") == board_before
        turns = {"Alice": 0, "Bob": 0}
        deadline = time.time() + 60
        while min(turns.values()) < 4 and time.time() < deadline:
            for name, page in pages.items():
                page.wait_for_function(
                    f"Number(document.body.dataset.seq) >= {max(seq(p) for p in pages.values())}"
                )
                if page.evaluate("document.body.dataset.myturn") == "1":
                    play_one_turn(page, rng, prefer_pass=0.2)
                    turns[name] += 1
                    if turns[name] == 2 and name == "Alice":
                        shot(alice, "e2e_two_players_alice")
        assert min(turns.values()) >= 4, turns
        # Both see the same moment of the game, each with only his own hand.
        # (Whoever acted last has the newest sequence number; the other page waits for it.)
        now = max(seq(alice), seq(bob))
        for page in pages.values():
            page.wait_for_function(f"Number(document.body.dataset.seq) === {now}")
        hand_before = bob.inner_text("#me")
        players_before = bob.inner_text("#players")
        bob.reload()
        bob.wait_for_selector("#board:not([hidden])")
        bob.wait_for_function(f"Number(document.body.dataset.seq) === {now}")
        assert bob.inner_text("#me") == hand_before
        assert bob.inner_text("#players") == players_before
        assert "?₽" in alice.inner_text("#players")  # Bob's rubles are secret to Alice
        shot(bob, "e2e_bob_after_reload")
        # And Bob plays on after the reload: Alice acts until it is Bob's turn. Bob's page is read
        # only once it has drawn the update of Alice's last action.
        for _ in range(20):
            bob.wait_for_function(f"Number(document.body.dataset.seq) >= {seq(alice)}")
            if bob.evaluate("document.body.dataset.myturn") == "1":
                break
            play_one_turn(alice, rng, prefer_pass=0.0)
        play_one_turn(bob, rng)
        assert not alice.errors and not bob.errors
    finally:
        alice_context.close()
        bob_context.close()


def test_a_game_against_three_bots_to_its_end(server: str, browser: Any) -> None:
    rng = random.Random(4)
    context, page = new_page(browser, server, "Solo Sam")
    try:
        page.select_option("select[name=seats]", "4")
        page.select_option("select[name=fill]", "random")
        page.click("#more-options > summary")  # the rules' variants are folded away
        page.check("input[name=always_refill]")
        page.click("#create-form button[type=submit]")
        page.wait_for_url("**/table/*")
        page.click("#start")
        page.wait_for_selector("#board:not([hidden])")
        deadline = time.time() + 150
        decisions = 0
        known_shown = False
        while time.time() < deadline:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
            if page.evaluate("document.body.dataset.stage") == "over":
                break
            if not known_shown and page.locator("#player-list .open-hand").count():
                # A bot took a card from the board into hand: everyone saw which, so its panel
                # names it (and counts any card drawn with an Observatory as unknown).
                known_shown = True
                # On a desktop the summaries stand closed in a strip: open that player's panel.
                page.click("#player-list .player:has(.open-hand):not([open]) > summary >> nth=0")
                assert page.inner_text("#player-list .open-hand >> nth=0").startswith("Hand, known:")
                for width, height in ((1366, 900), (390, 844)):
                    page.set_viewport_size({"width": width, "height": height})
                    shot(page, f"e2e_known_hand_cards_{width}")
                page.set_viewport_size({"width": 1440, "height": 1000})
            play_one_turn(page, rng, prefer_pass=0.4)
            decisions += 1
            if decisions == 6:
                shot(page, "e2e_bots_midgame")
            if page.is_visible("#prompt .choice") and decisions < 200:
                shot(page, "e2e_prompt")
        assert page.evaluate("document.body.dataset.stage") == "over"
        page.wait_for_selector("dialog.final-dialog[open]")
        final = page.inner_text("dialog.final-dialog")
        assert "Solo Sam" in final and ("wins" in final or "share the win" in final)
        assert decisions > 10 and known_shown
        shot(page, "e2e_final_scores")
        # The finished game is a replay, step by step.
        page.click("dialog.final-dialog a[href^='/replay/']")
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.click("#replay-next")
        page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('step 1 ')")
        page.keyboard.press("ArrowRight")  # the arrow keys step too
        page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('step 2 ')")
        shot(page, "e2e_replay")
        assert not page.errors
    finally:
        context.close()


def test_drag_a_card_into_hand_then_into_play(server: str, browser: Any) -> None:
    """Solo table: drag a board card onto the hand (taken), then onto the play area (played)."""
    context, page = new_page(browser, server, "Dora")
    try:
        page.select_option("select[name=seats]", "1")
        page.click("#create-form button[type=submit]")
        page.wait_for_url("**/table/*")
        page.click("#start")
        page.wait_for_selector("#upper .card.actionable")
        name = page.inner_text("#upper li:nth-child(1) .card-name")
        page.drag_and_drop("#upper li:nth-child(1) .card", "#me .hand-zone")
        page.wait_for_function("Number(document.body.dataset.seq) === 1")
        assert page.inner_text("#me .hand .card-name") == name
        # The hand's limit is the one the server sent with the seat's figures (no Warehouse: 3).
        assert page.text_content("#me .hand-zone .zone-label") == f"Hand 1/{HAND_LIMIT}"
        page.drag_and_drop("#me .hand .card", "#me .area-zone")
        page.wait_for_function("Number(document.body.dataset.seq) === 2")
        assert name in page.inner_text("#me .area")
        assert "no cards in hand" in page.inner_text("#me")
        assert not page.errors
    finally:
        context.close()
