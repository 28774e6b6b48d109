"""Which addresses alerts may go to: e-mail addresses, and the URLs of webhooks and push services.

A webhook or push URL is given by a user and fetched by the server, so it could aim the server at
what only the server can reach: its own loopback services, the private network behind it, a cloud
metadata service (169.254.169.254). So a URL must be https, and its host must resolve to public
addresses only (not loopback, private, link-local, multicast, reserved or unspecified, in IPv4 or
IPv6, IPv4-mapped IPv6 included), checked when it is saved and again before every delivery (a
name can be pointed elsewhere later); and no redirect is ever followed. Loopback over http is let
through only when ``Settings.alerts_allow_loopback`` is on, which a server with a public URL
refuses (tests).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from urllib.parse import urlsplit

from petersburg.server.errors import Refusal

MAX_EMAIL = 254
MAX_URL = 2000
EMAIL_PATTERN = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
)
"""An address as people write it (ASCII, a dotted domain); anything rarer is refused rather than
risked in a mail header."""


def check_email(text: str) -> str:
    """The address ``text`` stripped, or ``Refusal`` with a sentence."""
    address = text.strip()
    if len(address) > MAX_EMAIL or not EMAIL_PATTERN.match(address):
        raise Refusal("field_email", most=MAX_EMAIL)
    return address


def email_key(address: str) -> str:
    """The form under which an address is looked up (case does not tell two addresses apart)."""
    return address.lower()


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not (address.is_multicast or address.is_reserved)


def _loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def check_url(text: str, *, allow_loopback: bool) -> str:
    """A webhook or push URL's form (https, a host, no user or password, at most ``MAX_URL``
    characters), or ``Refusal``; where its host resolves to is checked by ``resolve_public``."""
    url = text.strip()
    if len(url) > MAX_URL or any(ord(c) < 33 or ord(c) > 126 for c in url):
        raise Refusal("url_https", most=MAX_URL)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - reading it checks it
    except ValueError:
        raise Refusal("url_https", most=MAX_URL) from None
    loopback_http = allow_loopback and parts.scheme == "http"
    if (parts.scheme != "https" and not loopback_http) or not parts.hostname or parts.username:
        raise Refusal("url_https", most=MAX_URL)
    return url


async def resolve_public(url: str, *, allow_loopback: bool) -> None:
    """``Refusal`` unless every address the URL's host resolves to is public (or loopback, where
    allowed; an http URL only to loopback)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise Refusal("url_unresolved", host=host[:100]) from None
    addresses = {ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found}
    for address in addresses:
        if allow_loopback and _loopback(address):
            continue
        if parts.scheme != "https" or not _public(address):
            raise Refusal("url_not_public", host=host[:100])
    if not addresses:
        raise Refusal("url_unresolved", host=host[:100])
