"""Real PostgreSQL and Redis servers for the tests, from Debian's packages, in temporary folders.

``PostgresServer`` runs ``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/<version>/bin``) on a free
loopback port, as the ``postgres`` user when the tests run as root (PostgreSQL refuses root);
``RedisServer`` runs ``redis-server`` on a free loopback port without persistence. Both stop (and
their folders go away) when the context ends. Nothing is mocked: the server under test talks to
them over TCP exactly as in production. ``make test`` installs the packages when they are missing.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count

from petersburg.server.local import free_port

START_TIMEOUT = 60.0
_databases = count()


def postgres_bin() -> str | None:
    """The folder of Debian's PostgreSQL server programs (the newest version), if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"{what} stopped during start-up (exit {process.returncode})") from None
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{what} did not accept connections within {START_TIMEOUT:.0f} s"
                ) from None
            time.sleep(0.05)


@dataclass
class PostgresServer:
    """A running PostgreSQL cluster: ``url(database)`` addresses one of its databases."""

    port: int
    user: str = "petersburg"

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database (its URL), so each test starts from nothing."""
        import psycopg

        name = f"test_{os.getpid()}_{next(_databases)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """Start a throw-away PostgreSQL cluster on loopback; stop it and remove its files at the end."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's postgresql package.")
    root = tempfile.mkdtemp(prefix="petersburg-pg-")
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL will not run as root: run it as the package's own user
        owner = pwd.getpwnam("postgres")
        os.chmod(root, 0o700)
        os.chown(root, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(root, "data")
    port = free_port()
    process: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run(
            [
                *as_user,
                f"{bin_dir}/initdb",
                "-D",
                data,
                "-U",
                "petersburg",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            timeout=START_TIMEOUT,
        )
        process = subprocess.Popen(
            [
                *as_user,
                f"{bin_dir}/postgres",
                "-D", data,
                "-p", str(port),
                "-k", root,
                "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=off",  # a throw-away cluster: commits still happen, without waiting for the disk
                "-c", "max_connections=200",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        _wait_for_port(port, process, "PostgreSQL")
        yield PostgresServer(port)
    finally:
        if process is not None:
            process.terminate()  # "smart" shutdown refuses new connections; fast enough here
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        shutil.rmtree(root, ignore_errors=True)


@dataclass
class RedisServer:
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@contextmanager
def redis_server(port: int | None = None) -> Iterator[RedisServer]:
    """Start a throw-away Redis on loopback (no persistence); stop it at the end. ``port``: start
    it again where one was stopped (clients reconnect to the same address)."""
    executable = shutil.which("redis-server")
    if executable is None:
        raise RuntimeError("Redis is not installed: `make test` installs Debian's redis-server package.")
    root = tempfile.mkdtemp(prefix="petersburg-redis-")
    port = port or free_port()
    process = subprocess.Popen(
        [
            executable,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            root,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, process, "Redis")
        yield RedisServer(port)
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        shutil.rmtree(root, ignore_errors=True)
