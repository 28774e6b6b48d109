"""The database schema: Alembic migrations bring a fresh database and a database written by the
server before SQLAlchemy to the schema of ``database.py``, in place, at start-up."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import Connection

from petersburg.server.app import create_app
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.store import StorageError
from petersburg.server.settings import Settings
from tests.server.helpers import NAMES, UIDS, eventually, guest_socket, hello, latest, query, stored_log

FIXTURE = Path(__file__).parent / "fixtures" / "pre_sqlalchemy.db"
"""Written by the server of commit 7c1e6a8 (``fixtures/make_pre_sqlalchemy_db.py``): a finished
solo game (table 1), a 2-seat game at log row 4 with auto-pass on for Alice (table 2), an open
3-seat table (table 3)."""


@contextmanager
def _migrating(
    path: Path, revision: str
) -> Iterator[tuple[Connection, Callable[[str], None], Callable[[str], None]]]:
    """A database at ``path`` brought to ``revision``, in one transaction, with its ``upgrade`` and
    ``downgrade`` to another revision."""
    from alembic import command

    engine = db.create_engine(str(path))
    config = db.alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            yield (
                connection,
                lambda to: command.upgrade(config, to),
                lambda to: command.downgrade(config, to),
            )
    finally:
        engine.dispose()


def _add_account(connection: Connection) -> None:
    connection.exec_driver_sql(
        "INSERT INTO accounts (name, name_key, password_hash, uid, created, mu, sigma)"
        " VALUES ('Bea', 'bea', 'x', 'u1', 1.0, 25.0, 8.3)"
    )


def _head() -> str:
    config = db.alembic_config()
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _version(database: str) -> str:
    return str(query(database, "SELECT version_num FROM alembic_version")[0][0])


def test_a_fresh_database_gets_exactly_the_schema_of_the_code(database: str) -> None:
    with TestClient(create_app(database, Settings(bot_delay=0.0))):
        pass
    assert _version(database) == _head()
    engine = db.create_engine(database)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_a_database_of_the_server_before_sqlalchemy_is_upgraded_in_place(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    shutil.copy(FIXTURE, path)
    before = stored_log(path, 2)
    assert len(before) == 4
    with TestClient(create_app(path, Settings(bot_delay=0.0))) as client, ExitStack() as stack:
        assert _version(path) == _head()
        assert client.get("/api/tables/2").json()["status"] == "playing"
        assert client.get("/api/tables/3").json()["status"] == "open"
        [best] = client.get("/api/highscores").json()
        assert best["table"] == 1
        assert client.get("/api/tables/1/replay").json()["result"]["scores"][0]["total"] == best["total"]
        sockets = [stack.enter_context(guest_socket(client, "/ws/table/2", UIDS[i])) for i in range(2)]
        updates = [hello(ws, NAMES[i]) for i, ws in enumerate(sockets)]
        assert [u["seq"] for u in updates] == [4, 4]
        assert updates[0]["autopass"] is True  # stored by the old server, read by the new one
        to_act = updates[0]["view"]["to_act"]
        assert to_act == 1
        mine = updates[to_act]
        action = next(a["id"] for a in mine["legal"] if a["kind"] != "pass")
        sockets[to_act].send_json({"type": "act", "token": mine["you"]["token"], "seq": 4, "action": action})
        # Bob acts; the server passes for Alice (auto-pass); the game goes on from the old log.
        assert latest(sockets[1], 6)["seq"] == 6
    after = stored_log(path, 2)
    assert after[:4] == before
    assert after[4][1:] == ("action", 1, action)
    assert after[5][1:3] == ("action", 0)


def test_the_oldest_schema_without_auto_pass_and_status_index_is_completed(tmp_path: Path) -> None:
    path = str(tmp_path / "oldest.db")
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as old:
        old.execute("DROP INDEX tables_by_status")
        old.execute("ALTER TABLE seats DROP COLUMN autopass")
    with TestClient(create_app(path, Settings(bot_delay=0.0))) as client:
        assert client.get("/api/tables/2").json()["status"] == "playing"
    with sqlite3.connect(path) as upgraded:
        columns = {row[1] for row in upgraded.execute("PRAGMA table_info(seats)")}
        indexes = {row[1] for row in upgraded.execute("PRAGMA index_list(tables)")}
    assert "autopass" in columns
    assert "tables_by_status" in indexes


def test_a_database_newer_than_the_code_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = str(tmp_path / "newer.db")
    with TestClient(create_app(path, Settings(bot_delay=0.0))):
        pass
    with sqlite3.connect(path) as newer:
        newer.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StorageError, match="schema version 9999, which this server does not know"):
        create_app(path, Settings(bot_delay=0.0))


def test_an_older_database_gets_hints_switches_and_its_finished_games_analysed(tmp_path: Path) -> None:
    """Migration 0008: every existing table keeps hints on (a game that may be rated still has
    none), and a finished game stored before analyses existed is analysed once asked for."""
    path = str(tmp_path / "old.db")
    shutil.copy(FIXTURE, path)
    with TestClient(create_app(path, Settings(bot_delay=0.0, analyse_games=False))) as client:
        assert [row[0] for row in query(path, "SELECT hints FROM tables ORDER BY id")] == [1, 1, 1]
        assert client.get("/api/tables/2").json()["hints"] is False  # two people: may be rated
        first = client.get("/api/tables/1/analysis")
        assert first.status_code == 202 and first.json()["status"] == "pending"
        eventually(lambda: client.get("/api/tables/1/analysis").status_code == 200, 60, "the analysis")
        analysis = client.get("/api/tables/1/analysis").json()["analysis"]
        assert analysis["solo"] is True and analysis["decisions"]
        assert analysis["curve"][-1]["chances"] == [analysis["curve"][-1]["chances"][0]]
        assert client.get("/api/tables/2/analysis").status_code == 409


def test_migration_0006_adds_the_alert_tables_and_keeps_the_accounts(tmp_path: Path) -> None:
    """An account of a database at 0005 is there after 0006, with no alert settings (every channel
    off) and an empty queue; 0006 goes down and up again cleanly."""
    path = str(tmp_path / "accounts.db")
    with _migrating(Path(path), "0005") as (connection, upgrade, downgrade):
        _add_account(connection)
        upgrade("0006")
        assert connection.exec_driver_sql("SELECT count(*) FROM account_alerts").scalar() == 0
        assert connection.exec_driver_sql("SELECT count(*) FROM alert_queue").scalar() == 0
        downgrade("0005")
        upgrade("head")
        assert connection.exec_driver_sql("SELECT name FROM accounts").scalar() == "Bea"
    with TestClient(create_app(path, Settings(bot_delay=0.0))) as client:
        answer = client.post("/api/account/signin", json={"name": "Bea", "password": "wrong password"})
        assert answer.status_code == 401


def test_migration_0007_adds_move_deadlines_vacations_and_table_webhooks(tmp_path: Path) -> None:
    """A table and an account's alert settings of a database at 0006 are there after 0007, the table
    without a move deadline and the account without a vacation; 0007 goes down and up again."""
    from alembic import command

    path = str(tmp_path / "deadlines.db")
    engine = db.create_engine(path)
    config = db.alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0006")
            connection.exec_driver_sql(
                "INSERT INTO tables (name, created, seats, options, realtime, timer, allow_undo, creator,"
                " status) VALUES ('Duel', 1.0, 2, '{}', 0, 0, 1, 'u1', 'open')"
            )
            connection.exec_driver_sql("INSERT INTO account_alerts (account_id, interval) VALUES (7, 600)")
            command.upgrade(config, "0007")
            table = connection.exec_driver_sql("SELECT name, move_deadline, deadline_bot FROM tables").one()
            assert tuple(table) == ("Duel", 0, None)
            alerts = connection.exec_driver_sql(
                "SELECT interval, vacation_until, vacation_days FROM account_alerts"
            ).one()
            assert tuple(alerts) == (600, None, 0)
            assert connection.exec_driver_sql("SELECT count(*) FROM turn_clocks").scalar() == 0
            assert connection.exec_driver_sql("SELECT count(*) FROM table_webhooks").scalar() == 0
            command.downgrade(config, "0006")
            assert connection.exec_driver_sql("SELECT name FROM tables").scalar() == "Duel"
            command.upgrade(config, "head")
    finally:
        engine.dispose()


def test_migration_0009_adds_the_language_of_an_account_and_keeps_the_accounts(tmp_path: Path) -> None:
    """An account of a database at 0008 is there after 0009 with no language chosen (it reads as
    its browser asks); 0009 goes down and up again and the account stays."""
    with _migrating(tmp_path / "language.db", "0008") as (connection, upgrade, downgrade):
        _add_account(connection)
        upgrade("0009")
        account = connection.exec_driver_sql("SELECT name, uid, language FROM accounts").one()
        assert tuple(account) == ("Bea", "u1", None)
        connection.exec_driver_sql("UPDATE accounts SET language = 'de'")
        downgrade("0008")
        columns = {row[1] for row in connection.exec_driver_sql("PRAGMA table_info(accounts)")}
        assert "language" not in columns
        assert connection.exec_driver_sql("SELECT name FROM accounts").scalar() == "Bea"
        upgrade("head")
        assert connection.exec_driver_sql("SELECT language FROM accounts").scalar() is None
