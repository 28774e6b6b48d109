"""The table as a board game, in Chromium: "Play now" in one click, everybody's summary on one
1366 × 900 screen (4 players of the 1st edition, 5 Market seats), every decision explained (the
hand penalty, the take-into-hand choice, /leave asking first), an invitation that names host and
edition, "Play again" with the same players and options, art for every card kind, and the table
page's bytes on the wire. Screenshots at 360 × 740, 390 × 844, 1366 × 900 and 1920 × 1080 of every
scene go to test-artifacts/board-game/; axe-core finds no violation of any impact on them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from petersburg.engine import GameState
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, KIND_BUY, KIND_PAY_CRATE, KIND_PUB
from petersburg.engine.market import crates_held, crates_short
from petersburg.engine.rules import action_price, legal_actions, source_card
from petersburg.server.local import LocalServer
from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page, table_summary
from tests.e2e.sockets import play_moves, solo_moves_until
from tests.e2e.test_account_pages import play
from tests.e2e.transfer import static_from_network, visit

pytestmark = [pytest.mark.browser]

SIZES = [(360, 740), (390, 844), (1366, 900), (1920, 1080)]
DESKTOP = (1366, 900)
ANN = "board-game-ann-0001"
BEN = "board-game-ben-0002"
MARKET = {"edition": "second", "market": True}
TODAY_TABLE_PAGE_BYTES = 141_000
"""The table page's transfer before static files were compressed and versioned (the issue's 141 KB)."""

SUMMARIES_JS = """() => [...document.querySelectorAll('#me .me-head, #player-list .player > summary')]
  .map((e) => {
    const box = e.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, text: e.innerText.split('\\n')[0]};
})"""


def axe_violations(page: Any, where: str) -> list[str]:
    """Every axe-core violation on the page, whatever its impact, with motion reduced: the bots play
    on meanwhile, and a colour caught half-way through a transition is not what anyone reads."""
    from axe_playwright_python.sync_playwright import Axe

    page.emulate_media(reduced_motion="reduce")
    try:
        found = Axe().run(page).response["violations"]
    finally:
        page.emulate_media(reduced_motion="no-preference")
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']}" for v in found]


def every_size(page: Any, name: str, audit: list[str] | None = None) -> None:
    """A screenshot of the page at each size (no sideways scrolling at any); axe at phone and
    desktop size when ``audit`` collects violations."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name} {width}"
        shot(page, f"board-game/{name}_{width}x{height}", full_page=False)
        if audit is not None and width in (390, 1366):
            audit.extend(axe_violations(page, f"{name} at {width}"))


def everybody_on_one_screen(page: Any, players: int) -> None:
    """At 1366 × 900, without scrolling: your panel's head and every other player's summary."""
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.evaluate("window.scrollTo(0, 0)")
    boxes = page.evaluate(SUMMARIES_JS)
    assert len(boxes) == players, boxes
    assert all(box["top"] >= 0 and box["bottom"] <= DESKTOP[1] for box in boxes), boxes


