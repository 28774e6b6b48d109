"""The pages' files: where the package keeps them, how they are compressed and how a browser is told
to cache them.

Every file of the static tree is read once, when the app is built, and text files are gzipped then
(never per request). The tree's content hash is its *version*: the pages name their files under
``/static/<version>/…``, answered with ``Cache-Control: public, max-age=31536000, immutable``, so a
second visit asks the server for no static file at all. The ES modules import each other by relative
names, so they resolve under the same versioned prefix: after an upgrade a page gets a new version and
can never mix modules of two releases. The HTML pages themselves are ``no-cache`` (revalidated each
time by ETag) and carry the version; a file asked for without a version, or under an older version, is
answered with the current file and ``no-cache``.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request
from starlette.responses import Response

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")
"""Media types worth gzipping (images other than SVG are compressed already)."""
MIN_COMPRESSED_BYTES = 256
"""Below this size gzip's header costs more than it saves."""
VERSION_LENGTH = 12
HEX_DIGITS = frozenset("0123456789abcdef")
STATIC_PREFIX = "/static/"


def web_dir() -> Path:
    """The packaged static files (``petersburg/web``)."""
    return Path(str(resources.files("petersburg") / "web"))


def _media_type(path: str) -> str:
    if path.endswith((".js", ".mjs")):
        return "application/javascript"
    if path.endswith(".svg"):
        return "image/svg+xml"
    guessed, _ = mimetypes.guess_type(path)
    return guessed or "application/octet-stream"


def without_comments(text: str) -> str:
    """JavaScript or CSS without its whole-line comments (``// …`` lines, ``/* … */`` blocks
    that start a line) and its indentation: they are for the people reading the source (and for
    tsc), not for the browser, and they are a quarter of the modules' bytes. A comment after code
    on a line, and anything inside a string, stays: a line is dropped only if it begins a
    comment. A file where a string may run over several lines (a line with an odd number of
    backticks, or one ending in a backslash) goes out as it is, so no string's content is ever
    changed; ``tests/server/test_static.py`` also parses every module sent."""
    lines = text.split("\n")
    if any(line.count("`") % 2 or line.endswith("\\") for line in lines):
        return text
    kept: list[str] = []
    in_block = False
    for line in lines:
        stripped = line.strip()
        if in_block:
            if "*/" in stripped:
                in_block = False
                rest = stripped.split("*/", 1)[1].strip()
                if rest:
                    kept.append(rest)
            continue
        if stripped.startswith("//"):
            continue
        if stripped.startswith("/*"):
            if "*/" not in stripped:
                in_block = True
                continue
            if stripped.endswith("*/") and stripped.count("*/") == 1:
                continue
        kept.append(stripped)
    return "\n".join(kept)


@dataclass(frozen=True, slots=True)
class StaticFile:
    """One file as it goes out: its bytes, their gzip (or None), type and ETag."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str

    @classmethod
    def of(cls, body: bytes, media_type: str) -> StaticFile:
        """The file with ``body``, gzipped once here if it is text and large enough to gain."""
        text = media_type.startswith(COMPRESSED_TYPES)
        gzipped = gzip.compress(body, 9, mtime=0) if text and len(body) >= MIN_COMPRESSED_BYTES else None
        if gzipped is not None and len(gzipped) >= len(body):
            gzipped = None
        charset = "; charset=utf-8" if text else ""
        return cls(body, gzipped, media_type + charset, f'"{hashlib.sha256(body).hexdigest()[:20]}"')

    def response(self, request: Request, cache_control: str) -> Response:
        """The answer to ``request``: 304 if its ETag matches, gzip if the browser accepts it."""
        headers = {"Cache-Control": cache_control, "ETag": self.etag, "Vary": "Accept-Encoding"}
        if self.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if self.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


def _shipped(name: str, body: bytes) -> bytes:
    """A file as it is sent: scripts and style sheets without their comments."""
    if name.endswith((".js", ".css")):
        return without_comments(body.decode("utf-8")).encode("utf-8")
    return body


class StaticTree:
    """The static tree in memory: each file ready to send, the tree's version, the pages with their
    static addresses versioned."""

    def __init__(self, root: Path) -> None:
        raw = {
            path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob("*"))
            if path.is_file() and not path.name.startswith(".")
        }
        digest = hashlib.sha256()
        for name, body in raw.items():
            digest.update(name.encode() + b"\0" + hashlib.sha256(body).digest())
        self.version = digest.hexdigest()[:VERSION_LENGTH]
        self.prefix = f"{STATIC_PREFIX}{self.version}/"
        self.files = {
            name: StaticFile.of(_shipped(name, body), _media_type(name)) for name, body in raw.items()
        }
        self.pages = {
            name: StaticFile.of(
                body.replace(b'"' + STATIC_PREFIX.encode(), b'"' + self.prefix.encode()), "text/html"
            )
            for name, body in raw.items()
            if name.endswith(".html")
        }

    def page(self, name: str, request: Request) -> Response:
        """An HTML page (``lobby.html``), its static addresses under this version, revalidated."""
        return self.pages[name].response(request, NO_CACHE)

    def file(self, path: str, request: Request) -> Response:
        """``/static/<path>``: immutable under the current version, revalidated otherwise."""
        version, _, rest = path.partition("/")
        if len(version) == VERSION_LENGTH and set(version) <= HEX_DIGITS and rest in self.files:
            cache = IMMUTABLE if version == self.version else NO_CACHE
            return self.files[rest].response(request, cache)
        found = self.files.get(path)
        if found is None:
            return Response("Not Found", status_code=404, media_type="text/plain")
        return found.response(request, NO_CACHE)


@lru_cache(maxsize=4)
def static_tree(root: Path | None = None) -> StaticTree:
    """The tree of ``root`` (default: the package's), read once per process."""
    return StaticTree(root or web_dir())


router = APIRouter(include_in_schema=False)


@router.get("/static/{path:path}", name="static")
async def static_file(path: str, request: Request) -> Response:
    """A file of the static tree (see the module docstring for its address and caching)."""
    return static_tree().file(path, request)
