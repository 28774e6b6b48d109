"""Validation at the edge: parse a request, or refuse it with one sentence a player understands
(``BadRequest``), never with a dropped socket.
"""

from __future__ import annotations

from typing import NotRequired, cast

from pydantic import ValidationError
from typing_extensions import TypedDict

from petersburg.engine import NUM_ALL_ACTIONS
from petersburg.server.protocol.fields import MAX_MESSAGE, MAX_NAME, MAX_TIMER, MAX_TITLE
from petersburg.server.protocol.requests import (
    ACCOUNT_BODY,
    CREATE_BODY,
    HELLO,
    LOBBY_REQUESTS,
    LOBBY_TYPES,
    TABLE_REQUESTS,
    TABLE_TYPES,
    AccountBody,
    CreateTableBody,
    HelloRequest,
    LobbyRequest,
    TableRequest,
)


class BadRequest(Exception):
    """A request that does not fit the protocol; the message is a sentence for the player."""

    def __init__(self, message: str, request: str | None = None) -> None:
        super().__init__(message)
        self.request = request


class _ErrorDetail(TypedDict):
    """The part of a pydantic error this module reads."""

    type: str
    loc: tuple[int | str, ...]
    msg: str
    ctx: NotRequired[dict[str, object]]


FIELD_SENTENCES: dict[str, str] = {
    "uid": "Missing or malformed identity (uid): 8 to 64 letters, digits, '-' or '_'.",
    "name": f"A name is text of 1 to {MAX_NAME} characters.",
    "text": "A chat message is text.",
    "token": "Unknown seat token: you do not hold a seat at this table.",
    "seq": "Every action must carry the sequence number ('seq') it was made against.",
    "action": f"'action' must be an action number from 0 to {NUM_ALL_ACTIONS - 1}.",
    "on": "'on' must be true or false.",
    "seat": "'seat' must be a seat number (0 for the first seat).",
    "level": "'level' must be the name of a bot level.",
    "params": "'params' must be an object.",
    "seats": "A table has 1 to 4 seats (5 with the Market).",
    "title": f"A table name has at most {MAX_TITLE} characters.",
    "realtime": "'realtime' and 'allow_undo' must be true or false.",
    "allow_undo": "'realtime' and 'allow_undo' must be true or false.",
    "sit": "'sit' must be true or false.",
    "timer": f"The turn timer is 0 (none) to {MAX_TIMER} seconds.",
    "fill": "'fill' must be the name of a bot level.",
    "options": "'options' must be an object of rule options.",
    "rated": "'rated' must be true or false.",
    "password": "A password is text of 8 to 200 characters.",
}
"""What to tell a player whose request has a malformed field, by field name."""

HELLO_FIRST = 'Say hello first: {"type": "hello", "uid": ..., "name": ...}.'
NOT_AN_OBJECT = "expected a JSON object with a 'type'"


def _shown(tag: object) -> str:
    """A client's word, cut short for an error message."""
    text = str(tag)
    return text if len(text) <= 40 else text[:40] + "…"


def _explain(error: ValidationError, *, what: str, unknown: str, shape: str = NOT_AN_OBJECT) -> BadRequest:
    """One sentence for the first thing wrong with a request, and the request's type if known."""
    details = cast(list[_ErrorDetail], error.errors())
    first = details[0]
    kind = first["type"]
    loc = first["loc"]
    context = first.get("ctx", {})
    if kind == "json_invalid":
        return BadRequest(f"{what}: not JSON ({context.get('error', 'unreadable')}).")
    if kind in ("dict_type", "typed_dict_type", "model_type", "union_tag_not_found"):
        return BadRequest(f"{what}: {shape}.")
    if kind == "union_tag_invalid":
        return BadRequest(unknown.format(tag=_shown(context.get("tag", ""))))
    in_union = unknown != "" and len(loc) > 1 and isinstance(loc[0], str)
    request = str(loc[0]) if in_union else None
    fields = [part for part in (loc[1:] if in_union else loc) if isinstance(part, str)]
    field = fields[0] if fields else ""
    sentence = FIELD_SENTENCES.get(field)
    if sentence is None:
        sentence = f"'{field}' is malformed: {first['msg']}." if field else f"{what}: {first['msg']}."
    return BadRequest(sentence, request)


def _text(data: str | bytes, what: str) -> str:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(f"{what}: not JSON (not UTF-8 text).") from None
    if len(data) > MAX_MESSAGE:
        raise BadRequest(f"Message too long (more than {MAX_MESSAGE} characters).")
    return data


def parse_hello(data: str | bytes) -> HelloRequest:
    """The first message of a socket; anything but a valid hello is refused."""
    text = _text(data, "Malformed message")
    try:
        return HELLO.validate_json(text)
    except ValidationError as error:
        details = cast(list[_ErrorDetail], error.errors())
        if any(d["loc"][:1] == ("type",) for d in details):
            raise BadRequest(HELLO_FIRST) from None
        raise _explain(error, what="Malformed message", unknown="") from None


def parse_lobby_request(data: str | bytes) -> LobbyRequest:
    """A request on the lobby socket (after hello)."""
    text = _text(data, "Malformed message")
    try:
        return LOBBY_REQUESTS.validate_json(text)
    except ValidationError as error:
        unknown = "Unknown lobby request '{tag}'. Known: " + ", ".join(LOBBY_TYPES) + "."
        raise _explain(error, what="Malformed message", unknown=unknown) from None


def parse_table_request(data: str | bytes) -> TableRequest:
    """A request on a table socket (after hello)."""
    text = _text(data, "Malformed message")
    try:
        return TABLE_REQUESTS.validate_json(text)
    except ValidationError as error:
        unknown = "Unknown request '{tag}'. Known: " + ", ".join(TABLE_TYPES) + "."
        raise _explain(error, what="Malformed message", unknown=unknown) from None


def parse_create_body(data: bytes) -> CreateTableBody:
    """The body of ``POST /api/tables``."""
    if len(data) > MAX_MESSAGE:
        raise BadRequest(f"Request body too long (more than {MAX_MESSAGE} bytes).")
    text = _text(data, "Malformed request body")
    try:
        return CREATE_BODY.validate_json(text)
    except ValidationError as error:
        raise _explain(
            error, what="Malformed request body", unknown="", shape="expected a JSON object"
        ) from None


def parse_account_body(data: bytes) -> AccountBody:
    """The body of ``POST /api/account/signup`` or ``/signin``."""
    if len(data) > MAX_MESSAGE:
        raise BadRequest(f"Request body too long (more than {MAX_MESSAGE} bytes).")
    text = _text(data, "Malformed request body")
    try:
        return ACCOUNT_BODY.validate_json(text)
    except ValidationError as error:
        raise _explain(
            error, what="Malformed request body", unknown="", shape="expected a JSON object"
        ) from None
