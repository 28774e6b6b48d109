"""The account pages in Chromium: a guest plays, signs up on the sign-in page and finds the game
on the profile; wrong passwords get a sentence; the profile shows a rated game's rating history;
the leaderboard lists the players and the bots. Screenshots at 390 × 844 and 1366 × 900 go to
test-artifacts/accounts/."""

from __future__ import annotations

import json
import random
import urllib.request
from contextlib import ExitStack
from typing import Any

from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.e2e.conftest import shot
from tests.e2e.pages import create_table, open_page
from tests.e2e.sockets import receive, receive_update
from tests.server.helpers import pick_action, seated_update
from tests.server.live import guest_cookie

SIZES = [(390, 844), (1366, 900)]
PASSWORD = "a long enough secret"


def post(base: str, path: str, body: dict[str, Any], cookie: str = "") -> tuple[dict[str, Any], str]:
    """POST a JSON body (with a session cookie); the answer and the session cookie it set."""
    headers = {"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})}
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        cookie = response.headers.get("Set-Cookie", "").split(";")[0]
        return json.load(response), cookie


def play(base: str, table: int, players: list[tuple[str, str]], rng: random.Random) -> dict[str, Any]:
    """Seat each (uid, session cookie) in turn (without a session: the guest a test calls uid),
    start, play random legal actions to the end over websockets; the final update."""
    address = base.replace("http://", "ws://") + f"/ws/table/{table}"
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(
                connect(address, additional_headers={"Cookie": cookie or guest_cookie(base, uid)})
            )
            for uid, cookie in players
        ]
        for seat, ws in enumerate(sockets):
            ws.send(json.dumps({"type": "hello", "name": f"Guest {seat + 1}"}))
            if seat:
                ws.send(json.dumps({"type": "sit", "seat": seat}))
                receive(ws, seated_update(seat))
        sockets[0].send(json.dumps({"type": "start"}))
        updates = [receive_update(ws, 0) for ws in sockets]
        while "result" not in updates[0]:
            seq = updates[0]["seq"]
            seat = updates[0]["view"]["to_act"]
            mine = updates[seat]
            sockets[seat].send(
                json.dumps(
                    {
                        "type": "act",
                        "token": mine["you"]["token"],
                        "seq": seq,
                        "action": pick_action(mine, rng),
                    }
                )
            )
            updates = [receive_update(ws, seq + 1) for ws in sockets]
        return updates[0]


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def test_a_guest_signs_up_finds_the_game_and_sees_ratings_and_the_leaderboard(
    server: str, browser: Any
) -> None:
    rng = random.Random(21)
    guest = "guest-uid-e2e-0001"
    table = create_table(server, guest, "Nadia", seats=1, options={"always_refill": True})
    final = play(server, table, [(guest, "")], rng)
    # A rated 3-player game of three other accounts (for the rating history and the leaderboard).
    cookies = [
        post(server, "/api/account/signup", {"name": n, "password": PASSWORD})[1]
        for n in ("Olga", "Pavel", "Rita")
    ]
    uids = [
        post(server, "/api/account/signin", {"name": n, "password": PASSWORD})[0]["uid"]
        for n in ("Olga", "Pavel", "Rita")
    ]
    rated = post(server, "/api/tables", {"seats": 3}, cookies[0])[0]["id"]
    play(server, rated, list(zip(uids, cookies, strict=True)), rng)

    context, page = open_page(browser, server, width=390, height=844, uid=guest, name="Nadia")
    page.goto(server + "/signin")
    shot(page, "accounts/signin-390x844")
    assert fits(page)
    form = page.locator("#signup-form")
    form.locator("input[name=name]").fill("Nadia")
    form.locator("input[name=password]").fill("short")
    form.locator("button[type=submit]").click()
    expect(form.locator(".form-error")).to_have_text("A password has 8 to 200 characters.")
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/profile/Nadia")
    page.locator("#games tr").first.wait_for()
    row = page.locator("#games tr").first.inner_text()
    assert "over" in row and str(final["result"]["scores"][0]["total"]) in row
    assert page.locator("#account-nav").inner_text().startswith("Leaderboard")
    shot(page, "accounts/profile-guest-390x844")
    assert page.errors == []

    # Sign out, then a wrong password gets a sentence.
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(server + "/")
    page.goto(server + "/signin")
    signin = page.locator("#signin-form")
    signin.locator("input[name=name]").fill("nadia")
    signin.locator("input[name=password]").fill("wrong password")
    signin.locator("button[type=submit]").click()
    expect(signin.locator(".form-error")).to_have_text("Wrong name or password.")
    context.close()

    for width, height in SIZES:
        context, page = open_page(browser, server, width=width, height=height)
        page.goto(server + "/profile/Olga")
        page.locator("#rating-chart svg").wait_for()
        assert "1 rated game ·" in page.locator("#profile-summary").inner_text()  # Olga played one rated game
        shot(page, f"accounts/profile-{width}x{height}")
        assert fits(page)
        page.goto(server + "/leaderboard")
        page.locator("#players tr td a").first.wait_for()
        names = page.locator("#players tr td a").all_inner_texts()
        assert sorted(names) == ["Olga", "Pavel", "Rita"]
        assert "Beginner bot ≈" in page.locator("#bots").inner_text()  # plain level names, the ladder's
        assert "Random" not in page.locator("#bots").inner_text()  # kept for research: not a rung
        assert "ismcts" not in page.locator("#bots").inner_text()
        shot(page, f"accounts/leaderboard-{width}x{height}")
        assert fits(page)
        page.goto(server + "/signin")
        shot(page, f"accounts/signin-{width}x{height}")
        assert fits(page)
        page.goto(server + "/")
        page.locator("#account-nav a").first.wait_for()
        shot(page, f"accounts/lobby-{width}x{height}", full_page=False)
        assert page.errors == []
        context.close()


