"""Hints and game analysis in Chromium: in a practice game "Hint" shows three moves with chances
and reasons within 3 s; in a game that may be rated there is no button and a forged request is
refused with a sentence; a finished game's results page shows the chance curve and the turning
points, and its replay marks the moves that lost, with the better move on the board. Screenshots
at 390×844 and 1366×900 (test-artifacts/analysis/)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page
from tests.e2e.sockets import receive
from tests.e2e.test_account_pages import play
from tests.e2e.test_languages import CHOOSE_JS
from tests.server.live import guest_cookie

SIZES = ((390, 844), (1366, 900))
HINT_SECONDS = 3.0


def started_table(browser: Any, base: str, uid: str, table: int, width: int, height: int) -> tuple[Any, Any]:
    context, page = open_page(browser, base, width=width, height=height, uid=uid, name="Anna")
    page.goto(f"{base}/table/{table}")
    page.locator("#start").click()
    page.wait_for_function("document.body.dataset.myturn === '1'", timeout=20_000)
    return context, page


def test_a_practice_hint_shows_three_moves_in_time_and_a_rated_game_has_none(
    server: str, browser: Any
) -> None:
    for width, height in SIZES:
        uid = f"hint-{width}"
        table = create_table(server, uid, "Anna", seats=2, fill="greedy")
        context, page = started_table(browser, server, uid, table, width, height)
        button = page.locator("#hint-button")
        expect(button).to_be_visible()
        asked = time.monotonic()
        button.click()
        expect(page.locator("#hint-panel .hint-move")).to_have_count(3, timeout=HINT_SECONDS * 1000)
        took = time.monotonic() - asked
        print(f"hint at {width}x{height}: {took:.2f} s")
        assert took <= HINT_SECONDS
        for move in page.locator("#hint-panel .hint-move").all():
            assert "% to win" in move.locator(".hint-value").inner_text()
            assert move.locator(".hint-reason").inner_text().startswith("Why: ")
        expect(page.locator("#chat")).to_contain_text("Anna asked for a hint.")
        page.locator("#hint-panel").scroll_into_view_if_needed()
        shot(page, f"analysis/hint-{width}x{height}", full_page=False)
        # Another language takes the hint away; asked again, it comes in that language.
        page.evaluate(CHOOSE_JS, "de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        expect(page.locator("#hint-panel")).to_be_hidden()
        page.locator("#hint-button").click()
        expect(page.locator("#hint-panel .hint-move")).to_have_count(3, timeout=HINT_SECONDS * 1000)
        for move in page.locator("#hint-panel .hint-move").all():
            assert "% to win" not in move.locator(".hint-value").inner_text()
            assert not move.locator(".hint-reason").inner_text().startswith("Why: ")
        shot(page, f"analysis/hint-de-{width}x{height}", full_page=False)
        assert page.errors == []
        context.close()

    uid = "hint-rated"
    table = create_table(server, uid, "Anna", seats=2, fill="greedy", rated=True)
    context, page = started_table(browser, server, uid, table, *SIZES[1])
    expect(page.locator("#pass")).to_be_visible()
    expect(page.locator("#hint-button")).to_be_hidden()
    context.close()
    address = server.replace("http://", "ws://") + f"/ws/table/{table}"
    with connect(address, additional_headers={"Cookie": guest_cookie(server, uid)}) as ws:
        ws.send(json.dumps({"type": "hello", "name": "Anna"}))
        update = receive(ws, lambda m: m["type"] == "update" and "view" in m)
        ws.send(json.dumps({"type": "hint", "token": update["you"]["token"], "seq": update["seq"]}))
        refused = receive(ws, lambda m: m["type"] == "error")
    assert refused["message"] == "Hints are not given in a game that may be rated."


def test_the_results_page_and_the_replay_show_the_analysis(server: str, browser: Any) -> None:
    table = create_table(server, "judged-a", "Guest 1", seats=2)
    play(server, table, [("judged-a", ""), ("judged-b", "")], random.Random(25))
    for width, height in SIZES:
        context, page = open_page(browser, server, width=width, height=height)
        page.goto(f"{server}/results/{table}")
        page.wait_for_selector("#analysis-panel[data-loaded='1']", timeout=90_000)
        expect(page.locator("#chance-chart")).to_be_visible()
        expect(page.locator("#turning-points li")).to_have_count(3)
        expect(page.locator("#turning-points li").first).to_contain_text("chance of winning went from")
        page.locator("#analysis-panel").scroll_into_view_if_needed()
        shot(page, f"analysis/results-{width}x{height}")
        page.goto(f"{server}/replay/{table}")
        page.wait_for_function("document.body.dataset.analysis === '1'", timeout=30_000)
        marked = page.locator("#analysis-marks .marked")
        assert marked.count() > 0  # random moves lose
        blunder = page.locator("#analysis-marks .marked.blunder").first
        (blunder if blunder.count() else marked.first).locator("button").click()
        step = page.locator("#analysis-step")
        expect(step).to_be_visible()
        expect(step).to_contain_text("Better:")
        step.scroll_into_view_if_needed()
        shot(page, f"analysis/replay-{width}x{height}", full_page=False)
        assert page.errors == []
        context.close()
