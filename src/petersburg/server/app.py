"""The web app: the edge around one built server (its middleware, static files, error handlers and
routers). Nothing in the package imports this module: ``petersburg serve`` names ``create_app`` to
uvicorn as the app's factory, and tests call it.

Building the parts is ``wiring.build_server``'s job, running them ``runtime.Server``'s; the routes
reach the parts through ``api.deps`` (``app.state.server``), so no route closes over a server.
"""

from __future__ import annotations

from typing import Unpack

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from petersburg.server.api import static
from petersburg.server.api.body_limit import BodyLimit
from petersburg.server.api.handlers import add_exception_handlers
from petersburg.server.api.identity import GuestCookies
from petersburg.server.api.routes import accounts, alerts, analysis, pages, profiles, reference, tables
from petersburg.server.api.security import EdgeSecurity
from petersburg.server.api.ws import dispatcher
from petersburg.server.settings import Settings
from petersburg.server.wiring import Injected, build_server

ROUTERS = (
    pages.router,
    static.router,
    reference.router,
    tables.router,
    analysis.router,
    accounts.router,
    alerts.router,
    profiles.router,
    dispatcher.router,
)


GZIP_MIN_BYTES = 1000
"""An answer smaller than this goes out as it is: gzip would gain little on it."""


def create_app(
    database: str | None = None, settings: Settings | None = None, **injected: Unpack[Injected]
) -> FastAPI:
    """The web app of a server on ``database`` (default: the settings'), with ``settings`` (default:
    the environment's, ``PETERSBURG_*``, as ``petersburg serve`` hands them to each process) and the
    parts a test injects; it starts the server when it starts (``Server.lifespan``)."""
    server = build_server(database, settings, **injected)
    app = FastAPI(title="Sankt Petersburg", lifespan=server.lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit, limit=server.settings.max_body_bytes)
    # The API's JSON gzipped (the card catalogue is 10 kB); static files come gzipped already.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES)
    app.add_middleware(GuestCookies, accounts=server.accounts, settings=server.settings)
    # Outermost (added last): its headers go on every answer, the body limit's refusals included.
    app.add_middleware(EdgeSecurity, settings=server.settings, own_policy=(app.docs_url or "",))
    add_exception_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    return app
