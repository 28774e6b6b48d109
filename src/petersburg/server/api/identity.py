"""Who a request or a socket is, and from where: the identity the server issues, and the client's
network address.

A guest's identity is the server's to give, never the client's to choose: the first page, API
request or websocket handshake without one gets a random identity in a signed cookie
(``pb_guest``: HttpOnly, so scripts cannot read or copy it; SameSite=Lax, so other sites' forms and
scripts do not carry it; signed with the accounts' key under its own salt, so it cannot be
invented or taken for a session). A client that sends an identity of its own in a message or a
body is not believed: a made-up identity costs nothing, which is why every limit also counts
against the client's address. A signed-in account's identity is the account's, as before; a guest
cookie whose identity has since become an account's (signed up here, then signed out) is replaced
by a fresh one.

The client's address is its peer's, unless that peer is a trusted proxy (``trusted_proxies``):
then ``X-Forwarded-For`` is read from the right, and the client is the right-most address that is
not a trusted proxy (what a client writes into the header itself is left of what its proxies
appended, so it cannot pass for anyone). An IPv6 client is counted by its /64 network, which one
household or one server gets whole.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from petersburg.server.accounts.accounts import SESSION_COOKIE, Account, Accounts
from petersburg.server.api.security import cookie_header
from petersburg.server.errors import Refusal
from petersburg.server.settings import Settings
from petersburg.text.languages import SOURCE, choose

GUEST_COOKIE = "pb_guest"
GUEST_AGE = 400 * 86400
"""Seconds a guest identity lasts unused (400 days: the longest a browser keeps a cookie)."""
GUEST_SALT = "petersburg-guest"
IPV6_GROUP = 64
"""The prefix length an IPv6 client is counted by."""
_SCOPE_KEY = "petersburg.guest"

Network = IPv4Network | IPv6Network


def new_guest_uid() -> str:
    """A fresh random guest identity (24 URL-safe characters)."""
    return secrets.token_urlsafe(18)


@dataclass
class GuestSlot:
    """The guest identity of one request or handshake, and whether its cookie is still to be set."""

    uid: str
    issue: bool

    def renew(self) -> None:
        """Take a fresh identity, sent with the response."""
        self.uid = new_guest_uid()
        self.issue = True


@dataclass(frozen=True)
class Identity:
    """Who a request or a socket is (the account's identity when signed in) and its address."""

    uid: str
    account: Account | None
    address: str
    """The client's address as limits count it (``client_address``)."""
    language: str = SOURCE
    """The language it reads (``reader_language``)."""


class GuestCookies:
    """ASGI middleware: every HTTP request and websocket handshake has a guest identity; one that
    came without a genuine one gets a new one, and its cookie with the response (or the handshake's
    acceptance)."""

    def __init__(self, app: ASGIApp, accounts: Accounts, settings: Settings) -> None:
        self.app = app
        self.accounts = accounts
        self.settings = settings
        self._signer: URLSafeTimedSerializer | None = None

    def signer(self) -> URLSafeTimedSerializer:
        """The guest cookies' signer (on the accounts' key, loaded when the server started)."""
        if self._signer is None:
            self._signer = self.accounts.signer(GUEST_SALT)
        return self._signer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        uid = self._genuine(HTTPConnection(scope).cookies.get(GUEST_COOKIE))
        slot = GuestSlot(uid, issue=False) if uid is not None else GuestSlot(new_guest_uid(), issue=True)
        scope[_SCOPE_KEY] = slot

        async def send_with_cookie(message: Message) -> None:
            if slot.issue and message["type"] in ("http.response.start", "websocket.accept"):
                headers = [*message.get("headers", ()), (b"set-cookie", self._cookie(slot.uid))]
                message = {**message, "headers": headers}
                slot.issue = False
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    def _genuine(self, cookie: str | None) -> str | None:
        """The identity a guest cookie was signed for, if it is genuine and not too old."""
        if not cookie:
            return None
        try:
            uid = self.signer().loads(cookie, max_age=GUEST_AGE)
        except BadSignature:
            return None
        return uid if isinstance(uid, str) else None

    def _cookie(self, uid: str) -> bytes:
        return cookie_header(self.settings, GUEST_COOKIE, self.signer().dumps(uid), GUEST_AGE)


def guest_slot(connection: HTTPConnection) -> GuestSlot:
    """The guest identity ``GuestCookies`` gave this request or handshake."""
    slot: GuestSlot = connection.scope[_SCOPE_KEY]
    return slot


async def identify(connection: HTTPConnection, accounts: Accounts, trusted: Sequence[Network]) -> Identity:
    """Who ``connection`` is: its session's account, else its guest identity; and its address."""
    address = client_address(connection, trusted)
    slot = guest_slot(connection)
    try:
        uid, account = await accounts.identify(connection.cookies.get(SESSION_COOKIE), slot.uid)
    except Refusal:  # the guest identity became an account's, which this browser left: a new one
        slot.renew()
        uid, account = slot.uid, None
    remembered = account.language if account is not None else None
    return Identity(uid, account, address, reader_language(connection, remembered=remembered))


LANGUAGE_COOKIE = "pb_lang"
"""The cookie that remembers a browser's language (set by the pages' language picker)."""


def reader_language(connection: HTTPConnection, pseudo: bool = False, remembered: str | None = None) -> str:
    """The language ``connection`` reads: a link's ``?lang=``, else the browser's cookie, else the
    signed-in account's (``remembered``), else its ``Accept-Language``; a code that is not one of
    ours is passed over, so it reads in English."""
    chosen = (connection.query_params.get("lang"), connection.cookies.get(LANGUAGE_COOKIE), remembered)
    return choose(chosen, connection.headers.get("accept-language"), pseudo)


def client_address(connection: HTTPConnection, trusted: Sequence[Network]) -> str:
    """The client's address as limits count it: the right-most hop that is not a trusted proxy
    (``X-Forwarded-For`` is read only when the peer is one), an IPv6 address by its /64."""
    peer = connection.client.host if connection.client is not None else ""
    hops = [peer]
    if trusted:
        forwarded = ",".join(connection.headers.getlist("x-forwarded-for"))
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()] + hops
    believed: IPv4Address | IPv6Address | None = None
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break  # not an address: nothing left of it is believed
        believed = address
        if not any(address in network for network in trusted):
            break
    if believed is None:
        return peer or "unknown"
    return address_group(believed)


def address_group(address: IPv4Address | IPv6Address) -> str:
    """The address a client is counted by: an IPv4 address itself, an IPv6 one its /64 network."""
    if isinstance(address, IPv6Address):
        return str(ip_network((address, IPV6_GROUP), strict=False))
    return str(address)


def _address(text: str) -> IPv4Address | IPv6Address | None:
    """An address written in a header or by the server (an IPv4 one mapped into IPv6 as IPv4)."""
    try:
        address = ip_address(text.removeprefix("[").removesuffix("]"))
    except ValueError:
        return None
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address
