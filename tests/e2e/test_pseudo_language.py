"""The pseudo-localisation run: every page read in ``qps`` (every sentence of the catalogues wrapped in
``⟦…⟧`` and accented) must show no visible word that is not wrapped, so a word a page or a script
writes without a catalogue shows up here. Only non-words are let through: numbers, symbols (₽, ✓ …),
the players' own names, and the names each language is given in itself by the picker."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.conftest import shot
from tests.e2e.pages import RESULTS_DRAWN, create_table, open_page
from tests.e2e.test_account_pages import play
from tests.e2e.test_languages import pseudo_server  # noqa: F401  (the fixture)
from tests.e2e.test_settings_page import signed_up_page

pytestmark = [pytest.mark.browser]

UID = "pseudo-uid-ana-00001"
PLAYER_NAMES = ("Ana",)

UNWRAPPED_JS = r"""(allowed) => {
  const wrapped = (text) => {
    let rest = text, depth = 0, out = "";
    for (const char of rest) {
      if (char === "⟦") depth += 1;
      else if (char === "⟧") depth = Math.max(0, depth - 1);
      else if (!depth) out += char;
    }
    return out;
  };
  const visible = (element) => {
    if (!element || element.closest("[hidden], template, script, style, .language-choice")) return false;
    if (element.closest(".visually-hidden, [aria-hidden='true']")) return true;  // read aloud
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
  };
  const words = (text) => {
    let rest = wrapped(text);
    for (const name of allowed) rest = rest.split(name).join(" ");
    return (rest.match(/\p{L}{2,}/gu) || []).length > 0;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const sentence = node.parentElement?.closest("[data-i18n-html]") ?? null;  // one message, marked up
    const text = sentence ? sentence.textContent : node.textContent;
    if (visible(node.parentElement) && words(text)) found.push(text.trim().slice(0, 80));
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (!visible(element) && !element.closest("dialog[open]")) continue;
    for (const attribute of ["title", "aria-label", "placeholder", "alt"]) {
      const value = element.getAttribute(attribute);
      if (value && words(value)) found.push(`${attribute}=${value.slice(0, 80)}`);
    }
  }
  if (words(document.title)) found.push(`<title>${document.title}`);
  return [...new Set(found)];
}"""

LANGUAGE_NAMES = ("English", "Deutsch", "Français", "Italiano", "Español", "日本語", "Pseudo")


def unwrapped(page: Any, data: tuple[str, ...] = ()) -> list[str]:
    """Every visible text (and read attribute) of the page with a word outside ``⟦…⟧``, but for
    the players' names, the languages' and ``data`` (what a person or a browser typed)."""
    return list(page.evaluate(UNWRAPPED_JS, [*PLAYER_NAMES, *LANGUAGE_NAMES, *data]))


def assert_all_wrapped(page: Any, name: str, data: tuple[str, ...] = ()) -> None:
    """Save the page (``test-artifacts/pseudo/<name>``) and fail with every unwrapped text it shows
    (``data`` let through), or on an error of its scripts."""
    shot(page, f"pseudo/{name}")
    found = unwrapped(page, data)
    assert found == [], f"{name}: {found}"
    assert not page.errors, name


PAGES = ("/", "/help", "/leaderboard", "/settings", "/signin", "/account")


@pytest.mark.parametrize("path", PAGES)
def test_every_word_of_a_page_comes_from_a_catalogue(pseudo_server: str, browser: Any, path: str) -> None:  # noqa: F811
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        page.goto(f"{pseudo_server}{path}?lang=qps")
        page.wait_for_selector("header.topbar .language-picker")
        page.wait_for_load_state("networkidle")
        assert_all_wrapped(page, path.strip("/") or "lobby")
    finally:
        context.close()


def signed_up_in_pseudo_language(browser: Any, server: str, name: str) -> tuple[Any, Any]:
    """A browser context signed up as the account ``name``, its language cookie the pseudo-language
    (so that the server's refusals after an action read in it too) and a page in it."""
    context, page = signed_up_page(browser, server, name, 1440, 1000)
    context.add_cookies([{"name": "pb_lang", "value": "qps", "url": server}])
    return context, page


def test_every_sentence_after_an_action_on_the_settings_page_comes_from_a_catalogue(
    pseudo_server: str,  # noqa: F811
    browser: Any,
) -> None:
    """Signed in: the e-mail, push and vacation states the script writes, then what it writes after
    each action: a vacation started (its end's date) and ended, a table's webhook refused."""
    context, page = signed_up_in_pseudo_language(browser, pseudo_server, "Cleo")
    try:
        page.goto(f"{pseudo_server}/settings?lang=qps")
        page.wait_for_selector("#email-panel:not([hidden])")
        page.wait_for_function("document.querySelector('#vacation-state').textContent !== ''")
        assert_all_wrapped(page, "settings-signed-in")
        page.click("#vacation-form button[type=submit]")
        page.wait_for_selector("#vacation-end:not([hidden])")
        assert_all_wrapped(page, "settings-on-vacation")
        page.click("#vacation-end")
        page.wait_for_selector("#vacation-end[hidden]", state="attached")
        page.fill("#table-hook-form input[name=table]", "999")
        page.click("#table-hook-form button[type=submit]")
        page.wait_for_selector("#table-hook-form .form-error:not([hidden])")
        assert_all_wrapped(page, "settings-after-actions")
    finally:
        context.close()


def test_every_sentence_after_an_action_on_the_account_page_comes_from_a_catalogue(
    pseudo_server: str,  # noqa: F811
    browser: Any,
) -> None:
    """Signed in: the account's sessions (each named by its browser's user agent: data, let
    through), then a password change refused (a wrong current password) and one made (the sessions
    listed again); then the account's profile."""
    context, page = signed_up_in_pseudo_language(browser, pseudo_server, "Dora")
    try:
        page.goto(f"{pseudo_server}/account?lang=qps")
        page.wait_for_selector("#sessions li")
        agent = (str(page.evaluate("navigator.userAgent")),)
        assert_all_wrapped(page, "account-signed-in", agent)
        page.fill("#password-form input[name=password]", "not the password")
        page.fill("#password-form input[name=new_password]", "a new horse 2")
        page.click("#password-form button[type=submit]")
        page.wait_for_selector("#password-form .form-error:not([hidden])")
        assert_all_wrapped(page, "account-password-refused", agent)
        page.fill("#password-form input[name=password]", "correct horse 1")
        page.fill("#password-form input[name=new_password]", "a new horse 2")
        page.click("#password-form button[type=submit]")
        page.wait_for_selector("#password-form .form-done:not([hidden])")
        assert_all_wrapped(page, "account-password-changed", agent)
        page.goto(f"{pseudo_server}/profile/Dora?lang=qps")
        page.wait_for_selector("#games td")
        assert_all_wrapped(page, "profile", ("Dora",))  # the name heads its profile
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 1366])
def test_no_page_scrolls_sideways_in_the_longer_pseudo_language(
    pseudo_server: str,  # noqa: F811
    browser: Any,
    width: int,
) -> None:
    """The pseudo-language's sentences are longer than the English (accents, brackets), as German's
    are: no page may then be wider than the window, at a phone's width and a laptop's."""
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        page.set_viewport_size({"width": width, "height": 800})
        for path in PAGES:
            for language in ("qps", "de", "ja"):
                page.goto(f"{pseudo_server}{path}?lang={language}")
                page.wait_for_selector("header.topbar .language-picker")
                page.wait_for_load_state("networkidle")
                wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert wider <= 0, f"{path} in {language} at {width} px scrolls {wider} px sideways"
        shot(page, f"pseudo/account-ja-{width}")
    finally:
        context.close()


