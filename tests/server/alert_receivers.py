"""Real receivers of alerts on loopback, started by the tests: an SMTP server (aiosmtpd) that keeps
every message, a push service that decrypts each notification with the subscription's keys
(``http_ece``, the Web Push encryption) and checks its VAPID signature, and a webhook receiver.
Nothing of the sending code is mocked: the server talks to them as to the real ones."""

from __future__ import annotations

import base64
import email
import email.policy
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from petersburg.server.local import free_port


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def wait_for(condition: Callable[[], bool], timeout: float = 15.0, what: str = "the condition") -> None:
    """Poll ``condition`` until it holds (``AssertionError`` after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:.0f} s")
        time.sleep(0.05)


@dataclass
class Mailbox:
    """What the SMTP server received."""

    port: int
    messages: list[EmailMessage] = field(default_factory=list)

    async def handle_DATA(self, server: object, session: object, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 OK"

    def with_subject(self, start: str) -> list[EmailMessage]:
        return [m for m in self.messages if str(m["Subject"]).startswith(start)]


@contextmanager
def smtp_server() -> Iterator[Mailbox]:
    box = Mailbox(free_port())
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


@dataclass
class Received:
    """One HTTP POST a receiver got."""

    path: str
    headers: dict[str, str]
    body: bytes


class _Receiver(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, answer: Callable[[Received], tuple[int, dict[str, str]]]) -> None:
        self.received: list[Received] = []
        self.answer = answer
        super().__init__(("127.0.0.1", port), _Handler)


class _Handler(BaseHTTPRequestHandler):
    server: _Receiver

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        got = Received(self.path, {k.lower(): v for k, v in self.headers.items()}, self.rfile.read(length))
        self.server.received.append(got)
        status, headers = self.server.answer(got)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def http_receiver(
    answer: Callable[[Received], tuple[int, dict[str, str]]] = lambda _got: (204, {}),
) -> Iterator[_Receiver]:
    """A loopback HTTP server keeping every POST; ``answer`` gives each one's status and headers."""
    server = _Receiver(free_port(), answer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class PushDevice:
    """A browser's push subscription, made in the test: the keys the notifications are encrypted to."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    def subscription(self) -> dict[str, Any]:
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64encode(public), "auth": b64encode(self.auth)},
        }

    def decrypt(self, got: Received) -> dict[str, Any]:
        """The notification's payload, decrypted as the browser would (aes128gcm)."""
        assert got.headers.get("content-encoding") == "aes128gcm"
        plain = http_ece.decrypt(
            got.body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        payload: dict[str, Any] = json.loads(plain)
        return payload


def vapid_signer(got: Received, audience: str) -> str:
    """Check a push request's VAPID ``Authorization`` (its JWT signed by the key it names, for this
    push service, not expired); the signer's public key (base64url)."""
    scheme, _, rest = got.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(item.strip().split("=", 1) for item in rest.split(","))
    token, key = parts["t"], parts["k"]
    head, claims, signature = token.split(".")
    raw = b64decode(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64decode(key))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    body = json.loads(b64decode(claims))
    assert body["aud"] == audience
    assert body["exp"] > time.time()
    assert body["sub"]
    return key
