"""Names that only look like another (``protocol/names.py``): each of the red team's 24 look-alikes
of an account's name is refused with a sentence or found equal to the name it imitates, as an
account's name, as a guest's name at a table and next to a seat of the same name; names of other
scripts that look like nothing else still work; an existing account whose stored key changes
meaning keeps working after the migration."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from petersburg.server.app import create_app
from petersburg.server.persistence.sql import database as db
from petersburg.server.protocol.names import name_key, shown_name
from petersburg.server.settings import Settings
from tests.server.helpers import as_guest, guest_socket, hello, recv_until

PASSWORD = "correct horse battery"
INVISIBLE = "A name cannot hold invisible characters"
COMBINING = "A name cannot hold a combining mark that joins no letter"
TAKEN_BY_ACCOUNT = "The name Vera belongs to an account: sign in as Vera to use it, or choose another name."

LOOK_ALIKES = {
    "zero-width space": "Ve\u200bra",
    "zero-width space at the end": "Vera\u200b",
    "zero-width joiner": "Vera\u200d",
    "zero-width non-joiner": "Ve\u200cra",
    "word joiner": "V\u2060era",
    "byte-order mark": "\ufeffVera",
    "right-to-left override": "\u202eVera",
    "left-to-right mark": "Vera\u200e",
    "soft hyphen": "Ve\u00adra",
    "Hangul filler": "Vera\u3164",
    "no-break space": "Vera\u00a0",
    "no-break space inside": "\u00a0Vera",
    "Cyrillic А": "Ver\u0410",
    "Cyrillic е": "V\u0435ra",
    "Cyrillic Ѵ and а": "\u0474er\u0430",
    "Greek ο-like alpha": "Ver\u03b1",
    "combining acute": "Vera\u0301",
    "combining stroke": "Ve\u0336ra",
    "grapheme joiner": "Ver\u034fa",
    "variation selector": "Vera\ufe0f",
    "fullwidth letters": "\uff36\uff45\uff52\uff41",
    "mathematical bold": "\U0001d415\U0001d41e\U0001d42b\U0001d41a",
    "trailing dot": "Vera.",
    "fullwidth trailing dot": "VERA\uff0e",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "names.db"), Settings(bot_delay=0.0))) as client:
        yield client


def refused_or_same(detail: str) -> bool:
    return detail.startswith((INVISIBLE, COMBINING)) or detail == TAKEN_BY_ACCOUNT


def test_there_are_the_24_look_alikes_of_the_red_team() -> None:
    assert len(LOOK_ALIKES) == 24


@pytest.mark.parametrize("look_alike", list(LOOK_ALIKES.values()), ids=list(LOOK_ALIKES))
def test_a_look_alike_of_an_account_name_is_refused_or_the_same_name(
    client: TestClient, look_alike: str
) -> None:
    assert client.post("/api/account/signup", json={"name": "Vera", "password": PASSWORD}).status_code == 201
    client.cookies.clear()  # a guest from now on
    account = client.post("/api/account/signup", json={"name": look_alike, "password": PASSWORD})
    assert account.status_code in (400, 409)
    detail = account.json()["detail"]
    assert detail.startswith((INVISIBLE, COMBINING, "An account name has 2 to 24")) or (
        detail.startswith("The name ") and detail.endswith(" is taken; choose another.")
    )
    table = client.post(
        "/api/tables", json={"name": look_alike, "seats": 2}, headers=as_guest(client, "guest-uid-0001")
    )
    assert table.status_code == 400 and refused_or_same(table.json()["detail"]), table.json()


@pytest.mark.parametrize("look_alike", ["\u0410nn\u0430", "ANNA.", "\uff21nna", "Ann\u00e1", "Anna\u200b"])
def test_a_look_alike_of_a_seats_name_does_not_sit_at_its_table(client: TestClient, look_alike: str) -> None:
    table = client.post(
        "/api/tables", json={"name": "Anna", "seats": 3}, headers=as_guest(client, "guest-uid-0001")
    ).json()["id"]
    with guest_socket(client, f"/ws/table/{table}", "guest-uid-0002") as ws:
        hello(ws, "Somebody")
        ws.send_json({"type": "sit", "name": look_alike})
        answer = recv_until(ws, lambda message: message["type"] == "error")
    assert answer["message"].startswith((INVISIBLE, "Someone at this table is already called Anna;"))
    assert [seat["name"] for seat in client.get(f"/api/tables/{table}").json()["seats"]][:2] == ["Anna", ""]


@pytest.mark.parametrize("look_alike", list(LOOK_ALIKES.values()), ids=list(LOOK_ALIKES))
def test_each_look_alike_is_refused_or_has_the_names_key(look_alike: str) -> None:
    try:
        shown = shown_name(look_alike)
    except Exception as refusal:
        assert str(refusal).startswith((INVISIBLE, COMBINING))
        return
    assert name_key(shown) == name_key("Vera") == "vera"


def test_names_of_other_scripts_and_accents_are_names() -> None:
    for name in ("José", "Jose\u0301", "Вера Павловна", "नमस्ते", "محمد", "Zoë-Ann", "O'Brien", "李小龍"):
        assert shown_name(name) == shown_name(name).strip()
    assert shown_name("Jose\u0301") == "José"  # an accent typed apart joins its letter
    assert shown_name("  Anna \u00a0 Karenina\u3000") == "Anna Karenina"  # spaces of every kind: one
    assert name_key("José") == name_key("JOSE") == "jose"
    assert name_key("J.R.R.") == "j.r.r"
    assert name_key("Anna  KARENINA") == "anna karenina"


def test_a_sentence_for_each_refusal(client: TestClient) -> None:
    invisible = client.post("/api/account/signup", json={"name": "Ve\u200bra", "password": PASSWORD})
    assert invisible.json()["detail"] == (
        "A name cannot hold invisible characters (zero-width spaces, joiners, direction marks or "
        "control characters): type it again without them."
    )
    mark = client.post("/api/account/signup", json={"name": "Ve\u0336ra", "password": PASSWORD})
    assert mark.json()["detail"] == (
        "A name cannot hold a combining mark that joins no letter (such as a stroke or a floating "
        "accent): type the letter with its accent instead."
    )
    first = client.post("/api/account/signup", json={"name": "Vera.", "password": PASSWORD})
    assert first.status_code == 201 and first.json()["name"] == "Vera."
    client.cookies.clear()
    taken = client.post("/api/account/signup", json={"name": "Vera", "password": PASSWORD})
    assert (taken.status_code, taken.json()["detail"]) == (409, "The name Vera is taken; choose another.")
    wide = client.post("/api/account/signup", json={"name": "\uff2a\uff4f", "password": PASSWORD})
    assert wide.status_code == 201 and wide.json()["name"] == "Jo"  # kept as plain letters


def _downgrade(path: Path, revision: str) -> None:
    """The database at ``path`` taken down to ``revision`` by its migrations."""
    from alembic import command

    engine = db.create_engine(str(path))
    config = db.alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def test_existing_accounts_keep_working_after_their_keys_are_recomputed(tmp_path: Path) -> None:
    path = tmp_path / "old-keys.db"
    with TestClient(create_app(str(path), Settings(bot_delay=0.0))) as client:
        for name in ("J.R.R.", "Anna"):
            assert (
                client.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code
                == 201
            )
            client.cookies.clear()
    _downgrade(path, "0004")  # the schema of the server before revision 0005
    with sqlite3.connect(path) as old:  # and its keys, as that server kept them
        old.execute("UPDATE accounts SET name_key = 'j.r.r.' WHERE name = 'J.R.R.'")
        old.execute(
            "INSERT INTO accounts (name, name_key, password_hash, uid, created, mu, sigma, rated_games) "
            "SELECT 'Anna.', 'anna.', password_hash, 'uid-of-anna-dot', created, mu, sigma, 0 "
            "FROM accounts WHERE name = 'Anna'"
        )
    with TestClient(create_app(str(path), Settings(bot_delay=0.0))) as client:
        for typed in ("J.R.R.", "j.r.r", "J.R.R"):
            signed_in = client.post("/api/account/signin", json={"name": typed, "password": PASSWORD})
            assert (signed_in.status_code, signed_in.json()["name"]) == (200, "J.R.R."), typed
        assert client.get("/api/profile/Anna").json()["name"] == "Anna"
    with sqlite3.connect(path) as upgraded:
        keys = dict(upgraded.execute("SELECT name, name_key FROM accounts").fetchall())
    assert keys == {"J.R.R.": "j.r.r", "Anna": "anna", "Anna.": "anna."}  # the later twin keeps its key