def test_every_word_of_a_table_mid_game_comes_from_a_catalogue(pseudo_server: str, browser: Any) -> None:  # noqa: F811
    """The table mid-game (board, players, log, phases, the scripts' words), then each of its dialogs
    open in turn: a card's choice box, the keyboard overlay and the leave confirmation."""
    table = create_table(pseudo_server, UID, "Ana", seats=2, fill="greedy")
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        page.goto(f"{pseudo_server}/table/{table}?lang=qps")
        page.click("#start")
        page.wait_for_function("document.querySelectorAll('#log li').length > 3", timeout=15_000)
        page.wait_for_function("document.body.dataset.myturn === '1'", timeout=15_000)
        assert_all_wrapped(page, "table")
        page.click("#board .card.actionable >> nth=0")
        page.wait_for_selector("dialog.choice-dialog[open]")
        assert_all_wrapped(page, "table-choice")
        page.keyboard.press("Escape")
        page.keyboard.press("?")
        page.wait_for_selector("dialog.help-dialog[open]")
        assert_all_wrapped(page, "the-keyboard-overlay")
        page.keyboard.press("Escape")
        page.click("#leave")
        page.wait_for_selector("#leave-confirm")
        assert_all_wrapped(page, "the-leave-confirmation")
    finally:
        context.close()


