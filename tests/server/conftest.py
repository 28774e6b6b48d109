"""Fixtures for the server tests: an app on a fresh database, with what a test injects.

``database`` runs a test twice: on a fresh SQLite file and on a fresh PostgreSQL database (a real
server started by the session's ``postgres`` fixture). ``db_path`` is an SQLite file, for the tests
that change the file behind the server's back to check how it copes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from petersburg.server.app import create_app
from petersburg.server.settings import Settings


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "test.db")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test on ``database`` runs on both databases, except those that also change the SQLite
    file behind the server's back (``db_path``): those run on SQLite alone."""
    if "database" in metafunc.fixturenames:
        kinds = ["sqlite"] if "db_path" in metafunc.fixturenames else ["sqlite", "postgresql"]
        metafunc.parametrize("database", kinds, indirect=True)


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a fresh database: an SQLite file (the ``db_path`` one), or a new database on the
    test PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    postgres = request.getfixturevalue("postgres")
    return str(postgres.new_database())


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    app = create_app(database, Settings(bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def make_client(database: str) -> Iterator[Callable[..., TestClient]]:
    """``make_client(settings, clock=..., bots=..., seeds=..., store_type=...)``: a started app on the
    test's database (stopped at the end of the test)."""
    with ExitStack() as stack:

        def make(settings: Settings | None = None, **injected: Any) -> TestClient:
            app = create_app(database, settings or Settings(bot_delay=0.0), **injected)
            return stack.enter_context(TestClient(app))

        yield make
