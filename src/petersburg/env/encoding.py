"""Tensors for learning agents: the action mask and a fixed-shape observation of one seat's view.

Actions reuse the engine's fixed action space unchanged: action ``i`` of an environment is the
engine's action id ``i`` (``0..NUM_ACTIONS-1``, text via ``petersburg.engine.format_action``), so a
trained policy, the CLI, the web client and the bots all speak the same numbers.

Observations are built from a ``View`` only (``petersburg.engine.view(state, seat)``), never from
the full state: whatever the view masks (stack order, other players' secret hand cards and rubles,
a card another player drew with the Observatory) cannot leak into the vector, and what the view
remembers (the hand cards every player saw taken from the board) is in it. Seats are *relative*: slot
0 is always the observer, slot 1 the next seat clockwise, and so on, so one policy can play any
seat. Every entry is a float32 in ``[0, high]``; ``docs/research.md`` describes each field.

The layout depends on the game (``observation_layout(options)``): every game without the Market
(1st edition, 2nd edition alone) has ``CLASSIC_LAYOUT`` (``OBS_FIELDS``, ``OBS_SIZE``: name, size,
upper bound per entry), a Market game ``MARKET_LAYOUT``, larger (5 seats, 5 phases, 10 slots per
row, 151 cards) with the Market's fields at the end. The action mask has the game's action space
(``GameShape.num_actions``: 559 ids, 954 with the Market).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from petersburg.cards import OBSERVATORY
from petersburg.cards_second_edition import NO_GOOD, NUM_GOODS
from petersburg.engine import (
    NUM_ACTIONS,
    STAGE_OVER,
    GameOptions,
    GameShape,
    GameState,
    View,
    goods_counts,
    market_values,
    rubles_known,
    shape_of,
)
from petersburg.engine.actions import HAND_SLOTS, MAX_ROW_SLOTS, ROW_SLOTS
from petersburg.engine.options import MAX_PLAYERS, MAX_PLAYERS_MARKET
from petersburg.engine.shape import FIRST, MARKET, PHASE_NAMES
from petersburg.engine.state import STAGE_NAMES, UNKNOWN

MAX_SEATS: Final = MAX_PLAYERS
"""Seat slots in a game without the Market (unused slots of smaller games stay zero)."""
MAX_SEATS_MARKET: Final = MAX_PLAYERS_MARKET
"""Seat slots with the Market."""
MAX_HAND: Final = HAND_SLOTS
"""Largest hand (3, or 4 with a Warehouse): the engine's hand positions."""
ROUND_SCALE: Final = 10.0
"""Round numbers (and the Market's place values) are divided by this (games last 5-10 rounds)."""
MONEY_SCALE: Final = 100.0
"""Rubles and VP are divided by this."""
SCALED_HIGH: Final = 10.0
"""Upper bound of scaled quantities: rubles, VP and rounds beyond 1000 / 1000 / 100 are clipped."""
SCALED_PER_SEAT: Final = 2
"""Fractional entries of each seat slot: its rubles, then its VP."""

ObsArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class Field(NamedTuple):
    """One named block of the observation vector."""

    name: str
    offset: int
    size: int
    high: tuple[float, ...]
    """Upper bound of each entry (the lower bound is always 0)."""


