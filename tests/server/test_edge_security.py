"""The edge's defences (``api/security.py``): a state-changing request from another origin or
without a JSON body is refused with a sentence and changes nothing; every answer carries the
security headers; every cookie has the flags the settings give (from a flag or a variable too)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.api.security import CONTENT_SECURITY_POLICY, origin_of
from petersburg.server.app import create_app
from petersburg.server.settings import ENV_PREFIX, Settings
from tests.server.test_settings import serve

PASSWORD = "correct horse battery"
CROSS_SITE = "This request came from another site's page, so it was refused and nothing changed: "
NOT_JSON = "This request must send its body as JSON (Content-Type: application/json); nothing changed."
ACCOUNT = {"name": "Vera", "password": PASSWORD}
TABLE = {"uid": "guest-uid-0001", "name": "Guest", "seats": 2}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "edge.db"), Settings(bot_delay=0.0))) as client:
        yield client


def signed_up(client: TestClient) -> str:
    response = client.post("/api/account/signup", json=ACCOUNT)
    assert response.status_code == 201
    return response.cookies[SESSION_COOKIE]


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"origin": "null"},  # a sandboxed frame, or a page with no referrer
        {"origin": "https://testserver.evil.example"},
        {"origin": "http://testserver:8080"},  # another port is another origin
        {"referer": "http://evil.example/page.html"},  # no Origin: the Referer says where from
    ],
    ids=["other-site", "null", "look-alike-host", "other-port", "referer"],
)
def test_a_cross_site_post_is_refused_and_changes_nothing(
    client: TestClient, headers: dict[str, str]
) -> None:
    session = signed_up(client)
    for path, body in [
        ("/api/account/signin", ACCOUNT),
        ("/api/account/signup", {"name": "Mallory", "password": PASSWORD}),
        ("/api/account/signout", {}),
        ("/api/tables", TABLE),
    ]:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code == 403, path
        assert response.json()["detail"].startswith(CROSS_SITE)
        assert "set-cookie" not in response.headers  # neither signed in nor out
    assert client.get("/api/account").json()["name"] == "Vera"  # still signed in
    assert client.cookies[SESSION_COOKIE] == session
    assert client.get("/api/tables").json() == []
    assert client.get("/api/profile/Mallory").status_code == 404


def test_only_a_json_body_changes_anything(client: TestClient) -> None:
    for path in ("/api/account/signup", "/api/account/signin", "/api/account/signout", "/api/tables"):
        for content_type in (
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; b=x",
            None,
        ):
            headers = {"content-type": content_type} if content_type else {}
            response = client.post(path, content=b'{"name": "Vera", "password": "x"}', headers=headers)
            assert (response.status_code, response.json()["detail"]) == (415, NOT_JSON), (path, content_type)
    assert client.get("/api/profile/Vera").status_code == 404
    assert client.get("/api/tables").json() == []


def test_the_servers_own_origin_is_let_in(client: TestClient) -> None:
    for own in ("http://testserver", "https://testserver", "HTTP://TestServer:80"):
        response = client.post("/api/account/signup", json=ACCOUNT, headers={"origin": own})
        assert response.status_code in (201, 409), own  # the first creates, the others find it taken
    same_page = {"referer": "http://testserver/signin"}
    assert client.post("/api/account/signin", json=ACCOUNT, headers=same_page).status_code == 200
    charset = {"content-type": "application/json; charset=utf-8", "origin": "http://testserver"}
    assert (
        client.post(
            "/api/tables", content=b'{"uid": "guest-uid-0001", "name": "G"}', headers=charset
        ).status_code
        == 201
    )


def test_a_public_url_is_the_only_origin_and_makes_cookies_secure(tmp_path: Path) -> None:
    settings = Settings(bot_delay=0.0, public_url="https://Play.Example.org:443/lobby")
    with TestClient(create_app(str(tmp_path / "public.db"), settings)) as client:
        refused = client.post("/api/account/signup", json=ACCOUNT, headers={"origin": "http://testserver"})
        assert refused.status_code == 403
        response = client.post(
            "/api/account/signup", json=ACCOUNT, headers={"origin": "https://play.example.org"}
        )
        assert response.status_code == 201
        cookie = response.headers["set-cookie"].lower()
        assert "secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie


def test_cookie_flags_come_from_the_settings(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "plain.db"), Settings(bot_delay=0.0))) as client:
        cookie = client.post("/api/account/signup", json=ACCOUNT).headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
        cleared = client.post("/api/account/signout", json={}).headers["set-cookie"].lower()
        assert (
            cleared.startswith(f"{SESSION_COOKIE}=") and "max-age=0" in cleared and "samesite=lax" in cleared
        )
    settings = Settings(bot_delay=0.0, secure_cookies=True, cookie_same_site="strict")
    with TestClient(create_app(str(tmp_path / "strict.db"), settings)) as client:
        cookie = client.post("/api/account/signup", json=ACCOUNT).headers["set-cookie"].lower()
        assert "secure" in cookie and "samesite=strict" in cookie and "httponly" in cookie


def test_cookie_settings_are_flags_and_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(ENV_PREFIX + name.upper(), raising=False)
    assert Settings().cookies_secure is False
    assert serve("--public-url", "https://play.example.org").cookies_secure is True
    assert (
        serve("--public-url", "https://play.example.org", "--secure-cookies", "off").cookies_secure is False
    )
    assert serve("--cookie-same-site", "strict").cookie_same_site == "strict"
    monkeypatch.setenv("PETERSBURG_SECURE_COOKIES", "on")
    monkeypatch.setenv("PETERSBURG_PUBLIC_URL", "http://localhost:8000")
    assert Settings().cookies_secure is True and Settings().public_url == "http://localhost:8000"
    with pytest.raises(ValueError, match="needs secure cookies"):
        Settings(cookie_same_site="none", secure_cookies=False)
    with pytest.raises(ValueError, match="http:// or https:// address"):
        Settings(public_url="play.example.org")


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [
        client.get("/"),
        client.get("/table/1"),
        client.get("/static/img/cards.svg"),
        client.get("/api/tables"),
        client.get("/api/tables/99"),  # a refusal
        client.post("/api/tables", json=TABLE, headers={"origin": "http://evil.example"}),
        client.post("/api/tables", content=b"x" * 20_000, headers={"content-type": "application/json"}),
    ]
    for response in answers:
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, response.url
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
        assert response.headers["x-frame-options"] == "DENY"
    assert [answer.status_code for answer in answers[-3:]] == [404, 403, 413]
    policy = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["connect-src"] == "'self'"
    for subresource in ("/static/js/dom.js", "/static/css/base.css"):  # documents' headers stay off
        script = client.get(subresource)
        assert script.status_code == 200 and script.headers["x-content-type-options"] == "nosniff"
        assert "content-security-policy" not in script.headers and "x-frame-options" not in script.headers
    docs = client.get("/api/docs")  # its scripts come from a CDN: no policy of ours
    assert docs.status_code == 200 and "content-security-policy" not in docs.headers
    assert docs.headers["x-frame-options"] == "DENY"


def test_an_origin_is_written_as_a_browser_writes_it() -> None:
    assert origin_of("https://Play.Example.org:443/x?y") == "https://play.example.org"
    assert origin_of("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert origin_of("http://[::1]:80") == "http://[::1]"
    assert origin_of("null") is None
    assert origin_of("ftp://example.org") is None
    assert origin_of("http://example.org:99999") is None
