"""The wire protocol as types: every request a client sends and every message it receives.

Requests are validated here, at the edge, by pydantic in strict mode (a number must be a JSON
number, a flag ``true`` or ``false``, a seat token text) before any other part of the server sees
them; a request that does not fit is answered with one sentence a player understands
(``BadRequest``), never with a dropped socket. Messages to clients are ``TypedDict``s: the server
builds them as plain dicts (nothing to convert on the hot path) and mypy checks every field of
every message. ``schema.py`` turns these same types into the JSON Schema and the protocol tables
of ``docs/server.md``, so the documentation cannot drift from the code.

This module holds no ``Any`` (mypy checks it with ``disallow_any_expr``): the protocol is exactly
what these types say.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, cast

from pydantic import ConfigDict, Field, JsonValue, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from petersburg.engine import NUM_ALL_ACTIONS

MAX_MESSAGE = 8192
"""Longest websocket message accepted (characters of text); anything longer is refused unread."""
MAX_NAME = 24
MAX_TITLE = 40
MAX_TIMER = 600
MAX_CHAT = 500
"""A chat line is cut to this many characters."""

REQUEST = ConfigDict(strict=True, use_attribute_docstrings=True)
MESSAGE = ConfigDict(use_attribute_docstrings=True, extra="forbid")
ENGINE_JSON = ConfigDict(use_attribute_docstrings=True)
"""Objects the engine writes (views, options): open to fields a later engine adds."""

Uid = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
Seq = Annotated[int, Field(ge=0, lt=2**31)]
ActionNumber = Annotated[int, Field(ge=0, lt=NUM_ALL_ACTIONS)]
SeatNumber = Annotated[int, Field(ge=0, lt=2**31)]
SeatCount = Annotated[int, Field(ge=1, le=5)]
TimerSeconds = Annotated[int, Field(ge=0, le=MAX_TIMER)]
TableStatusName = Literal["open", "playing", "over"]


# ----------------------------------------------------------------------------------------------
# Client -> server


@with_config(REQUEST)
class HelloRequest(TypedDict):
    """The first message on every socket: who this browser is. Answered with the current state."""

    type: Literal["hello"]
    uid: Uid
    """The browser's identity: 8 to 64 letters, digits, '-' or '_' (kept in its localStorage)."""
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
    token: NotRequired[str | None]
    """The seat's secret token (``you.token`` of the update)."""
    seq: NotRequired[Seq | None]
    """The ``seq`` of the update the action was chosen from; any other is refused as stale."""
    action: NotRequired[ActionNumber | None]
    """An engine action id (``legal[].id``)."""


@with_config(REQUEST)
class UndoRequest(TypedDict):
    """Take back your own last action, if nobody acted since, the table allows it and it revealed
    no card."""

    type: Literal["undo"]
    token: NotRequired[str | None]
    """The seat's secret token."""
    seq: NotRequired[Seq | None]
    """The ``seq`` of the update the undo was asked from."""


@with_config(REQUEST)
class AutopassRequest(TypedDict):
    """Pass for this seat whenever it is to act, until the current phase ends (or switch it off)."""

    type: Literal["autopass"]
    token: NotRequired[str | None]
    """The seat's secret token."""
    on: NotRequired[bool | None]
    """true: pass from now until the phase ends; false: stop."""


@with_config(REQUEST)
class CreateTableBody(TableParams):
    """``POST /api/tables``: a table's settings with the creator's identity."""

    uid: NotRequired[Uid | None]
    """The creator's browser identity."""
    name: NotRequired[str | None]
    """The creator's name."""


@with_config(REQUEST)
class AccountBody(TypedDict):
    """``POST /api/account/signup`` and ``/signin``: a name and a password (sign-up: the browser's
    guest identity too, whose seats and games become the account's)."""

    name: str
    """2 to 24 characters: letters, digits, spaces, '-', '_' or '.'; unique whatever the case."""
    password: str
    """8 to 200 characters."""
    uid: NotRequired[Uid | None]
    """Sign-up: the browser's guest identity."""


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
)

LOBBY_TYPES = ("create", "chat", "name", "ping")
TABLE_TYPES = ("sit", "leave", "bot", "clear", "start", "act", "undo", "autopass", "chat", "name", "ping")

