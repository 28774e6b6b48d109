"""Identity the server issues, and limits that count the client's address as well as its identity.

A client can make up as many identities as it likes (a fresh request without a cookie gets a fresh
one; a ``uid`` in a body or a hello is not read), so each limit also counts its address: one
address cannot fill the server, flood the chat or run the bot workers for everyone, and what
another guest holds is never anyone else's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from ipaddress import ip_network
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from starlette.requests import HTTPConnection

from petersburg.server.api.identity import GUEST_COOKIE, client_address
from petersburg.server.app import create_app
from petersburg.server.runtime import Server
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import holder_id
from tests.server.helpers import as_guest, create_table, error_of, guest_socket, hello, recv_until, server_of
from tests.server.live import guest_uid, running

INVENTED = 2000


def test_invented_identities_from_one_address_get_that_address_share_only(tmp_path: Path) -> None:
    """2,000 requests from one address, each without a cookie (so each a new guest) and each
    claiming an identity of its own: no more tables than the address's share, and another address
    still creates one afterwards."""
    settings = Settings(bot_delay=0.0)  # the defaults: 2,000 tables in all, a twentieth per address
    app = create_app(str(tmp_path / "mass.db"), settings)
    server: Server = app.state.server
    share = settings.live_tables_per_address
    assert share == 100
    started = time.monotonic()
    with running(app) as address:
        base = f"http://{address}"
        created = refused = 0
        identities: set[str] = set()
        with httpx.Client(base_url=base, timeout=10) as one:  # 127.0.0.1
            for n in range(INVENTED):
                one.cookies.clear()  # a fresh guest each time
                response = one.post("/api/tables", json={"uid": f"invented-{n:05d}", "name": "Mass"})
                identities.add(response.cookies[GUEST_COOKIE])
                if response.status_code == 201:
                    created += 1
                else:
                    assert response.status_code == 429, response.text
                    assert "from your network address" in response.json()["detail"]
                    refused += 1
        assert (created, refused) == (share, INVENTED - share)
        assert len(identities) == INVENTED  # every request was a new guest: the identity did not matter
        assert server.tables.live_count() == share
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=base, transport=other, timeout=10) as another:
            response = another.post("/api/tables", json={"name": "Someone else"})
            assert response.status_code == 201, response.text
    assert time.monotonic() - started < 60


def test_the_server_issues_the_identity_in_a_signed_http_only_cookie(client: TestClient) -> None:
    response = client.get("/")
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{GUEST_COOKIE}=")
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower() and "Path=/" in cookie
    assert "set-cookie" not in client.get("/api/tables").headers  # kept, not issued again
    tampered = client.cookies[GUEST_COOKIE][:-4] + "AAAA"
    client.cookies.clear()
    client.cookies.set(GUEST_COOKIE, tampered)
    assert client.get("/api/tables").headers["set-cookie"].startswith(f"{GUEST_COOKIE}=")  # a new one


def test_the_websocket_handshake_issues_an_identity_to_a_client_without_one(client: TestClient) -> None:
    client.cookies.clear()
    with client.websocket_connect("/ws/lobby") as first, client.websocket_connect("/ws/lobby") as second:
        first.send_json({"type": "hello", "name": "One"})
        second.send_json({"type": "hello", "name": "Two"})
        ones = recv_until(first, lambda m: m["type"] == "lobby")["you"]
        twos = recv_until(second, lambda m: m["type"] == "lobby")["you"]
        assert ones and twos and ones != twos  # two clients without a cookie: two guests


def test_the_uid_of_a_hello_or_a_body_cannot_impersonate_another_guest(client: TestClient) -> None:
    alice, mallory = "alice-guest-0001", "mallory-guest-01"
    table = create_table(client, 2, uid=alice, name="Alice")
    with ExitStack() as stack:
        owner = stack.enter_context(guest_socket(client, f"/ws/table/{table}", alice))
        assert hello(owner, "Alice")["you"]["seat"] == 0
        thief = stack.enter_context(guest_socket(client, f"/ws/table/{table}", mallory))
        thief.send_json({"type": "hello", "uid": alice, "name": "Alice"})  # claims Alice's identity
        shown = recv_until(thief, lambda m: m["type"] == "update")
        assert shown["you"] is None  # Alice's seat is not hers: no token, no hand
        assert "You have no seat" in error_of(thief, {"type": "leave"})
        assert "Only the player who created this table" in error_of(thief, {"type": "start"})
        bot = {"type": "bot", "level": "random", "seat": 1}
        assert "Only the player who created this table" in error_of(thief, bot)
    # Creating a table with Alice's identity in the body makes it the sender's, not Alice's.
    response = client.post(
        "/api/tables", json={"uid": alice, "name": "Mallory"}, headers=as_guest(client, mallory)
    )
    created = server_of(client).tables.cached(response.json()["id"])
    assert created is not None and created.row.creator == mallory
    with guest_socket(client, "/ws/lobby", mallory) as lobby:
        lobby.send_json({"type": "hello", "uid": alice, "name": "M"})
        assert recv_until(lobby, lambda m: m["type"] == "lobby")["you"] == holder_id(mallory)


def test_a_chat_flood_with_fresh_identities_from_one_address_is_limited(
    make_client: Callable[..., TestClient],
) -> None:
    settings = Settings(bot_delay=0.0, chat_lines=8, chat_lines_per_address=12, chat_window=600.0)
    client = make_client(settings)
    sent = accepted = 0
    with ExitStack() as stack:
        for n in range(30):  # 30 guests, 2 lines each: 60 lines from one address
            ws = stack.enter_context(guest_socket(client, "/ws/lobby", f"flooder-{n:04d}"))
            ws.send_json({"type": "hello", "name": f"F{n}"})
            recv_until(ws, lambda m: m["type"] == "lobby")
            for line in range(2):
                ws.send_json({"type": "chat", "text": f"spam {n}.{line}"})
                ws.send_json({"type": "ping"})
                answer = recv_until(ws, lambda m: m["type"] in ("error", "pong"))
                sent += 1
                if answer["type"] == "pong":
                    accepted += 1
                else:
                    assert "from one network address" in answer["message"]
                    recv_until(ws, lambda m: m["type"] == "pong")
    assert (sent, accepted) == (60, 12)
    assert len(server_of(client).tables.lobby_chat) == 12  # the refused lines were not stored


def test_games_of_bots_alone_are_limited_per_address_whatever_the_identities(
    make_client: Callable[..., TestClient],
) -> None:
    settings = Settings(bot_delay=30.0, max_bot_tables_per_person=2, max_bot_tables_per_address=3)
    client = make_client(settings)  # bots wait 30 s before each move: the games stay running
    outcomes = []
    for n in range(5):
        uid = f"bot-fan-{n:04d}"
        table = create_table(client, 2, uid=uid, sit=False, fill="random")
        with guest_socket(client, f"/ws/table/{table}", uid) as ws:
            hello(ws, f"Fan {n}")
            ws.send_json({"type": "start"})
            ws.send_json({"type": "ping"})
            answer = recv_until(ws, lambda m: m["type"] in ("error", "pong"))
            outcomes.append(answer.get("message", "started"))
    assert outcomes[:3] == ["started"] * 3
    for refused in outcomes[3:]:
        assert refused.startswith("3 games of bots alone created from your network address are running")


def _connection(peer: str, forwarded: list[str]) -> HTTPConnection:
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return HTTPConnection({"type": "http", "client": (peer, 1234), "headers": headers})


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "seen"),
    [
        ("203.0.113.9", ["198.51.100.1"], [], "203.0.113.9"),  # no trusted proxy: the header is ignored
        ("10.0.0.5", ["198.51.100.1"], ["192.168.0.0/16"], "10.0.0.5"),  # an untrusted peer's header too
        ("10.0.0.5", ["198.51.100.1"], ["10.0.0.0/8"], "198.51.100.1"),
        ("10.0.0.5", ["6.6.6.6, 198.51.100.1"], ["10.0.0.0/8"], "198.51.100.1"),  # the forged hop is left
        ("10.0.0.5", ["6.6.6.6", "198.51.100.1, 10.0.0.7"], ["10.0.0.0/8"], "198.51.100.1"),  # two proxies
        ("10.0.0.5", ["garbage, 10.0.0.7"], ["10.0.0.0/8"], "10.0.0.7"),  # nothing left of junk is believed
        ("10.0.0.5", [], ["10.0.0.0/8"], "10.0.0.5"),
        ("2001:db8:1:2:aaaa::1", [], [], "2001:db8:1:2::/64"),  # IPv6 by its /64
        ("::ffff:198.51.100.3", [], [], "198.51.100.3"),
        ("::1", ["2001:db8:9:9::5"], ["::1"], "2001:db8:9:9::/64"),
        ("testclient", [], [], "testclient"),
    ],
)
def test_the_client_address_is_the_right_most_untrusted_hop(
    peer: str, forwarded: list[str], trusted: list[str], seen: str
) -> None:
    networks = [ip_network(network) for network in trusted]
    assert client_address(_connection(peer, forwarded), networks) == seen


def test_trusted_proxies_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PETERSBURG_TRUSTED_PROXIES", "127.0.0.2, 10.0.0.0/8,::1")
    settings = Settings()
    assert [str(network) for network in settings.trusted_proxies] == ["127.0.0.2/32", "10.0.0.0/8", "::1/128"]
    assert settings.environment()["PETERSBURG_TRUSTED_PROXIES"] == "127.0.0.2/32,10.0.0.0/8,::1/128"
    monkeypatch.setenv("PETERSBURG_TRUSTED_PROXIES", "not-an-address")
    with pytest.raises(ValueError, match="does not appear to be an IPv4 or IPv6 network"):
        Settings()


def test_a_full_server_lets_games_go_on_and_says_when_to_try_again(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, max_live_tables=2, max_live_tables_per_address=5))
    first = create_table(client, 1, uid="early-guest-01")
    create_table(client, 2, uid="early-guest-02")
    refused = client.post("/api/tables", json={"name": "Late"}, headers=as_guest(client, "late-guest-001"))
    assert refused.status_code == 503
    assert refused.json()["detail"] == (
        "The server is full: 2 tables are open or playing, and the games go on. Join one, or try "
        "again in 6 minutes, by when abandoned tables will have closed."
    )
    with guest_socket(client, f"/ws/table/{first}", "early-guest-01") as ws:
        hello(ws, "Early")
        ws.send_json({"type": "start"})
        assert recv_until(ws, lambda m: m["type"] == "update" and "view" in m)["view"]["stage"] != "over"


def test_a_guest_cookie_carries_the_identity_the_server_chose(client: TestClient) -> None:
    client.cookies.clear()
    response = client.post("/api/tables", json={"uid": "chosen-by-me-01", "name": "Pat"})
    issued = response.headers["set-cookie"].split(";", 1)[0]
    table = server_of(client).tables.cached(response.json()["id"])
    assert table is not None and table.row.creator == guest_uid(issued) != "chosen-by-me-01"
