"""A real server (uvicorn, real sockets on loopback) in a thread of the test process.

The test can reach the app's parts (``app.state.server``) and capture what the server logs,
while clients talk to it over real TCP websockets, exactly as browsers do.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from petersburg.server.local import free_port


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
