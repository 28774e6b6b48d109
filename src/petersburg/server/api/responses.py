"""How the edge answers: JSON bodies as they are (``orjson``), refusals as ``{"detail": <a sentence>}``,
and the two sentences for a failure that is not the player's (over HTTP and over a websocket alike).

Routes return ``json_response(...)`` of a typed payload (the protocol's ``TypedDict``) and declare that
type as their ``response_model``: the schema at ``/api/docs`` shows it, and the bytes sent are those
the server made, not re-validated or filtered on the way out.
"""

from __future__ import annotations

import orjson
from fastapi.responses import Response

from petersburg.server.protocol.http import HttpError
from petersburg.text.languages import SOURCE
from petersburg.text.refusals import refusal
from petersburg.text.wording import Message

SERVER_FAULT = refusal("server_fault")
STORAGE_FAULT = refusal("storage_fault")


def json_response(data: object, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def error_response(message: Message, status: int, language: str = SOURCE) -> Response:
    """A refused request: its sentence in the reader's ``language`` as ``HttpError``, with its 4xx
    (or 5xx) status."""
    detail: HttpError = {"detail": message.in_language(language)}
    return json_response(detail, status)
