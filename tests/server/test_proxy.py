"""Behind a real reverse proxy: Debian's nginx, started by the test on loopback as a child process
(its own configuration in a temporary folder, no daemon), in front of a real server.

The proxy reaches the server from 127.0.0.2, the one trusted proxy; clients reach the proxy from
127.0.0.3 and 127.0.0.4 (two people), and a client reaches the server directly from 127.0.0.1.
Each person gets his own share of tables through the proxy, whatever he writes in
``X-Forwarded-For``; a client that is not a trusted proxy cannot pass for anyone with that header.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from ipaddress import ip_network
from pathlib import Path

import httpx2 as httpx
import pytest

from petersburg.server.app import create_app
from petersburg.server.local import free_port
from petersburg.server.runtime import Server
from petersburg.server.settings import Settings
from tests.server.live import running

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{port};
        listen 127.0.0.3:{port};
        listen 127.0.0.4:{port};
        location / {{
            proxy_pass http://{upstream};
            proxy_bind 127.0.0.2;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
}}
"""
SHARE = 3


@contextmanager
def nginx(folder: Path, upstream: str) -> Iterator[int]:
    """nginx in front of ``upstream`` (``host:port``) until the block ends; yields its port."""
    port = free_port()
    config = folder / "nginx.conf"
    config.write_text(CONFIG.format(folder=folder, port=port, upstream=upstream))
    process = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            assert process.poll() is None, (folder / "error.log").read_text()
            try:
                httpx.get(f"http://127.0.0.3:{port}/api/bots", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "nginx did not answer within 15 s"
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def client_from(address: str) -> httpx.Client:
    """A client whose connections leave from ``address`` (a loopback one), with no cookies kept:
    each of its requests is a new guest."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def tables_created(client: httpx.Client, url: str, forged: str | None = None, tries: int = 10) -> int:
    """How many of ``tries`` table creations, each by a new guest, succeed; ``forged`` is put in
    X-Forwarded-For (a different address each time, if it ends in ``{n}``)."""
    created = 0
    for n in range(tries):
        client.cookies.clear()
        headers = {"X-Forwarded-For": forged.format(n=n)} if forged is not None else {}
        response = client.post(url + "/api/tables", json={"name": "Pat"}, headers=headers)
        assert response.status_code in (201, 429), response.text
        created += response.status_code == 201
    return created


@pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is missing: run `make services`")
def test_behind_nginx_each_real_client_has_its_own_share_and_forged_headers_are_ignored(
    tmp_path: Path,
) -> None:
    settings = Settings(
        bot_delay=0.0,
        max_live_tables_per_address=SHARE,
        max_live_tables_per_person=100,
        trusted_proxies=(ip_network("127.0.0.2"),),
    )
    app = create_app(str(tmp_path / "proxied.db"), settings)
    server: Server = app.state.server
    folder = tmp_path / "nginx"
    folder.mkdir()
    with running(app) as upstream, nginx(folder, upstream) as port:
        with client_from("127.0.0.3") as anna, client_from("127.0.0.4") as boris:
            assert tables_created(anna, f"http://127.0.0.3:{port}") == SHARE
            # Anna writes other addresses in the header: nginx appends hers, and hers counts.
            assert tables_created(anna, f"http://127.0.0.3:{port}", forged="198.51.100.{n}") == 0
            assert tables_created(boris, f"http://127.0.0.4:{port}") == SHARE  # his own share
        with client_from("127.0.0.1") as direct:  # not a trusted proxy: its header is not read
            assert tables_created(direct, f"http://{upstream}", forged="127.0.0.{n}, 127.0.0.2") == SHARE
        counted = sorted(table.row.id for table in server.seating.live_created_from("127.0.0.3"))
        assert len(counted) == SHARE
        assert {
            address: len(server.seating.live_created_from(address))
            for address in ("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4", "198.51.100.0")
        } == {"127.0.0.1": SHARE, "127.0.0.2": 0, "127.0.0.3": SHARE, "127.0.0.4": SHARE, "198.51.100.0": 0}
