"""A real server (uvicorn, real sockets on loopback) in a thread of the test process.

The test can reach the app's parts (``app.state.server``) and capture what the server logs,
while clients talk to it over real TCP websockets, exactly as browsers do.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI
from itsdangerous import URLSafeTimedSerializer

from petersburg.server.api.identity import GUEST_COOKIE
from petersburg.server.local import free_port

_guests: dict[tuple[str, str], str] = {}
"""The guest cookie of each person a test named, per server (``guest_cookie``)."""


def issued_guest(base: str) -> str:
    """A new guest identity, issued by the server at ``base`` (``http://host:port``) to a request
    without one, as a browser gets it: the ``Cookie`` header value that carries it."""
    with urllib.request.urlopen(base + "/api/account", timeout=10) as response:
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith(GUEST_COOKIE + "="):
                return str(header.split(";", 1)[0])
    raise AssertionError(f"{base} issued no guest identity")


def guest_uid(cookie: str) -> str:
    """The identity a guest cookie carries (read without its key: for a test to name it)."""
    _, uid = URLSafeTimedSerializer("").loads_unsafe(cookie.split("=", 1)[1])
    return str(uid)


def guest_cookie(base: str, person: str) -> str:
    """The ``Cookie`` header value of the guest a test calls ``person`` on the server at ``base``
    (issued by that server on first use; every process of one database accepts it)."""
    key = (base.replace("ws://", "http://"), person)
    if key not in _guests:
        _guests[key] = issued_guest(key[0])
    return _guests[key]


@contextmanager
def running(app: FastAPI, timeout: float = 30.0, send_buffer: int | None = None) -> Iterator[str]:
    """Serve ``app`` on a free loopback port until the block ends; yields ``127.0.0.1:<port>``.

    ``send_buffer``: the kernel's send buffer of every accepted socket, in bytes (small, so that a
    client that stops reading holds the server back after little data, as over a slow network)."""
    port = free_port()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if send_buffer is not None:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    listener.bind(("127.0.0.1", port))
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        lifespan="on",
        timeout_graceful_shutdown=5,
        proxy_headers=False,  # as ``petersburg serve``: X-Forwarded-For is the app's to read
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listener]}, name="test-server", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the server stopped during start-up")
        if time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError(f"the server did not start within {timeout:.0f} s")
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        listener.close()
        if thread.is_alive():
            raise RuntimeError(f"the server did not stop within {timeout:.0f} s")
