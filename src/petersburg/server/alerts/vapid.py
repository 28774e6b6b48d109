"""VAPID keys for Web Push: ``petersburg vapid-keys`` makes a pair, the private key for the
server's settings and the public one that browsers subscribe with."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_keys() -> tuple[str, str]:
    """A fresh P-256 key pair: (private key as ``PETERSBURG_VAPID_PRIVATE_KEY`` takes it — the raw
    32-byte scalar in base64url —, the public key in base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(private), b64url(public)