HELLO: TypeAdapter[HelloRequest] = TypeAdapter(HelloRequest)
LOBBY_REQUESTS: TypeAdapter[LobbyRequest] = TypeAdapter(Annotated[LobbyRequest, Field(discriminator="type")])
TABLE_REQUESTS: TypeAdapter[TableRequest] = TypeAdapter(Annotated[TableRequest, Field(discriminator="type")])
CREATE_BODY: TypeAdapter[CreateTableBody] = TypeAdapter(CreateTableBody)
ACCOUNT_BODY: TypeAdapter[AccountBody] = TypeAdapter(AccountBody)


# ----------------------------------------------------------------------------------------------
# Server -> client


@with_config(MESSAGE)
class SeatInfo(TypedDict):
    """One seat as the lobby and the table show it (nothing secret)."""

    kind: Literal["empty", "human", "bot"]
    name: str
    """The seat's name ('' when empty)."""
    bot: str | None
    """The bot level of a bot seat."""
    you: bool
    """Whether the receiving browser holds this seat (always false in the lobby list)."""
    holder: str | None
    """A person's seat: who holds it, as an id that means nothing outside this server process
    (compare with ``LobbyMessage.you`` to find your own seats); null for bots and free seats."""


@with_config(ENGINE_JSON)
class OptionsJson(TypedDict):
    """The table's rule options (engine ``GameOptions.to_json``)."""

    always_refill: bool
    money: str
    """``kept`` or ``traded``."""
    double_marker_seat: int | None
    show_rubles: bool
    show_hands: bool
    edition: NotRequired[str]
    """``first`` or ``second``; written only for a 2nd-edition game."""
    market: NotRequired[bool]
    """Played with the Market (2nd edition only)."""
    market_board: NotRequired[int]
    """With the Market: cards the two rows hold, 10 or 8."""
    joker: NotRequired[str]
    """With the Market: ``fixed`` or ``each_scoring``."""
    market_values: NotRequired[str]
    """With the Market: ``capped`` or ``open``."""
    unpaid_crate: NotRequired[str]
    """With the Market: ``discard`` or ``idle``."""
    market_ties: NotRequired[str]
    """With the Market: ``share`` or ``step_down``."""


@with_config(MESSAGE)
class TableSummary(TypedDict):
    """What the lobby shows of a table."""

    id: int
    name: str
    status: TableStatusName
    seats: list[SeatInfo]
    options: OptionsJson
    realtime: bool
    timer: int
    """Seconds per turn (0: none)."""
    allow_undo: bool
    round: int | None
    """The game's round once it has started."""
    to_act: int | None
    """While the game runs: the seat to act (0-based)."""
    created: float
    """Epoch seconds."""


@with_config(MESSAGE)
class HighScore(TypedDict):
    """A finished solo game of a person."""

    table: int
    name: str
    total: int
    rubles: int
    rounds: int | None


@with_config(MESSAGE)
class ChatLine(TypedDict):
    """One chat line."""

    t: float
    """Epoch seconds."""
    name: str
    """Who said it: a seat's name, '<name> (spectator)' for a spectator, '' for the table's notices."""
    text: str


@with_config(MESSAGE)
class LogEntry(TypedDict):
    """One event of the game, in words and as data, as the viewer may see it: another seat's
    secret (the card his Observatory drew, a card he took from it into hand) is never in it."""

    seq: int
    """The log row it belongs to (-1: the set-up)."""
    seat: int | None
    """The acting seat for a move, or null for what followed from it (scorings, new rounds)."""
    text: str
    """The event in words, every ruble and VP named; to the viewer's own seat it says "you"."""
    event: dict[str, JsonValue]
    """The engine's event as JSON (``docs/events.md``): ``type``, its fields, ``private_to``."""
    move: NotRequired[str]
    """For a player's move, the move in a few words without his name ("bought Market for 4 ₽"):
    the caption the table shows beside his name, in his panel and on the board."""


@with_config(MESSAGE)
class ColourIncome(TypedDict):
    """What one colour of a play area pays at its scoring."""

    cards: int
    """Cards of this colour in the play area."""
    rubles: int
    vp: int


@with_config(MESSAGE)
class SeatFigures(TypedDict):
    """Public figures of one seat."""

    income: list[ColourIncome]
    """Per colour (green, blue, red; yellow with the Market), paid at that colour's scoring
    (yellow: the market scoring's income, without the majorities)."""
    distinct_red: int
    aristocrat_bonus: int
    """The bonus the distinct aristocrats would score now."""


