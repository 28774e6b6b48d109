"""Sessions as rows, through the real app: the cookie holds a random id whose hash alone is stored;
signing out ends the session (a copied cookie is refused afterwards), "sign out everywhere" ends
another browser's session, a password change (the current password required) ends every other
session, the account lists its sessions, and a session ends a lifetime after its last use. Runs on
SQLite and on PostgreSQL."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.accounts.passwords import Passwords
from petersburg.server.errors import Refusal
from petersburg.server.settings import Settings
from tests.server.clock import ManualClock
from tests.server.helpers import UIDS, query, recv_until, server_of
from tests.server.test_accounts import PASSWORD, as_account, sign_up

NEW_PASSWORD = "a new and longer secret"


def sign_in(client: TestClient, name: str, password: str = PASSWORD, browser: str = "test") -> str:
    """A new session of ``name`` (from the browser named ``browser``): its cookie."""
    client.cookies.clear()
    response = client.post(
        "/api/account/signin", json={"name": name, "password": password}, headers={"User-Agent": browser}
    )
    assert response.status_code == 200, response.text
    return client.cookies[SESSION_COOKIE]


def signed_in_as(client: TestClient, cookie: str | None) -> str | None:
    """The account name the session cookie signs in (None: nobody)."""
    as_account(client, cookie)
    account = client.get("/api/account").json()
    return None if account is None else str(account["name"])


def test_the_cookie_holds_a_random_id_and_the_database_only_its_hash(client: TestClient) -> None:
    sign_up(client, "Alice")
    cookie = client.cookies[SESSION_COOKIE]
    stored = query(server_of(client).store.url, "SELECT id_hash FROM sessions")
    assert stored == [(hashlib.sha256(cookie.encode()).hexdigest(),)]
    assert len(cookie) >= 43  # 256 random bits
    assert signed_in_as(client, cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB")) is None


def lobby_holder(client: TestClient, cookie: str) -> str:
    """Who a lobby socket carrying the session cookie ``cookie`` is (its ``you``)."""
    with client.websocket_connect("/ws/lobby", headers={"cookie": f"{SESSION_COOKIE}={cookie}"}) as ws:
        ws.send_json({"type": "hello", "name": "Somebody"})
        return str(recv_until(ws, lambda m: m["type"] == "lobby")["you"])


def test_a_copied_cookie_is_refused_after_sign_out(client: TestClient) -> None:
    sign_up(client, "Alice", uid=UIDS[0])
    copied = client.cookies[SESSION_COOKIE]
    assert signed_in_as(client, copied) == "Alice"
    alice = lobby_holder(client, copied)
    signed_out = client.post("/api/account/signout", json={})
    assert signed_out.status_code == 200
    assert 'pb_session=""' in signed_out.headers["set-cookie"]  # the browser forgets it, too
    assert signed_in_as(client, copied) is None
    assert client.get("/api/account/sessions").status_code == 401
    assert lobby_holder(client, copied) != alice  # a socket with it is a guest, not Alice
    assert query(server_of(client).store.url, "SELECT count(*) FROM sessions") == [(0,)]


def test_sign_out_everywhere_ends_another_browsers_session(client: TestClient) -> None:
    sign_up(client, "Alice")
    phone = sign_in(client, "Alice", browser="Phone")
    laptop = sign_in(client, "Alice", browser="Laptop")
    sign_up(client, "Boris")
    boris = client.cookies[SESSION_COOKIE]
    as_account(client, laptop)
    listed = client.get("/api/account/sessions").json()
    assert [(s["user_agent"], s["current"]) for s in listed if s["user_agent"] != "testclient"] == [
        ("Laptop", True),
        ("Phone", False),
    ]
    assert len(listed) == 3  # with the sign-up's session
    assert client.post("/api/account/signout-everywhere", json={}).status_code == 200
    assert signed_in_as(client, phone) is None
    assert signed_in_as(client, laptop) is None
    assert signed_in_as(client, boris) == "Boris"  # another account's sessions go on
    as_account(client, None)
    refused = client.post("/api/account/signout-everywhere", json={})
    assert refused.status_code == 401
    assert refused.json()["detail"] == "You are not signed in (or your session has ended): sign in first."


def test_a_password_change_needs_the_current_password_and_ends_every_other_session(
    client: TestClient,
) -> None:
    sign_up(client, "Alice")
    other = sign_in(client, "Alice", browser="Other")
    mine = sign_in(client, "Alice", browser="Mine")
    wrong = client.post(
        "/api/account/password", json={"password": "not it at all", "new_password": NEW_PASSWORD}
    )
    assert wrong.status_code == 403 and wrong.json()["detail"] == "The current password is wrong."
    short = client.post("/api/account/password", json={"password": PASSWORD, "new_password": "short"})
    assert short.json()["detail"] == "A password has 8 to 200 characters."
    malformed = client.post("/api/account/password", json={"password": PASSWORD, "new_password": 5})
    assert (
        malformed.status_code == 400
        and malformed.json()["detail"] == "A password is text of 8 to 200 characters."
    )
    assert signed_in_as(client, other) == "Alice"  # nothing changed yet
    as_account(client, mine)
    changed = client.post("/api/account/password", json={"password": PASSWORD, "new_password": NEW_PASSWORD})
    assert changed.status_code == 200, changed.text
    assert signed_in_as(client, mine) == "Alice"  # the changer's session goes on
    assert signed_in_as(client, other) is None
    client.cookies.clear()
    old = client.post("/api/account/signin", json={"name": "Alice", "password": PASSWORD})
    assert old.status_code == 401
    assert sign_in(client, "Alice", NEW_PASSWORD)
    as_account(client, None)
    anonymous = client.post(
        "/api/account/password", json={"password": NEW_PASSWORD, "new_password": PASSWORD}
    )
    assert anonymous.status_code == 401


def test_a_session_ends_a_lifetime_after_its_last_use(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    lifetime = 1000.0
    client = make_client(Settings(bot_delay=0.0, session_lifetime=lifetime), clock=clock)
    sign_up(client, "Alice")
    used = client.cookies[SESSION_COOKIE]
    idle = sign_in(client, "Alice")
    clock.advance(0.6 * lifetime)
    assert signed_in_as(client, used) == "Alice"  # used: its end moves on
    clock.advance(0.6 * lifetime)  # 1.2 lifetimes after both began
    assert signed_in_as(client, idle) is None
    assert signed_in_as(client, used) == "Alice"
    clock.advance(lifetime + 1)
    assert signed_in_as(client, used) is None
    assert client.get("/api/account/sessions").status_code == 401
    sign_in(client, "Alice")  # a new session clears the ended ones away
    assert len(query(server_of(client).store.url, "SELECT id_hash FROM sessions")) == 1


def test_the_password_pool_refuses_at_once_beyond_its_queue() -> None:
    passwords = Passwords(PasswordHasher(), workers=1, queue=1)
    try:
        with passwords.turn(), passwords.turn(), pytest.raises(Refusal) as busy, passwords.turn():
            pass
        assert str(busy.value) == "The server is busy: try again in a moment."
        with passwords.turn():  # the places are given back
            pass
    finally:
        passwords.close()
