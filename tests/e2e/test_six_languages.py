"""A 4-player game of the 1st edition and a 5-seat game of the 2nd edition with the Market, each
played to its end in Chromium in each of the six languages: the person acts where the page asks (a
card's choice box), then leaves the game to the bots (its confirmation), which play it out without
a pause; the page opened again on the finished game shows the final scores, and the results page
follows. In each language the log, the final scores and the results read in that language (no log
line is the English one, the buttons and headings are the catalogue's words) and no page scrolls
sideways. In German and Japanese, the table mid-game, a dialog, the final scores and the results
page are saved at a phone's and a laptop's size (``test-artifacts/languages/``) for a person to look
at."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from petersburg.server.local import LocalServer
from petersburg.text.catalogues import page_forms
from petersburg.text.languages import LANGUAGES
from tests.e2e.conftest import shot
from tests.e2e.pages import RESULTS_DRAWN, create_table, open_page, table_summary
from tests.server.helpers import eventually

pytestmark = [pytest.mark.browser]

GAMES = {
    "first-4": {"seats": 4, "options": {}},
    "market-5": {"seats": 5, "options": {"edition": "second", "market": True}},
}
"""The two games of each language: the seats, and the rule options."""
LOOKED_AT = ("de", "ja")
"""The languages whose pages are saved as screenshots at both sizes."""
SIZES = ((1366, 900), (390, 844))
LOG_JS = "[...document.querySelectorAll('#log li')].map((line) => line.textContent)"
SIDEWAYS_JS = "document.documentElement.scrollWidth - window.innerWidth"
GAME_TIME = 120.0
"""Seconds the bots may take to play a game out once the person left it: about 300 moves, 10-15 s on
a quiet machine, several times that while the rest of the suite runs beside it."""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots act without a pause: a game the person leaves is played out in seconds."""
    with LocalServer(tmp_path_factory.mktemp("data"), bot_delay=0.0) as local:
        yield local.base_url


def words(language: str) -> dict[str, Any]:
    """The page catalogue in ``language``, as the pages get it."""
    return page_forms(language, ("page",))


def english_log(base: str, table: int) -> set[str]:
    """Every line of the finished game's log in English (its replay)."""
    with urllib.request.urlopen(f"{base}/api/tables/{table}/replay?lang=en", timeout=10) as response:
        return {entry["text"] for entry in json.load(response)["log"]}


def look(page: Any, language: str, name: str) -> None:
    """In a language looked at: the page at both sizes, saved; in every language: nothing wider than
    the window, at each size a screenshot is taken at (the laptop's otherwise)."""
    sizes = SIZES if language in LOOKED_AT else SIZES[:1]
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(SIDEWAYS_JS) <= 0, f"{name} scrolls sideways at {width} px in {language}"
        if language in LOOKED_AT:
            shot(page, f"languages/{language}-{name}-{width}", full_page=False)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def choose_first(page: Any) -> None:
    """Take the first choice of the open choice box, and wait for the update it brings."""
    before = page.evaluate("Number(document.body.dataset.seq)")
    page.click("dialog[open] .choices button.choice >> nth=0")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_game_in_each_language(quick_server: str, browser: Any, language: str, game: str) -> None:
    uid = f"six-{language}-{game}"[:20].ljust(20, "0")
    table = create_table(quick_server, uid, "Ana", fill="random", **GAMES[game])
    page_words = words(language)
    context, page = open_page(browser, quick_server, uid=uid, name="Ana", width=1366, height=900)
    try:
        page.goto(f"{quick_server}/table/{table}?lang={language}")
        page.click("#start")
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        page.wait_for_function("document.querySelectorAll('#log li').length > 1")
        look(page, language, f"{game}-table")
        # The person acts where the page asks: a card of the board, its choice box, a choice.
        page.click("#board .card.actionable >> nth=0")
        page.wait_for_selector("dialog.choice-dialog[open]")
        assert page.inner_text("dialog[open] .dialog-close") == page_words["page.table.cancel"]
        look(page, language, f"{game}-choice")
        choose_first(page)
        # A card with a "?" asks at once which good it counts as: the page's dialog, answered too.
        while page.locator("dialog.choice-dialog[open]").count():
            choose_first(page)
        # Then leaves the game to the bots, which finish it.
        page.wait_for_selector("#leave")
        page.click("#leave")
        page.wait_for_selector("#leave-confirm")
        assert page.inner_text("#leave-confirm") == page_words["page.leave.leave_the_game"]
        page.click("#leave-confirm")
        # The bots play the game out; the page is opened again on it once it is over (it need not
        # draw every move of theirs) and shows the final scores at once.
        # (Asked over HTTP, not by the page: a ``wait_for_function`` predicate that returns a promise
        # counts as true at once.)
        eventually(
            lambda: table_summary(quick_server, table)["status"] == "over",
            GAME_TIME,
            "the end of the bots' game",
            every=0.1,
        )
        page.goto(f"{quick_server}/table/{table}?lang={language}")
        page.wait_for_selector("dialog.final-dialog[open]")
        assert page.inner_text("dialog[open] .dialog-close") == page_words["page.final.look_at_the_board"]
        look(page, language, f"{game}-final-scores")
        log = page.evaluate(LOG_JS)
        assert log, "the log"
        if language != "en":
            english = english_log(quick_server, table)
            assert not [line for line in log if line in english and any(c.isalpha() for c in line)]
        page.goto(f"{quick_server}/results/{table}?lang={language}")
        page.wait_for_selector(RESULTS_DRAWN)
        assert page_words["page.results.rubles_ties"] in page.inner_text("#sources-table")
        assert page.evaluate("document.documentElement.lang") == language
        look(page, language, f"{game}-results")
        assert not page.errors
    finally:
        context.close()