@with_config(ENGINE_JSON)
class SeatView(TypedDict):
    """One seat in a view (``docs/state-format.md``)."""

    rubles: int | None
    """null when hidden from the viewer."""
    vp: int
    hand: list[str | None] | None
    """Card ids; null when hidden from the viewer."""
    hand_size: int
    area: list[str | None]
    """Card ids of the play area."""
    observatories_used: int
    goods: NotRequired[dict[str, int]]
    """With the Market: the seat's count of each good (``chicken`` … ``cabbage``)."""


@with_config(ENGINE_JSON)
class MarketDecisionJson(TypedDict):
    """A decision pending at the Market: the first is the seat to act's."""

    seat: int
    """The seat that decides."""
    card: str
    """The crate to pay for, or the card with "?" whose good is named."""


@with_config(ENGINE_JSON)
class PlaceValues(TypedDict):
    """What first and second place of a good score at this round's market scoring."""

    first: int
    """Also what keeping a crate costs."""
    second: int


@with_config(ENGINE_JSON)
class MarketJson(TypedDict):
    """The Market's part of a view (all public; ``docs/state-format.md``)."""

    jokers: dict[str, str | None]
    """The good named for each card with "?" (null: not named, or not in play)."""
    decisions: list[MarketDecisionJson]
    """Decisions pending (crates to pay for, "?" to name); the first is ``to_act``'s."""
    scoring: bool
    """A market scoring is under way."""
    idle_crates: list[str | None]
    """Crates left unpaid at the scoring under way (``unpaid_crate = idle``)."""
    values: PlaceValues
    """What first and second place score this round."""


@with_config(ENGINE_JSON)
class ViewJson(TypedDict):
    """What one seat (or a spectator) may see: engine ``view_to_json`` (``docs/state-format.md``)."""

    format: str
    version: int
    viewer: int | None
    players: int
    seed: int | None
    """null until the game is over (it fixes every stack's order)."""
    options: OptionsJson
    round: int
    phase: str
    stage: str
    """``actions``, ``pub``, ``observed`` or ``over``; with the Market also ``joker`` (naming the
    good of a card with "?") and ``crate`` (paying for a crate or not)."""
    to_act: int | None
    passes: int
    taken: bool
    last_round: bool
    step: int
    markers: dict[str, int]
    """The seat holding each phase's start-player marker."""
    upper: list[str | None]
    lower: list[str | None]
    discards: list[str | None]
    drawn: str | None
    """The card drawn with an Observatory (null unless the viewer drew it)."""
    drawn_from: str | None
    pub_queue: list[int]
    seats: list[SeatView]
    stack_sizes: dict[str, int]
    """Stack name to cards left, in deck order (``market`` last with the Market)."""
    market: NotRequired[MarketJson]
    """Only with the Market."""


@with_config(MESSAGE)
class LegalAction(TypedDict):
    """One legal action of the seat to act, with where its card lies."""

    id: int
    """The engine action id to send in ``act``."""
    text: str
    """Canonical text (``buy U3``, ``pass``)."""
    price: int
    """Rubles it costs (0 if it costs nothing)."""
    description: str
    """A sentence for the player."""
    kind: str
    """``pass``, ``hand``, ``buy``, ``play``, ``observe``, ``pub``, ``discard``; with the Market
    ``joker``, ``pay_crate``, ``skip_crate``."""
    source: NotRequired[Literal["upper", "lower", "hand", "drawn"]]
    index: NotRequired[int]
    """Position in ``source`` (0-based)."""
    stack: NotRequired[str]
    """The stack an Observatory draws from."""
    vp: NotRequired[int]
    """VP bought at the Pub."""
    over: NotRequired[str]
    """The card id a trading card displaces."""
    good: NotRequired[str]
    """The good a ``joker``, ``pay_crate`` or ``skip_crate`` decision names."""


@with_config(MESSAGE)
class GoodStanding(TypedDict):
    """One good at the Market as it stands now."""

    good: str
    """The good: ``chicken``, ``grain``, ``apple``, ``fish`` or ``cabbage``."""
    counts: list[int]
    """Each seat's count of the good."""
    points: list[int]
    """The VP each seat would score for it if the market scoring were now (first place: the
    leaders; ties as the table's ``market_ties`` option says)."""


