"""The settings page in Chromium, on a server without SMTP or VAPID settings (as ``make run``):
it says e-mail and push are off, takes a webhook, refuses one to a private address with a
sentence; the service worker registers with the whole site as its scope and the manifest parses
with the installable criteria met (Chromium's own check). Screenshots at phone and desktop size."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import shot
from tests.e2e.pages import open_page


def signed_up_page(browser: Any, server: str, name: str, width: int, height: int) -> tuple[Any, Any]:
    context, page = open_page(browser, server, width=width, height=height)
    answer = page.request.post(
        server + "/api/account/signup",
        data={"name": name, "password": "correct horse 1"},
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return context, page


def test_the_settings_page_says_what_is_off_and_takes_a_webhook(browser: Any, server: str) -> None:
    for width, height, name in ((390, 844, "Phone"), (1366, 900, "Desk")):
        context, page = signed_up_page(browser, server, f"Settings {name}", width, height)
        page.goto(server + "/settings")
        page.wait_for_selector("#email-panel:not([hidden])")
        assert "This server sends no e-mail" in page.inner_text("#email-state")
        assert "no push notifications" in page.inner_text("#push-state")
        page.fill("#webhook-form input[name=url]", "https://10.0.0.7/hook")
        page.click("#webhook-form button[type=submit]")
        page.wait_for_selector("#webhook-form .form-error:not([hidden])")
        assert "10.0.0.7 is not a public address" in page.inner_text("#webhook-form .form-error")
        shot(page, f"settings/settings-{width}x{height}")
        assert page.errors == []
        context.close()


def test_the_service_worker_registers_and_the_app_is_installable(browser: Any, server: str) -> None:
    context, page = open_page(browser, server, width=1366, height=900)
    page.goto(server + "/settings")
    scope = page.evaluate(
        "navigator.serviceWorker.register('/sw.js', {scope: '/'})"
        ".then(() => navigator.serviceWorker.ready).then((r) => r.scope)"
    )
    assert scope == server + "/"
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = manifest["manifest"]  # as Chromium read it
    assert parsed["name"] == "Sankt Petersburg" and parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == server + "/"
    assert {icon["sizes"] for icon in parsed["icons"]} == {"192x192", "512x512"}
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito, where Chromium installs nothing: any other reason fails.
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []
    # The worker answers no request: a page's /api request goes to the network (fresh each time).
    first = page.evaluate("fetch('/api/account').then((r) => r.headers.get('set-cookie') ?? r.status)")
    assert first == 200
    worker = page.request.get(server + "/sw.js").text()
    assert "caches." not in worker and '"fetch"' not in worker
    assert page.errors == []
    context.close()
