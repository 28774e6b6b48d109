"""A table's notices (a seat taken, the start, a hint asked for …) are stored as their message id
and parameters and worded for each reader in her language, in the chat's history and as they
happen; a notice stored before, as an English sentence, reads as it was, and one whose id the
catalogue no longer has still shows what it said."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from petersburg.server.persistence.sql.database import database_url
from petersburg.server.settings import Settings
from petersburg.text.notices import notice
from petersburg.text.wording import STORED_MARKER
from tests.server.helpers import NAMES, UIDS, as_guest, create_table, hello, query, recv_until

PSEUDO = Settings(bot_delay=0.0, pseudo_language=True)


def _chat_history(client: TestClient, table: int, uid: str, lang: str) -> list[dict[str, Any]]:
    with client.websocket_connect(f"/ws/table/{table}?lang={lang}", headers=as_guest(client, uid)) as ws:
        ws.send_json({"type": "hello", "name": "Reader", "lang": lang})
        history: list[dict[str, Any]] = recv_until(ws, lambda m: m["type"] == "chat_history")["chat"]
        return history


def _insert_chat(database: str, table: int, text: str) -> None:
    engine = sa.create_engine(database_url(database), poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as connection:
            connection.execute(
                sa.text("INSERT INTO chat (table_id, created, name, text) VALUES (:table, 1.0, '', :text)"),
                {"table": table, "text": text},
            )
    finally:
        engine.dispose()


def test_a_notice_is_stored_as_its_id_and_worded_for_each_reader(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(PSEUDO)
    table = create_table(client, 2)
    with ExitStack() as stack:
        english = stack.enter_context(
            client.websocket_connect(f"/ws/table/{table}?lang=en", headers=as_guest(client, UIDS[0]))
        )
        pseudo = stack.enter_context(
            client.websocket_connect(f"/ws/table/{table}?lang=qps", headers=as_guest(client, UIDS[1]))
        )
        hello(english, NAMES[0])
        pseudo.send_json({"type": "hello", "name": NAMES[1], "lang": "qps"})
        recv_until(pseudo, lambda m: m["type"] == "update")
        pseudo.send_json({"type": "sit", "seat": 1, "name": NAMES[1]})
        sits = str(notice("sits_down", name=NAMES[1], seat=2))
        assert recv_until(english, lambda m: m["type"] == "chat")["text"] == sits
        worded = recv_until(pseudo, lambda m: m["type"] == "chat")["text"]
        assert worded.startswith("⟦") and NAMES[1] in worded and worded != sits
    [(stored,)] = query(database, "SELECT text FROM chat WHERE text LIKE '%sits_down%'")
    assert stored.startswith(STORED_MARKER)
    assert json.loads(stored[1:]) == {"id": "notice.sits_down", "params": {"name": NAMES[1], "seat": 2}}
    history = [line["text"] for line in _chat_history(client, table, UIDS[2], "qps")]
    assert any(text.startswith("⟦") and NAMES[1] in text for text in history)


def test_old_english_notices_read_as_they_were_and_an_unknown_id_keeps_its_words(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(PSEUDO)
    table = create_table(client, 2)
    old = "Ann sits down in seat 1."
    _insert_chat(database, table, old)
    _insert_chat(database, table, STORED_MARKER + json.dumps({"id": "notice.gone", "params": {"name": "Bo"}}))
    _insert_chat(database, table, STORED_MARKER + "{not json")
    restarted = make_client(PSEUDO)  # a server that reads the chat back from the database
    texts = [line["text"] for line in _chat_history(restarted, table, UIDS[1], "qps")]
    assert old in texts
    assert 'notice.gone {"name": "Bo"}' in texts
    assert "{not json" in texts
