"""Fixtures for the server tests: an app on a fresh SQLite file, with what a test injects."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

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


@pytest.fixture
def make_client(db_path: str) -> Iterator[Callable[..., TestClient]]:
    """``make_client(config, clock=..., bots=..., seeds=...)``: a started app on the test's database
    (stopped at the end of the test)."""
    with ExitStack() as stack:

        def make(config: ServerConfig | None = None, **injected: Any) -> TestClient:
            app = create_app(db_path, config or ServerConfig(bot_delay=0.0), **injected)
            return stack.enter_context(TestClient(app))

        yield make
