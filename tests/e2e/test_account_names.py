"""An account's name in Chromium: a guest who types it (in another case) as his name in the lobby
is told that it belongs to an account and to sign in, and the page does not keep it (the server
refuses it at every use too: tests/server/test_accounts.py); another name works. Screenshots at
390 × 844 and 1366 × 900 go to test-artifacts/accounts/."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.pages import open_page

SIZES = [(390, 844), (1366, 900)]
TAKEN = "The name Vera belongs to an account: sign in as Vera to use it, or choose another name."


def sign_up(base: str, name: str) -> None:
    request = urllib.request.Request(
        base + "/api/account/signup",
        data=json.dumps({"name": name, "password": "a long enough secret"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201


def test_a_guest_is_told_an_account_name_is_taken_and_to_sign_in(server: str, browser: Any) -> None:
    sign_up(server, "Vera")
    for width, height in SIZES:
        context, page = open_page(browser, server, width=width, height=height)
        try:
            page.goto(server + "/")
            expect(page.locator("#status.up")).to_be_visible()  # so the name goes to the server at once
            page.locator("#name").fill("VERA")
            page.locator("#name-form button[type=submit]").click()
            chat = page.locator("#chat")
            expect(chat).to_contain_text(TAKEN)
            expect(page.locator(".toast.error").filter(has_text=TAKEN).first).to_be_visible()
            shot(page, f"accounts/guest-with-account-name-{width}x{height}", full_page=False)
            # The refused name is not kept: no confirmation, and a new table still asks for a name.
            expect(page.locator(".toast").filter(has_text="You are VERA.")).to_have_count(0)
            assert page.evaluate("localStorage.getItem('pb_name')") in (None, "")
            page.locator("#create-form button[type=submit]").click()
            expect(page.locator(".toast.error").filter(has_text="Choose a name first.").first).to_be_visible()
            page.locator("#name").fill("Vera's friend")
            page.locator("#name-form button[type=submit]").click()
            expect(page.locator(".toast").filter(has_text="You are Vera's friend.").first).to_be_visible()
            page.locator("#create-form button[type=submit]").click()
            page.wait_for_url("**/table/*")  # another name creates the table
            assert page.errors == []
        finally:
            context.close()
