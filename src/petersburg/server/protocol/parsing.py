"""Validation at the edge: parse a request, or refuse it with one sentence a player understands
(``BadRequest``, worded in ``petersburg.text.refusals``), never with a dropped socket.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NotRequired, TypeVar, cast

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

from petersburg.engine import NUM_ALL_ACTIONS
from petersburg.engine.options import MAX_PLAYERS, MAX_PLAYERS_MARKET, MIN_PLAYERS
from petersburg.server.protocol.fields import MAX_MESSAGE, MAX_NAME, MAX_TIMER, MAX_TITLE
from petersburg.server.protocol.requests import (
    ACCOUNT_BODY,
    ALERT_SETTINGS_BODY,
    ALERT_TEST_BODY,
    CODE_BODY,
    CREATE_BODY,
    EMAIL_BODY,
    HELLO,
    LANGUAGE_BODY,
    LOBBY_REQUESTS,
    LOBBY_TYPES,
    PASSWORD_CHANGE_BODY,
    RESET_BODY,
    TABLE_REQUESTS,
    TABLE_TYPES,
    TABLE_WEBHOOK_BODY,
    AccountBody,
    AlertSettingsBody,
    AlertTestBody,
    CodeBody,
    CreateTableBody,
    EmailBody,
    HelloRequest,
    LanguageBody,
    LobbyRequest,
    PasswordChangeBody,
    ResetBody,
    TableRequest,
    TableWebhookBody,
)
from petersburg.text.refusals import refusal
from petersburg.text.wording import Message

Body = TypeVar("Body")
"""The type of an HTTP request body."""


class BadRequest(Exception):
    """A request that does not fit the protocol: a refusal (``petersburg.text.refusals``) for the
    player, and the request's type where it is known."""

    def __init__(self, message: Message, request: str | None = None) -> None:
        super().__init__(message.text)
        self.message = message
        self.request = request


class _ErrorDetail(TypedDict):
    """The part of a pydantic error this module reads."""

    type: str
    loc: tuple[int | str, ...]
    msg: str
    ctx: NotRequired[dict[str, object]]


FIELD_REFUSALS: dict[str, Message] = {
    "name": refusal("field_name", most=MAX_NAME),
    "text": refusal("field_text"),
    "token": refusal("unknown_token"),
    "seq": refusal("field_seq"),
    "action": refusal("field_action", most=NUM_ALL_ACTIONS - 1),
    "on": refusal("field_on"),
    "seat": refusal("field_seat"),
    "level": refusal("field_level"),
    "params": refusal("field_params"),
    "seats": refusal("field_seats", least=MIN_PLAYERS, most=MAX_PLAYERS, most_with_market=MAX_PLAYERS_MARKET),
    "title": refusal("title_too_long", most=MAX_TITLE),
    "realtime": refusal("field_realtime"),
    "allow_undo": refusal("field_realtime"),
    "sit": refusal("field_sit"),
    "timer": refusal("timer_range", most=MAX_TIMER),
    "move_deadline": refusal("field_move_deadline"),
    "deadline_bot": refusal("field_deadline_bot"),
    "fill": refusal("field_fill"),
    "options": refusal("field_options"),
    "rated": refusal("field_rated"),
    "hints": refusal("field_hints"),
    "password": refusal("field_password"),
    "new_password": refusal("field_password"),
    "email": refusal("field_email", most=254),
    "email_alerts": refusal("field_on"),
    "push_subscription": refusal("field_push"),
    "webhook_url": refusal("url_https", most=2000),
    "webhook_format": refusal("field_webhook_format"),
    "interval": refusal("field_interval"),
    "muted": refusal("field_muted"),
    "vacation_days": refusal("field_vacation", most=366),
    "table": refusal("field_table"),
    "url": refusal("url_https", most=2000),
    "format": refusal("field_webhook_format"),
    "code": refusal("link_invalid"),
    "channel": refusal("field_channel"),
}
"""What to tell a player whose request has a malformed field, by field name."""

Unknown = Callable[[str], Message] | None
"""The refusal of a request of an unknown type, given the type as the client wrote it (None where
the message is not one of several kinds of request)."""


def _shown(tag: object) -> str:
    """A client's word, cut short for an error message."""
    text = str(tag)
    return text if len(text) <= 40 else text[:40] + "…"


