"""JSON forms of states, views and game records, and replay.

The state format is documented in ``docs/state-format.md``. ``state_from_json`` checks every
field and the consistency of the whole (every card of the game accounted for — 116, or 151 with the
Market —, each stack holding only its own deck, hand limits, seats in range) and raises
``StateFormatError`` naming what is wrong, so a hand-edited or truncated file gets a clear message
rather than a traceback.

Versions: a 1st-edition game is written as version 1, exactly as before the 2nd edition existed
(so its states, records and their hashes never change); a 2nd-edition game, with or without the
Market, as version 2 (new options, and with the Market new fields, stacks, phases and actions).
Both are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from petersburg.cards import OBSERVATORY, Card
from petersburg.cards_second_edition import ALL_CARD_BY_ID, ALL_CARD_ID, ALL_DECK, GOODS, NO_GOOD
from petersburg.engine.actions import HAND_SLOTS, ActionId, format_action, parse_action
from petersburg.engine.errors import PetersburgError, StateFormatError
from petersburg.engine.events import Event
from petersburg.engine.json_types import (
    BoardJson,
    HandParts,
    MarketJson,
    RecordJson,
    ResultJson,
    ScoreJson,
    SeatGoods,
    SeatJson,
    StateJson,
    ViewJson,
)
from petersburg.engine.market import goods_counts, market_values
from petersburg.engine.options import CHOICES, EDITION_FIRST, check_options
from petersburg.engine.rules import apply_action, final_scores, new_game, winners
from petersburg.engine.scoring import ScoreLine
from petersburg.engine.shape import PHASE_NAMES
from petersburg.engine.state import (
    NO_CARD,
    STAGE_ACTIONS,
    STAGE_CRATE,
    STAGE_JOKER,
    STAGE_NAMES,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    UNKNOWN,
    GameOptions,
    GameState,
    MarketState,
    PlayerState,
)
from petersburg.engine.views import HIDDEN_SEED, View

STATE_FORMAT = "petersburg-state"
VIEW_FORMAT = "petersburg-view"
RECORD_FORMAT = "petersburg-record"
FORMAT_VERSION = 1
"""Version of everything written for a 1st-edition game (unchanged since the first release)."""
SECOND_EDITION_VERSION = 2
"""Version of everything written for a 2nd-edition game (with or without the Market)."""
READ_VERSIONS = (FORMAT_VERSION, SECOND_EDITION_VERSION)


def format_version(options: GameOptions) -> int:
    """The version a state, view or record of a game with ``options`` is written with."""
    return FORMAT_VERSION if options.edition == EDITION_FIRST else SECOND_EDITION_VERSION


JsonObject = dict[str, Any]
"""A JSON object as read, before it is checked."""


# ----------------------------------------------------------------------------------------------
# Options


def options_from_json(data: object) -> GameOptions:
    """Game options from a JSON object; missing fields take their defaults."""
    if data is None:
        return GameOptions()
    if not isinstance(data, dict):
        raise StateFormatError("'options' must be an object.")
    known = set(GameOptions.__dataclass_fields__)
    unknown = sorted(set(data) - known)
    if unknown:
        raise StateFormatError(f"Unknown option(s): {', '.join(unknown)}. Known: {', '.join(sorted(known))}.")
    for flag in ("always_refill", "show_rubles", "show_hands", "market"):
        if flag in data and not isinstance(data[flag], bool):
            raise StateFormatError(f"Option '{flag}' must be true or false.")
    for name, values in CHOICES.items():
        if name in data and (data[name] not in values or isinstance(data[name], bool)):
            listed = " or ".join(repr(value) for value in values)
            raise StateFormatError(f"Option '{name}' must be {listed}.")
    seat = data.get("double_marker_seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise StateFormatError("Option 'double_marker_seat' must be a seat number or null.")
    return GameOptions(**data)


# ----------------------------------------------------------------------------------------------
# State -> JSON


def _ids(cards: Iterable[Card]) -> list[str | None]:
    return [None if card == UNKNOWN else ALL_CARD_ID[card] for card in cards]


def _player_json(state: GameState, seat: int, seen: View | None = None) -> SeatJson:
    """One seat of a state (``seen`` None) or of a view.

    ``secret_hand`` is written only when the seat holds secret cards and the hand is shown, and a
    view's ``public_hand`` (the hand cards taken from the board, which every player saw) only when
    the seat holds such cards: a state or view without any is written exactly as before the fields
    existed (same version, same bytes).
    """
    player = state.players[seat]
    show_hand = seen is None or seen.hand_visible(seat)
    hand_parts: HandParts = {}
    if show_hand and player.secret_hand:
        hand_parts["secret_hand"] = _ids(player.secret_hand)
    if seen is not None:
        public = player.public_hand()
        if public:
            hand_parts["public_hand"] = _ids(public)
    market_parts: SeatGoods = {}
    if state.market is not None:
        market_parts["goods"] = dict(zip(GOODS, goods_counts(state, seat), strict=True))
    return {
        "rubles": player.rubles if seen is None or seen.rubles_visible(seat) else None,
        "vp": player.vp,
        "hand": _ids(player.hand) if show_hand else None,
        "hand_size": len(player.hand),
        **hand_parts,
        "area": _ids(player.area_cards()),
        "observatories_used": player.observatories_used,
        **market_parts,
    }


def _market_json(state: GameState, market: MarketState) -> MarketJson:
    """The Market's part of a state (all public): jokers named, pending decisions, idle crates."""
    shape = state.shape
    first, second = market_values(state.round, state.options)
    return {
        "jokers": {
            ALL_CARD_ID[card]: None if market.jokers[slot] == NO_GOOD else GOODS[market.jokers[slot]]
            for slot, card in enumerate(shape.joker_kinds)
        },
        "decisions": [{"seat": seat, "card": ALL_CARD_ID[card]} for seat, card in market.queue],
        "scoring": market.scoring,
        "idle_crates": _ids(market.idle),
        "values": {"first": first, "second": second},
    }


