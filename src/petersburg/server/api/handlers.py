"""One exception handler per kind of failure, so that a route raises and never answers an error itself.

Every refused HTTP request is answered ``{"detail": "<a sentence>"}`` (``HttpError``), worded in the
reader's language (``language_of``): a ``Refusal`` with its own status (404 for an unknown table,
409, 429, 503, ...), a request that does not fit the protocol (``BadRequest``) with 400. A write the
storage could not carry out is logged and answered 500 with a sentence that says nothing changed,
as the websockets answer it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar, cast

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.types import ExceptionHandler

from petersburg.server.api.deps import language_of, server_of
from petersburg.server.api.identity import reader_language
from petersburg.server.api.responses import STORAGE_FAULT, error_response
from petersburg.server.errors import Refusal
from petersburg.server.persistence.store import StorageError
from petersburg.server.protocol.parsing import BadRequest

log = logging.getLogger("petersburg.server")

E = TypeVar("E", bound=Exception)


async def _language(request: Request) -> str:
    """The reader's language; where the storage cannot say the account's choice, the link's and
    the cookie's (a refusal's sentence must not fail for it)."""
    try:
        return await language_of(request)
    except StorageError:
        return reader_language(request, server_of(request).settings.pseudo_language)


async def refusal(request: Request, error: Refusal) -> Response:
    """A request the server will not carry out: its sentence, with the refusal's status."""
    return error_response(error.message, error.status, await _language(request))


async def bad_request(request: Request, error: BadRequest) -> Response:
    """A body or a query that does not fit the protocol: 400 and what is wrong with it."""
    return error_response(error.message, 400, await _language(request))


async def storage_failure(request: Request, error: StorageError) -> Response:
    """The database refused a read or write: nothing was kept; the player may try again."""
    log.error("%s %s failed in storage: %s", request.method, request.url.path, error)
    return error_response(STORAGE_FAULT, 500, await _language(request))


def _handle(app: FastAPI, kind: type[E], handler: Callable[[Request, E], Awaitable[Response]]) -> None:
    # Starlette types every handler as taking any Exception; this one is called for ``kind`` only.
    app.add_exception_handler(kind, cast(ExceptionHandler, handler))


def add_exception_handlers(app: FastAPI) -> None:
    """Answer each kind of failure of ``app``'s routes with its handler."""
    _handle(app, Refusal, refusal)
    _handle(app, BadRequest, bad_request)
    _handle(app, StorageError, storage_failure)
