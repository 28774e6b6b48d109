"""JSON forms of states, views and game records, and replay.

The state format is documented in ``docs/state-format.md``. ``state_from_json`` checks every
field and the consistency of the whole (all 116 cards accounted for, each stack holding only its
own deck, hand limits, seats in range) and raises ``StateFormatError`` naming what is wrong, so a
hand-edited or truncated file gets a clear message rather than a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from petersburg.cards import CARD_BY_ID, CARD_ID, COUNT, DECK, NUM_KINDS, OBSERVATORY, STACK_NAMES, Card
from petersburg.engine.actions import ActionId, format_action, parse_action
from petersburg.engine.errors import PetersburgError, StateFormatError
from petersburg.engine.rules import apply_action, final_scores, new_game, winners
from petersburg.engine.state import (
    BOARD_SIZE,
    MONEY_KEPT,
    MONEY_TRADED,
    NO_CARD,
    PHASE_NAMES,
    STAGE_ACTIONS,
    STAGE_NAMES,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    UNKNOWN,
    GameOptions,
    GameState,
    PlayerState,
)
from petersburg.engine.views import HIDDEN_SEED, View

STATE_FORMAT = "petersburg-state"
VIEW_FORMAT = "petersburg-view"
RECORD_FORMAT = "petersburg-record"
FORMAT_VERSION = 1

JsonObject = dict[str, Any]


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
    for flag in ("always_refill", "show_rubles", "show_hands"):
        if flag in data and not isinstance(data[flag], bool):
            raise StateFormatError(f"Option '{flag}' must be true or false.")
    if "money" in data and data["money"] not in (MONEY_KEPT, MONEY_TRADED):
        raise StateFormatError("Option 'money' must be 'kept' or 'traded'.")
    seat = data.get("double_marker_seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise StateFormatError("Option 'double_marker_seat' must be a seat number or null.")
    return GameOptions(**data)


# ----------------------------------------------------------------------------------------------
# State -> JSON


def _ids(cards: Iterable[Card]) -> list[str | None]:
    return [None if card == UNKNOWN else CARD_ID[card] for card in cards]


def _player_json(player: PlayerState, show_hand: bool = True, show_rubles: bool = True) -> JsonObject:
    return {
        "rubles": player.rubles if show_rubles else None,
        "vp": player.vp,
        "hand": _ids(player.hand) if show_hand else None,
        "hand_size": len(player.hand),
        "area": _ids(player.area_cards()),
        "observatories_used": player.observatories_used,
    }


def _common_json(state: GameState, seen: View | None = None) -> JsonObject:
    over = state.stage == STAGE_OVER
    return {
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
        "drawn": None if state.drawn in (NO_CARD, UNKNOWN) else CARD_ID[state.drawn],
        "drawn_from": STACK_NAMES[state.drawn_deck] if state.drawn_deck >= 0 else None,
        "pub_queue": list(state.pub_queue),
        "seats": [
            _player_json(player)
            if seen is None
            else _player_json(player, seen.hand_visible(seat), seen.rubles_visible(seat))
            for seat, player in enumerate(state.players)
        ],
    }


def state_to_json(state: GameState) -> JsonObject:
    """The full state as a JSON object (stacks listed top card first)."""
    data: JsonObject = {"format": STATE_FORMAT, "version": FORMAT_VERSION}
    data.update(_common_json(state))
    data["stacks"] = {STACK_NAMES[deck]: _ids(reversed(stack)) for deck, stack in enumerate(state.stacks)}
    return data


def view_to_json(seen: View) -> JsonObject:
    """A view as a JSON object: stack sizes only, hidden hands as null with their size, hidden
    rubles as null, another player's drawn card as null (its stack is public)."""
    data: JsonObject = {"format": VIEW_FORMAT, "version": FORMAT_VERSION, "viewer": seen.seat}
    data.update(_common_json(seen.state, seen))
    data["stack_sizes"] = {STACK_NAMES[deck]: len(stack) for deck, stack in enumerate(seen.state.stacks)}
    return data


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
        if not isinstance(item, str) or item not in CARD_BY_ID:
            raise StateFormatError(f"{where} holds '{item}', which is not a card id.")
        cards.append(CARD_BY_ID[item])
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
    if data.get("version") != FORMAT_VERSION:
        raise StateFormatError(
            f"Unsupported state version {data.get('version')!r} (this program reads {FORMAT_VERSION})."
        )
    num_players = _count(data, "players", low=1)
    if num_players > 4:
        raise StateFormatError(f"A game has 1 to 4 players, not {num_players}.")
    seed = _require(data, "seed", int)
    state = GameState(num_players, seed, options_from_json(data.get("options")))
    state.round = _count(data, "round", low=1)
    state.phase = _named_index(data.get("phase"), PHASE_NAMES, "phase")
    state.stage = _named_index(data.get("stage"), STAGE_NAMES, "stage")
    state.passes = _count(data, "passes")
    state.taken = _require(data, "taken", bool)
    state.last_round = _require(data, "last_round", bool)
    state.step = _count(data, "step")
    markers = _require(data, "markers", dict)
    state.markers = [_seat(markers.get(name), num_players, f"markers.{name}") for name in PHASE_NAMES]
    stacks = _require(data, "stacks", dict)
    for deck, name in enumerate(STACK_NAMES):
        cards = _cards(stacks.get(name), f"stacks.{name}")
        if any(DECK[card] != deck for card in cards):
            raise StateFormatError(f"stacks.{name} holds a card of another deck.")
        state.stacks[deck] = cards[::-1]
    state.upper = _cards(data.get("upper"), "upper")
    state.lower = _cards(data.get("lower"), "lower")
    state.discards = _cards(data.get("discards"), "discards")
    drawn = data.get("drawn")
    state.drawn = NO_CARD if drawn is None else _cards([drawn], "drawn")[0]
    drawn_from = data.get("drawn_from")
    state.drawn_deck = -1 if drawn_from is None else _named_index(drawn_from, STACK_NAMES, "drawn_from")
    queue = _require(data, "pub_queue", list)
    state.pub_queue = [_seat(seat, num_players, "pub_queue") for seat in queue]
    seats = _require(data, "seats", list)
    if len(seats) != num_players:
        raise StateFormatError(f"'seats' lists {len(seats)} players but the game has {num_players}.")
    state.players = [_player_from_json(entry, i) for i, entry in enumerate(seats)]
    to_act = data.get("to_act")
    state.to_act = -1 if state.stage == STAGE_OVER else _seat(to_act, num_players, "to_act")
    _check_consistency(state)
    return state