def _common_json(state: GameState, seen: View | None = None) -> BoardJson:
    over = state.stage == STAGE_OVER
    shape = state.shape
    data: BoardJson = {
        "players": state.num_players,
        "seed": None if seen is not None and state.seed == HIDDEN_SEED else state.seed,
        "options": state.options.to_json(),
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "stage": STAGE_NAMES[state.stage],
        "to_act": None if over else state.to_act,
        "passes": state.passes,
        "taken": state.taken,
        "last_round": state.last_round,
        "step": state.step,
        "markers": {PHASE_NAMES[phase]: seat for phase, seat in enumerate(state.markers)},
        "upper": _ids(state.upper),
        "lower": _ids(state.lower),
        "discards": _ids(state.discards),
        "drawn": None if state.drawn in (NO_CARD, UNKNOWN) else ALL_CARD_ID[state.drawn],
        "drawn_from": shape.stack_names[state.drawn_deck] if state.drawn_deck >= 0 else None,
        "pub_queue": list(state.pub_queue),
        "seats": [_player_json(state, seat, seen) for seat in range(state.num_players)],
    }
    if state.market is not None:
        data["market"] = _market_json(state, state.market)
    return data


def state_to_json(state: GameState) -> StateJson:
    """The full state as a JSON object (stacks listed top card first)."""
    names = state.shape.stack_names
    return {
        "format": STATE_FORMAT,
        "version": format_version(state.options),
        **_common_json(state),
        "stacks": {names[deck]: _ids(reversed(stack)) for deck, stack in enumerate(state.stacks)},
    }


def view_to_json(seen: View) -> ViewJson:
    """A view as a JSON object: stack sizes only, hidden hands as null with their size and the
    cards of them that are public, hidden rubles as null, another player's drawn card as null (its
    stack is public)."""
    state = seen.state
    names = state.shape.stack_names
    return {
        "format": VIEW_FORMAT,
        "version": format_version(state.options),
        "viewer": seen.seat,
        **_common_json(state, seen),
        "stack_sizes": {names[deck]: len(stack) for deck, stack in enumerate(state.stacks)},
    }


