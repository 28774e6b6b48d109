"""The bodies of the HTTP API's answers (cards, rules help, replays, profiles, the leaderboard)."""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import JsonValue, with_config
from typing_extensions import TypedDict

from petersburg.server.protocol.engine_json import ScoreJson, ViewJson
from petersburg.server.protocol.fields import MESSAGE
from petersburg.server.protocol.messages import (
    BotLevelInfo,
    GameResult,
    LogEntry,
    MarketStanding,
    SeatFigures,
    SoloPlacement,
)


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
class SessionInfo(TypedDict):
    """One signed-in session of the account (``GET /api/account/sessions``)."""

    created: float
    """When it was signed in (epoch seconds)."""
    last_seen: float
    """When it was last used, to the hour (epoch seconds); it ends that long after it."""
    user_agent: str
    """The browser that signed in, as it names itself (``User-Agent``)."""
    current: bool
    """This is the session of the browser asking."""


@with_config(MESSAGE)
class AlertSettingsInfo(TypedDict):
    """``GET /api/alerts/settings``: the signed-in account's address and turn alerts, and which
    channels this server offers."""

    email: str | None
    email_confirmed: bool
    email_alerts: bool
    email_available: bool
    """Whether this server sends e-mail (its operator set up SMTP)."""
    push_available: bool
    push_key: str | None
    """The server's public VAPID key, for ``PushManager.subscribe``."""
    push_endpoint: str | None
    """The endpoint of the subscription stored for the account (a browser compares its own)."""
    webhook_url: str | None
    webhook_format: str
    webhook_failure: str | None
    """Why the webhook last failed for good (none once it worked again)."""
    interval: int
    muted: list[int]
    vacation_until: float | None
    """When the account's vacation ends (epoch seconds), while it runs."""
    vacation_left: int
    """Days of vacation left this year."""
    vacation_per_year: int


@with_config(MESSAGE)
class TableWebhookInfo(TypedDict):
    """``/api/alerts/table-webhook``: a table's own webhook, as its creator sees it."""

    table: int
    url: str | None
    format: str
    failure: str | None


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
class AnalysisResponse(TypedDict):
    """``GET /api/tables/<id>/analysis``: a finished game's analysis (``docs/analysis.md``), or
    ``pending`` (status 202) while it is being made."""

    status: Literal["ready", "pending"]
    analysis: dict[str, JsonValue] | None
    """``petersburg analyse --json``'s object: decisions with chances, losses and marks, the curve,
    the turning points, each judged seat's summary."""


@with_config(MESSAGE)
class LossResponse(TypedDict):
    """``GET /api/profile/<name>/loss``: an account's average loss per move over its last analysed
    games (VP of expected margin given away against the best move found)."""

    games: int
    decisions: int
    average_loss: float


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


OptionValue = str | bool | int
"""A value of a rule option, as ``OptionsJson`` writes it."""


@with_config(MESSAGE)
class PlayerCounts(TypedDict):
    """How many players a table may seat."""

    min: int
    max: int
    """The most without the Market."""
    max_with_market: int
    """The most with the Market."""


@with_config(MESSAGE)
class OptionChoice(TypedDict):
    """One rule option a new table may be given."""

    name: str
    """Its field in ``OptionsJson`` (``edition``, ``market``, ``market_board`` …)."""
    values: list[OptionValue] | Literal["seat"]
    """Every value it takes, the default first; ``"seat"``: a seat number (null: at random)."""
    default: OptionValue | dict[str, OptionValue] | None
    """The value a table gets without it; by edition where the edition decides it (``money``)."""
    requires: dict[str, OptionValue]
    """The options any other value needs, with their values: the Market needs the 2nd edition,
    the Market's options the Market."""
    max_players: NotRequired[list[int]]
    """``market_board``: the most players each board takes, in the order of ``values``."""
    players_without_market: NotRequired[list[int]]
    """``double_marker_seat``: the player counts it means something at without the Market (the
    start-player markers do not share out evenly); with the Market it does at every count."""


@with_config(MESSAGE)
class OptionChoices(TypedDict):
    """``GET /api/options``: the rule options a new table may be given, and which go together,
    as the engine's ``option_choices()`` states them (the lobby's form offers exactly these)."""

    players: PlayerCounts
    options: list[OptionChoice]
    """In the order a form lists them."""


# ----------------------------------------------------------------------------------------------


@with_config(MESSAGE)
class LanguageInfo(TypedDict):
    """A language a reader may choose: its code and its name in itself (``Deutsch``)."""

    code: str
    name: str


@with_config(MESSAGE)
class PageWords(TypedDict):
    """``GET /api/words``: the pages' words in the reader's language."""

    lang: str
    """The language chosen (``en`` where the asked one is unknown)."""
    languages: list[LanguageInfo]
    """Every language a reader may choose, for the picker."""
    words: dict[str, str | dict[str, str]]
    """Each message id's sentence; one with counts as ``{plural category: form}`` (CLDR's
    categories, the page picks with ``Intl.PluralRules``). Placeholders are ``{name}``."""
