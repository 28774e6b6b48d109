"""Turn alerts end to end over real sockets: two accounts play a turn-based duel on a real server
process; the second player has no page open when it becomes her turn; one e-mail (a real SMTP
server on loopback), one push notification (a loopback push service that decrypts it and checks
its VAPID signature) and one webhook arrive, each with the table's link. Another turn of hers in
the same game within her interval alerts nothing new. The server is killed with SIGKILL between
a move and its alerts' delivery (held back by ``alerts_paused``): after the restart each alert is
delivered once. Then a password reset through the e-mailed link; the used link is refused with a
sentence. No code of any e-mailed link appears in anything the servers logged."""

from __future__ import annotations

import http.cookiejar
import json
import random
import re
import sqlite3
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from petersburg.server.alerts.vapid import new_keys
from petersburg.server.local import LocalServer, free_port
from tests.server.alert_receivers import (
    Mailbox,
    PushDevice,
    Received,
    http_receiver,
    smtp_server,
    vapid_signer,
    wait_for,
)
from tests.server.helpers import pick_action

PASSWORD = "correct horse 1"


class Person:
    """An account's browser: its cookies, its HTTP requests, its sockets."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.sockets = ExitStack()
        self.pages: list[ClientConnection] = []
        """Every socket opened, the latest last."""

    def call(self, path: str, body: object | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            headers={"Content-Type": "application/json"},
            method="GET" if data is None else "POST",
        )
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def ok(self, path: str, body: object | None = None) -> Any:
        status, answer = self.call(path, body)
        assert status in (200, 201), (path, status, answer)
        return answer

    def socket(self, table: int) -> tuple[ClientConnection, dict[str, Any]]:
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        url = self.base.replace("http://", "ws://") + f"/ws/table/{table}"
        ws = self.sockets.enter_context(connect(url, additional_headers={"Cookie": cookies}))
        self.pages.append(ws)
        ws.send(json.dumps({"type": "hello", "name": "x"}))
        return ws, next_update(ws, game=False)


def next_update(ws: ClientConnection, at_least: int = 0, *, game: bool = True) -> dict[str, Any]:
    """The next update (of a game under way at log row ``at_least`` or later, with ``game``)."""
    for _ in range(500):
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] != "update":
            continue
        if not game or (message.get("view") and message["seq"] >= at_least):
            return message
    raise AssertionError("no update")


def code_in(message: Any, kind: str) -> str:
    found = re.search(rf"#{kind}=([A-Za-z0-9_.\-]+)", message.get_content())
    assert found, message.get_content()
    return found.group(1)


def serve(tmp_path: Path, port: int, env: dict[str, str], paused: bool = False) -> LocalServer:
    more = {"PETERSBURG_ALERTS_PAUSED": "true"} if paused else {}
    return LocalServer(
        tmp_path / "data", port=port, env={**env, **more}, output=tmp_path / "server.log"
    ).start()


def duel_to_her_turn(
    anna: Person, bea: Person, *, keep_her_page: bool = False
) -> tuple[int, ClientConnection, dict[str, Any]]:
    """A turn-based duel of Anna (seat 0) and Bea (seat 1), Bea's page closed (with
    ``keep_her_page``: open when her turn begins, ``bea.pages[-1]``), played by Anna up to Bea's
    turn: the table, Anna's socket, her latest update."""
    table = int(
        anna.ok("/api/tables", {"name": "Anna", "seats": 2, "realtime": False, "title": "Duel"})["id"]
    )
    ws, update = anna.socket(table)
    bws, _ = bea.socket(table)
    bws.send(json.dumps({"type": "sit", "seat": 1}))
    while (next_update(bws, game=False).get("you") or {}).get("seat") != 1:
        pass
    if not keep_her_page:
        bws.close()
    ws.send(json.dumps({"type": "start"}))
    update = next_update(ws)
    while update["view"].get("stage") is None or update["view"]["to_act"] != 1:
        update = anna_moves(ws, update)
    return table, ws, update


def anna_moves(ws: ClientConnection, update: dict[str, Any]) -> dict[str, Any]:
    action = pick_action(update, random.Random(update["seq"]))
    ws.send(
        json.dumps({"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": action})
    )
    return next_update(ws, update["seq"] + 1)


def turn_rows(database: Path, table: int) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as connection:
        return list(
            connection.execute(
                "SELECT channel, status FROM alert_queue WHERE table_id = ? AND kind = 'turn'", (table,)
            )
        )


def created(_got: Received) -> tuple[int, dict[str, str]]:
    """A push service's answer to a notification it accepted."""
    return 201, {}


