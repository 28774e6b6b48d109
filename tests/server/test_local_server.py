"""The helper that runs ``petersburg serve`` as a child process for tests and benchmarks."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from petersburg.server.local import LocalServer

pytestmark = pytest.mark.slow


def test_a_server_that_cannot_listen_is_reported_not_waited_for(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        server = LocalServer(tmp_path, port=port, timeout=20)
        with pytest.raises(RuntimeError, match="exited with status"):
            server.start()
        assert server.process is not None and server.process.poll() is not None


def test_stop_ends_the_process_and_frees_the_port(tmp_path: Path) -> None:
    with LocalServer(tmp_path) as server:
        assert server.process is not None and server.process.poll() is None
        port = server.port
    assert server.process.poll() is not None
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