def _seat(value: object, num_players: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < num_players:
        raise StateFormatError(f"'{where}' must be a seat number from 0 to {num_players - 1}, not {value!r}.")
    return value


def _player_from_json(entry: object, seat: int) -> PlayerState:
    where = f"seat {seat}"
    if not isinstance(entry, dict):
        raise StateFormatError(f"The entry of {where} must be an object.")
    player = PlayerState()
    player.rubles = _count(entry, "rubles", where)
    player.vp = _require(entry, "vp", int, where)
    player.hand = sorted(_cards(entry.get("hand"), f"the hand of {where}"))
    for card in _cards(entry.get("area"), f"the play area of {where}"):
        player.area[card] += 1
    player.observatories_used = _count(entry, "observatories_used", where)
    if player.observatories_used > player.area[OBSERVATORY]:
        raise StateFormatError(f"{where} has used more Observatories than it owns.")
    if len(player.hand) > 4:
        raise StateFormatError(f"The hand of {where} holds more than 4 cards.")
    return player


def _check_consistency(state: GameState) -> None:
    """Every card exactly once; board size; stage fields agree."""
    counts = [0] * NUM_KINDS
    places: list[Iterable[Card]] = [*state.stacks, state.upper, state.lower, state.discards]
    if state.drawn != NO_CARD:
        places.append([state.drawn])
    for player in state.players:
        places.append(player.hand)
        places.append(player.area_cards())
    for place in places:
        for card in place:
            counts[card] += 1
    for kind in range(NUM_KINDS):
        if counts[kind] != COUNT[kind]:
            raise StateFormatError(
                f"The game has {COUNT[kind]} '{CARD_ID[kind]}' card(s) but the state holds {counts[kind]}."
            )
    if len(state.upper) + len(state.lower) > BOARD_SIZE:
        raise StateFormatError("The two rows hold more than 8 cards.")
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

    def to_json(self, final_state: GameState | None = None) -> JsonObject:
        """The record as JSON; with ``final_state``, the final scores and winners are included."""
        data: JsonObject = {
            "format": RECORD_FORMAT,
            "version": FORMAT_VERSION,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options.to_json(),
            "actions": [format_action(action) for action in self.actions],
        }
        if self.names is not None:
            data["names"] = self.names
        if final_state is not None and final_state.is_over:
            data["scores"] = [line._asdict() for line in final_scores(final_state)]
            data["winners"] = winners(final_state)
        return data

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Parse a record; raise StateFormatError if it is malformed."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateFormatError(f"This is not a game record: 'format' must be '{RECORD_FORMAT}'.")
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
        try:
            state = new_game(self.num_players, self.seed, self.options)
        except ValueError as error:
            raise StateFormatError(str(error)) from None
        for i, action in enumerate(self.actions):
            try:
                apply_action(state, action)
            except PetersburgError as error:
                raise StateFormatError(
                    f"Action {i + 1} ('{format_action(action)}') is illegal: {error}"
                ) from None
        return state
