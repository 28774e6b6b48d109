"""The types of the JSON the engine writes: options, states, views, records, results and events.

One declaration of each format (``docs/state-format.md``, ``docs/events.md``): the engine's writers
(``petersburg.engine.records``, ``petersburg.engine.events``) return these types, and the server's
protocol sends them as they are, so a field added here is checked everywhere it is read.

Standard library only (``typing.TypedDict``), like the rest of the engine; at run time a TypedDict
is a plain ``dict``, so nothing on the hot path changes. The module does not use postponed
annotations: Python 3.11 decides which keys are ``NotRequired`` only from evaluated annotations,
and the protocol reads them (``__required_keys__``) to build its JSON Schema.
"""

from typing import Literal, NotRequired, TypedDict

RowName = Literal["upper", "lower", "drawn"]
"""Where a card lay: the upper row, the lower row, or an Observatory's draw."""


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


class HandParts(TypedDict, total=False):
    """The parts of a seat's hand written only when it holds such cards (so that a state or view
    without any is written exactly as before these fields existed)."""

    secret_hand: list[str | None]
    """A state's: the hand cards drawn with an Observatory, known to their holder alone (each also
    in ``hand``)."""
    public_hand: list[str | None]
    """A view's: the hand cards every player saw taken from the board."""


class SeatGoods(TypedDict, total=False):
    """A seat's goods, written only with the Market."""

    goods: dict[str, int]
    """The seat's count of each good (``chicken`` … ``cabbage``)."""


class SeatJson(HandParts, SeatGoods):
    """One seat in a state or a view (``docs/state-format.md``)."""

    rubles: int | None
    """null when hidden from the viewer."""
    vp: int
    hand: list[str | None] | None
    """Card ids; null when hidden from the viewer."""
    hand_size: int
    area: list[str | None]
    """Card ids of the play area."""
    observatories_used: int


class MarketDecisionJson(TypedDict):
    """A decision pending at the Market: the first is the seat to act's."""

    seat: int
    """The seat that decides."""
    card: str
    """The crate to pay for, or the card with "?" whose good is named."""


class PlaceValues(TypedDict):
    """What first and second place of a good score at this round's market scoring."""

    first: int
    """Also what keeping a crate costs."""
    second: int


class MarketJson(TypedDict):
    """The Market's part of a state or view (all public; ``docs/state-format.md``)."""

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


class BoardJson(TypedDict):
    """What a state and a view share: the game as every seat sees it, and each seat."""

    players: int
    seed: int | None
    """null in a view until the game is over (it fixes every stack's order)."""
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
    """The card drawn with an Observatory (in a view: null unless the viewer drew it)."""
    drawn_from: str | None
    pub_queue: list[int]
    seats: list[SeatJson]
    market: NotRequired[MarketJson]
    """Only with the Market."""


class FormatHeader(TypedDict):
    """What every file the engine writes starts with."""

    format: str
    """``petersburg-state``, ``petersburg-view`` or ``petersburg-record``."""
    version: int
    """1 for a 1st-edition game, 2 for a 2nd-edition game."""


class ViewHeader(FormatHeader):
    """A view's header: whose view it is."""

    viewer: int | None
    """The seat that sees it (null: a spectator)."""


class ViewJson(ViewHeader, BoardJson):
    """What one seat (or a spectator) may see: engine ``view_to_json`` (``docs/state-format.md``)."""

    stack_sizes: dict[str, int]
    """Stack name to cards left, in deck order (``market`` last with the Market)."""


class StateJson(FormatHeader, BoardJson):
    """A whole state: engine ``state_to_json`` (``docs/state-format.md``)."""

    stacks: dict[str, list[str | None]]
    """Stack name to its cards, top card first."""


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


class ResultJson(TypedDict):
    """The end of a game: its final scoring and winners (engine ``result_json``)."""

    scores: list[ScoreJson]
    winners: list[int]
    """The winning seats (several on a tie)."""
    rounds: int
    """The round the game ended in."""


class RecordJson(FormatHeader):
    """A game record (``GameRecord.to_json``): everything needed to replay a game."""

    players: int
    seed: int
    options: OptionsJson
    actions: list[str]
    """The actions in order, as canonical text."""
    names: NotRequired[list[str]]
    """The seats' names, when known."""
    scores: NotRequired[list[ScoreJson]]
    """With the final state: the final scoring."""
    winners: NotRequired[list[int]]
    """With the final state: the winning seats."""


# ----------------------------------------------------------------------------------------------
# Events (``event_to_json``; ``docs/events.md``)