def score_json(line: ScoreLine) -> ScoreJson:
    """One seat's final scoring as JSON."""
    return {
        "seat": line.seat,
        "play_vp": line.play_vp,
        "aristocrat_bonus": line.aristocrat_bonus,
        "money_vp": line.money_vp,
        "hand_penalty": line.hand_penalty,
        "total": line.total,
        "rubles": line.rubles,
    }


def result_json(state: GameState) -> ResultJson:
    """The end of a finished game as JSON: every seat's final scoring, the winners, the round."""
    return {
        "scores": [score_json(line) for line in final_scores(state)],
        "winners": winners(state),
        "rounds": state.round,
    }


# ----------------------------------------------------------------------------------------------
# JSON -> state


def _require(data: JsonObject, key: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    if key not in data:
        raise StateFormatError(f"The {where} has no '{key}' field.")
    value = data[key]
    if isinstance(value, bool) and kind is int:
        raise StateFormatError(f"'{key}' in the {where} must be a whole number.")
    if not isinstance(value, kind):
        raise StateFormatError(f"'{key}' in the {where} has the wrong type ({type(value).__name__}).")
    return value


def _count(data: JsonObject, key: str, where: str = "state", low: int = 0) -> int:
    value: int = _require(data, key, int, where)
    if value < low:
        raise StateFormatError(f"'{key}' in the {where} must be at least {low}, not {value}.")
    return value


def _cards(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise StateFormatError(f"{where} must be a list of card ids.")
    cards = []
    for item in value:
        if not isinstance(item, str) or item not in ALL_CARD_BY_ID:
            raise StateFormatError(f"{where} holds '{item}', which is not a card id.")
        cards.append(ALL_CARD_BY_ID[item])
    return cards


def _named_index(value: object, names: Sequence[str], what: str) -> int:
    if not isinstance(value, str) or value not in names:
        raise StateFormatError(f"'{what}' must be one of {', '.join(names)}, not {value!r}.")
    return list(names).index(value)


def state_from_json(data: object) -> GameState:
    """Rebuild a state from ``state_to_json`` output; raise StateFormatError if it is not valid."""
    if not isinstance(data, dict):
        raise StateFormatError("A state must be a JSON object.")
    if data.get("format") != STATE_FORMAT:
        hint = " (this is a view: it lacks hidden cards)" if data.get("format") == VIEW_FORMAT else ""
        raise StateFormatError(f"This is not a game state: 'format' must be '{STATE_FORMAT}'{hint}.")
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        raise StateFormatError(
            f"Unsupported state version {version!r} (this program reads {FORMAT_VERSION} and "
            f"{SECOND_EDITION_VERSION})."
        )
    num_players = _count(data, "players", low=1)
    seed = _require(data, "seed", int)
    options = options_from_json(data.get("options"))
    try:
        check_options(options, num_players)
    except ValueError as error:
        raise StateFormatError(str(error)) from None
    if version != format_version(options):
        raise StateFormatError(
            f"A game of the {options.edition} edition is written as version {format_version(options)}, "
            f"not {version}."
        )
    state = GameState(num_players, seed, options)
    shape = state.shape
    state.round = _count(data, "round", low=1)
    phase_names = [PHASE_NAMES[phase] for phase in sorted(shape.phases)]
    state.phase = _named_index(data.get("phase"), phase_names, "phase")
    state.stage = _named_index(data.get("stage"), STAGE_NAMES if shape.market else STAGE_NAMES[:4], "stage")
    state.passes = _count(data, "passes")
    state.taken = _require(data, "taken", bool)
    state.last_round = _require(data, "last_round", bool)
    state.step = _count(data, "step")
    markers = _require(data, "markers", dict)
    state.markers = [_seat(markers.get(name), num_players, f"markers.{name}") for name in phase_names]
    stacks = _require(data, "stacks", dict)
    for deck, name in enumerate(shape.stack_names):
        cards = _cards(stacks.get(name), f"stacks.{name}")
        if any(ALL_DECK[card] != deck for card in cards):
            raise StateFormatError(f"stacks.{name} holds a card of another deck.")
        state.stacks[deck] = cards[::-1]
    state.upper = _cards(data.get("upper"), "upper")
    state.lower = _cards(data.get("lower"), "lower")
    state.discards = _cards(data.get("discards"), "discards")
    drawn = data.get("drawn")
    state.drawn = NO_CARD if drawn is None else _cards([drawn], "drawn")[0]
    drawn_from = data.get("drawn_from")
    state.drawn_deck = -1 if drawn_from is None else _named_index(drawn_from, shape.stack_names, "drawn_from")
    queue = _require(data, "pub_queue", list)
    state.pub_queue = [_seat(seat, num_players, "pub_queue") for seat in queue]
    seats = _require(data, "seats", list)
    if len(seats) != num_players:
        raise StateFormatError(f"'seats' lists {len(seats)} players but the game has {num_players}.")
    state.players = [_player_from_json(entry, i, shape.area_size) for i, entry in enumerate(seats)]
    to_act = data.get("to_act")
    state.to_act = -1 if state.stage == STAGE_OVER else _seat(to_act, num_players, "to_act")
    if state.market is not None:
        state.market = _market_from_json(_require(data, "market", dict), state)
    _check_consistency(state)
    return state


def _seat(value: object, num_players: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < num_players:
        raise StateFormatError(f"'{where}' must be a seat number from 0 to {num_players - 1}, not {value!r}.")
    return value


def _player_from_json(entry: object, seat: int, area_size: int) -> PlayerState:
    where = f"seat {seat}"
    if not isinstance(entry, dict):
        raise StateFormatError(f"The entry of {where} must be an object.")
    player = PlayerState(area_size=area_size)
    player.rubles = _count(entry, "rubles", where)
    player.vp = _require(entry, "vp", int, where)
    player.hand = sorted(_cards(entry.get("hand"), f"the hand of {where}"))
    if "secret_hand" in entry:
        secret = sorted(_cards(entry["secret_hand"], f"the secret hand of {where}"))
        if any(secret.count(card) > player.hand.count(card) for card in secret):
            raise StateFormatError(f"The secret hand of {where} holds a card that is not in its hand.")
        player.secret_hand = tuple(secret)
    for card in _cards(entry.get("area"), f"the play area of {where}"):
        if card >= area_size:
            raise StateFormatError(
                f"The play area of {where} holds '{ALL_CARD_ID[card]}', not a card of this game."
            )
        player.area[card] += 1
    player.observatories_used = _count(entry, "observatories_used", where)
    if player.observatories_used > player.area[OBSERVATORY]:
        raise StateFormatError(f"{where} has used more Observatories than it owns.")
    if len(player.hand) > HAND_SLOTS:
        raise StateFormatError(f"The hand of {where} holds more than {HAND_SLOTS} cards.")
    return player


def _market_from_json(data: JsonObject, state: GameState) -> MarketState:
    """The Market's part of a state; ``goods`` and ``values`` are derived and not read."""
    shape = state.shape
    market = MarketState(len(shape.joker_kinds))
    jokers = _require(data, "jokers", dict, "market")
    for slot, card in enumerate(shape.joker_kinds):
        good = jokers.get(ALL_CARD_ID[card])
        if good is not None:
            market.jokers[slot] = _named_index(good, GOODS, f"market.jokers.{ALL_CARD_ID[card]}")
    for entry in _require(data, "decisions", list, "market"):
        if not isinstance(entry, dict):
            raise StateFormatError("Each of 'market.decisions' must be an object with 'seat' and 'card'.")
        seat = _seat(entry.get("seat"), state.num_players, "market.decisions.seat")
        card = _cards([entry.get("card")], "market.decisions.card")[0]
        if card not in shape.crate_kinds and card not in shape.joker_kinds:
            raise StateFormatError(
                f"'{ALL_CARD_ID[card]}' asks for no decision: only crates and cards with '?' do."
            )
        if card >= shape.area_size or not state.players[seat].area[card]:
            raise StateFormatError(f"Seat {seat} has no '{ALL_CARD_ID[card]}' in play to decide about.")
        market.queue.append((seat, card))
    market.scoring = _require(data, "scoring", bool, "market")
    market.idle = _cards(_require(data, "idle_crates", list, "market"), "market.idle_crates")
    if any(card not in shape.crate_kinds for card in market.idle):
        raise StateFormatError("'market.idle_crates' may only hold crates.")
    return market


def _check_consistency(state: GameState) -> None:
    """Every card exactly once; board size; stage fields agree."""
    shape = state.shape
    counts = [0] * len(shape.count)
    places: list[Iterable[Card]] = [*state.stacks, state.upper, state.lower, state.discards]
    if state.drawn != NO_CARD:
        places.append([state.drawn])
    for player in state.players:
        places.append(player.hand)
        places.append(player.area_cards())
    for place in places:
        for card in place:
            counts[card] += 1
    for kind, count in enumerate(counts):
        if count != shape.count[kind]:
            raise StateFormatError(
                f"The game has {shape.count[kind]} '{ALL_CARD_ID[kind]}' card(s) but the state holds {count}."
            )
    if len(state.upper) + len(state.lower) > shape.board_size:
        raise StateFormatError(f"The two rows hold more than {shape.board_size} cards.")
    if (state.stage == STAGE_OBSERVED) != (state.drawn != NO_CARD):
        raise StateFormatError("A drawn card must be present exactly when the stage is 'observed'.")
    if (state.drawn != NO_CARD) != (state.drawn_deck >= 0):
        raise StateFormatError("'drawn_from' must name a stack exactly when there is a drawn card.")
    if state.stage == STAGE_PUB and (not state.pub_queue or state.pub_queue[0] != state.to_act):
        raise StateFormatError("In the 'pub' stage, 'to_act' must be the first seat of 'pub_queue'.")
    if state.stage not in (STAGE_PUB,) and state.pub_queue:
        raise StateFormatError("'pub_queue' must be empty outside the 'pub' stage.")
    if state.stage == STAGE_ACTIONS and state.passes >= state.num_players:
        raise StateFormatError("'passes' must be below the number of players during the actions.")
    if state.market is not None:
        _check_market(state, state.market)


def _check_market(state: GameState, market: MarketState) -> None:
    """The Market's decisions agree with the stage; named jokers and idle crates are in play."""
    shape = state.shape
    in_play = [sum(player.area[card] for player in state.players) for card in range(shape.area_size)]
    for slot, card in enumerate(shape.joker_kinds):
        if market.jokers[slot] != NO_GOOD and not in_play[card]:
            raise StateFormatError(
                f"A good is named for '{ALL_CARD_ID[card]}', which is in nobody's play area."
            )
    if any(not in_play[card] for card in market.idle):
        raise StateFormatError("An idle crate must be in a play area.")
    if market.idle and not market.scoring:
        raise StateFormatError("Crates can be idle only during a market scoring ('market.scoring').")
    deciding = state.stage in (STAGE_JOKER, STAGE_CRATE)
    if deciding != bool(market.queue):
        raise StateFormatError(
            "'market.decisions' must be pending exactly in the 'joker' and 'crate' stages."
        )
    if market.queue:
        seat, card = market.queue[0]
        if seat != state.to_act:
            raise StateFormatError("'to_act' must be the seat of the first of 'market.decisions'.")
        expected = STAGE_JOKER if card in shape.joker_kinds else STAGE_CRATE
        if state.stage != expected:
            raise StateFormatError(
                f"The first of 'market.decisions' needs the '{STAGE_NAMES[expected]}' stage."
            )
        if not market.scoring and len(market.queue) > 1:
            raise StateFormatError("Outside a market scoring only one card with '?' can await its good.")
    if market.scoring and state.phase != shape.market_phase:
        raise StateFormatError("A market scoring happens only after the market phase.")


# ----------------------------------------------------------------------------------------------
# Records


class GameRecord:
    """Everything needed to replay a game: players, seed, options and the actions in order."""

    __slots__ = ("actions", "names", "num_players", "options", "seed")

    def __init__(
        self,
        num_players: int,
        seed: int,
        options: GameOptions | None = None,
        actions: Sequence[ActionId] = (),
        names: Sequence[str] | None = None,
    ) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = options if options is not None else GameOptions()
        self.actions = list(actions)
        self.names = list(names) if names is not None else None

    def __reduce__(self) -> tuple[type[GameRecord], tuple[object, ...]]:
        """Pickle as a constructor call (see ``View.__reduce__``)."""
        return (GameRecord, (self.num_players, self.seed, self.options, self.actions, self.names))

    def to_json(self, final_state: GameState | None = None) -> RecordJson:
        """The record as JSON; with ``final_state``, the final scores and winners are included."""
        data: RecordJson = {
            "format": RECORD_FORMAT,
            "version": format_version(self.options),
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options.to_json(),
            "actions": [format_action(action) for action in self.actions],
        }
        if self.names is not None:
            data["names"] = self.names
        if final_state is not None and final_state.is_over:
            data["scores"] = [score_json(line) for line in final_scores(final_state)]
            data["winners"] = winners(final_state)
        return data

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Parse a record; raise StateFormatError if it is malformed."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateFormatError(f"This is not a game record: 'format' must be '{RECORD_FORMAT}'.")
        version = data.get("version", FORMAT_VERSION)
        if version not in READ_VERSIONS or isinstance(version, bool):
            raise StateFormatError(
                f"Unsupported record version {version!r} (this program reads {FORMAT_VERSION} and "
                f"{SECOND_EDITION_VERSION})."
            )
        num_players = _count(data, "players", "record", low=1)
        seed = _require(data, "seed", int, "record")
        options = options_from_json(data.get("options"))
        texts = _require(data, "actions", list, "record")
        actions = []
        for i, text in enumerate(texts):
            try:
                actions.append(parse_action(text))
            except PetersburgError as error:
                raise StateFormatError(f"Action {i + 1} of the record: {error}") from None
        names = data.get("names")
        if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
            raise StateFormatError("'names' must be a list of strings.")
        return cls(num_players, seed, options, actions, names)

    def replay(self) -> GameState:
        """Play the record from set-up; raise StateFormatError at the first illegal action."""
        return self._play(None)

    def replay_events(self) -> tuple[GameState, list[list[Event]]]:
        """Play the record from set-up and say what happened: the final state, and per step the
        events (``petersburg.engine.events``) in order: the set-up's first (step 0), then those
        of each action (step ``i`` for action ``i``). Nothing is filtered: ``events_for`` gives
        what one seat may see. Raises StateFormatError at the first illegal action."""
        steps: list[list[Event]] = []
        state = self._play(steps)
        return state, steps

    def _play(self, steps: list[list[Event]] | None) -> GameState:
        """Replay, appending each step's events to ``steps`` when it is given."""
        setup: list[Event] | None = [] if steps is not None else None
        try:
            state = new_game(self.num_players, self.seed, self.options, setup)
        except ValueError as error:
            raise StateFormatError(str(error)) from None
        if steps is not None and setup is not None:
            steps.append(setup)
        for i, action in enumerate(self.actions):
            sink: list[Event] | None = [] if steps is not None else None
            try:
                apply_action(state, action, sink)
            except PetersburgError as error:
                raise StateFormatError(
                    f"Action {i + 1} ('{format_action(action)}') is illegal: {error}"
                ) from None
            if steps is not None and sink is not None:
                steps.append(sink)
        return state
