"""Server -> client: every message a client receives on a websocket. ``TypedDict``s, built by the
server as plain dicts (nothing to convert on the hot path), checked field by field by mypy.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from petersburg.server.protocol.engine_json import EventJson, OptionsJson, ResultJson, ViewJson
from petersburg.server.protocol.fields import MESSAGE, TableStatusName


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
    move_deadline: int
    """Turn-based tables: seconds per move before a bot plays the turn (0: none)."""
    deadline_bot: str | None
    """The bot level that plays a turn whose deadline ran out (with ``move_deadline``)."""
    allow_undo: bool
    hints: bool
    """Whether a seat may ask for a hint here (solo, unrated and practice games whose creator left
    hints on; never a game that may be rated)."""
    round: int | None
    """The game's round once it has started."""
    to_act: int | None
    """While the game runs: the seat to act (0-based)."""
    created: float
    """Epoch seconds."""
    host: NotRequired[str | None]
    """The name of the person who created the table, while he holds a seat at it (an invitation
    names him)."""


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
    event: EventJson
    """The engine's event as JSON (``docs/events.md``): ``type``, its fields, ``private_to``."""
    move: NotRequired[str]
    """For a player's move, the move in a few words without his name ("bought Market for 4 ₽"):
    the caption the table shows beside his name, in his panel and on the board."""
    played_for: NotRequired[Literal["ran_out", "handed"]]
    """For a move a bot played for the seat's player, why: ``ran_out`` (the time per move ran
    out) or ``handed`` (the seat was handed to the bot after turns in a row ran out); ``text``
    says so too."""


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
    hand_limit: int
    """Cards the seat's hand may hold now (more while a Warehouse is in its play area)."""


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
    note: NotRequired[str]
    """What taking it costs later, in words: a crate's keep-price and when it is due, the hand
    penalty of a card taken into hand."""
    warning: NotRequired[bool]
    """The note warns: the rubles left after paying would not cover the crates at the next
    market scoring."""
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
class SeatAdvice(TypedDict):
    """What the receiving seat is told beside its decisions (``server/view/advice.py``)."""

    hand: str
    """The hand penalty and the hand limit."""
    hand_full: NotRequired[str]
    """Why no card can be taken into hand now (the hand is full)."""
    crates: NotRequired[str]
    """The crates held, what keeping them costs and when."""
    crates_short: NotRequired[bool]
    """The rubles held would not cover the crates at the next market scoring."""
    pass_refused: NotRequired[str]
    """Why Pass is not allowed now (the engine's reason), when this seat is to act."""


@with_config(MESSAGE)
class YouInfo(TypedDict):
    """The receiving browser's seat and its secret token."""

    seat: int
    token: str


@with_config(MESSAGE)
class GameResult(ResultJson):
    """The end of a game (as stored and sent): the engine's result with the seats' names."""

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
    """While the table is open: the levels a seat can be given: the measured ladder weakest first, then
    Random (research)."""
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
    board_size: NotRequired[int]
    """How many cards the two rows hold together (8, or 10 with the Market's large board): the
    page lays a row out for that many."""
    advice: NotRequired[SeatAdvice]
    """A seated viewer's advice: the hand penalty, its crates, why Pass is refused."""
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
    """The bot levels a seat can be given: the measured ladder weakest first, then Random (research)."""
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
class HintMove(TypedDict):
    """One move of a hint."""

    action: int
    """The engine action id (as in ``legal``)."""
    move: str
    """The move in words, spoken to the player."""
    value: float
    """The chance of winning after it (0..1), or, solo, the expected final score in VP."""
    reason: str
    """Why, in one sentence without a subject ("buys income: ...")."""
    reason_id: str
    """The reason's message id (``petersburg.text.analysis``)."""


@with_config(MESSAGE)
class HintMessage(TypedDict):
    """Answer to ``hint``, for the asking socket alone: the best moves found, best first."""

    type: Literal["hint"]
    seq: int
    """The ``seq`` the hint was asked for (a newer update makes it stale)."""
    seat: int
    solo: bool
    """Solo: ``value`` is an expected score, not a chance."""
    samples: int
    """How many samples of the hidden cards the search played out."""
    moves: list[HintMove]


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
    | HintMessage
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
