"""The request-body limit: an HTTP request whose body is too long is refused before it is read; one
whose client leaves before sending the whole body is logged in one line."""

from __future__ import annotations

import json
import logging

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from petersburg.text.refusals import refusal
from petersburg.text.wording import Message

log = logging.getLogger("petersburg.server")


class BodyLimit:
    """Refuse an HTTP request whose body is longer than ``limit`` bytes (413), before it is read
    into memory in full."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = refusal("body_too_long", most=self.limit)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _send_refusal(send, message, 413)
                return
        received = 0
        started = False

        async def limited_receive() -> AsgiMessage:
            nonlocal received
            incoming = await receive()
            if incoming["type"] == "http.request":
                received += len(incoming.get("body", b""))
                if received > self.limit:
                    raise _TooLong
            return incoming

        async def tracked_send(outgoing: AsgiMessage) -> None:
            nonlocal started
            if outgoing["type"] == "http.response.start":
                started = True
            await send(outgoing)

        try:
            await self.app(scope, limited_receive, tracked_send)
        except _TooLong:
            if not started:
                await _send_refusal(send, message, 413)
        except ClientDisconnect:
            # Nobody is left to answer, and nothing went wrong here: one line, not the traceback
            # the server would log for an error of its own.
            client = scope.get("client")
            log.warning(
                "%s %s: the client %s left before sending the whole body",
                scope.get("method", ""),
                scope.get("path", ""),
                client[0] if client else "",
            )


class _TooLong(Exception):
    """A request body went over the limit while being read."""


async def _send_refusal(send: Send, message: Message, status: int) -> None:
    body = json.dumps({"detail": str(message)}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
