"""The edge's defences in Chromium: every page works under the server's Content-Security-Policy
(no inline script or style, the websockets connect) with no violation reported; and login and
sign-out CSRF from a page of another host name (``localhost``, while the game is at
``127.0.0.1``) change nothing: the victim is not signed in as the attacker, no account takes over
the guest's identity or seats, and a signed-in victim stays signed in."""

from __future__ import annotations

import html
import json
import random
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from tests.e2e.pages import RESULTS_DRAWN, create_table, open_page
from tests.e2e.test_account_pages import PASSWORD, play, post

pytestmark = [pytest.mark.browser]

CSP_RECORDER_JS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
GUEST = "guest-uid-csrf-0001"


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return json.load(response)


def test_every_page_runs_under_the_content_security_policy(server: str, browser: Any) -> None:
    uid = "guest-uid-csp-0001"
    finished = create_table(server, uid, "Nadia", seats=1, options={"always_refill": True})
    play(server, finished, [(uid, "")], random.Random(5))
    post(server, "/api/account/signup", {"name": "Policy", "password": PASSWORD})
    open_table = create_table(server, uid, "Nadia", seats=3)
    pages = {
        "/": "#tables",
        f"/table/{open_table}": ".status.up",  # the websocket connects under connect-src 'self'
        f"/replay/{finished}": "#replay-bar:not([hidden])",
        f"/results/{finished}": RESULTS_DRAWN,
        "/help": "#editions details[open] tbody tr",
        "/signin": "#signup-form",
        "/profile/Policy": "h1",
        "/leaderboard": "h1",
    }
    context, page = open_page(
        browser, server, uid=uid, name="Nadia", scripts=(CSP_RECORDER_JS,), enforce_csp=True
    )
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    try:
        for path, ready in pages.items():
            response = page.goto(server + path)
            assert "script-src 'self'" in response.headers["content-security-policy"]
            page.wait_for_selector(ready)
            page.wait_for_load_state("networkidle")
            violations = page.evaluate("window.__csp")
            assert violations == [], (path, violations)
            assert not [text for text in console if "Content Security Policy" in text], (path, console)
            assert page.errors == [], (path, page.errors)
        # The chart's legend keeps its line styles (set through the CSSOM, not a style attribute).
        page.goto(f"{server}/results/{finished}")
        page.wait_for_selector(".legend .swatch")
        # Each swatch is drawn as its line: the same dashes as the chart's line of that player.
        dashes = "(lines) => lines.map((line) => line.getAttribute('stroke-dasharray'))"
        assert page.eval_on_selector_all(".swatch line", dashes) == page.eval_on_selector_all(
            ".vp-chart polyline", dashes
        )
        assert page.evaluate("window.__csp") == []
    finally:
        context.close()


class Attacker(BaseHTTPRequestHandler):
    """Another site's pages: each posts a form to the game as soon as it loads (``text/plain``, so
    that its body reads as the JSON the route wants)."""

    pages: ClassVar[dict[str, str]] = {}

    def do_GET(self) -> None:
        body = self.pages.get(self.path, "").encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def forged_form(action: str, body: dict[str, str]) -> str:
    """A page that posts ``body`` as JSON-looking text/plain to ``action`` at once (the classic
    trick: the field's name holds the JSON up to a last string that swallows the ``=``)."""
    text = json.dumps({**body, "pad": ""})[:-2]
    return (
        "<!doctype html><title>Win a prize</title>"
        f'<form id="f" method="POST" action="{html.escape(action)}" enctype="text/plain">'
        f'<input type="hidden" name="{html.escape(text)}" value="&quot;}}"></form>'
        "<script>document.getElementById('f').submit();</script>"
    )


@pytest.fixture(scope="module")
def attacker(server: str) -> Iterator[str]:
    """The attacker's site at http://localhost:PORT (another site than http://127.0.0.1)."""
    Attacker.pages = {
        "/signin.html": forged_form(
            server + "/api/account/signin", {"name": "Mallory", "password": PASSWORD, "uid": GUEST}
        ),
        "/signup.html": forged_form(
            server + "/api/account/signup", {"name": "Mallory2", "password": PASSWORD, "uid": GUEST}
        ),
        "/signout.html": forged_form(server + "/api/account/signout", {}),
    }
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def visit(page: Any, url: str, target: str) -> int:
    """Open the attacker's page and wait until its form has landed on ``target``; its status."""
    with page.expect_response(lambda response: response.url == target) as answer:
        page.goto(url)
    page.wait_for_load_state()
    return int(answer.value.status)


def test_login_csrf_from_another_host_changes_nothing(server: str, browser: Any, attacker: str) -> None:
    post(server, "/api/account/signup", {"name": "Mallory", "password": PASSWORD})
    mallory = get(server, "/api/profile/Mallory")
    table = create_table(server, GUEST, "Victim", seats=2)
    context, page = open_page(browser, server, uid=GUEST, name="Victim", enforce_csp=True)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#tables")
        for forged, route in [
            ("/signin.html", "/api/account/signin"),
            ("/signup.html", "/api/account/signup"),
        ]:
            assert visit(page, attacker + forged, server + route) == 403
        assert [c for c in context.cookies() if c["name"] == "pb_session"] == []
        page.goto(server + "/")
        assert page.evaluate("fetch('/api/account').then((r) => r.json())") is None  # still a guest
        # Nobody's account took the guest's identity: the guest still creates and sits as itself.
        summary = get(server, f"/api/tables/{table}")
        assert summary["seats"][0]["name"] == "Victim"
        assert post(server, "/api/tables", {"uid": GUEST, "name": "Victim", "seats": 2})[0]["seats"][0]["you"]
        assert get(server, "/api/profile/Mallory") == mallory
        with pytest.raises(urllib.error.HTTPError) as missing:
            get(server, "/api/profile/Mallory2")
        assert missing.value.code == 404
    finally:
        context.close()


def test_sign_out_csrf_from_another_host_leaves_the_victim_signed_in(
    server: str, browser: Any, attacker: str
) -> None:
    post(server, "/api/account/signup", {"name": "Victoria", "password": PASSWORD})
    context, page = open_page(browser, server, enforce_csp=True)
    try:
        page.goto(server + "/signin")
        page.fill("#signin-form input[name=name]", "Victoria")
        page.fill("#signin-form input[name=password]", PASSWORD)
        page.click("#signin-form button[type=submit]")
        page.wait_for_url("**/profile/Victoria")
        assert page.evaluate("fetch('/api/account').then((r) => r.json())")["name"] == "Victoria"
        assert visit(page, attacker + "/signout.html", server + "/api/account/signout") == 403
        page.goto(server + "/")
        assert page.evaluate("fetch('/api/account').then((r) => r.json())")["name"] == "Victoria"
        # The server's own page signs out (a JSON post from its origin).
        page.get_by_role("button", name="Sign out").click()
        page.wait_for_selector("#account-nav a[href='/signin']")
        assert page.evaluate("fetch('/api/account').then((r) => r.json())") is None
    finally:
        context.close()
