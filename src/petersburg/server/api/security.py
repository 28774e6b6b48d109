"""The edge's defences for browsers: which requests may change anything, the headers every answer
carries, and the flags of every cookie the server sets.

Cross-site request forgery: a page of another site can make a visitor's browser post a form
(``text/plain``, urlencoded or multipart: no preflight) to this server, with the visitor's cookies.
So every request that may change state (any method but GET, HEAD and OPTIONS) is refused unless
its body is JSON (415: a form cannot send ``application/json`` without a preflight, which this
server never grants) and it comes from the server's own origin (403): the ``Origin`` a browser
sends, or its ``Referer`` where it sends no ``Origin``. A request with neither comes from no
browser (a script, a test, ``curl``) and cannot carry a victim's cookies, so it is let through.
The server's own origin is ``Settings.public_url`` (``https://play.example.org``), or, where that is
unset, the request's own ``Host`` (over http or https: a proxy in front may end TLS).

Every HTTP answer carries the security headers: a Content-Security-Policy that allows only the
server's own scripts, styles and connections (no inline script or style: an injected one does not
run), no framing (against clickjacking), ``nosniff`` and a same-origin ``Referrer-Policy``.

Cookies: ``set_cookie`` is the one way the server sets one, so the session and every other cookie
share the same flags: HttpOnly always (no page script reads a cookie), ``Secure`` and
``SameSite`` as the settings say (``Settings.cookies_secure``, ``Settings.cookie_same_site``).
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from petersburg.server.settings import Settings
from petersburg.text.refusals import refusal

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: never refused here (a GET that changed state would be a bug)."""
JSON_TYPE = "application/json"
DEFAULT_PORTS = {"http": 80, "https": 443}

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # data: for the pages' empty icon (<link rel="icon" href="data:,">)
        "connect-src 'self'",  # the API and the websockets (ws: and wss: of the same host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
}
SUBRESOURCE_SUFFIXES = (".js", ".css")
SUBRESOURCE_HEADERS = {"X-Content-Type-Options": "nosniff"}
"""What a script or a style sheet carries: the policy, framing and referrer headers govern documents
(and workers, whose scripts are not under /static/), never a module or a style sheet, and on the
~40 files of the table page they would add ~13 kB to every cold load; ``nosniff`` is the one that
does guard a script or a style sheet (it is refused unless its type says what it is)."""


def origin_of(url: str) -> str | None:
    """The origin of an http or https URL as a browser writes it in ``Origin``: lower-case scheme
    and host, the port only where it is not the scheme's default. None for anything else
    (``null``, another scheme, a malformed port)."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = parts.hostname
    if scheme not in DEFAULT_PORTS or not host:
        return None
    try:
        port = parts.port
    except ValueError:
        return None
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" if port in (None, DEFAULT_PORTS[scheme]) else f"{scheme}://{host}:{port}"


def set_cookie(response: Response, settings: Settings, name: str, value: str, max_age: int) -> None:
    """Set the cookie ``name`` on ``response`` for ``max_age`` seconds, with the server's flags."""
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite=settings.cookie_same_site,
        secure=settings.cookies_secure,
    )


def cookie_header(settings: Settings, name: str, value: str, max_age: int) -> bytes:
    """The ``Set-Cookie`` header value of the cookie ``name``, with the same flags as ``set_cookie``
    (for an ASGI middleware, which has no ``Response`` to set it on)."""
    carrier = Response()
    set_cookie(carrier, settings, name, value, max_age)
    return carrier.headers["set-cookie"].encode("latin-1")


def clear_cookie(response: Response, settings: Settings, name: str) -> None:
    """Tell the browser to drop the cookie ``name`` (with the flags it was set with)."""
    response.delete_cookie(
        name, httponly=True, samesite=settings.cookie_same_site, secure=settings.cookies_secure
    )


class EdgeSecurity:
    """ASGI middleware: refuses cross-site and non-JSON state-changing requests before any route
    sees them (nothing changes), and adds the security headers to every HTTP answer, refusals
    included. Paths in ``own_policy`` (the API's documentation page, whose scripts come from a CDN)
    keep the other headers but no Content-Security-Policy."""

    def __init__(self, app: ASGIApp, settings: Settings, own_policy: Collection[str] = ()) -> None:
        self.app = app
        self.public_origin = origin_of(settings.public_url) if settings.public_url else None
        self.own_policy = frozenset(own_policy)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = self._headers_for(scope["path"])

        async def send_with_headers(message: AsgiMessage) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(headers)
            await send(message)

        refused = None if scope["method"] in SAFE_METHODS else self.refusal(Headers(scope=scope))
        if refused is not None:
            await refused(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def _headers_for(self, path: str) -> dict[str, str]:
        if path.startswith("/static/") and path.endswith(SUBRESOURCE_SUFFIXES):
            return SUBRESOURCE_HEADERS
        if path in self.own_policy:
            return {
                name: value for name, value in SECURITY_HEADERS.items() if name != "Content-Security-Policy"
            }
        return SECURITY_HEADERS

    def refusal(self, headers: Headers) -> Response | None:
        """The answer refusing a state-changing request with these headers, or None to let it in."""
        claimed = headers.get("origin") or headers.get("referer")
        if claimed is not None and origin_of(claimed) not in self.own_origins(headers):
            return JSONResponse({"detail": str(refusal("cross_site_request"))}, 403)
        media_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type != JSON_TYPE:
            return JSONResponse({"detail": str(refusal("body_not_json_type"))}, 415)
        return None

    def own_origins(self, headers: Headers) -> set[str]:
        """The origins this server is reached at: the public URL's, else its ``Host`` header's."""
        if self.public_origin is not None:
            return {self.public_origin}
        host = headers.get("host", "")
        return {origin for scheme in DEFAULT_PORTS if (origin := origin_of(f"{scheme}://{host}"))}
