"""Client -> server: every request a client sends, over the websockets and as HTTP bodies, validated
by pydantic in strict mode before any other part of the server sees it.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field, JsonValue, TypeAdapter, with_config
from typing_extensions import TypedDict

from petersburg.server.protocol.fields import (
    REQUEST,
    ActionNumber,
    MoveDeadline,
    SeatCount,
    SeatNumber,
    Seq,
    TimerSeconds,
)


@with_config(REQUEST)
class HelloRequest(TypedDict):
    """The first message on every socket: the name to show. Answered with the current state.

    Who the socket is comes from its handshake's cookies, never from a message: the signed-in
    account's session, or the guest identity the server issued (``pb_guest``). A ``uid`` that an
    older client still sends here is ignored."""

    type: Literal["hello"]
    name: NotRequired[str | None]
    """The name to show; spaces are collapsed, it is cut to 24 characters, empty means 'Guest'."""
    lang: NotRequired[str | None]
    """The language the page reads (``en``, ``de``, ``fr``, ``it``, ``es``, ``ja``); without it, or
    unknown, the handshake's ``?lang=``, ``pb_lang`` cookie or ``Accept-Language`` decides."""


@with_config(REQUEST)
class LanguageRequest(TypedDict):
    """Word everything for this socket in another language from now on. Answered with everything
    again (the lobby's greeting; at a table its chat history and a whole ``update``, the log worded
    anew), so the page redraws in it without reconnecting. An unknown code means English."""

    type: Literal["language"]
    lang: str


@with_config(REQUEST)
class NameRequest(TypedDict):
    """Change the name used for later seats and chat lines."""

    type: Literal["name"]
    name: NotRequired[str | None]
    """The new name (as in ``hello``)."""


@with_config(REQUEST)
class ChatRequest(TypedDict):
    """A chat line, or a command: ``/join [seat]`` (lobby: ``/join <table>``), ``/leave``,
    ``/bot <level> [seat]``, ``/start``, ``/help``. At most 8 lines or commands per person in 10 s."""

    type: Literal["chat"]
    text: str
    """The line (cut to 500 characters) or the command."""


@with_config(REQUEST)
class PingRequest(TypedDict):
    """Answered by ``pong``."""

    type: Literal["ping"]


@with_config(REQUEST)
class TableParams(TypedDict):
    """The settings of a new table."""

    seats: NotRequired[SeatCount]
    """1 to 4 (default 2); 5 with the Market."""
    title: NotRequired[str | None]
    """The table's name, at most 40 characters (default: "<name>'s table")."""
    realtime: NotRequired[bool]
    """Real time (default) or turn based."""
    timer: NotRequired[TimerSeconds]
    """Seconds per turn, 0 (none, the default) to 600; real-time tables only."""
    allow_undo: NotRequired[bool]
    """Whether a player may take back his own last action (default true)."""
    sit: NotRequired[bool]
    """Whether the creator takes seat 1 (default true)."""
    fill: NotRequired[str | None]
    """A bot level for every other seat."""
    start: NotRequired[bool]
    """Deal the game at once (the lobby's "Play now"): every seat must then be taken, by the
    creator and ``fill``'s bots; otherwise nothing is created (default false)."""
    options: NotRequired[dict[str, JsonValue] | None]
    """Engine ``GameOptions`` as JSON (``docs/state-format.md``): ``always_refill``, ``money``
    (kept|traded), ``double_marker_seat`` (3 seats; with the Market any seat), ``show_rubles``,
    ``show_hands``, ``edition`` (first|second), ``market`` and the Market's ``market_board``,
    ``joker``, ``market_values``, ``unpaid_crate``, ``market_ties``. A combination the engine
    refuses is answered with its sentence and creates nothing."""
    move_deadline: NotRequired[MoveDeadline]
    """Turn-based tables only: seconds per move, 0 (none, the default), 43200 (12 hours), 86400
    (1 day) or 259200 (3 days). A reminder comes at half time; when it runs out a bot plays the
    turn, and after ``missed_turns_to_bot`` missed turns in a row it takes the seat for good."""
    deadline_bot: NotRequired[Annotated[str, Field(max_length=40)] | None]
    """The bot level that plays a turn whose deadline ran out (default ``greedy``)."""
    rated: NotRequired[bool]
    """Rate the game even with bots at the table (they count at their fixed reference ratings).
    A game of two or more seats, all held by signed-in accounts, is always rated; solo never."""
    hints: NotRequired[bool]
    """Whether players may ask for hints (default true; a game that may be rated never has them)."""


