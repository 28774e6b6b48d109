"""The HTML pages: one file each, whatever the path's table, name or step (the page's script asks the
API for those). Served with ``Cache-Control: no-cache``, so a browser revalidates them after an
upgrade (``static.RevalidatedStaticFiles`` says why)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import APIRouter
from fastapi.responses import FileResponse

from petersburg.server.api.static import web_dir

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

NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter(include_in_schema=False)


def _page(file: str) -> Callable[[], Awaitable[FileResponse]]:
    """The route that serves one page's file."""
    path = web_dir() / file

    async def page() -> FileResponse:
        return FileResponse(path, headers=NO_CACHE)

    return page


for _path, _file in PAGES.items():
    router.add_api_route(_path, _page(_file), methods=["GET"], name=_file.removesuffix(".html"))
