"""The HTML pages: one file each, whatever the path's table, name or step (the page's script asks the
API for those). Served gzipped with ``Cache-Control: no-cache``, so a browser revalidates them after
an upgrade and finds the new version of the static files in them (``api.static`` says why)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Request
from starlette.responses import Response

from petersburg.server.api.static import static_tree

PAGES = {
    "/": "lobby.html",
    "/table/{table_id}": "table.html",
    "/replay/{table_id}": "table.html",
    "/results/{table_id}": "results.html",
    "/help": "help.html",
    "/signin": "account.html",
    "/account": "account.html",
    "/profile/{name}": "profile.html",
    "/leaderboard": "leaderboard.html",
    "/settings": "settings.html",
}
"""The file of each page's path."""

router = APIRouter(include_in_schema=False)


def _page(file: str) -> Callable[[Request], Awaitable[Response]]:
    """The route that serves one page's file."""

    async def page(request: Request) -> Response:
        return static_tree().page(file, request)

    return page


for _path, _file in PAGES.items():
    router.add_api_route(_path, _page(_file), methods=["GET"], name=_file.removesuffix(".html"))
