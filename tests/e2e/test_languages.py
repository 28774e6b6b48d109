"""Languages in Chromium: the page's ``lang`` follows the reader's choice, every page has the picker
(each language named in itself), and choosing a language mid-game rewords the whole log from the
game's events over the open socket, without reloading the page or the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from petersburg.server.local import LocalServer
from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page

pytestmark = [pytest.mark.browser]

UID = "languages-uid-ana-0001"
LOG_JS = "[...document.querySelectorAll('#log li')].map((line) => line.textContent)"
CHOOSE_JS = """(code) => import(document.querySelector("script[src*='/i18n.js']").src)
  .then((i18n) => i18n.choose(code))"""
"""The language picker's choice, through the page's own i18n module (its versioned address: another
address would be another module, with a catalogue of its own)."""


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that offers the tests' pseudo-language."""
    env = {"PETERSBURG_PSEUDO_LANGUAGE": "true"}
    with LocalServer(tmp_path_factory.mktemp("data"), bot_delay=0.02, env=env) as local:
        yield local.base_url


def test_every_page_has_the_picker_and_its_lang(pseudo_server: str, browser: Any) -> None:
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        for path in ("/", "/help", "/leaderboard", "/settings", "/signin"):
            page.goto(f"{pseudo_server}{path}?lang=ja")
            page.wait_for_selector("header.topbar .language-picker")
            assert page.evaluate("document.documentElement.lang") == "ja", path
            names = page.eval_on_selector_all(".language-picker option", "(o) => o.map((x) => x.textContent)")
            assert names == ["English", "Deutsch", "Français", "Italiano", "Español", "日本語"], path
        page.goto(f"{pseudo_server}/?lang=xx")
        page.wait_for_selector("header.topbar .language-picker")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()


def test_choosing_a_language_mid_game_rewords_the_log_without_a_reload(
    pseudo_server: str, browser: Any
) -> None:
    table = create_table(pseudo_server, UID, "Ana", seats=2, fill="greedy")
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        page.goto(f"{pseudo_server}/table/{table}")
        page.click("#start")
        page.wait_for_function("document.querySelectorAll('#log li').length > 3", timeout=15_000)
        page.evaluate("window.__sameDocument = true")
        before = page.evaluate(LOG_JS)
        assert not any(line.startswith("⟦") for line in before)
        page.evaluate(CHOOSE_JS, "qps")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#log li')].every((li) => li.textContent.includes('⟦'))",
            timeout=15_000,
        )
        assert page.evaluate("window.__sameDocument") is True
        # The whole page, not the log alone: the scripts' words (the phases, the turn, the board's
        # stacks and rows, the players) are drawn anew in the language chosen.
        for part in ("#phase-bar", "#turn", "#stacks", "#upper", "#players"):
            page.wait_for_function(
                f"document.querySelector('{part}').textContent.includes('⟦')", timeout=15_000
            )
        shot(page, "languages/table-pseudo")
        page.evaluate(CHOOSE_JS, "de")
        page.wait_for_function("document.documentElement.lang === 'de'", timeout=15_000)
        page.wait_for_function(
            "() => [...document.querySelectorAll('#log li')].every((li) => !li.textContent.includes('⟦'))",
            timeout=15_000,
        )
        assert page.evaluate("window.__sameDocument") is True
        assert "pb_lang=de" in page.evaluate("document.cookie")
    finally:
        context.close()


PICKER_AT_CODE_JS = """() => {
  const code = document.querySelector("header.topbar .language-code").getBoundingClientRect();
  const under = document.elementFromPoint(code.x + code.width / 2, code.y + code.height / 2);
  return under && under.classList.contains("language-picker");
}"""


def test_on_a_phone_the_picker_shows_the_languages_code_and_opens_every_language(
    pseudo_server: str, browser: Any
) -> None:
    """At 390 px the closed picker is the language's code ("DE"), not a cut name; a tap on it is a
    tap on the select (every language named in itself), and a choice changes the code with the page."""
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana", width=390, height=844)
    try:
        page.goto(f"{pseudo_server}/help?lang=de")
        page.wait_for_selector("header.topbar .language-code")
        assert page.inner_text("header.topbar .language-code").startswith("DE")
        assert page.evaluate(PICKER_AT_CODE_JS) is True
        shot(page, "languages/picker-390-de", full_page=False)
        page.select_option("header.topbar .language-picker", "ja")
        page.wait_for_function("document.documentElement.lang === 'ja'", timeout=15_000)
        page.wait_for_function(
            "document.querySelector('header.topbar .language-code').textContent === 'JA'", timeout=15_000
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana", width=1366, height=900)
    try:
        page.goto(f"{pseudo_server}/help?lang=de")
        page.wait_for_selector("header.topbar .language-picker")
        assert page.is_hidden("header.topbar .language-code")
        selected = "(s) => s.options[s.selectedIndex].textContent"
        assert page.eval_on_selector("header.topbar .language-picker", selected) == "Deutsch"
    finally:
        context.close()
