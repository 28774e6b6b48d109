"""The alert settings and the e-mailed links, in-process: bad input of every kind (bad addresses,
URLs to loopback, private, link-local and metadata hosts, 10 KB strings, wrong types) gets a
sentence and changes nothing; a webhook that redirects is not followed and its failure shows on
the settings page; a reset link expires (injected clock) and a forged one is refused."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr, ValidationError

from petersburg.server.local import free_port
from petersburg.server.settings import Settings
from tests.server.alert_receivers import Received, http_receiver, smtp_server, wait_for
from tests.server.clock import ManualClock

BAD: list[tuple[object, str]] = [
    ({"webhook_url": "http://example.org/hook"}, "is an https:// URL"),
    ({"webhook_url": "https://127.0.0.1/hook"}, "127.0.0.1 is not a public address"),
    ({"webhook_url": "https://localhost:8000/hook"}, "localhost is not a public address"),
    ({"webhook_url": "https://10.1.2.3/hook"}, "not a public address"),
    ({"webhook_url": "https://192.168.0.1/hook"}, "not a public address"),
    ({"webhook_url": "https://169.254.169.254/latest/meta-data/"}, "169.254.169.254 is not a public address"),
    ({"webhook_url": "https://[::1]/hook"}, "not a public address"),
    ({"webhook_url": "https://[fe80::1]/hook"}, "not a public address"),
    ({"webhook_url": "https://[fd00::1]/hook"}, "not a public address"),
    ({"webhook_url": "https://[::ffff:127.0.0.1]/hook"}, "not a public address"),
    ({"webhook_url": "https://224.0.0.1/hook"}, "not a public address"),
    ({"webhook_url": "https://0.0.0.0/hook"}, "not a public address"),
    ({"webhook_url": "https://240.0.0.1/hook"}, "not a public address"),
    ({"webhook_url": "https://user:pw@example.org/hook"}, "is an https:// URL"),
    ({"webhook_url": "https://" + "a" * 10_000 + ".org/"}, "too long"),
    ({"webhook_url": "https://ex ample.org/"}, "is an https:// URL"),
    ({"webhook_url": 12}, "is an https:// URL"),
    ({"webhook_format": "xml"}, "must be json, discord or slack"),
    ({"webhook_format": "slack", "webhook_url": "https://10.0.0.1/"}, "not a public address"),
    ({"interval": "3600"}, "'interval' must be"),
    ({"interval": 5}, "'interval' must be"),
    ({"email_alerts": "yes"}, "'on' must be true or false"),
    ({"muted": "all"}, "'muted' must be"),
    ({"vacation_days": "3"}, "'vacation_days' must be a whole number of days"),
    ({"vacation_days": 3.5}, "'vacation_days' must be a whole number of days"),
    ({"vacation_days": True}, "'vacation_days' must be a whole number of days"),
    ({"vacation_days": 367}, "'vacation_days' must be a whole number of days"),
    ({"vacation_days": 15}, "You have 14 days of vacation left this year (of 14)"),
    ({"vacation_days": 2, "webhook_url": "https://10.0.0.1/"}, "not a public address"),
    ({"muted": list(range(1, 600))}, "'muted' must be"),
    ({"push_subscription": {"endpoint": "https://push.example.org/x"}}, "push_subscription"),
    ({"push_subscription": "x" * 10_000}, "too long"),
    ([], "expected a JSON object"),
    ("x" * 5000, "not JSON"),
]

BAD_EMAILS: list[object] = [
    "bea",
    "bea@",
    "@example.org",
    "bea@localhost",
    "bea@example..org",
    "x" * 300 + "@example.org",
    "bea@example.org\r\nBcc: eve@example.org",
    "bea@example.org, eve@example.org",
    "b" * 10_000,
    12,
    None,
]


def loopback_settings(**more: Any) -> Settings:
    """A server whose alerts may go to the test's loopback receivers, retried at once."""
    return Settings(
        bot_delay=0.0,
        public_url="http://127.0.0.1:9",
        alerts_allow_loopback=True,
        alert_retry_seconds=0.0,
        alert_poll=0.1,
        **more,
    )


def signed_up(client: TestClient, name: str = "Bea") -> None:
    answer = client.post("/api/account/signup", json={"name": name, "password": "correct horse 1"})
    assert answer.status_code == 201, answer.text


def test_bad_settings_get_a_sentence_and_change_nothing(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0, smtp_host="127.0.0.1", smtp_port=free_port()))
    signed_up(client)
    assert (
        client.post("/api/alerts/settings", json={"webhook_format": "slack", "interval": 600}).status_code
        == 200
    )
    before = client.get("/api/alerts/settings").json()
    for body, sentence in BAD:
        answer = client.post(
            "/api/alerts/settings", content=_json(body), headers={"Content-Type": "application/json"}
        )
        assert 400 <= answer.status_code < 500, (body, answer.text)
        assert sentence in answer.json()["detail"], (str(body)[:80], answer.json()["detail"])
        assert client.get("/api/alerts/settings").json() == before
    for address in BAD_EMAILS:
        answer = client.post("/api/account/email", json={"email": address})
        assert answer.status_code in (400, 422), (address, answer.text)
        detail = answer.json()["detail"]
        assert "not an e-mail address" in detail or "too long" in detail, detail
        assert client.get("/api/alerts/settings").json() == before
    answer = client.post("/api/alerts/test", json={"channel": "sms"})
    assert answer.json()["detail"] == "'channel' must be email, push or webhook."
    guest = TestClient(client.app)
    assert guest.get("/api/alerts/settings").status_code == 401