class ObservationLayout:
    """The observation vector of one kind of game: its fields, bounds and the encoder's offsets.

    A game without the Market (1st edition, or 2nd edition alone) has the classic layout: 4 seat
    slots, 4 phases and stacks, 8 slots per row and the 1st edition's card kinds (the 2nd edition
    without the Market has the same cards, other figures). A Market game has 5 of each seat slot,
    phase, stack and marker, 10 slots per row, every card kind (151 cards) and the Market's own
    fields at the end: the scoring under way, the pending decision, the named "?", idle crates,
    this round's place values and each seat's goods. Both Market board sizes share the layout.
    """

    def __init__(self, shape: GameShape) -> None:
        market = shape.market
        self.market = market
        seats = MAX_SEATS_MARKET if market else MAX_SEATS
        self.seats = seats
        """Seat slots."""
        self.num_phases = len(PHASE_NAMES) if market else FIRST.num_phases
        """Phase numbers, stacks and markers encoded (phase ``p`` is marker ``p`` and stack ``p``)."""
        self.row_slots = MAX_ROW_SLOTS if market else ROW_SLOTS
        self.num_kinds = shape.area_size
        """Card kinds encoded: a play area's length in this game."""
        self.num_actions = shape.num_actions
        """Length of the action mask."""
        count = shape.count[: self.num_kinds]
        self.stack_sizes: tuple[int, ...] = tuple(
            sum(count[k] for k in shape.kinds_of_deck[deck]) for deck in range(self.num_phases)
        )
        """Cards per stack at set-up (1st edition: 31 workers, 28 buildings, 27 aristocrats, 30 trading)."""
        # A kind the game does not hold (with the Market, a card printed in variants instead) keeps
        # the bound 1, so that no entry has equal bounds.
        kinds_count = tuple(float(max(c, 1)) for c in count)
        num_stages = len(STAGE_NAMES) if market else STAGE_OVER + 1
        spec: list[tuple[str, tuple[float, ...]]] = [
            ("phase", (1.0,) * self.num_phases),
            ("stage", (1.0,) * num_stages),
            ("round", (SCALED_HIGH,)),
            ("last_round", (1.0,)),
            ("num_players", (1.0,) * seats),
            ("to_act", (1.0,) * seats),
            ("markers", (1.0,) * (self.num_phases * seats)),
            ("passes", (float(seats),)),
            ("taken", (1.0,)),
            ("upper", (1.0,) * (self.row_slots * self.num_kinds)),
            ("lower", (1.0,) * (self.row_slots * self.num_kinds)),
            ("stack_sizes", (1.0,) * self.num_phases),
            ("drawn", (1.0,) * self.num_kinds),
            ("drawn_hidden", (1.0,)),
            ("drawn_deck", (1.0,) * self.num_phases),
            ("discards", kinds_count),
            ("pub_queue", (1.0,) * seats),
        ]
        # A seat holds at most every symbol of a good in the game, with every "?" named as it.
        jokers = sum(shape.symbols[k] for k in shape.joker_kinds)
        most_goods = tuple(
            float(
                jokers
                + sum(shape.symbols[k] * count[k] for k in shape.goods_kinds if shape.good_of[k] == good)
            )
            for good in range(NUM_GOODS)
        )
        for slot in range(seats):
            spec += [
                (f"seat{slot}_present", (1.0,)),
                (f"seat{slot}_rubles_known", (1.0,)),
                (f"seat{slot}_rubles", (SCALED_HIGH,)),
                (f"seat{slot}_vp", (SCALED_HIGH,)),
                (f"seat{slot}_hand_size", (float(MAX_HAND),)),
                (f"seat{slot}_hand_visible", (1.0,)),
                (f"seat{slot}_hand", (float(MAX_HAND),) * self.num_kinds),
                (f"seat{slot}_hand_public", (float(MAX_HAND),) * self.num_kinds),
                (f"seat{slot}_area", kinds_count),
                (f"seat{slot}_observatories_used", (float(count[OBSERVATORY]),)),
            ]
        if market:
            spec += [
                ("market_scoring", (1.0,)),
                ("market_decider", (1.0,) * seats),
                ("market_decision_card", (1.0,) * self.num_kinds),
                ("market_decisions", (float(2 * seats),)),
                ("jokers", (1.0,) * (len(shape.joker_kinds) * NUM_GOODS)),
                ("idle_crates", (1.0,) * NUM_GOODS),
                ("market_values", (SCALED_HIGH, SCALED_HIGH)),
            ]
            spec += [(f"seat{slot}_goods", most_goods) for slot in range(seats)]
        fields = []
        offset = 0
        for name, high in spec:
            fields.append(Field(name, offset, len(high), high))
            offset += len(high)
        self.fields: tuple[Field, ...] = tuple(fields)
        """The layout, in order."""
        self.field: dict[str, Field] = {f.name: f for f in fields}
        """Fields by name, e.g. ``layout.field["upper"].offset``."""
        self.size = offset
        """Length of the observation vector."""
        self.low: ObsArray = np.zeros(self.size, dtype=np.float32)
        self.high: ObsArray = np.array([h for f in fields for h in f.high], dtype=np.float32)

        # Offsets for the encoder, computed once.
        o = {f.name: f.offset for f in fields}
        block = o["seat1_present"] - o["seat0_present"]
        self._seat_base = tuple(o["seat0_present"] + slot * block for slot in range(seats))
        inside = {f.name.removeprefix("seat0_"): f.offset - o["seat0_present"] for f in fields}
        self._present = inside["present"]
        self._rubles_known = inside["rubles_known"]
        self._hand_size = inside["hand_size"]
        self._hand_visible = inside["hand_visible"]
        self._hand = inside["hand"]
        self._hand_public = inside["hand_public"]
        self._area = inside["area"]
        self._observatories = inside["observatories_used"]
        self._rubles = inside["rubles"]
        self._vp = inside["vp"]
        self._scaled_positions = {n: self._scaled(o, n) for n in range(1, seats + 1)}
        self._relative = tuple(
            tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n)) for n in range(seats + 1)
        )
        """[players][observer] -> the relative slot of each seat (index 0: no game has 0 players)."""
        self._slot_of_seat = tuple(
            tuple(tuple(self._seat_base[s] for s in rotation) for rotation in table)
            for table in self._relative
        )
        """[players][observer] -> the block offset of each seat."""
        self._phase, self._stage, self._to_act = o["phase"], o["stage"], o["to_act"]
        self._num_players = o["num_players"] - 1
        self._markers = tuple(o["markers"] + phase * seats for phase in range(self.num_phases))
        self._last_round, self._taken, self._passes = o["last_round"], o["taken"], o["passes"]
        self._upper_slots = tuple(o["upper"] + slot * self.num_kinds for slot in range(self.row_slots))
        self._lower_slots = tuple(o["lower"] + slot * self.num_kinds for slot in range(self.row_slots))
        self._drawn, self._drawn_hidden, self._drawn_deck = o["drawn"], o["drawn_hidden"], o["drawn_deck"]
        self._discards, self._pub_queue = o["discards"], o["pub_queue"]
        if market:
            self._market = (
                o["market_scoring"],
                o["market_decider"],
                o["market_decision_card"],
                o["market_decisions"],
                o["jokers"],
                o["idle_crates"],
                o["market_values"],
            )
            self._goods = tuple(o[f"seat{slot}_goods"] for slot in range(seats))

    def _scaled(self, o: dict[str, int], num_players: int) -> npt.NDArray[np.intp]:
        """Where the fractional entries go, in the order ``encode`` lists their values.

        These are the only entries that are not small integers: the round, the stack sizes, each
        seat slot's rubles and VP, and with the Market this round's two place values. Their
        positions depend only on the number of players, so the index array is built once.
        """
        positions = [o["round"], *(o["stack_sizes"] + deck for deck in range(self.num_phases))]
        for slot in range(num_players):
            positions += [self._seat_base[slot] + self._rubles, self._seat_base[slot] + self._vp]
        if self.market:
            positions += [o["market_values"], o["market_values"] + 1]
        return np.array(positions, dtype=np.intp)

    def encode(self, seen: View, out: ObsArray | None = None) -> ObsArray:
        """The float32 observation vector (length ``size``) of ``seen``; see ``encode_observation``."""
        # Almost every entry is a small integer (one-hot flags and card counts), so they are written
        # into a zeroed bytearray, where item assignment is a cheap C operation, and converted to
        # float32 in one step; the few fractional entries follow in one indexed assignment. Offsets
        # are precomputed and the seat rotation a table: this runs on every step.
        state = seen.state
        n = state.num_players
        me = seen.seat if seen.seat is not None else 0
        relative = self._relative[n][me]
        codes = bytearray(self.size)
        codes[self._phase + state.phase] = 1
        codes[self._stage + state.stage] = 1
        codes[self._num_players + n] = 1
        if state.stage != STAGE_OVER:
            codes[self._to_act + relative[state.to_act]] = 1
        for position, seat in zip(self._markers, state.markers, strict=True):
            codes[position + relative[seat]] = 1
        if state.last_round:
            codes[self._last_round] = 1
        if state.taken:
            codes[self._taken] = 1
        seats = self.seats
        codes[self._passes] = state.passes if state.passes < seats else seats
        for position, card in zip(self._upper_slots, state.upper, strict=False):  # rows fit their slots
            codes[position + card] = 1
        for position, card in zip(self._lower_slots, state.lower, strict=False):
            codes[position + card] = 1
        drawn = state.drawn
        if drawn >= 0:
            codes[self._drawn + drawn] = 1
        elif drawn == UNKNOWN:
            codes[self._drawn_hidden] = 1
        if state.drawn_deck >= 0:
            codes[self._drawn_deck + state.drawn_deck] = 1
        discards = self._discards
        for card in state.discards:
            codes[discards + card] += 1
        for seat in state.pub_queue:
            codes[self._pub_queue + relative[seat]] = 1

        rounds = state.round / ROUND_SCALE
        scaled = [rounds if rounds < SCALED_HIGH else SCALED_HIGH]
        for stack, size in zip(state.stacks, self.stack_sizes, strict=True):
            scaled.append(len(stack) / size)
        scaled_per_slot: list[float] = [0.0] * (SCALED_PER_SEAT * n)
        blocks = self._slot_of_seat[n][me]
        area_at, hand_at, public_at, kinds = self._area, self._hand, self._hand_public, self.num_kinds
        for seat, player in enumerate(state.players):
            block = blocks[seat]
            slot = relative[seat]
            at = SCALED_PER_SEAT * slot
            codes[block + self._present] = 1
            if rubles_known(player):
                codes[block + self._rubles_known] = 1
                rubles = player.rubles / MONEY_SCALE
                scaled_per_slot[at] = rubles if rubles < SCALED_HIGH else SCALED_HIGH
            if player.vp > 0:
                vp = player.vp / MONEY_SCALE
                scaled_per_slot[at + 1] = vp if vp < SCALED_HIGH else SCALED_HIGH
            hand = player.hand
            codes[block + self._hand_size] = len(hand) if len(hand) < MAX_HAND else MAX_HAND
            if UNKNOWN not in hand:
                codes[block + self._hand_visible] = 1
            for card in hand:
                if card >= 0:
                    codes[block + hand_at + card] += 1
            for card in player.public_hand():
                codes[block + public_at + card] += 1
            codes[block + area_at : block + area_at + kinds] = player.area
            codes[block + self._observatories] = player.observatories_used
        scaled += scaled_per_slot
        if self.market:
            scaled += self._encode_market(state, relative, codes)
        if out is None:
            obs = np.frombuffer(codes, dtype=np.uint8).astype(np.float32)
        else:
            obs = out
            obs[:] = np.frombuffer(codes, dtype=np.uint8)
        obs[self._scaled_positions[n]] = scaled
        return obs

    def _encode_market(self, state: GameState, relative: tuple[int, ...], codes: bytearray) -> list[float]:
        """Write the Market's fields into ``codes``; return this round's place values, scaled."""
        market = state.market
        assert market is not None
        scoring, decider, decision_card, decisions, jokers, idle_crates, _values = self._market
        if market.scoring:
            codes[scoring] = 1
        if market.queue:
            seat, card = market.queue[0]
            codes[decider + relative[seat]] = 1
            codes[decision_card + card] = 1
        codes[decisions] = min(len(market.queue), 2 * self.seats)
        for slot, good in enumerate(market.jokers):
            if good != NO_GOOD:
                codes[jokers + slot * NUM_GOODS + good] = 1
        crate_kinds = state.shape.crate_kinds
        for crate in market.idle:
            codes[idle_crates + crate_kinds.index(crate)] = 1
        for seat in range(state.num_players):
            at = self._goods[relative[seat]]
            codes[at : at + NUM_GOODS] = bytes(goods_counts(state, seat))
        first, second = market_values(state.round, state.options)
        return [min(first / ROUND_SCALE, SCALED_HIGH), min(second / ROUND_SCALE, SCALED_HIGH)]

    def mask(self, actions: Sequence[int], out: MaskArray | None = None) -> MaskArray:
        """An int8 vector of length ``num_actions``: 1 at each given action id, 0 elsewhere."""
        return mask_from_actions(actions, out, self.num_actions)

    def describe(self, obs: ObsArray) -> dict[str, list[float]]:
        """The observation split into named fields (for debugging and documentation)."""
        if obs.shape != (self.size,):
            raise ValueError(f"An observation of this game has shape ({self.size},), not {obs.shape}.")
        return {f.name: [float(x) for x in obs[f.offset : f.offset + f.size]] for f in self.fields}


