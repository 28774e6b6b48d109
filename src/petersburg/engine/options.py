"""Rule options a game is created with: their values, defaults per edition, and their validation.

Every **[option]** of docs/rules.md is a field here, default first. A 1st-edition game's options are
exactly the five fields the 1st-edition engine always had, and ``to_json`` writes only those for
it, so 1st-edition states, records and their hashes stay byte-for-byte the same.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Final

from petersburg.engine.constants import OPENING_WORKERS_PER_PLAYER
from petersburg.engine.json_types import OptionsJson
from petersburg.engine.reasons import Reason, RefusedOptions, Value

MONEY_KEPT: Final = "kept"
MONEY_TRADED: Final = "traded"
EDITION_FIRST: Final = "first"
EDITION_SECOND: Final = "second"
JOKER_FIXED: Final = "fixed"
JOKER_EACH_SCORING: Final = "each_scoring"
VALUES_CAPPED: Final = "capped"
VALUES_OPEN: Final = "open"
CRATE_DISCARD: Final = "discard"
CRATE_IDLE: Final = "idle"
TIES_SHARE: Final = "share"
TIES_STEP_DOWN: Final = "step_down"

MARKET_BOARDS: Final = (10, 8)
"""Cards the board of a Market game may hold, default first."""

CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "money": (MONEY_KEPT, MONEY_TRADED),
    "edition": (EDITION_FIRST, EDITION_SECOND),
    "market_board": MARKET_BOARDS,
    "joker": (JOKER_FIXED, JOKER_EACH_SCORING),
    "market_values": (VALUES_CAPPED, VALUES_OPEN),
    "unpaid_crate": (CRATE_DISCARD, CRATE_IDLE),
    "market_ties": (TIES_SHARE, TIES_STEP_DOWN),
}
"""The values of every option that has a fixed set of them, default first."""
MARKET_OPTIONS: Final = ("market_board", "joker", "market_values", "unpaid_crate", "market_ties")
"""Options that only mean something with the Market."""
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
"""Players without the Market."""
MAX_PLAYERS_MARKET: Final = 5


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Rule options a game is created with (docs/rules.md [option]s and Hidden information), defaults first.

    - ``always_refill``: top the board up even after a phase in which nobody took a card.
    - ``money``: ``"kept"`` (rubles count in full for the tie-break) or ``"traded"`` (the 10s
      converted into VP are spent; the tie-break sees the remainder). Left empty, it is the
      edition's default: ``kept`` in the 1st edition, ``traded`` in the 2nd.
    - ``double_marker_seat``: with 3 players, the seat that gets two start-player markers; with the
      Market, the seat the deal of the five markers starts from (``None``: a random seat).
    - ``show_rubles`` / ``show_hands``: views show every player's rubles / hand cards (some online
      versions show them); hidden by default as in the rulebook.
    - ``edition``: ``"first"`` (2004) or ``"second"`` (2014: new figures and names, everyone buys in
      the first worker phase).
    - ``market``: play with *The Market* (2nd edition only; 1 to 5 players).
    - ``market_board``: cards the two rows hold in a Market game, 10 or 8.
    - ``joker``: a "?" symbol is named once when its card enters play (``fixed``) or anew at every
      market scoring (``each_scoring``).
    - ``market_values``: first/second place values stop at 6/3 from round 6 on (``capped``) or keep
      growing (``open``: first = round, second = round // 2).
    - ``unpaid_crate``: an unpaid crate is discarded (``discard``) or stays, counting nothing at
      that scoring (``idle``).
    - ``market_ties``: players tied for the most of a good each score first place (``share``) or
      each score second place (``step_down``).
    """

    always_refill: bool = False
    money: str = ""
    double_marker_seat: int | None = None
    show_rubles: bool = False
    show_hands: bool = False
    edition: str = EDITION_FIRST
    market: bool = False
    market_board: int = 10
    joker: str = JOKER_FIXED
    market_values: str = VALUES_CAPPED
    unpaid_crate: str = CRATE_DISCARD
    market_ties: str = TIES_SHARE

    def __reduce__(self) -> tuple[type[GameOptions], tuple[object, ...]]:
        """Pickle as a constructor call (worker processes receive options): compiled with mypyc, a
        frozen class cannot be restored field by field."""
        return (GameOptions, astuple(self))

    def __post_init__(self) -> None:
        if not self.money:
            # The edition decides the default of "money" (docs/rules.md, The 2nd edition without the Market).
            default = MONEY_TRADED if self.edition == EDITION_SECOND else MONEY_KEPT
            object.__setattr__(self, "money", default)

    @property
    def second_edition(self) -> bool:
        """Whether the game is played with the 2nd edition's cards and rules."""
        return self.edition == EDITION_SECOND

    def to_json(self) -> OptionsJson:
        """The options as a JSON object: every field of the game's edition (records describe
        themselves), and no 2nd-edition field in a 1st-edition game."""
        data: OptionsJson = {
            "always_refill": self.always_refill,
            "money": self.money,
            "double_marker_seat": self.double_marker_seat,
            "show_rubles": self.show_rubles,
            "show_hands": self.show_hands,
        }
        if self.edition != EDITION_FIRST:
            data["edition"] = self.edition
            data["market"] = self.market
            if self.market:  # the fields of MARKET_OPTIONS, in their order
                data["market_board"] = self.market_board
                data["joker"] = self.joker
                data["market_values"] = self.market_values
                data["unpaid_crate"] = self.unpaid_crate
                data["market_ties"] = self.market_ties
        return data


def check_options(options: GameOptions, num_players: int) -> None:
    """Raise ``RefusedOptions`` (a ValueError whose ``str()`` is a sentence a player understands, its
    ``reason`` the same as data for other languages) if the options or the player count are not a
    game this engine can set up (bad values, or options that do not go together)."""
    for name, values in CHOICES.items():
        value = getattr(options, name)
        if value not in values or isinstance(value, bool):
            listed = " or ".join(repr(v) for v in values)
            _refuse("option_value", name=name, listed=listed, value=repr(value))
    for flag in ("always_refill", "show_rubles", "show_hands", "market"):
        if not isinstance(getattr(options, flag), bool):
            _refuse("option_flag", name=flag, value=repr(getattr(options, flag)))
    if options.market and options.edition != EDITION_SECOND:
        _refuse("market_needs_second")
    if not options.market:
        for name in MARKET_OPTIONS:
            if getattr(options, name) != CHOICES[name][0]:
                _refuse("market_option_only", name=name)
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        _refuse("players_not_whole", value=repr(num_players))
    if num_players == MAX_PLAYERS_MARKET and not options.market:
        _refuse("five_need_market")
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS_MARKET:
        _refuse("players_range", value=repr(num_players))
    if num_players == MAX_PLAYERS_MARKET and options.market_board < OPENING_WORKERS_PER_PLAYER * num_players:
        _refuse("five_need_big_board")
    seat = options.double_marker_seat
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players
    ):
        _refuse("deal_seat_range" if options.market else "double_marker_seat_range", most=num_players - 1)


def _refuse(reason: str, **params: Value) -> None:
    """Refuse a game's set-up for ``reason``."""
    raise RefusedOptions(Reason(reason, params))
