"""A whole 2-player game against a bot with the keyboard alone: Tab to a card, Enter or Space to
open its choice box, Tab to a choice, Enter; shortcuts for pass, undo, auto-pass and chat; Escape
closes a box and gives the focus back; and a displacement chosen the same way, in a position dealt
by a fixed seed. No mouse or touch event happens on the page."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from petersburg.engine import GameState
from petersburg.engine.actions import ACTION_KIND, ACTION_TARGET, ACTION_TEXT, KIND_BUY
from petersburg.engine.rules import action_price, legal_actions
from petersburg.server.local import LocalServer
from tests.e2e.conftest import shot
from tests.e2e.pages import (
    MY_TURN_OR_OVER,
    POINTER_COUNTER_JS,
    announced,
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
from tests.e2e.sockets import play_moves, solo_moves_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

UID = "keyboard-player-01"


def focused(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)
    )


def tab_to(page: Any, selector: str) -> None:
    """Move the focus to `selector` with Tab / Shift+Tab only (a bounded number of presses)."""
    for _ in range(2):
        plan = page.evaluate(
            """(s) => { const list = window.__tabbables(); const target = document.querySelector(s);
                return {at: list.indexOf(document.activeElement), to: list.indexOf(target)}; }""",
            selector,
        )
        assert plan["to"] >= 0, f"{selector} cannot be reached with Tab: {page_story(page)}"
        if plan["at"] < 0:
            page.keyboard.press("Tab")
            continue
        step = "Tab" if plan["to"] > plan["at"] else "Shift+Tab"
        for _ in range(abs(plan["to"] - plan["at"])):
            page.keyboard.press(step)
        if focused(page, selector):
            return
    for _ in range(300):  # the plan missed (focus started nowhere): walk on until it arrives
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def assert_focus_ring(page: Any) -> None:
    """The focused control shows a ring of at least 2 px (the :focus-visible outline)."""
    width = page.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert style != "none" and width >= 2, (style, width)


def choose_in_dialog(page: Any, text: str) -> None:
    tab_to(page, f'dialog[open] .choice[data-text="{text}"]')
    assert_focus_ring(page)
    page.keyboard.press("Enter")


class KeyboardPlayer:
    """Plays its turns with Tab, Enter, Space, Escape and the page's shortcuts."""

    def __init__(self, page: Any, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.done: list[str] = []
        self.observed = False

    def open_card(self, key: str) -> list[str]:
        tab_to(self.page, f'[data-focus-key="{key}"]')
        assert_focus_ring(self.page)
        key_name = self.rng.choice(["Enter", " "])
        self.page.keyboard.press(key_name)
        try:
            self.page.wait_for_selector("dialog[open] .choice", timeout=5_000)
        except Exception as error:
            raise AssertionError(f"{key_name!r} on {key} opened nothing: {page_story(self.page)}") from error
        return dialog_choices(self.page)

    def cancel(self, key: str) -> None:
        """Escape closes the box and the focus is back on the card that opened it."""
        self.page.keyboard.press("Escape")
        self.page.wait_for_selector("dialog", state="detached")
        self.page.wait_for_function(
            "(key) => document.activeElement.dataset.focusKey === key", arg=key, timeout=5_000
        )

    def pass_turn(self) -> None:
        if self.rng.random() < 0.5:
            self.page.keyboard.press("p")
        else:
            tab_to(self.page, "#pass")
            self.page.keyboard.press("Enter")
        self.done.append("pass")

    def take_turn(self) -> None:
        page, rng = self.page, self.rng
        state = table_state(page)
        if state["prompt"]:
            text = pick_prompt(state["prompt"], rng)
            tab_to(page, f'#prompt .choice[data-text="{text}"]')
            page.keyboard.press("Enter")
            self.done.append(text)
            return
        if state["stacks"] and not self.observed:
            self.observed = True
            texts = self.open_card(state["stacks"][0])
            choose_in_dialog(page, texts[0])
            self.done.append(texts[0])
            return
        if state["cards"] and (rng.random() < 0.85 or not state["canPass"]):
            key = rng.choice(state["cards"])["key"]
            text = pick_choice(self.open_card(key), rng)
            choose_in_dialog(page, text)
            self.done.append(text)
            return
        self.pass_turn()


def page_story(page: Any) -> str:
    """Where the focus is and what the page said lately, for a failure message."""
    return str(
        page.evaluate(
            """() => ({focus: document.activeElement.outerHTML.slice(0, 300),
                said: window.__announced.slice(-8), stage: document.body.dataset.stage,
                myturn: document.body.dataset.myturn, seq: document.body.dataset.seq,
                dialog: (document.querySelector('dialog[open]') || {}).className,
                dialogs: document.querySelectorAll('dialog').length,
                shortcuts: localStorage.getItem('pb_shortcuts'), keys: (window.__keys || []).slice(-12),
                pass: document.getElementById('pass').outerHTML})"""
        )
    )


def start_with_keyboard(page: Any, base: str, table: int) -> None:
    page.goto(f"{base}/table/{table}")
    page.wait_for_selector("#start:not([disabled])")
    tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board:not([hidden])")


def test_a_whole_game_with_the_keyboard_alone(server: str, browser: Any) -> None:
    rng = random.Random(7)
    context, page = open_page(
        browser, server, uid=UID, name="Kim Keys", width=1366, height=900, scripts=(POINTER_COUNTER_JS,)
    )
    try:
        # First, on a solo table (where a move can always be taken back): help, undo, chat.
        solo = create_table(server, UID, "Kim Keys", seats=1)
        start_with_keyboard(page, server, solo)
        page.wait_for_function("document.body.dataset.myturn === '1'")
        check_help_undo_chat(page, KeyboardPlayer(page, rng))
        table = create_table(server, UID, "Kim Keys", seats=2, fill="random")
        start_with_keyboard(page, server, table)
        player = KeyboardPlayer(page, rng)
        page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
        # n: the server passes for the player until the phase changes (and the button says so).
        before = seq(page)
        page.keyboard.press("n")
        wait_for_answer(page, before)
        page.wait_for_function("document.getElementById('autopass').getAttribute('aria-pressed') === 'false'")
        deadline = time.time() + 240
        while time.time() < deadline:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
            if game_over(page):
                break
            before = seq(page)
            player.take_turn()
            try:
                wait_for_answer(page, before)
            except Exception as error:
                raise AssertionError(f"no answer to {player.done[-1:]}: {page_story(page)}") from error
        assert game_over(page), "the game did not end in time"
        # The final scoring opens as a dialog with the focus inside; Escape closes it.
        page.wait_for_selector("dialog.final-dialog[open]")
        assert page.evaluate("document.activeElement.closest('dialog') !== null")
        assert "win" in page.inner_text("dialog.final-dialog")
        shot(page, "keyboard/final", full_page=False)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.final-dialog", state="detached")
        page.keyboard.press("s")  # the shortcut shows the scores again
        page.wait_for_selector("dialog.final-dialog[open]")
        page.keyboard.press("Escape")
        print("keyboard decisions:", player.done)
        # The live region told the moves, the scorings, the turn and the result.
        said = announced(page)
        for words in ("You pass.", "scoring", "Your turn", "Game over"):
            assert any(words in line for line in said), words
        assert any(d.startswith(("buy", "play")) for d in player.done)
        assert page.evaluate("window.__pointerEvents") == 0, "a pointer event happened"
        assert not page.errors, page.errors
    finally:
        context.close()


def check_help_undo_chat(page: Any, player: KeyboardPlayer) -> None:
    """The help overlay (?), a move taken back (u), a chat line (c), and the live region telling
    the turn and the move."""
    assert "Your turn." in announced(page)
    # ? opens the help; Escape closes it and the focus returns where it was.
    tab_to(page, "#pass")
    page.keyboard.press("?")
    page.wait_for_selector("dialog.help-dialog[open]")
    help_text = page.inner_text("dialog.help-dialog")
    for words in ("Pass", "Pass until next phase", "Undo", "chat"):
        assert words in help_text, words
    shot(page, "keyboard/help", full_page=False)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.help-dialog", state="detached")
    page.wait_for_function("document.activeElement.id === 'pass'", timeout=5_000)
    # A card's box closed with Escape gives the focus back to the card.
    key = next(c["key"] for c in table_state(page)["cards"])
    player.open_card(key)
    player.cancel(key)
    # A purchase, taken back with u.
    board = page.inner_text("#board")
    texts = player.open_card(key)
    before = seq(page)
    choose_in_dialog(page, pick_choice(texts, player.rng))
    wait_for_answer(page, before)
    page.wait_for_function("document.getElementById('undo').getAttribute('aria-disabled') === 'false'")
    assert page.evaluate("document.activeElement !== document.body"), "the focus was lost after acting"
    assert any(line.startswith("You ") for line in announced(page))  # the move was told
    before = seq(page)
    page.keyboard.press("u")
    wait_for_answer(page, before)
    page.wait_for_function("document.body.dataset.myturn === '1'")
    assert page.inner_text("#board") == board
    # c goes to the chat; typing there does not trigger shortcuts.
    page.keyboard.press("c")
    assert page.evaluate("document.activeElement.id") == "chat-input"
    page.keyboard.type("plan: pass")
    page.keyboard.press("Enter")
    page.wait_for_selector(".chat-line:has-text('plan: pass')")
    assert page.evaluate("document.body.dataset.myturn") == "1", "typing p in the chat passed"
    page.keyboard.press("Tab")  # leave the chat input


DISPLACEMENT_SEED = 1
"""The server's seed sequence for the displacement test: its first solo game, played as
``moves_to_a_displacement`` plays it, offers a trading card over one of the player's cards."""
DISPLACEMENT_OPTIONS = {"edition": "first"}


def displacements(state: GameState) -> list[int]:
    """The legal actions that put a trading card over one of the player's cards."""
    return [a for a in legal_actions(state) if ACTION_TARGET[a]]


def cheapest_buy(state: GameState) -> int:
    """The cheapest purchase, else the first legal action (a pass)."""
    legal = legal_actions(state)
    buys = [a for a in legal if ACTION_KIND[a] == KIND_BUY]
    return min(buys, key=lambda a: action_price(state, a)) if buys else legal[0]


def moves_to_a_displacement() -> tuple[list[int], str]:
    """The moves of a solo game from the server's first seed, buying the cheapest card it can
    (else passing), until a displacement is legal; those moves and the displacement's text."""
    moves, state = solo_moves_until(
        DISPLACEMENT_SEED,
        DISPLACEMENT_OPTIONS,
        lambda state: bool(displacements(state)),
        cheapest_buy,
        "a displacement",
    )
    return moves, ACTION_TEXT[displacements(state)[0]]


def test_a_displacement_with_the_keyboard(browser: Any, tmp_path: Path) -> None:
    """A trading card bought over one of the player's own cards, found and chosen with Tab and
    Enter: the position is dealt by a fixed seed, so the choice is there every time."""
    moves, displacement = moves_to_a_displacement()
    env = {"PETERSBURG_SEED": str(DISPLACEMENT_SEED)}
    with LocalServer(tmp_path, bot_delay=0.02, env=env) as local:
        base = local.base_url
        table = create_table(base, UID, "Kim Keys", seats=1, start=True, options=DISPLACEMENT_OPTIONS)
        play_moves(base, UID, "Kim Keys", table, moves)
        context, page = open_page(
            browser, base, uid=UID, name="Kim Keys", width=1366, height=900, scripts=(POINTER_COUNTER_JS,)
        )
        try:
            page.goto(f"{base}/table/{table}")
            page.wait_for_function("document.body.dataset.myturn === '1'")
            player = KeyboardPlayer(page, random.Random(7))
            trading = [c["key"] for c in table_state(page)["cards"] if c["trading"]]
            for key in trading:
                if displacement in player.open_card(key):
                    break
                player.cancel(key)
            else:
                raise AssertionError(f"no trading card offers {displacement!r}: {page_story(page)}")
            before = seq(page)
            choose_in_dialog(page, displacement)
            wait_for_answer(page, before)
            told = [line for line in announced(page) if "displacing your" in line]
            assert told and told[-1].startswith("You buy"), announced(page)
            shot(page, "keyboard/displacement", full_page=False)
            assert page.evaluate("window.__pointerEvents") == 0, "a pointer event happened"
            assert not page.errors, page.errors
        finally:
            context.close()
