"""The pages' files: where the package keeps them and how a browser is told to cache them."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response


def web_dir() -> Path:
    """The packaged static files (``petersburg/web``)."""
    return Path(str(resources.files("petersburg") / "web"))


class RevalidatedStaticFiles(StaticFiles):
    """The pages' files with ``Cache-Control: no-cache``: a browser keeps them and asks again each
    time with their ETag (an unchanged file costs a 304 with no body). The ES modules import each
    other by plain names, so a longer lifetime could mix modules of two versions after an upgrade."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response
