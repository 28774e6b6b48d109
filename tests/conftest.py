"""Fixtures shared by every test folder: real PostgreSQL and Redis servers, started on first use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services import PostgresServer, RedisServer, postgres_server, redis_server


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One PostgreSQL cluster for the test session (each test takes a fresh database of it)."""
    with postgres_server() as server:
        yield server


@pytest.fixture(scope="session")
def redis() -> Iterator[RedisServer]:
    """One Redis server for the test session."""
    with redis_server() as server:
        yield server