def _json(body: object) -> str:
    return body if isinstance(body, str) else json.dumps(body)


def redirect(_got: Received) -> tuple[int, dict[str, str]]:
    return 302, {"Location": "http://169.254.169.254/latest/meta-data/"}


def test_a_redirecting_webhook_is_not_followed_and_its_failure_shows(
    make_client: Callable[..., TestClient],
) -> None:
    with http_receiver(redirect) as hook:
        client = make_client(loopback_settings(alert_retries=2))
        signed_up(client)
        url = f"http://127.0.0.1:{hook.server_address[1]}/hook"
        assert client.post("/api/alerts/settings", json={"webhook_url": url}).status_code == 200
        assert client.post("/api/alerts/test", json={"channel": "webhook"}).status_code == 200

        def failed() -> bool:
            return client.get("/api/alerts/settings").json()["webhook_failure"] is not None

        wait_for(failed, what="the webhook's failure")
        failure = client.get("/api/alerts/settings").json()["webhook_failure"]
        assert failure == "the webhook answered with a redirect (302), which is not followed"
        assert len(hook.received) == 2 and all(got.path == "/hook" for got in hook.received)


def test_loopback_alerts_are_refused_on_a_public_server() -> None:
    with pytest.raises(ValidationError, match="alerts_allow_loopback is for tests"):
        Settings(alerts_allow_loopback=True, public_url="https://play.example.org")
    with pytest.raises(ValidationError, match="alerts_allow_loopback is for tests"):
        Settings(alerts_allow_loopback=True)


def test_a_reset_link_expires_and_a_forged_one_is_refused(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    with smtp_server() as mail:
        settings = Settings(
            bot_delay=0.0, smtp_host="127.0.0.1", smtp_port=mail.port, smtp_tls="none", alert_poll=0.1
        )
        client = make_client(settings, clock=clock)
        signed_up(client)
        assert client.post("/api/account/email", json={"email": "bea@example.org"}).status_code == 200
        wait_for(lambda: len(mail.messages) == 1, what="the confirmation")
        code = _code(mail.messages[0].get_content(), "confirm")
        assert client.post("/api/account/email/confirm", json={"code": code[:-2] + "xx"}).json()[
            "detail"
        ] == ("This link is not valid: copy it whole from the e-mail, or ask for a new one.")
        assert client.post("/api/account/email/confirm", json={"code": code}).status_code == 200
        assert client.post("/api/account/reset/request", json={"email": "BEA@example.org"}).status_code == 200
        wait_for(lambda: len(mail.messages) == 2, what="the reset e-mail")
        reset = _code(mail.messages[1].get_content(), "reset")
        clock.advance(3601)
        answer = client.post("/api/account/reset", json={"code": reset, "password": "a new password 2"})
        assert (answer.status_code, answer.json()["detail"]) == (
            400,
            "This link has expired: ask for a new one.",
        )
        assert (
            client.post(
                "/api/account/signin", json={"name": "Bea", "password": "correct horse 1"}
            ).status_code
            == 200
        )


def _code(text: str, kind: str) -> str:
    found = re.search(rf"#{kind}=([A-Za-z0-9_.\-]+)", text)
    assert found, text
    return found.group(1)


def test_vapid_keys_makes_a_pair_the_server_loads(capsys: pytest.CaptureFixture[str]) -> None:
    from petersburg.cli import main
    from petersburg.server.alerts.channels import Push

    assert main(["vapid-keys"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    name, _, key = line.partition("=")
    assert name == "PETERSBURG_VAPID_PRIVATE_KEY"
    push = Push(Settings(vapid_private_key=key))  # type: ignore[arg-type]
    assert push.available and push.public_key is not None and len(push.public_key) == 87


@pytest.mark.parametrize("status", [404, 410])
def test_a_push_subscription_the_service_calls_gone_is_removed(
    make_client: Callable[..., TestClient], status: int
) -> None:
    from petersburg.server.alerts.vapid import new_keys
    from tests.server.alert_receivers import PushDevice

    private, _public = new_keys()
    with http_receiver(lambda _got: (status, {})) as service:
        push = {"vapid_private_key": SecretStr(private), "vapid_subject": "mailto:operator@example.org"}
        client = make_client(loopback_settings(alert_retries=5, **push))
        signed_up(client)
        device = PushDevice(f"http://127.0.0.1:{service.server_address[1]}/push/bea")
        answer = client.post("/api/alerts/settings", json={"push_subscription": device.subscription()})
        assert answer.json()["push_endpoint"] == device.endpoint
        assert client.post("/api/alerts/test", json={"channel": "push"}).status_code == 200

        def removed() -> bool:
            return client.get("/api/alerts/settings").json()["push_endpoint"] is None

        wait_for(removed, what="the gone subscription's removal")
        assert len(service.received) == 1, "a gone subscription is not tried again"
        device.decrypt(service.received[0])