@with_config(REQUEST)
class CreateRequest(TypedDict):
    """Lobby only: create a table; answered by ``created``. The creator alone may put or remove
    bots and start the game."""

    type: Literal["create"]
    name: NotRequired[str | None]
    """The creator's name (default: the socket's name)."""
    params: NotRequired[TableParams | None]
    """The new table's settings (all optional)."""


@with_config(REQUEST)
class SitRequest(TypedDict):
    """Take a free seat of an open table (anyone may)."""

    type: Literal["sit"]
    seat: NotRequired[SeatNumber | None]
    """0-based; any free seat if missing."""
    name: NotRequired[str | None]
    """The name for the seat (default: the socket's name); unique at the table."""


@with_config(REQUEST)
class LeaveRequest(TypedDict):
    """Give up your seat; during a game the Easy bot plays on for you (as for a seat left idle)."""

    type: Literal["leave"]


@with_config(REQUEST)
class BotRequest(TypedDict):
    """The table's creator puts a bot in a free seat, or changes a bot's level, before the start."""

    type: Literal["bot"]
    level: NotRequired[str | None]
    """A bot level (``bots`` of the update; older ids such as ``ismcts:expert`` work too)."""
    seat: NotRequired[SeatNumber | None]
    """0-based; the first free seat if missing."""


@with_config(REQUEST)
class ClearRequest(TypedDict):
    """Before the start: the creator removes a bot, or a player leaves his own seat."""

    type: Literal["clear"]
    seat: NotRequired[SeatNumber | None]
    """0-based."""


@with_config(REQUEST)
class StartRequest(TypedDict):
    """The table's creator deals the game once every seat is filled."""

    type: Literal["start"]


@with_config(REQUEST)
class ActRequest(TypedDict):
    """Play an action for the seat whose token is given."""

    type: Literal["act"]
    token: str
    """The seat's secret token (``you.token`` of the update)."""
    seq: Seq
    """The ``seq`` of the update the action was chosen from; any other is refused as stale."""
    action: ActionNumber
    """An engine action id (``legal[].id``)."""


@with_config(REQUEST)
class UndoRequest(TypedDict):
    """Take back your own last action, if nobody acted since, the table allows it and it revealed
    no card."""

    type: Literal["undo"]
    token: str
    """The seat's secret token."""
    seq: Seq
    """The ``seq`` of the update the undo was asked from."""


@with_config(REQUEST)
class AutopassRequest(TypedDict):
    """Pass for this seat whenever it is to act, until the current phase ends (or switch it off)."""

    type: Literal["autopass"]
    token: str
    """The seat's secret token."""
    on: bool
    """true: pass from now until the phase ends; false: stop."""


@with_config(REQUEST)
class HintRequest(TypedDict):
    """Ask what the strongest bot would do in your seat now (solo, unrated and practice games
    whose creator left hints on); answered by ``hint`` for this socket alone."""

    type: Literal["hint"]
    token: str
    """The seat's secret token."""
    seq: Seq
    """The ``seq`` of the update the hint is asked for."""


@with_config(REQUEST)
class CreateTableBody(TableParams):
    """``POST /api/tables``: a table's settings with the creator's name (the creator is who the
    request's cookies say, as for ``hello``; a ``uid`` sent here is ignored)."""

    name: NotRequired[str | None]
    """The creator's name."""


@with_config(REQUEST)
class AccountBody(TypedDict):
    """``POST /api/account/signup`` and ``/signin``: a name and a password (sign-up: the seats and
    games of the guest identity the request's cookie carries become the account's)."""

    name: str
    """2 to 24 characters: letters, digits, spaces, '-', '_' or '.'; unique whatever the case."""
    password: str
    """8 to 200 characters."""


@with_config(REQUEST)
class PasswordChangeBody(TypedDict):
    """``POST /api/account/password``: the current password and the new one (every other session
    of the account ends)."""

    password: str
    """The current password."""
    new_password: str
    """8 to 200 characters."""


class PushKeys(TypedDict):
    """A push subscription's keys, as the browser's ``PushSubscription.toJSON()`` gives them."""

    p256dh: Annotated[str, Field(min_length=1, max_length=200)]
    auth: Annotated[str, Field(min_length=1, max_length=100)]


@with_config(REQUEST)
class PushSubscriptionBody(TypedDict):
    """A browser's push subscription: where its push service receives, and its keys."""

    endpoint: Annotated[str, Field(min_length=1, max_length=2000)]
    keys: PushKeys
    expirationTime: NotRequired[float | None]