def mail_env(base: str, mail: Mailbox) -> dict[str, str]:
    """A server at ``base`` that sends e-mail through the test's SMTP server ``mail``."""
    return {
        "PETERSBURG_PUBLIC_URL": base,
        "PETERSBURG_SMTP_HOST": "127.0.0.1",
        "PETERSBURG_SMTP_PORT": str(mail.port),
        "PETERSBURG_SMTP_TLS": "none",
        "PETERSBURG_ALERT_POLL": "0.2",
    }


def anna_and_bea(base: str, mail: Mailbox) -> tuple[Person, Person, str]:
    """Two new accounts, Anna and Bea; Bea has given her e-mail address: the code of the link
    that confirms it."""
    anna, bea = Person(base), Person(base)
    anna.ok("/api/account/signup", {"name": "Anna", "password": PASSWORD})
    bea.ok("/api/account/signup", {"name": "Bea", "password": PASSWORD})
    bea.ok("/api/account/email", {"email": "bea@example.org"})
    wait_for(lambda: len(mail.with_subject("Confirm")) == 1, what="the confirmation e-mail")
    return anna, bea, code_in(mail.with_subject("Confirm")[0], "confirm")


@pytest.mark.slow
def test_turn_alerts_reach_a_player_with_no_page_open(tmp_path: Path) -> None:
    private, public = new_keys()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with smtp_server() as mail, http_receiver(created) as push_service, http_receiver() as hooks:
        env = {
            **mail_env(base, mail),
            "PETERSBURG_VAPID_PRIVATE_KEY": private,
            "PETERSBURG_VAPID_SUBJECT": "mailto:operator@example.org",
            "PETERSBURG_ALERTS_ALLOW_LOOPBACK": "true",
            "PETERSBURG_LOG_LEVEL": "debug",
        }
        server = serve(tmp_path, port, env)
        try:
            # Bea's address, confirmed through the e-mailed link
            anna, bea, confirm = anna_and_bea(base, mail)
            status, answer = bea.call("/api/alerts/settings", {"email_alerts": True})
            assert status == 409 and "Confirm your e-mail address first" in answer["detail"]
            bea.ok("/api/account/email/confirm", {"code": confirm})
            device = PushDevice(f"http://127.0.0.1:{push_service.server_address[1]}/push/bea")
            hook = f"http://127.0.0.1:{hooks.server_address[1]}/hook"
            settings = bea.ok(
                "/api/alerts/settings",
                {
                    "email_alerts": True,
                    "push_subscription": device.subscription(),
                    "webhook_url": hook,
                    "webhook_format": "discord",
                },
            )
            assert settings["email_confirmed"] and settings["push_key"] == public

            table, ws, _update = duel_to_her_turn(anna, bea)
            link = f"{base}/table/{table}"
            wait_for(lambda: len(mail.with_subject("Your turn")) == 1, what="the turn e-mail")
            wait_for(
                lambda: len(push_service.received) == 1 and len(hooks.received) == 1, what="push and webhook"
            )
            turn_mail = mail.with_subject("Your turn")[0]
            assert turn_mail["Subject"] == "Your turn at Duel" and turn_mail["To"] == "bea@example.org"
            assert link in turn_mail.get_content()
            unsubscribe = str(turn_mail["List-Unsubscribe"])
            assert unsubscribe.startswith(f"<{base}/settings#unsubscribe=")
            pushed = push_service.received[0]
            assert vapid_signer(pushed, f"http://127.0.0.1:{push_service.server_address[1]}") == public
            notification = device.decrypt(pushed)
            assert (notification["title"], notification["url"]) == ("Your turn at Duel", link)
            assert notification["body"].startswith("It is your turn at Duel.")
            hooked = json.loads(hooks.received[0].body)
            assert link in hooked["content"] and hooked["embeds"][0]["url"] == link

            # Her next turn in the same game, within her interval: nothing new.
            bws, mine = bea.socket(table)
            action = pick_action(mine, random.Random(1))
            bws.send(
                json.dumps(
                    {"type": "act", "token": mine["you"]["token"], "seq": mine["seq"], "action": action}
                )
            )
            update = next_update(ws, mine["seq"] + 1)
            bws.close()
            while update["view"]["to_act"] != 1:
                update = anna_moves(ws, update)
            ws.close()
            bea.ok("/api/alerts/test", {"channel": "webhook"})
            wait_for(lambda: len(hooks.received) == 2, what="the test webhook")
            assert len(mail.with_subject("Your turn")) == 1 and len(push_service.received) == 1
            assert sorted(turn_rows(tmp_path / "data" / "petersburg.db", table)) == [
                ("email", "sent"),
                ("push", "sent"),
                ("webhook", "sent"),
            ]
        finally:
            server.stop()

        # kill -9 between the move and the sending: sent once after the restart
        server = serve(tmp_path, port, env, paused=True)
        try:
            second, ws, _ = duel_to_her_turn(anna, bea)
            ws.close()
            database = tmp_path / "data" / "petersburg.db"
            wait_for(lambda: len(turn_rows(database, second)) == 3, what="the alerts queued")
            assert all(status == "pending" for _channel, status in turn_rows(database, second))
        finally:
            server.kill()
        server = serve(tmp_path, port, env)
        try:
            wait_for(lambda: len(mail.with_subject("Your turn")) == 2, what="the e-mail after the restart")
            wait_for(
                lambda: len(push_service.received) == 2 and len(hooks.received) == 3, what="push and webhook"
            )
            assert f"{base}/table/{second}" in mail.with_subject("Your turn")[1].get_content()
            bea.ok("/api/alerts/test", {"channel": "email"})  # (one test per channel a minute)
            wait_for(lambda: len(mail.with_subject("Sankt Petersburg: a test")) == 1, what="the test e-mail")
            assert len(mail.with_subject("Your turn")) == 2 and len(push_service.received) == 2
            assert len(hooks.received) == 3

            # Password reset through the e-mailed link, once.
            assert anna.ok("/api/account/reset/request", {"email": "nobody@example.org"}) == {}
            assert bea.ok("/api/account/reset/request", {"email": "bea@example.org"}) == {}
            wait_for(lambda: len(mail.with_subject("Choose a new password")) == 1, what="the reset e-mail")
            reset = code_in(mail.with_subject("Choose a new password")[0], "reset")
            fresh = Person(base)
            assert fresh.ok("/api/account/reset", {"code": reset, "password": "a new password 2"}) == {
                "name": "Bea"
            }
            status, answer = fresh.call("/api/account/reset", {"code": reset, "password": "another one 3"})
            assert (
                status == 400
                and answer["detail"] == "This link has been used already: ask for a new one if you need it."
            )
            status, _ = fresh.call("/api/account/signin", {"name": "Bea", "password": PASSWORD})
            assert status == 401
            fresh.ok("/api/account/signin", {"name": "Bea", "password": "a new password 2"})
            assert bea.call("/api/alerts/settings")[0] == 401, "the reset ended her other sessions"
            # One click on the unsubscribe link stops e-mail alerts.
            fresh.ok("/api/alerts/unsubscribe", {"code": unsubscribe.split("#unsubscribe=")[1].rstrip(">")})
            assert fresh.ok("/api/alerts/settings")["email_alerts"] is False
        finally:
            server.stop()
    logged = (tmp_path / "server.log").read_text()
    assert "GET /api" in logged or "POST /api" in logged, "the access log was captured"
    for secret in (confirm, reset, unsubscribe.split("#unsubscribe=")[1].rstrip(">")):
        assert secret not in logged