@with_config(MESSAGE)
class MarketStanding(TypedDict):
    """Goods and majorities for the page (derived by the engine, public)."""

    first: int
    """What first place of a good scores this round (also a crate's price)."""
    second: int
    """What second place scores this round."""
    goods: list[GoodStanding]
    """Every good, in board order."""


@with_config(MESSAGE)
class YouInfo(TypedDict):
    """The receiving browser's seat and its secret token."""

    seat: int
    token: str


@with_config(MESSAGE)
class ScoreJson(TypedDict):
    """One seat's final scoring."""

    seat: int
    play_vp: int
    """VP scored during the game."""
    aristocrat_bonus: int
    money_vp: int
    """VP for rubles (1 per 10)."""
    hand_penalty: int
    """-5 per card left in hand."""
    total: int
    rubles: int
    """For the tie-break."""


@with_config(MESSAGE)
class GameResult(TypedDict):
    """The end of a game."""

    scores: list[ScoreJson]
    winners: list[int]
    """The winning seats (several on a tie)."""
    rounds: int
    names: list[str]
    """The seats' names."""
    placement: NotRequired[SoloPlacement]
    """A person's solo game: its place in the high-score list."""


@with_config(MESSAGE)
class SoloPlacement(TypedDict):
    """Where a solo game places among the finished solo games (1 is the best)."""

    overall: int
    overall_of: int
    """How many solo games there are, this one included."""
    yours: int
    """Among the games of the same person."""
    yours_of: int


@with_config(MESSAGE)
class BotLevelInfo(TypedDict):
    """A bot level a seat can be given."""

    id: str
    """What ``bot`` requests, ``/bot`` and ``SeatInfo.bot`` carry (``expert``); the older ids
    (``ismcts:expert``, ``ismcts``) are still understood in requests."""
    name: str
    """Its plain name (``Expert``)."""
    text: str
    """One sentence: what it does and how strong it is."""


@with_config(MESSAGE)
class UpdateMessage(TypedDict):
    """Everything about a table, for this viewer only (after hello and after every change)."""

    type: Literal["update"]
    table: TableSummary
    """The table as the lobby shows it, with ``you`` at the viewer's seat."""
    seq: int
    """What the next ``act`` or ``undo`` must carry: the number of rows in the table's log."""
    you: YouInfo | None
    """null for a spectator."""
    creator: bool
    """Whether this viewer created the table (only the creator manages bots and starts)."""
    bots: NotRequired[list[str]]
    """While the table is open: the levels a seat can be given, weakest first."""
    bot_levels: NotRequired[list[BotLevelInfo]]
    """While the table is open: the same levels with their names and what they do."""
    view: NotRequired[ViewJson]
    """Once started: the viewer's seat's view, or the public view."""
    summary: NotRequired[list[SeatFigures]]
    """Public figures of each seat."""
    names: NotRequired[list[str]]
    """Each seat's name."""
    phases: NotRequired[list[str]]
    """The phases of a round in the order they are played (the edition's)."""
    market: NotRequired[MarketStanding]
    """With the Market: goods and majorities as they stand."""
    log_from: NotRequired[int]
    """Keep the log entries before this index and append ``log``."""
    log: NotRequired[list[LogEntry]]
    """The game log from ``log_from`` on."""
    deadline: NotRequired[float | None]
    """Epoch seconds when the turn timer passes for the seat to act."""
    autopass: NotRequired[bool]
    """Whether auto-pass is on for the viewer's seat."""
    legal: NotRequired[list[LegalAction]]
    """The viewer's legal actions when it is to act, else empty."""
    undo: NotRequired[bool]
    """Whether the viewer may undo now."""
    result: NotRequired[GameResult]
    """Once the game is over: the final scoring."""


@with_config(MESSAGE)
class LobbyMessage(TypedDict):
    """After hello on the lobby."""

    type: Literal["lobby"]
    you: str
    """This browser's holder id (``SeatInfo.holder`` of its seats)."""
    tables: list[TableSummary]
    """Open and running tables, newest first (at most 200), then the 20 last finished ones."""
    highscores: list[HighScore]
    """The best finished solo games."""
    chat: list[ChatLine]
    """The lobby's last chat lines."""
    bots: list[str]
    """The bot levels a seat can be given, weakest first."""
    bot_levels: list[BotLevelInfo]
    """The same levels with their names and what they do."""
    help: str
    """The chat commands, in words."""