CLASSIC_LAYOUT: Final = ObservationLayout(FIRST)
"""The layout of every game without the Market (1st edition; 2nd edition alone)."""
MARKET_LAYOUT: Final = ObservationLayout(MARKET)
"""The layout of every Market game (both board sizes)."""


def observation_layout(game: GameOptions | GameShape | None = None) -> ObservationLayout:
    """The observation layout of a game with these options (or this shape; None: the default game)."""
    if game is None:
        return CLASSIC_LAYOUT
    shape = game if isinstance(game, GameShape) else shape_of(game)
    return MARKET_LAYOUT if shape.market else CLASSIC_LAYOUT


OBS_FIELDS: Final[tuple[Field, ...]] = CLASSIC_LAYOUT.fields
"""The classic observation layout (no Market), in order."""
FIELD: Final[dict[str, Field]] = CLASSIC_LAYOUT.field
"""Classic fields by name, e.g. ``FIELD["upper"].offset``."""
OBS_SIZE: Final = CLASSIC_LAYOUT.size
"""Length of the classic observation vector (``MARKET_LAYOUT.size`` with the Market)."""
OBS_LOW: Final[ObsArray] = CLASSIC_LAYOUT.low
OBS_HIGH: Final[ObsArray] = CLASSIC_LAYOUT.high
STACK_SIZES: Final[tuple[int, ...]] = CLASSIC_LAYOUT.stack_sizes
"""Cards per stack at set-up without the Market (31 workers, 28 buildings, 27 aristocrats, 30 trading)."""


