"""A bot registered with ``register_bot`` in a module given to ``petersburg serve --import`` (here
through ``PETERSBURG_BOT_MODULES``, the flag's variable) is a level people can choose, and the
server's bot worker processes play it: a table of two such bots is started and its log shows the
custom bot's own moves, chosen in a process other than the server's."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from petersburg.server.local import LocalServer
from tests.server.helpers import NAMES, UIDS
from tests.server.live import guest_cookie

BOT_MODULE = '''
import os

from petersburg.bots import register_bot
from petersburg.engine import format_action


class Hoarder:
    """Takes a card into hand whenever it may (the server's stand-in for a failing bot passes),
    and notes the process that chose the move."""

    def __init__(self, seed):
        self.name = "hoarder"

    def choose(self, seen):
        with open(os.environ["HOARDER_PIDS"], "a") as out:
            out.write(f"{os.getpid()}\\n")
        actions = seen.legal_actions()
        taking = [a for a in actions if format_action(a).startswith("hand ")]
        return taking[0] if taking else actions[-1]


register_bot("hoarder", Hoarder)
'''


def post_table(base: str, **params: Any) -> int:
    body = json.dumps({"name": NAMES[0], **params}).encode()
    headers = {"Content-Type": "application/json", "Cookie": guest_cookie(base, UIDS[0])}
    request = urllib.request.Request(base + "/api/tables", data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return int(json.load(response)["id"])


def test_a_bot_of_an_imported_module_plays_in_the_bot_workers(tmp_path: Path) -> None:
    module = tmp_path / "my_bots.py"
    module.write_text(BOT_MODULE)
    pids = tmp_path / "pids.txt"
    env = {"PETERSBURG_BOT_MODULES": str(module), "HOARDER_PIDS": str(pids)}
    with LocalServer(tmp_path / "data", env=env) as server:
        assert server.process is not None
        with urllib.request.urlopen(server.base_url + "/api/bots", timeout=10) as response:
            levels = json.load(response)
        assert "hoarder" in json.dumps(levels)
        table = post_table(server.base_url, seats=2, sit=False, fill="hoarder")
        creator = {"Cookie": guest_cookie(server.base_url, UIDS[0])}
        url = server.base_url.replace("http://", "ws://") + f"/ws/table/{table}"
        with connect(url, additional_headers=creator) as ws:
            ws.send(json.dumps({"type": "hello", "name": NAMES[0]}))
            ws.send(json.dumps({"type": "start"}))
            taken: set[int] = set()
            deadline = time.monotonic() + 60
            while taken != {0, 1} and time.monotonic() < deadline:
                try:
                    message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
                except TimeoutError:
                    break
                assert message["type"] != "error", message
                for line in message.get("log") or []:
                    if line["event"]["type"] == "card_taken":
                        taken.add(line["event"]["seat"])
                        assert line["text"].startswith("Hoarder bot"), line
        assert taken == {0, 1}, f"seats that took a card into hand within 60 s: {sorted(taken)}"
        chosen_in = {int(pid) for pid in pids.read_text().split()}
        assert chosen_in and server.process.pid not in chosen_in


def test_serve_names_a_bot_module_it_cannot_find(tmp_path: Path) -> None:
    missing = tmp_path / "no_such_bots.py"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "petersburg.cli",
            "serve",
            "--data-dir",
            str(tmp_path),
            "--import",
            str(missing),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0
    assert f"Bot module file {missing} does not exist." in run.stderr
