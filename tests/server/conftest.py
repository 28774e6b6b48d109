"""Fixtures for the server tests: an app on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from petersburg.server.app import create_app
from petersburg.server.config import ServerConfig


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "test.db")


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    app = create_app(db_path, ServerConfig(bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client