@with_config(MESSAGE)
class TablesMessage(TypedDict):
    """The lobby list again, after tables changed (at most a few times a second)."""

    type: Literal["tables"]
    tables: list[TableSummary]
    """As in ``lobby``."""
    highscores: list[HighScore]
    """As in ``lobby``."""


@with_config(MESSAGE)
class ChatMessage(TypedDict):
    """A new chat line."""

    type: Literal["chat"]
    t: float
    """Epoch seconds."""
    name: str
    """As in ``ChatLine``."""
    text: str


@with_config(MESSAGE)
class ChatHistoryMessage(TypedDict):
    """After hello at a table: its last chat lines."""

    type: Literal["chat_history"]
    chat: list[ChatLine]
    """The table's last chat lines, oldest first."""


@with_config(MESSAGE)
class NoticeMessage(TypedDict):
    """An answer for the requesting client alone (``/help``)."""

    type: Literal["notice"]
    text: str
    """The answer, in words."""


@with_config(MESSAGE)
class NamedMessage(TypedDict):
    """Answer to ``name``: the name this socket now speaks and sits under (a refused name gets an
    ``error`` instead, and the socket keeps its old name)."""

    type: Literal["named"]
    name: str
    """The name as the server keeps it (spaces tidied, cut to its longest length)."""


@with_config(MESSAGE)
class GotoMessage(TypedDict):
    """Answer to ``/join <table>`` in the lobby: open that table."""

    type: Literal["goto"]
    table: int
    """The table's id."""


@with_config(MESSAGE)
class CreatedMessage(TypedDict):
    """Answer to ``create``: the new table."""

    type: Literal["created"]
    table: int
    """The new table's id."""


@with_config(MESSAGE)
class PongMessage(TypedDict):
    """Answer to ``ping``."""

    type: Literal["pong"]


@with_config(MESSAGE)
class ErrorMessage(TypedDict):
    """A request that was refused, for the requesting client alone; nothing changed."""

    type: Literal["error"]
    message: str
    """A sentence for the player."""
    request: str | None
    """The type of the refused request, when known."""


ServerMessage = (
    LobbyMessage
    | TablesMessage
    | UpdateMessage
    | ChatMessage
    | ChatHistoryMessage
    | NoticeMessage
    | NamedMessage
    | GotoMessage
    | CreatedMessage
    | PongMessage
    | ErrorMessage
)


_SERVER_MESSAGES: list[TypeAdapter[ServerMessage]] = []


def server_messages() -> TypeAdapter[ServerMessage]:
    """The validator of every message a client receives (for the schema and the tests; built on
    first use: the server only builds messages, it never validates its own)."""
    if not _SERVER_MESSAGES:
        _SERVER_MESSAGES.append(TypeAdapter(Annotated[ServerMessage, Field(discriminator="type")]))
    return _SERVER_MESSAGES[0]


# ----------------------------------------------------------------------------------------------
# HTTP


@with_config(MESSAGE)
class CardInfo(TypedDict):
    """``GET /api/cards``: one card kind's printed figures."""

    id: str
    name: str
    deck: int
    """0 worker, 1 building, 2 aristocrat, 3 trading card, 4 market card."""
    colour: int
    """0 green, 1 blue, 2 red, 3 yellow: the scoring it pays in."""
    cost: int
    """Printed cost in rubles."""
    rubles: int
    """Rubles it pays at its scoring."""
    vp: int
    """VP it scores at its scoring."""
    copies: int
    """Copies in the game."""
    trading: bool
    displaces: list[str]
    """For a trading card: the card ids it may displace."""
    special: str
    """One line on what it does besides paying ('' if nothing)."""
    good: NotRequired[str]
    """With the Market: the good printed on it (``joker`` for "?")."""
    symbols: NotRequired[int]
    """With the Market: how many symbols of its good it carries."""


@with_config(MESSAGE)
class ScoreSource(TypedDict):
    """Where some of a seat's VP came from."""

    source: str
    """Workers, Buildings, Aristocrats, Market (the scorings of each colour), Pub, Aristocrat
    bonus, Rubles, Hand (negative)."""
    vp: int


@with_config(MESSAGE)
class SeatStory(TypedDict):
    """One seat's game in figures."""

    seat: int
    name: str
    sources: list[ScoreSource]
    """Adding up to ``total``."""
    total: int
    rubles: int
    """Rubles for the tie-break."""
    vp_by_round: list[int]
    """VP at the end of each round (the last: when the game ended, before the final scoring)."""