def _explain(error: ValidationError, *, body: bool, unknown: Unknown = None) -> BadRequest:
    """One sentence for the first thing wrong with a request (a websocket message, or an HTTP
    ``body``), and the request's type if known."""
    details = cast(list[_ErrorDetail], error.errors())
    first = details[0]
    kind = first["type"]
    loc = first["loc"]
    context = first.get("ctx", {})
    if kind == "json_invalid":
        detail = str(context.get("error", "unreadable"))
        return BadRequest(
            refusal("body_not_json", detail=detail) if body else refusal("message_not_json", detail=detail)
        )
    if kind in ("dict_type", "typed_dict_type", "model_type", "union_tag_not_found"):
        return BadRequest(refusal("body_not_object") if body else refusal("message_not_object"))
    if kind == "union_tag_invalid" and unknown is not None:
        return BadRequest(unknown(_shown(context.get("tag", ""))))
    in_union = unknown is not None and len(loc) > 1 and isinstance(loc[0], str)
    request = str(loc[0]) if in_union else None
    fields = [part for part in (loc[1:] if in_union else loc) if isinstance(part, str)]
    field = fields[0] if fields else ""
    message = FIELD_REFUSALS.get(field)
    if message is None:
        detail = first["msg"]
        if field:
            message = refusal("field_malformed", field=field, detail=detail)
        else:
            message = (
                refusal("body_malformed", detail=detail)
                if body
                else refusal("message_malformed", detail=detail)
            )
    return BadRequest(message, request)


def _text(data: str | bytes, *, body: bool) -> str:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(refusal("body_not_utf8") if body else refusal("message_not_utf8")) from None
    if len(data) > MAX_MESSAGE:
        raise BadRequest(refusal("message_too_long", most=MAX_MESSAGE))
    return data


def _unknown_lobby_request(request: str) -> Message:
    return refusal("unknown_lobby_request", request=request, known=", ".join(LOBBY_TYPES))


def _unknown_table_request(request: str) -> Message:
    return refusal("unknown_request", request=request, known=", ".join(TABLE_TYPES))


def parse_hello(data: str | bytes) -> HelloRequest:
    """The first message of a socket; anything but a valid hello is refused."""
    text = _text(data, body=False)
    try:
        return HELLO.validate_json(text)
    except ValidationError as error:
        details = cast(list[_ErrorDetail], error.errors())
        if any(d["loc"][:1] == ("type",) for d in details):
            raise BadRequest(refusal("hello_first")) from None
        raise _explain(error, body=False) from None


def parse_lobby_request(data: str | bytes) -> LobbyRequest:
    """A request on the lobby socket (after hello)."""
    text = _text(data, body=False)
    try:
        return LOBBY_REQUESTS.validate_json(text)
    except ValidationError as error:
        raise _explain(error, body=False, unknown=_unknown_lobby_request) from None


def parse_table_request(data: str | bytes) -> TableRequest:
    """A request on a table socket (after hello)."""
    text = _text(data, body=False)
    try:
        return TABLE_REQUESTS.validate_json(text)
    except ValidationError as error:
        raise _explain(error, body=False, unknown=_unknown_table_request) from None


def parse_body(data: bytes, adapter: TypeAdapter[Body]) -> Body:
    """An HTTP request's JSON body, validated by ``adapter`` (one of the protocol's body types):
    too long, not text, or not of that type is refused with one sentence (``BadRequest``)."""
    if len(data) > MAX_MESSAGE:
        raise BadRequest(refusal("body_too_long", most=MAX_MESSAGE))
    text = _text(data, body=True)
    try:
        return adapter.validate_json(text)
    except ValidationError as error:
        raise _explain(error, body=True) from None


def parse_create_body(data: bytes) -> CreateTableBody:
    """The body of ``POST /api/tables``."""
    return parse_body(data, CREATE_BODY)


def parse_account_body(data: bytes) -> AccountBody:
    """The body of ``POST /api/account/signup`` or ``/signin``."""
    return parse_body(data, ACCOUNT_BODY)


def parse_language_body(data: bytes) -> LanguageBody:
    """The body of ``POST /api/account/language``."""
    return parse_body(data, LANGUAGE_BODY)


def parse_password_change_body(data: bytes) -> PasswordChangeBody:
    """The body of ``POST /api/account/password``."""
    return parse_body(data, PASSWORD_CHANGE_BODY)


def parse_alert_settings_body(data: bytes) -> AlertSettingsBody:
    """The body of ``POST /api/alerts/settings``."""
    return parse_body(data, ALERT_SETTINGS_BODY)


def parse_email_body(data: bytes) -> EmailBody:
    """The body of ``POST /api/account/email`` and ``/api/account/reset/request``."""
    return parse_body(data, EMAIL_BODY)


def parse_code_body(data: bytes) -> CodeBody:
    """The body of ``POST /api/account/email/confirm`` and ``/api/alerts/unsubscribe``."""
    return parse_body(data, CODE_BODY)


def parse_reset_body(data: bytes) -> ResetBody:
    """The body of ``POST /api/account/reset``."""
    return parse_body(data, RESET_BODY)


def parse_table_webhook_body(data: bytes) -> TableWebhookBody:
    """The body of ``POST /api/alerts/table-webhook``."""
    return parse_body(data, TABLE_WEBHOOK_BODY)


def parse_alert_test_body(data: bytes) -> AlertTestBody:
    """The body of ``POST /api/alerts/test``."""
    return parse_body(data, ALERT_TEST_BODY)