class IncomeJson(TypedDict):
    """What one phase scoring paid one seat (engine ``SeatIncome``)."""

    seat: int
    phase: str
    cards: int
    """Cards of the colour scored in the play area (yellow cards at the market scoring)."""
    card_rubles: int
    card_vp: int
    mariinsky_rubles: int
    mariinsky_vp: int
    tax_man_rubles: int
    observatory_vp: int
    goods: dict[str, int]
    """Market scoring: the seat's count of each good (empty at other scorings)."""
    majority_vp: dict[str, int]
    """Market scoring: the VP won for each good's majority (empty at other scorings)."""
    jokers: dict[str, str]
    """Market scoring: the good each of the seat's cards with "?" counts as."""
    rubles: int
    vp: int


class EventBase(TypedDict):
    """What every event carries besides its ``type`` and facts."""

    private_to: int | None
    """The seat that alone may see the event as it is (null: public)."""


class GameStartedJson(EventBase):
    type: Literal["game_started"]
    players: int
    edition: str
    market: bool
    markers: dict[str, int]


class RoundStartedJson(EventBase):
    type: Literal["round_started"]
    round: int


class PhaseStartedJson(EventBase):
    type: Literal["phase_started"]
    round: int
    phase: str
    seat: int


class CardsDealtJson(EventBase):
    type: Literal["cards_dealt"]
    deck: str
    row: RowName
    cards: list[str]


class SupplySkippedJson(EventBase):
    type: Literal["supply_skipped"]
    phase: str
    deck: str


class EndTriggeredJson(EventBase):
    type: Literal["end_triggered"]
    deck: str
    round: int


class PhaseScoredJson(EventBase):
    type: Literal["phase_scored"]
    round: int
    phase: str
    incomes: list[IncomeJson]


class RoundEndedJson(EventBase):
    type: Literal["round_ended"]
    round: int


class LowerRowDiscardedJson(EventBase):
    type: Literal["lower_row_discarded"]
    cards: list[str]


class UpperRowMovedDownJson(EventBase):
    type: Literal["upper_row_moved_down"]
    cards: list[str]


class MarkersPassedJson(EventBase):
    type: Literal["markers_passed"]
    markers: dict[str, int]


class GameEndedJson(EventBase):
    type: Literal["game_ended"]
    scores: list[ScoreJson]
    winners: list[int]


class PassedJson(EventBase):
    type: Literal["passed"]
    seat: int


class CardBoughtJson(EventBase):
    type: Literal["card_bought"]
    seat: int
    card: str | None
    row: RowName
    slot: int
    price: int
    displaced: str | None


class CardPlayedJson(EventBase):
    type: Literal["card_played"]
    seat: int
    card: str | None
    price: int
    displaced: str | None


class CardTakenJson(EventBase):
    type: Literal["card_taken"]
    seat: int
    card: str | None
    """null for another seat's card taken from an Observatory's draw."""
    row: RowName
    slot: int


class ObservatoryUsedJson(EventBase):
    type: Literal["observatory_used"]
    seat: int
    deck: str
    card: str | None
    """null for another seat's draw."""


class DrawnDiscardedJson(EventBase):
    type: Literal["drawn_discarded"]
    seat: int
    deck: str
    card: str | None


class PubBoughtJson(EventBase):
    type: Literal["pub_bought"]
    seat: int
    vp: int
    rubles: int


class JokerNamedJson(EventBase):
    type: Literal["joker_named"]
    seat: int
    card: str | None
    good: str


class CratePaidJson(EventBase):
    type: Literal["crate_paid"]
    seat: int
    card: str | None
    good: str
    rubles: int


class CrateUnpaidJson(EventBase):
    type: Literal["crate_unpaid"]
    seat: int
    card: str | None
    good: str
    discarded: bool
    asked: bool


EventJson = (
    GameStartedJson
    | RoundStartedJson
    | PhaseStartedJson
    | CardsDealtJson
    | SupplySkippedJson
    | EndTriggeredJson
    | PhaseScoredJson
    | RoundEndedJson
    | LowerRowDiscardedJson
    | UpperRowMovedDownJson
    | MarkersPassedJson
    | GameEndedJson
    | PassedJson
    | CardBoughtJson
    | CardPlayedJson
    | CardTakenJson
    | ObservatoryUsedJson
    | DrawnDiscardedJson
    | PubBoughtJson
    | JokerNamedJson
    | CratePaidJson
    | CrateUnpaidJson
)
"""Any event as JSON: told apart by its ``type``."""
