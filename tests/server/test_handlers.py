"""Every refused HTTP request is answered by the handler of its kind of failure: ``{"detail": <a
sentence>}`` (``HttpError``) with the status of that kind, and nothing changes."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import Connection

from petersburg.server.api.responses import STORAGE_FAULT
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import StorageError
from tests.server.helpers import create_table, server_of

T = TypeVar("T")


class LostStore(SqlStore):
    """The real store, which cannot be read once the test says it is lost."""

    lost = False

    async def run_read(self, run: Callable[[Connection], T]) -> T:
        if self.lost:
            raise StorageError("server closed the connection unexpectedly")
        return await super().run_read(run)


def test_a_refusal_has_its_own_status_and_sentence(client: TestClient) -> None:
    unknown = client.get("/api/tables/999")
    assert (unknown.status_code, unknown.json()) == (404, {"detail": "There is no table 999."})
    assert unknown.headers["content-type"] == "application/json"
    table = create_table(client, 2)
    unfinished = client.get(f"/api/tables/{table}/story")
    assert unfinished.status_code == 409
    assert unfinished.json() == {"detail": "The results are shown once the game is over."}
    edition = client.get("/api/cards?edition=third")
    assert edition.status_code == 400 and edition.json() == {
        "detail": "Option 'edition' must be 'first' or 'second'."
    }


def test_a_request_that_does_not_fit_the_protocol_is_a_400_with_what_is_wrong(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"detail": "Malformed request body: expected a JSON object."}
    account = client.post("/api/account/signup", json={"name": 7, "password": "long enough"})
    assert account.status_code == 400 and account.json() == {
        "detail": "A name is text of 1 to 24 characters."
    }
    assert client.get("/api/tables").json() == []


def test_a_storage_failure_is_a_500_that_says_nothing_changed(
    make_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    client = make_client(store_type=LostStore)
    store = server_of(client).store
    assert isinstance(store, LostStore)
    store.lost = True
    with caplog.at_level(logging.ERROR, logger="petersburg.server"):
        response = client.get("/api/leaderboard")
    assert (response.status_code, response.json()) == (500, {"detail": str(STORAGE_FAULT)})
    assert "GET /api/leaderboard failed in storage: server closed the connection" in caplog.text
    store.lost = False
    assert client.get("/api/leaderboard").status_code == 200
