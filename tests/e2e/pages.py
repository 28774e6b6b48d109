"""What the browser tests do on the pages, whatever the input device: open a page as somebody,
set tables up, read the table page's state, and wait for the server's answer."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from tests.server.live import guest_cookie

MY_TURN_OR_OVER = "document.body.dataset.myturn === '1' || document.body.dataset.stage === 'over'"

# The results page has drawn its chart. The wait is on the chart holding its lines, not on a line
# being visible: a player whose score never moved has a flat line, whose box has no height, and
# the browser counts such a line as hidden.
RESULTS_DRAWN = "body[data-loaded='1'] #vp-chart:has(polyline)"

# The controls the Tab key visits, in document order, as the browser decides (no positive tabindex
# is used on the pages): the test moves the focus by pressing Tab and checks where it lands.
TABBABLE_JS = """
window.__tabbables = (root) => [...(root || document).querySelectorAll(
    'a[href], button, input, select, textarea, summary, [tabindex]')].filter((e) =>
    e.tabIndex >= 0 && !e.disabled && !e.closest('[hidden], [inert]') && e.getClientRects().length
    && getComputedStyle(e).visibility !== 'hidden'
    && (!document.querySelector('dialog[open]') || e.closest('dialog[open]')));
"""

# Remembers the last keys pressed and where they went, for failure messages.
KEY_RECORDER_JS = """
window.__keys = [];
window.addEventListener('keydown', (e) => {
  const t = e.target;
  window.__keys.push([e.key, (t.dataset && (t.dataset.focusKey || t.id)) || t.tagName, e.defaultPrevented]);
  if (window.__keys.length > 40) window.__keys.shift();
});
"""

# Counts every pointer, mouse and touch event, to prove a game was played with the keyboard alone.
POINTER_COUNTER_JS = """
window.__pointerEvents = 0;
for (const type of ['pointerdown', 'mousedown', 'touchstart', 'mouseup', 'pointerup']) {
  window.addEventListener(type, () => { window.__pointerEvents += 1; }, true);
}
"""


# Records every message added to the page's live region (what a screen reader would say).
ANNOUNCEMENT_RECORDER_JS = """
window.__announced = [];
document.addEventListener('DOMContentLoaded', () => {
  const region = document.getElementById('announcer');
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) window.__announced.push(node.textContent);
    }
  }).observe(region, {childList: true});
});
"""


def open_page(
    browser: Any,
    base: str,
    *,
    width: int = 1440,
    height: int = 1000,
    touch: bool = False,
    uid: str | None = None,
    name: str | None = None,
    scripts: tuple[str, ...] = (),
    enforce_csp: bool = False,
) -> tuple[Any, Any]:
    """A fresh browser context (the server gives it an identity, or it is the guest a test calls
    ``uid``, with ``name``) and a page in it, not yet navigated. Page errors are collected in
    ``page.errors``. The server's Content-Security-Policy is bypassed unless ``enforce_csp``:
    Playwright evaluates a string predicate (``wait_for_function("…")``) with ``eval`` in the page,
    which the policy rightly forbids; ``test_security.py`` loads every page with the policy enforced."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        bypass_csp=not enforce_csp,
    )
    if uid is not None:
        cookie_name, value = guest_cookie(base, uid).split("=", 1)
        context.add_cookies([{"name": cookie_name, "value": value, "url": base}])
        context.add_init_script(f"localStorage.setItem('pb_name', {json.dumps(name or 'Guest')});")
    for script in (TABBABLE_JS, ANNOUNCEMENT_RECORDER_JS, KEY_RECORDER_JS, *scripts):
        context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return context, page


def create_table(base: str, uid: str, name: str, **params: Any) -> int:
    """A new table through the HTTP API by the guest a test calls ``uid`` (the lobby form is tested
    on its own); returns its id."""
    body = json.dumps({"name": name, **params}).encode()
    headers = {"Content-Type": "application/json", "Cookie": guest_cookie(base, uid)}
    request = urllib.request.Request(base + "/api/tables", data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return int(json.load(response)["id"])


def table_summary(base: str, table: int) -> dict[str, Any]:
    """The lobby API's public summary of ``table`` (status, seats, options), read over HTTP: what
    the server holds, whatever a page has drawn."""
    with urllib.request.urlopen(f"{base}/api/tables/{table}", timeout=10) as response:
        summary: dict[str, Any] = json.load(response)
        return summary


def announced(page: Any) -> list[str]:
    """Everything the live region said since the page loaded."""
    return list(page.evaluate("window.__announced"))


def seq(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.seq)"))


def wait_for_answer(page: Any, before: int) -> None:
    """Wait until the server's update after an action (or undo) has been drawn."""
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=15_000)


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.myturn === '1'"))


def game_over(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.stage === 'over'"))


def table_state(page: Any) -> dict[str, Any]:
    """What a person sees that matters for the next decision."""
    return dict(
        page.evaluate(
            """() => ({
                prompt: [...document.querySelectorAll('#prompt .choice')].map((b) => b.dataset.text),
                cards: [...document.querySelectorAll('.card.actionable')].map((c) => ({
                    key: c.dataset.focusKey, trading: c.classList.contains('trading')})),
                stacks: [...document.querySelectorAll('button.stack.actionable')]
                    .map((s) => s.dataset.focusKey),
                canPass: document.getElementById('pass').getAttribute('aria-disabled') === 'false',
            })"""
        )
    )


def dialog_choices(page: Any) -> list[str]:
    return list(
        page.evaluate("[...document.querySelectorAll('dialog[open] .choice')].map((b) => b.dataset.text)")
    )


def pick_choice(texts: list[str], rng: random.Random) -> str:
    """Which action of a card's choice box a player takes: a displacement first (the rarest and
    most instructive), else a purchase or a play, else taking the card into hand."""
    for wanted in (" over ", "buy ", "play ", "observe ", "hand "):
        fitting = [t for t in texts if wanted in f"{t} " and (wanted != "buy " or " over " not in t)]
        if fitting:
            return rng.choice(fitting)
    return texts[0]


def pick_prompt(texts: list[str], rng: random.Random) -> str:
    """The Pub: some VP when affordable; a drawn card: buy it, else take it, else discard."""
    pub = [t for t in texts if t.startswith("pub ")]
    if pub:
        return rng.choice(pub)
    return pick_choice(texts, rng) if any(t.startswith(("buy", "hand")) for t in texts) else texts[-1]