def test_every_word_of_a_finished_game_comes_from_a_catalogue(pseudo_server: str, browser: Any) -> None:  # noqa: F811
    """A game of bots with the Market to its end: the final scores' dialog, the results page and the
    replay (its steps, the log and the board of a finished game)."""
    table = create_table(
        pseudo_server,
        UID,
        "Ana",
        seats=2,
        sit=False,
        fill="greedy",
        options={"edition": "second", "market": True},
    )
    context, page = open_page(browser, pseudo_server, uid=UID, name="Ana")
    try:
        page.goto(f"{pseudo_server}/table/{table}?lang=qps")
        page.click("#start")
        page.wait_for_selector("dialog.final-dialog[open]", timeout=60_000)
        assert_all_wrapped(page, "final-scores")
        page.goto(f"{pseudo_server}/results/{table}?lang=qps")
        page.wait_for_selector(RESULTS_DRAWN)
        assert_all_wrapped(page, "results")
        page.goto(f"{pseudo_server}/replay/{table}?lang=qps")
        page.wait_for_selector("#board:not([hidden])")
        page.click("#replay-next")
        page.wait_for_function("document.getElementById('replay-step').textContent.includes('1')")
        assert_all_wrapped(page, "replay")
    finally:
        context.close()


def test_every_word_of_an_invitation_comes_from_a_catalogue(pseudo_server: str, browser: Any) -> None:  # noqa: F811
    """A friend following a table's link before choosing a name: the invitation (who invites, the
    options, the seats) and the name form."""
    table = create_table(pseudo_server, UID, "Ana", seats=3, options={"edition": "second", "market": True})
    context, page = open_page(browser, pseudo_server)
    try:
        page.goto(f"{pseudo_server}/table/{table}?lang=qps")
        page.wait_for_selector("#invitation-options")
        assert_all_wrapped(page, "invitation")
    finally:
        context.close()


def test_every_word_of_a_games_analysis_comes_from_a_catalogue(pseudo_server: str, browser: Any) -> None:  # noqa: F811
    """A finished game of two people, analysed: its results page with the chance curve and the
    turning points, and the replay at a marked move, in the pseudo-language; then the results in
    German and Japanese (each sentence of the analysis worded for its reader, screenshots)."""
    table = create_table(pseudo_server, "judged-pseudo-a", "Guest 1", seats=2)
    play(pseudo_server, table, [("judged-pseudo-a", ""), ("judged-pseudo-b", "")], random.Random(25))
    typed = ("Guest 1", "Guest 2")  # the names the players typed
    context, page = open_page(browser, pseudo_server, width=390, height=844)
    try:
        page.goto(f"{pseudo_server}/results/{table}?lang=qps")
        page.wait_for_selector("#analysis-panel[data-loaded='1']", timeout=90_000)
        page.wait_for_selector("#turning-points li")
        assert_all_wrapped(page, "analysis-results", typed)
        page.goto(f"{pseudo_server}/replay/{table}?lang=qps")
        page.wait_for_function("document.body.dataset.analysis === '1'", timeout=30_000)
        page.locator("#analysis-marks .marked button").first.click()
        page.wait_for_selector("#analysis-step:not([hidden])")
        assert_all_wrapped(page, "analysis-replay", typed)
        for language, measure in (("de", "Siegchance"), ("ja", "勝率")):
            page.goto(f"{pseudo_server}/results/{table}?lang={language}")
            page.wait_for_selector("#analysis-panel[data-loaded='1'] #turning-points li")
            points = page.locator("#turning-points li").all_inner_texts()
            assert len(points) == 3 and all(measure in point for point in points), points
            page.locator("#analysis-panel").scroll_into_view_if_needed()
            shot(page, f"languages/analysis-{language}-390", full_page=False)
    finally:
        context.close()