def encode_observation(seen: View, out: ObsArray | None = None) -> ObsArray:
    """The float32 observation vector of ``seen``, relative to its seat, in its game's layout.

    Only the view is read, so hidden data cannot appear. A spectator view (seat ``None``) is
    encoded with seat 0 in slot 0 and no hand shown. With ``out`` (a float32 array of the layout's
    size, e.g. one row of a batch) the vector is written there and ``out`` returned, so a rollout
    loop can fill its own buffers without allocating; otherwise a new array.
    """
    layout = MARKET_LAYOUT if seen.state.shape.market else CLASSIC_LAYOUT
    return layout.encode(seen, out)


def mask_from_actions(
    actions: Sequence[int], out: MaskArray | None = None, size: int = NUM_ACTIONS
) -> MaskArray:
    """An int8 vector of length ``size`` (the game's action space: ``NUM_ACTIONS`` without the
    Market, ``NUM_ALL_ACTIONS`` with it): 1 at each given action id, 0 elsewhere.

    With ``out`` the mask is written there (and returned) instead of into a new array.
    """
    flags = bytearray(size)
    for action in actions:
        flags[action] = 1
    if out is None:
        return np.frombuffer(flags, dtype=np.int8)  # writable: it shares the fresh bytearray
    out[:] = np.frombuffer(flags, dtype=np.int8)
    return out


def action_mask(seen: View, out: MaskArray | None = None) -> MaskArray:
    """The legal-action mask of ``seen``'s seat: its legal action ids, all zero off turn."""
    return mask_from_actions(seen.legal_actions(), out, seen.state.shape.num_actions)


def describe_observation(obs: ObsArray, layout: ObservationLayout = CLASSIC_LAYOUT) -> dict[str, list[float]]:
    """The observation split into named fields of ``layout`` (for debugging and documentation)."""
    return layout.describe(obs)


__all__ = [
    "CLASSIC_LAYOUT",
    "FIELD",
    "MARKET_LAYOUT",
    "MAX_SEATS",
    "MAX_SEATS_MARKET",
    "OBS_FIELDS",
    "OBS_HIGH",
    "OBS_LOW",
    "OBS_SIZE",
    "Field",
    "MaskArray",
    "ObsArray",
    "ObservationLayout",
    "action_mask",
    "describe_observation",
    "encode_observation",
    "mask_from_actions",
    "observation_layout",
]
