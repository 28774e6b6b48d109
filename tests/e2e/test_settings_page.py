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


def test_vacation_move_deadlines_and_the_mute_button(browser: Any, server: str) -> None:
    """The vacation form refuses what is not a number of days with the server's sentence and
    starts one; the lobby's form offers a time per move; a turn-based table with one shows the
    time left and, to a signed-in player, a button that mutes its alerts (kept in the settings)."""
    for width, height, name in ((390, 844, "Phone"), (1366, 900, "Desk")):
        context, page = signed_up_page(browser, server, f"Away {name}", width, height)
        page.goto(server + "/settings")
        page.wait_for_selector("#vacation-panel:not([hidden])")
        assert "Not on vacation. 14 of 14 days left this year." in page.inner_text("#vacation-state")
        page.fill("#vacation-form input[name=days]", "20")
        page.click("#vacation-form button[type=submit]")
        page.wait_for_selector("#vacation-form .form-error:not([hidden])")
        assert "You have 14 days of vacation left this year" in page.inner_text("#vacation-form .form-error")
        page.fill("#vacation-form input[name=days]", "3")
        page.click("#vacation-form button[type=submit]")
        page.wait_for_selector("#vacation-end:not([hidden])")
        assert "11 of 14 days left" in page.inner_text("#vacation-state")
        page.locator("#vacation-panel").scroll_into_view_if_needed()
        shot(page, f"settings/vacation-{width}x{height}")

        page.goto(server + "/")
        page.click("#more-options > summary")  # the pace and its deadlines are folded away
        page.check("input[name=mode][value=turn]")
        page.select_option("select[name=move_deadline]", "86400")
        # The levels arrive with the lobby's first message: wait for them, never count before.
        page.wait_for_function("document.querySelectorAll('select[name=deadline_bot] option').length >= 5")
        assert page.input_value("select[name=deadline_bot]") == "easy"
        page.locator("select[name=move_deadline]").scroll_into_view_if_needed()
        shot(page, f"settings/lobby-deadline-{width}x{height}", full_page=False)

        answer = page.request.post(
            server + "/api/tables",
            data={
                "name": f"Away {name}",
                "seats": 2,
                "realtime": False,
                "move_deadline": 86400,
                "fill": "random",
            },
            headers={"Content-Type": "application/json"},
        )
        assert answer.status == 201, answer.text()
        table = answer.json()["id"]
        page.goto(f"{server}/table/{table}")
        page.wait_for_selector("#start")
        assert "Turn based, 1 day per move (then the Easy bot plays it)." in page.inner_text("#seats-panel")
        page.click("#start")
        page.wait_for_function("document.body.dataset.myturn === '1'")
        page.wait_for_selector("#timer:not([hidden])")
        assert page.inner_text("#timer") == "3 d 23 h left", "a day, and the 3 days of vacation"
        assert "when it runs out, a bot plays it" in (page.get_attribute("#timer", "title") or "")
        page.wait_for_selector("#mute-button:not([hidden])")
        assert page.inner_text("#mute-button") == "Mute alerts"
        page.click("#mute-button")
        page.wait_for_selector("#mute-button[aria-pressed=true]")
        shot(page, f"settings/table-deadline-{width}x{height}", full_page=False)
        muted = page.request.get(server + "/api/alerts/settings").json()["muted"]
        assert muted == [table]
        assert page.errors == []
        context.close()