def test_play_now_in_one_click_puts_everybody_on_one_screen_and_explains_the_hand(
    server: str, browser: Any
) -> None:
    audit: list[str] = []
    context, page = open_page(browser, server, uid=ANN, name="Ann", width=DESKTOP[0], height=DESKTOP[1])
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("#play-form select[name=level]:enabled")
        assert page.input_value("#play-form select[name=level]") == "medium"
        every_size(page, "lobby", audit)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.click(".play-now")
        page.wait_for_url("**/table/*")
        page.wait_for_selector("#board:not([hidden])")
        table = int(page.url.rsplit("/", 1)[1])
        summary = table_summary(server, table)
        assert summary["status"] == "playing" and summary["realtime"] is True
        assert summary["options"].get("edition", "first") == "first" and not summary["options"].get("market")
        assert [(s["kind"], s["bot"]) for s in summary["seats"]] == [("human", None)] + [
            ("bot", "medium")
        ] * 3
        everybody_on_one_screen(page, 4)
        # The hand zone names the penalty; the take-into-hand choice too, after Buy.
        assert "costs 5 VP" in page.inner_text("#hand-note")
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=30_000)
        if page.locator("#alerts-offer:not([hidden]) button").count():
            page.click("#alerts-offer button >> nth=1")  # "No, thanks"
        every_size(page, "game_1st_edition_4_players", audit)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.click("#upper .card.actionable >> nth=0")
        page.wait_for_selector("dialog.choice-dialog[open]")
        kinds = page.eval_on_selector_all("dialog[open] .choice", "(cs) => cs.map((c) => c.className)")
        assert any("k-hand" in k for k in kinds) and "k-hand" in kinds[-1], kinds  # Buy first
        assert "costs 5 VP" in page.inner_text("dialog[open] .choice.k-hand .choice-note-line")
        every_size(page, "dialog_card_choice", audit)
        page.keyboard.press("Escape")
        # /leave typed in the chat asks first, as the Leave button does; Stay keeps the seat.
        page.fill("#chat-input", "/leave")
        page.press("#chat-input", "Enter")
        page.wait_for_selector("dialog[open] #leave-confirm")
        every_size(page, "dialog_leave", audit)
        page.click("dialog[open] .dialog-buttons button:not(#leave-confirm)")
        assert table_summary(server, table)["seats"][0]["kind"] == "human"
        assert not page.errors
        assert audit == [], "\n".join(audit)
    finally:
        context.close()


def test_a_five_seat_market_game_fits_one_screen(server: str, browser: Any) -> None:
    table = create_table(server, ANN, "Ann", seats=5, fill="random", start=True, options=MARKET)
    audit: list[str] = []
    context, page = open_page(browser, server, uid=ANN, name="Ann", width=DESKTOP[0], height=DESKTOP[1])
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#board:not([hidden])")
        page.wait_for_selector("#me:not([hidden])")
        everybody_on_one_screen(page, 5)
        columns = page.evaluate("getComputedStyle(document.getElementById('upper')).gridTemplateColumns")
        assert len(columns.split()) == 10, columns  # the board sized to its 10 slots
        every_size(page, "game_market_5_seats", audit)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.locator("#market").scroll_into_view_if_needed()
        shot(page, "board-game/goods_panel_1366x900", full_page=False)
        assert not page.errors
        assert audit == [], "\n".join(audit)
    finally:
        context.close()


SECTIONS_IN_TAB_ORDER_JS = """() => {
  const sections = '#prompt, #board, #market, #me, #players';
  const order = [];
  for (const e of window.__tabbables(document.getElementById('main'))) {
    const section = e.closest(sections);
    if (section && !order.includes(section.id)) order.push(section.id);
  }
  const seen = [...document.querySelectorAll(sections)].filter((e) => !e.hidden && e.getClientRects().length)
    .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).map((e) => e.id);
  return {order, seen: seen.filter((id) => order.includes(id))};
}"""