@with_config(MESSAGE)
class GameStory(TypedDict):
    """``GET /api/tables/<id>/story``: a finished game's results page."""

    table: int
    names: list[str]
    winners: list[int]
    rounds: int
    seats: list[SeatStory]
    placement: NotRequired[SoloPlacement]
    """A person's solo game: its place in the high-score list."""


@with_config(MESSAGE)
class CardText(TypedDict):
    """One card kind of an edition, with what it does in words (generated from the catalogue)."""

    id: str
    name: str
    """Its name in this edition."""
    deck: str
    """Worker, Building, Aristocrat, Trading card or Market card."""
    colour: str
    """green, blue, red or yellow: the scoring it pays at."""
    cost: int
    rubles: int
    vp: int
    copies: int
    text: str
    """What it is, costs, pays and does, in sentences."""


@with_config(MESSAGE)
class EditionCards(TypedDict):
    """The cards of one edition (or of the 2nd edition with The Market)."""

    edition: str
    phases: list[str]
    """The phases of a round, in order."""
    cards: list[CardText]


@with_config(MESSAGE)
class RulesHelp(TypedDict):
    """``GET /api/rules``: what the rules and help page shows that comes from the software."""

    editions: list[EditionCards]
    commands: str
    """The chat commands, in words."""
    bot_levels: list[BotLevelInfo]


@with_config(MESSAGE)
class ReplayResponse(TypedDict):
    """``GET /api/tables/<id>/replay?step=n``: a finished game after ``step`` of its actions."""

    table: int
    names: list[str]
    step: int
    steps: int
    view: ViewJson
    """The public view after ``step`` actions."""
    summary: list[SeatFigures]
    texts: list[str]
    """The words of that step's action."""
    log: list[LogEntry]
    """The log up to that step."""
    phases: list[str]
    """As in ``update``."""
    market: NotRequired[MarketStanding]
    """As in ``update``."""
    result: GameResult | None
    """The final scoring at the last step."""
    scores: list[ScoreJson] | None


@with_config(MESSAGE)
class HttpError(TypedDict):
    """Any refused HTTP request."""

    detail: str
    """A sentence for the player."""


@with_config(MESSAGE)
class AccountInfo(TypedDict):
    """The signed-in account (``GET /api/account``, and the answer to signing up or in)."""

    name: str
    uid: str
    """The identity the account plays as: the page keeps it as its browser identity."""
    rating: int
    """The rating shown to people: 60 × OpenSkill's mu (a new account: 1500)."""
    deviation: int
    """60 × OpenSkill's sigma: how unsure the rating still is (a new account: 500)."""
    rated_games: int


@with_config(MESSAGE)
class ProfileGame(TypedDict):
    """One table the account sat at."""

    table: int
    name: str
    status: str
    seats: int
    created: float
    """Epoch seconds."""
    seat: int
    place: int | None
    """1 for a winner (ties share a place), once the game is over."""
    total: int | None
    """The final victory points."""
    rated: bool
    rating_change: int | None
    """How much this game moved the shown rating."""


@with_config(MESSAGE)
class RatingPoint(TypedDict):
    """The rating after one rated game."""

    table: int
    t: float
    rating: int
    deviation: int


@with_config(MESSAGE)
class ProfileResponse(TypedDict):
    """``GET /api/profile/<name>``: an account's games, results and rating history."""

    name: str
    created: float
    rating: int
    deviation: int
    rated_games: int
    games: list[ProfileGame]
    """Newest first (at most 200)."""
    ratings: list[RatingPoint]
    """Oldest first."""


@with_config(MESSAGE)
class LeaderboardEntry(TypedDict):
    place: int
    name: str
    rating: int
    deviation: int
    rated_games: int


@with_config(MESSAGE)
class BotRating(TypedDict):
    """A bot level's fixed reference rating, measured in bot-against-bot tournaments."""

    level: str
    """The level's id (``expert``), as a seat's ``bot`` request gives it."""
    name: str
    """What people read (``Expert``)."""
    rating: int


@with_config(MESSAGE)
class LeaderboardResponse(TypedDict):
    """``GET /api/leaderboard``: accounts with rated games, best first (ordered by the rating
    minus three deviations, so a few lucky games do not top the list), and the bots' ratings."""

    players: list[LeaderboardEntry]
    bots: list[BotRating]


# ----------------------------------------------------------------------------------------------
# Validation at the edge


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
