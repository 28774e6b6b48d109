"""The language remembered per account: chosen in a page's picker (``POST /api/account/language``)
or on an open socket (the ``language`` request), it words the account's pages and sockets in any
browser, and its alerts (a webhook's test alert, through a real loopback receiver); a stored code that
is not one of ours reads in English, with no error."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from petersburg.server.persistence.sql.database import database_url
from petersburg.text import wording
from petersburg.text.alerts import alert_text
from petersburg.text.refusals import refusal
from petersburg.text.translations import Forms, translations
from tests.server.alert_receivers import http_receiver, wait_for
from tests.server.clock import ManualClock
from tests.server.helpers import error_of, hello, query
from tests.server.test_alert_settings import loopback_settings, signed_up

GERMAN = {
    "alert.test_title": ("Sankt Petersburg: eine Test-Benachrichtigung",),
    "alert.test_body": ("Das ist der Test, um den du gebeten hast.",),
    "refusal.not_started": ("Das Spiel hat noch nicht begonnen.",),
}
"""A translator's German of a few sentences (the suite does not wait for the translators' files)."""

TEST_INTERVAL = 61.0
"""More than the least time between two test alerts of a channel."""


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The German catalogue with ``GERMAN`` in it, as a translator would have filled it."""

    def with_german(language: str) -> Mapping[str, Forms]:
        found = dict(translations(language))
        return {**found, **GERMAN} if language == "de" else found

    monkeypatch.setattr(wording, "translations", with_german)
    yield


def _store_language(database: str, code: str) -> None:
    engine = sa.create_engine(database_url(database), poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE accounts SET language = :code"), {"code": code})
    finally:
        engine.dispose()


def _words_language(client: TestClient) -> str:
    language: str = client.get("/api/words").json()["lang"]
    return language


def _table_refusal(client: TestClient) -> str:
    """The refusal a signed-in socket at a table not started yet gets for an action."""
    table = client.post("/api/tables", json={"name": "Bea", "seats": 2}).json()["id"]
    with client.websocket_connect(f"/ws/table/{table}") as ws:
        hello(ws, "Bea")
        return error_of(ws, {"type": "act", "token": "nope", "seq": 0, "action": 0})


def test_the_picker_remembers_the_language_for_the_account_in_another_browser(
    make_client: Callable[..., TestClient], german: None
) -> None:
    client = make_client()
    assert client.post("/api/account/language", json={"lang": "de"}).status_code == 401  # a guest
    signed_up(client)
    assert _words_language(client) == "en"
    answer = client.post("/api/account/language", json={"lang": "de-AT"})
    assert answer.status_code == 200 and answer.json() == {"lang": "de"}
    assert _words_language(client) == "de"
    other = TestClient(client.app)  # another browser, signed in to the same account
    signed_in = other.post("/api/account/signin", json={"name": "Bea", "password": "correct horse 1"})
    assert signed_in.status_code == 200
    assert _words_language(other) == "de"
    assert _table_refusal(other) == GERMAN["refusal.not_started"][0]
    other.cookies.set("pb_lang", "ja")  # the browser's own choice goes first
    assert _words_language(other) == "ja"
    assert client.post("/api/account/language", json={"lang": "xx"}).json() == {"lang": "en"}
    assert _words_language(client) == "de"  # an unknown code changes nothing
    assert client.post("/api/account/language", json={"lang": 3}).status_code == 400


def test_the_socket_request_remembers_the_language_and_an_unknown_stored_one_reads_english(
    make_client: Callable[..., TestClient], database: str, german: None
) -> None:
    client = make_client()
    signed_up(client)
    table = client.post("/api/tables", json={"name": "Bea", "seats": 2}).json()["id"]
    with client.websocket_connect(f"/ws/table/{table}") as ws:
        hello(ws, "Bea")
        ws.send_json({"type": "language", "lang": "de"})
        wait_for(lambda: query(database, "SELECT language FROM accounts") == [("de",)], what="the choice")
    assert _words_language(client) == "de"
    assert _table_refusal(client) == GERMAN["refusal.not_started"][0]  # a new socket, in German
    _store_language(database, "klingon")
    assert _words_language(client) == "en"
    assert client.get("/").status_code == 200
    assert _table_refusal(client) == str(refusal("not_started"))


def test_alerts_are_worded_in_the_account_language(
    make_client: Callable[..., TestClient], database: str, german: None
) -> None:
    with http_receiver() as hook:
        clock = ManualClock()
        client = make_client(loopback_settings(), clock=clock)
        signed_up(client)
        url = f"http://127.0.0.1:{hook.server_address[1]}/hook"
        assert client.post("/api/alerts/settings", json={"webhook_url": url}).status_code == 200
        assert client.post("/api/account/language", json={"lang": "de"}).status_code == 200
        assert client.post("/api/alerts/test", json={"channel": "webhook"}).status_code == 200
        wait_for(lambda: len(hook.received) == 1, what="the German test alert")
        german_alert = json.dumps(json.loads(hook.received[0].body), ensure_ascii=False)
        assert GERMAN["alert.test_title"][0] in german_alert
        _store_language(database, "xx")  # not one of ours: English, and no error
        clock.advance(TEST_INTERVAL)
        assert client.post("/api/alerts/test", json={"channel": "webhook"}).status_code == 200
        wait_for(lambda: len(hook.received) == 2, what="the English test alert")
        assert str(alert_text("test_title")) in json.dumps(json.loads(hook.received[1].body))
