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
    options: NotRequired[dict[str, JsonValue] | None]
    """Engine ``GameOptions`` as JSON (``docs/state-format.md``): ``always_refill``, ``money``
    (kept|traded), ``double_marker_seat`` (3 seats; with the Market any seat), ``show_rubles``,
    ``show_hands``, ``edition`` (first|second), ``market`` and the Market's ``market_board``,
    ``joker``, ``market_values``, ``unpaid_crate``, ``market_ties``. A combination the engine
    refuses is answered with its sentence and creates nothing."""
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
    """Give up your seat; during a game a random bot plays on for you."""

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


LobbyRequest = NameRequest | ChatRequest | PingRequest | CreateRequest
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
)

LOBBY_TYPES = ("create", "chat", "name", "ping")
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
)

HELLO: TypeAdapter[HelloRequest] = TypeAdapter(HelloRequest)
LOBBY_REQUESTS: TypeAdapter[LobbyRequest] = TypeAdapter(Annotated[LobbyRequest, Field(discriminator="type")])
TABLE_REQUESTS: TypeAdapter[TableRequest] = TypeAdapter(Annotated[TableRequest, Field(discriminator="type")])
CREATE_BODY: TypeAdapter[CreateTableBody] = TypeAdapter(CreateTableBody)
ACCOUNT_BODY: TypeAdapter[AccountBody] = TypeAdapter(AccountBody)
PASSWORD_CHANGE_BODY: TypeAdapter[PasswordChangeBody] = TypeAdapter(PasswordChangeBody)
