"""The signed links of e-mails: confirming an address, choosing a new password, stopping alerts.

Each is signed with the server's key (``Accounts.signer``, one salt per kind so that one kind is
never taken for another) and carries when it was made by the server's (injected) clock, so it
expires. A reset link also carries a
fingerprint of the password hash it was made against: once the password has changed (by this
link or otherwise), the fingerprint no longer matches and the link is refused as used — single
use without storing the link. Links put the token after ``#``, which browsers never send to a
server, so no token reaches an access log; the page posts it in a request body.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Literal

from itsdangerous import BadSignature, URLSafeTimedSerializer

from petersburg.server.clock import Clock
from petersburg.server.errors import Refusal

Kind = Literal["confirm", "reset", "unsubscribe"]
UNSUBSCRIBE_LIFETIME = 365 * 86400.0


def fingerprint(password_hash: str) -> str:
    """A short digest of a password hash (the hash itself never leaves the database)."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


class Tokens:
    """Makes and reads the signed tokens of each kind."""

    def __init__(self, signer: Callable[[str], URLSafeTimedSerializer], clock: Clock) -> None:
        self.clock = clock
        self._signers: dict[Kind, URLSafeTimedSerializer] = {}
        self._make = signer
        """The server's key is loaded at start-up, after this is built: signers are made on use."""

    def _signer(self, kind: Kind) -> URLSafeTimedSerializer:
        if kind not in self._signers:
            self._signers[kind] = self._make(f"petersburg-{kind}")
        return self._signers[kind]

    def make(self, kind: Kind, payload: list[object]) -> str:
        return str(self._signer(kind).dumps([self.clock.time(), *payload]))

    def read(self, kind: Kind, token: str, max_age: float) -> list[object]:
        """The payload of a token of ``kind`` made at most ``max_age`` seconds ago; ``Refusal``
        with a sentence if it has expired or is not one."""
        try:
            payload = self._signer(kind).loads(token)
        except BadSignature:
            raise Refusal("link_invalid", status=400) from None
        if not isinstance(payload, list) or not payload or not isinstance(payload[0], int | float):
            raise Refusal("link_invalid", status=400)
        if self.clock.time() - payload[0] > max_age:
            raise Refusal("link_expired", status=400)
        return payload[1:]


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