def test_the_account_page_lists_sessions_changes_the_password_and_signs_out_everywhere(
    server: str, browser: Any
) -> None:
    _, other_cookie = post(server, "/api/account/signup", {"name": "Sofia", "password": PASSWORD})
    context, page = open_page(browser, server, width=390, height=844)
    try:
        page.goto(server + "/signin")
        signin = page.locator("#signin-form")
        signin.locator("input[name=name]").fill("Sofia")
        signin.locator("input[name=password]").fill(PASSWORD)
        signin.locator("button[type=submit]").click()
        page.wait_for_url("**/profile/Sofia")
        page.get_by_role("link", name="Account").click()
        page.wait_for_url("**/account")
        expect(page.locator("#signin-panel")).to_be_hidden()
        expect(page.locator("#sessions li")).to_have_count(2)  # the sign-up's session and this one
        expect(page.locator("#sessions li").filter(has_text="This browser")).to_have_count(1)
        form = page.locator("#password-form")
        form.locator("input[name=password]").fill("not the password")
        form.locator("input[name=new_password]").fill("a newer long secret")
        form.locator("button[type=submit]").click()
        expect(form.locator(".form-error")).to_have_text("The current password is wrong.")
        form.locator("input[name=password]").fill(PASSWORD)
        form.locator("input[name=new_password]").fill("a newer long secret")
        form.locator("button[type=submit]").click()
        expect(form.locator(".form-done")).to_be_visible()
        expect(page.locator("#sessions li")).to_have_count(1)  # the other session has ended
        shot(page, "accounts/account-390x844")
        assert fits(page)
        request = urllib.request.Request(server + "/api/account", headers={"Cookie": other_cookie})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert json.load(response) is None
        page.get_by_role("button", name="Sign out everywhere").click()
        page.wait_for_url(server + "/")
        page.goto(server + "/account")
        expect(page.locator("#signin-panel")).to_be_visible()  # signed out: the sign-in form again
        assert page.errors == []
    finally:
        context.close()