@with_config(REQUEST)
class AlertSettingsBody(TypedDict):
    """``POST /api/alerts/settings``: what to change of the account's turn alerts (a field left
    out stays as it is; every field is checked before anything is stored)."""

    email_alerts: NotRequired[bool]
    """E-mail of turns to the confirmed address."""
    push_subscription: NotRequired[PushSubscriptionBody | None]
    """This browser's push subscription (null: no push)."""
    webhook_url: NotRequired[str]
    """An https URL to a public host ("": no webhook)."""
    webhook_format: NotRequired[Literal["json", "discord", "slack"]]
    interval: NotRequired[Literal[600, 3600, 21600, 86400]]
    """Seconds within which one game alerts at most once per channel."""
    muted: NotRequired[Annotated[list[Annotated[int, Field(ge=1, lt=2**31)]], Field(max_length=500)]]
    """Tables whose turns alert nobody."""
    vacation_days: NotRequired[Annotated[int, Field(ge=0, le=366)]]
    """Start a vacation of this many days now (the move deadlines of the account's turn-based
    games stop meanwhile); 0 ends the current one. At most ``vacation_days_per_year`` a year."""


@with_config(REQUEST)
class TableWebhookBody(TypedDict):
    """``POST /api/alerts/table-webhook``: the webhook of a table the account created, told of
    every turn of its game ("" as ``url``: none)."""

    table: Annotated[int, Field(ge=1, lt=2**31)]
    url: str
    format: NotRequired[Literal["json", "discord", "slack"]]


@with_config(REQUEST)
class EmailBody(TypedDict):
    """``POST /api/account/email`` (the new address, "" for none) and ``/api/account/reset/request``."""

    email: str


@with_config(REQUEST)
class LanguageBody(TypedDict):
    """``POST /api/account/language``: the language the signed-in person chose in a page's picker,
    remembered for the account (its pages and alerts read in it). An unknown code means English."""

    lang: Annotated[str, Field(max_length=35)]


class CodeBody(TypedDict):
    """``POST /api/account/email/confirm`` and ``/api/alerts/unsubscribe``: the code of an
    e-mailed link (the part after ``#confirm=`` or ``#unsubscribe=``)."""

    code: Annotated[str, Field(max_length=1000)]


@with_config(REQUEST)
class ResetBody(TypedDict):
    """``POST /api/account/reset``: the code of a reset link and the new password."""

    code: Annotated[str, Field(max_length=1000)]
    password: str


@with_config(REQUEST)
class AlertTestBody(TypedDict):
    """``POST /api/alerts/test``: send a test on one channel."""

    channel: Literal["email", "push", "webhook"]


LobbyRequest = NameRequest | ChatRequest | PingRequest | CreateRequest | LanguageRequest
TableRequest = (
    NameRequest
    | ChatRequest
    | PingRequest
    | SitRequest
    | LeaveRequest
    | BotRequest
    | ClearRequest
    | StartRequest
    | ActRequest
    | UndoRequest
    | AutopassRequest
    | HintRequest
    | LanguageRequest
)

LOBBY_TYPES = ("create", "chat", "name", "ping", "language")
TABLE_TYPES = (
    "sit",
    "leave",
    "bot",
    "clear",
    "start",
    "act",
    "undo",
    "autopass",
    "hint",
    "chat",
    "name",
    "ping",
    "language",
)

HELLO: TypeAdapter[HelloRequest] = TypeAdapter(HelloRequest)
LOBBY_REQUESTS: TypeAdapter[LobbyRequest] = TypeAdapter(Annotated[LobbyRequest, Field(discriminator="type")])
TABLE_REQUESTS: TypeAdapter[TableRequest] = TypeAdapter(Annotated[TableRequest, Field(discriminator="type")])
CREATE_BODY: TypeAdapter[CreateTableBody] = TypeAdapter(CreateTableBody)
ACCOUNT_BODY: TypeAdapter[AccountBody] = TypeAdapter(AccountBody)
LANGUAGE_BODY: TypeAdapter[LanguageBody] = TypeAdapter(LanguageBody)
PASSWORD_CHANGE_BODY: TypeAdapter[PasswordChangeBody] = TypeAdapter(PasswordChangeBody)
ALERT_SETTINGS_BODY: TypeAdapter[AlertSettingsBody] = TypeAdapter(AlertSettingsBody)
EMAIL_BODY: TypeAdapter[EmailBody] = TypeAdapter(EmailBody)
CODE_BODY: TypeAdapter[CodeBody] = TypeAdapter(CodeBody)
RESET_BODY: TypeAdapter[ResetBody] = TypeAdapter(ResetBody)
ALERT_TEST_BODY: TypeAdapter[AlertTestBody] = TypeAdapter(AlertTestBody)
TABLE_WEBHOOK_BODY: TypeAdapter[TableWebhookBody] = TypeAdapter(TableWebhookBody)