def test_tab_goes_through_the_sections_in_the_order_they_are_seen_at_every_width(
    server: str, browser: Any
) -> None:
    """The players' strip stands above the board on a desktop and after your panel on a phone:
    the page moves it in the document, so that Tab follows what is seen (WCAG focus order), also
    when the window is resized across the desktop's width."""
    table = create_table(server, ANN, "Ann", seats=3, fill="random", start=True, options=MARKET)
    context, page = open_page(browser, server, uid=ANN, name="Ann", width=DESKTOP[0], height=DESKTOP[1])
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#me:not([hidden])")
        page.wait_for_selector("#market:not([hidden])")
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=30_000)  # cards to act on
        if page.locator("#alerts-offer:not([hidden]) button").count():
            page.click("#alerts-offer button >> nth=1")  # "No, thanks"
        for width, height in (DESKTOP, (390, 844), (768, 1024), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            found = page.evaluate(SECTIONS_IN_TAB_ORDER_JS)
            assert found["order"] == found["seen"], (width, found)
            assert {"board", "me", "players"} <= set(found["order"]), (width, found)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        assert page.evaluate(SECTIONS_IN_TAB_ORDER_JS)["order"][:2] == ["players", "board"]
        # Tab from the last player's summary lands on the board, not on your hand.
        page.focus("#player-list .player:last-child > summary")
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('#board')"), page.evaluate("window.__keys")
        assert not page.errors
    finally:
        context.close()


def test_an_invitation_names_host_and_edition_and_play_again_seats_the_same_players(
    server: str, browser: Any
) -> None:
    audit: list[str] = []
    table = create_table(server, ANN, "Ann", seats=2, options={"edition": "second"}, allow_undo=False)
    guest, page = open_page(browser, server, width=DESKTOP[0], height=DESKTOP[1])  # no name yet
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#invitation-host")
        assert page.inner_text("#invitation-host").startswith("Ann invites you")
        assert "2nd edition" in page.inner_text("#invitation-options")
        assert page.locator("#invitation .seat-row").count() == 2
        every_size(page, "invitation", audit)
    finally:
        guest.close()
    play(server, table, [(ANN, ""), (BEN, "")], random.Random(8))
    finished = table_summary(server, table)
    ann, page = open_page(browser, server, uid=ANN, name="Ann", width=DESKTOP[0], height=DESKTOP[1])
    ben, other = open_page(browser, server, uid=BEN, name="Ben", width=DESKTOP[0], height=DESKTOP[1])
    try:
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("dialog.final-dialog[open] #play-again")
        every_size(page, "dialog_final_scores", audit)
        page.keyboard.press("Escape")
        every_size(page, "final_board", audit)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.click("#scores")
        page.click("dialog.final-dialog[open] #play-again")
        page.wait_for_function(f"location.pathname !== '/table/{table}'")
        page.wait_for_selector("#seats-panel:not([hidden])")
        rematch = int(page.url.rsplit("/", 1)[1])
        assert rematch != table
        other.goto(f"{server}/results/{table}")
        other.wait_for_selector("body[data-loaded='1'] #play-again")
        every_size(other, "results", audit)
        other.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        other.click("#play-again")
        other.wait_for_url(f"**/table/{rematch}")
        other.wait_for_selector("#seats-panel:not([hidden]), #board:not([hidden])")
        again = table_summary(server, rematch)
        assert [s["name"] for s in again["seats"]] == [s["name"] for s in finished["seats"]]
        assert [s["kind"] for s in again["seats"]] == ["human", "human"]
        assert again["options"] == finished["options"] and again["allow_undo"] is False
        # The replay of the finished game plays by itself and jumps to a round.
        page.goto(f"{server}/replay/{table}")
        page.wait_for_selector("#replay-round option[value='3']", state="attached")
        page.select_option("#replay-round", "3")
        page.wait_for_function("document.querySelector('.round-number').textContent.trim() === '3'")
        step = page.input_value("#replay-slider")
        page.click("#replay-play")
        page.wait_for_function(f"Number(document.getElementById('replay-slider').value) > {step}")
        page.click("#replay-play")  # stops
        assert page.get_attribute("#replay-play", "aria-pressed") == "false"
        assert not page.errors and not other.errors
        assert audit == [], "\n".join(audit)
    finally:
        ann.close()
        ben.close()


def test_every_card_kind_of_both_editions_and_the_market_has_its_art(server: str, browser: Any) -> None:
    context, page = open_page(browser, server, uid=ANN, name="Ann")
    try:
        page.goto(f"{server}/help")
        missing = page.evaluate(
            """async () => {
                const art = await import(document.querySelector('link[rel=stylesheet]').href
                    .replace(/css\\/[^/]+$/, 'js/art.js'));
                const sprite = new DOMParser().parseFromString(
                    await (await fetch(art.SPRITE)).text(), 'image/svg+xml');
                const symbols = new Set([...sprite.querySelectorAll('symbol')].map((s) => s.id));
                const missing = [];
                for (const query of ['edition=first&market=false', 'edition=second&market=false',
                                     'edition=second&market=true']) {
                    for (const card of await (await fetch('/api/cards?' + query)).json()) {
                        if (!symbols.has(art.emblemOf(card.id))) missing.push(card.id);
                    }
                }
                for (const icon of ['icon-ruble', 'icon-vp', 'icon-hand', 'crate', 'good-joker']) {
                    if (!symbols.has(icon)) missing.push(icon);
                }
                return missing;
            }"""
        )
        assert missing == []
        kinds = page.evaluate(
            """async () => (await (await fetch('/api/cards?edition=second&market=true')).json()).length"""
        )
        assert kinds > 70
        page.wait_for_selector("#editions .help-emblem")  # each card's emblem in the help tables
        audit: list[str] = []
        every_size(page, "help", audit)
        assert audit == [], "\n".join(audit)
    finally:
        context.close()


def test_the_table_page_transfers_half_of_what_it_did_and_nothing_static_again(
    server: str, browser: Any
) -> None:
    table = create_table(server, ANN, "Ann", seats=4, fill="random", start=True)
    context = browser.new_context()
    context.add_init_script("localStorage.setItem('pb_name', 'Ann');")
    try:
        cold = visit(context, f"{server}/table/{table}", "#board:not([hidden])")
        total = sum(size for _, size, _ in cold)
        print(f"table page, cold cache: {total / 1000:.1f} kB in {len(cold)} responses")
        assert total <= TODAY_TABLE_PAGE_BYTES / 2
        again = visit(context, f"{server}/table/{table}", "#board:not([hidden])")
        assert static_from_network(again) == []
    finally:
        context.close()


CRATE_SEED = 1
"""The server's seed sequence for the crate test: its first game, played as ``spend_on_crates``
plays it, holds a crate that the rubles left will not cover within a few moves."""
CRATE_OPTIONS = {"edition": "second", "market": True, "market_values": "open"}


def spend_on_crates(state: GameState) -> int:
    """A spendthrift's move: a crate if one can be bought, else the most VP at a Pub, else the
    dearest card, else paying for a crate, else the first legal action."""
    legal = legal_actions(state)
    buys = [a for a in legal if ACTION_KIND[a] == KIND_BUY]
    crates = [a for a in buys if source_card(state, ACTION_ARG[a])[0] in state.shape.crate_kinds]
    pubs = [a for a in legal if ACTION_KIND[a] == KIND_PUB]
    pays = [a for a in legal if ACTION_KIND[a] == KIND_PAY_CRATE]
    if crates:
        return crates[0]
    if pubs:
        return max(pubs, key=lambda a: ACTION_ARG[a])
    if buys:
        return max(buys, key=lambda a: action_price(state, a))
    return pays[0] if pays else legal[0]


def moves_to_a_crate_short_of_rubles() -> list[int]:
    """The moves of a solo Market game from the server's first seed until its player holds crates
    his rubles will not cover at the next market scoring (the engine's ``crates_short``)."""
    moves, _ = solo_moves_until(
        CRATE_SEED,
        CRATE_OPTIONS,
        lambda state: bool(crates_held(state, 0) and crates_short(state, 0)),
        spend_on_crates,
        "a short crate",
    )
    return moves


def test_a_crate_warning_appears_when_the_rubles_will_not_cover_its_keep_price(
    browser: Any, tmp_path: Path
) -> None:
    moves = moves_to_a_crate_short_of_rubles()
    env = {"PETERSBURG_SEED": str(CRATE_SEED)}
    with LocalServer(tmp_path, bot_delay=0.02, env=env) as local:
        base = local.base_url
        table = create_table(base, ANN, "Ann", seats=1, start=True, options=CRATE_OPTIONS)
        play_moves(base, ANN, "Ann", table, moves)
        context, page = open_page(browser, base, uid=ANN, name="Ann", width=DESKTOP[0], height=DESKTOP[1])
        try:
            page.goto(f"{base}/table/{table}")
            note = page.wait_for_selector("#crate-note.warning")
            assert note is not None
            text = note.inner_text()
            assert "Keeping a crate costs" in text and "Warning: you have" in text, text
            page.locator("#market").scroll_into_view_if_needed()
            shot(page, "board-game/crate_warning_1366x900", full_page=False)
        finally:
            context.close()