def test_a_player_who_closes_her_page_during_her_turn_gets_its_alert_once(tmp_path: Path) -> None:
    """Bea's page is open when her turn begins (no alert then); she closes it during her turn:
    the turn's e-mail arrives, once, however often she opens and closes the table again."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with smtp_server() as mail:
        server = serve(tmp_path, port, mail_env(base, mail))
        try:
            anna, bea, confirm = anna_and_bea(base, mail)
            bea.ok("/api/account/email/confirm", {"code": confirm})
            bea.ok("/api/alerts/settings", {"email_alerts": True})
            database = tmp_path / "data" / "petersburg.db"

            table, ws, _update = duel_to_her_turn(anna, bea, keep_her_page=True)
            assert turn_rows(database, table) == [], "her page is open: no alert"
            bea.pages[-1].close()
            wait_for(lambda: len(mail.with_subject("Your turn")) == 1, what="the turn e-mail")
            assert f"{base}/table/{table}" in mail.with_subject("Your turn")[0].get_content()
            for _ in range(2):  # back to the table and away again, still her turn
                bea.socket(table)
                bea.pages[-1].close()
            bea.ok("/api/alerts/test", {"channel": "email"})  # queued after any second alert
            wait_for(lambda: len(mail.with_subject("Sankt Petersburg: a test")) == 1, what="the test e-mail")
            assert len(mail.with_subject("Your turn")) == 1
            assert turn_rows(database, table) == [("email", "sent")]
            ws.close()
        finally:
            server.stop()
