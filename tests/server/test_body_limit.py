"""A client that leaves halfway through a request body: the real server logs one line for it
(not the traceback of an error of its own) and goes on serving."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path

from petersburg.server.local import LocalServer
from tests.server.helpers import eventually

LEFT = "left before sending the whole body"


def test_a_client_leaving_mid_body_logs_one_line(tmp_path: Path) -> None:
    output = tmp_path / "server.log"
    with LocalServer(tmp_path, output=output) as server:
        before = output.read_text().splitlines()
        for path in ("/api/tables", "/api/account/signin"):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
                head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                client.sendall(f"{head}Content-Length: 100\r\n\r\n".encode() + b'{"name": "Ha')
            logged = f"POST {path}: the client"
            eventually(lambda: logged in output.read_text(), what=f"{path} logged")  # noqa: B023 (called at once)
        with urllib.request.urlopen(server.base_url + "/api/bots", timeout=10) as response:
            assert response.status == 200  # still serving
        added = output.read_text().splitlines()[len(before) :]
    assert len(added) == 2, added
    assert all(LEFT in line for line in added), added
