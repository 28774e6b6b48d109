"""Tensors for learning agents: the action mask and a fixed-shape observation of one seat's view.

Actions reuse the engine's fixed action space unchanged: action ``i`` of an environment is the
engine's action id ``i`` (``0..NUM_ACTIONS-1``, text via ``petersburg.engine.format_action``), so a
trained policy, the CLI, the web client and the bots all speak the same numbers.

Observations are built from a ``View`` only (``petersburg.engine.view(state, seat)``), never from
the full state: whatever the view masks (stack order, other players' secret hand cards and rubles,
a card another player drew with the Observatory) cannot leak into the vector, and what the view
remembers (the hand cards every player saw taken from the board) is in it. Seats are *relative*: slot
0 is always the observer, slot 1 the next seat clockwise, and so on, so one policy can play any
seat. The layout is ``OBS_FIELDS`` (name, size, upper bound per entry); every entry is a float32
in ``[0, high]`` and ``docs/research.md`` describes each field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from petersburg.cards import COUNT, DECK, NUM_KINDS
from petersburg.engine import NUM_ACTIONS, STAGE_OVER, View
from petersburg.engine.actions import HAND_SLOTS, ROW_SLOTS
from petersburg.engine.state import UNKNOWN

MAX_SEATS: Final = 4
"""Seat slots in every observation (unused slots of smaller games stay zero)."""
MAX_HAND: Final = HAND_SLOTS
"""Largest hand (3, or 4 with a Warehouse): the engine's hand positions."""
ROUND_SCALE: Final = 10.0
"""Round numbers are divided by this (games last 5-10 rounds)."""
MONEY_SCALE: Final = 100.0
"""Rubles and VP are divided by this."""
SCALED_HIGH: Final = 10.0
"""Upper bound of scaled quantities: rubles, VP and rounds beyond 1000 / 1000 / 100 are clipped."""

STACK_SIZES: Final[tuple[int, ...]] = tuple(
    sum(COUNT[k] for k in range(NUM_KINDS) if DECK[k] == deck) for deck in range(4)
)
"""Cards per stack at set-up (31 workers, 28 buildings, 27 aristocrats, 30 trading cards)."""

ObsArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class Field(NamedTuple):
    """One named block of the observation vector."""

    name: str
    offset: int
    size: int
    high: tuple[float, ...]
    """Upper bound of each entry (the lower bound is always 0)."""


def _layout() -> tuple[Field, ...]:
    kinds_count = tuple(float(c) for c in COUNT)
    spec: list[tuple[str, tuple[float, ...]]] = [
        ("phase", (1.0,) * 4),
        ("stage", (1.0,) * 4),
        ("round", (SCALED_HIGH,)),
        ("last_round", (1.0,)),
        ("num_players", (1.0,) * MAX_SEATS),
        ("to_act", (1.0,) * MAX_SEATS),
        ("markers", (1.0,) * (4 * MAX_SEATS)),
        ("passes", (float(MAX_SEATS),)),
        ("taken", (1.0,)),
        ("upper", (1.0,) * (ROW_SLOTS * NUM_KINDS)),
        ("lower", (1.0,) * (ROW_SLOTS * NUM_KINDS)),
        ("stack_sizes", (1.0,) * 4),
        ("drawn", (1.0,) * NUM_KINDS),
        ("drawn_hidden", (1.0,)),
        ("drawn_deck", (1.0,) * 4),
        ("discards", kinds_count),
        ("pub_queue", (1.0,) * MAX_SEATS),
    ]
    for slot in range(MAX_SEATS):
        spec += [
            (f"seat{slot}_present", (1.0,)),
            (f"seat{slot}_rubles_visible", (1.0,)),
            (f"seat{slot}_rubles", (SCALED_HIGH,)),
            (f"seat{slot}_vp", (SCALED_HIGH,)),
            (f"seat{slot}_hand_size", (float(MAX_HAND),)),
            (f"seat{slot}_hand_visible", (1.0,)),
            (f"seat{slot}_hand", (float(MAX_HAND),) * NUM_KINDS),
            (f"seat{slot}_hand_public", (float(MAX_HAND),) * NUM_KINDS),
            (f"seat{slot}_area", kinds_count),
            (f"seat{slot}_observatories_used", (2.0,)),
        ]
    fields = []
    offset = 0
    for name, high in spec:
        fields.append(Field(name, offset, len(high), high))
        offset += len(high)
    return tuple(fields)


OBS_FIELDS: Final[tuple[Field, ...]] = _layout()
"""The observation layout, in order."""
FIELD: Final[dict[str, Field]] = {f.name: f for f in OBS_FIELDS}
"""Fields by name, e.g. ``FIELD["upper"].offset``."""
OBS_SIZE: Final = OBS_FIELDS[-1].offset + OBS_FIELDS[-1].size
"""Length of the observation vector."""
OBS_LOW: Final[ObsArray] = np.zeros(OBS_SIZE, dtype=np.float32)
OBS_HIGH: Final[ObsArray] = np.array([h for f in OBS_FIELDS for h in f.high], dtype=np.float32)

_O = {f.name: f.offset for f in OBS_FIELDS}
_SEAT_BLOCK = FIELD["seat1_present"].offset - FIELD["seat0_present"].offset
"""Distance between two seat blocks (every seat block has the same layout)."""
_SEAT_BASE = tuple(_O["seat0_present"] + slot * _SEAT_BLOCK for slot in range(MAX_SEATS))
"""Offset of each seat slot's block."""
_IN_BLOCK = {
    f.name.removeprefix("seat0_"): f.offset - _SEAT_BASE[0] for f in OBS_FIELDS if f.name.startswith("seat0_")
}
"""Offset of each seat field inside its block."""
_PRESENT = _IN_BLOCK["present"]
_RUBLES_VISIBLE = _IN_BLOCK["rubles_visible"]
_HAND_SIZE = _IN_BLOCK["hand_size"]
_HAND_VISIBLE = _IN_BLOCK["hand_visible"]
_HAND = _IN_BLOCK["hand"]
_HAND_PUBLIC = _IN_BLOCK["hand_public"]
_AREA = _IN_BLOCK["area"]
_OBSERVATORIES = _IN_BLOCK["observatories_used"]


def _scaled_positions(num_players: int) -> npt.NDArray[np.intp]:
    """Where the fractional entries go, in the order ``encode_observation`` lists their values.

    These are the only entries that are not small integers: the round, the four stack sizes, and
    each seat slot's rubles and VP. Their positions depend only on the number of players, so the
    index array is built once instead of on every call.
    """
    positions = [_O["round"], *(_O["stack_sizes"] + deck for deck in range(4))]
    for slot in range(num_players):
        positions += [_SEAT_BASE[slot] + _IN_BLOCK["rubles"], _SEAT_BASE[slot] + _IN_BLOCK["vp"]]
    return np.array(positions, dtype=np.intp)


_SCALED_POSITIONS = {n: _scaled_positions(n) for n in range(1, MAX_SEATS + 1)}
_RELATIVE = tuple(
    tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n)) for n in range(MAX_SEATS + 1)
)
"""[players][observer] -> the relative slot of each seat (index 0: no game has 0 players)."""
_SLOT_OF_SEAT = tuple(tuple(tuple(_SEAT_BASE[s] for s in seats) for seats in table) for table in _RELATIVE)
"""[players][observer] -> the block offset of each seat."""
_PHASE, _STAGE, _NUM_PLAYERS, _TO_ACT = _O["phase"], _O["stage"], _O["num_players"] - 1, _O["to_act"]
_MARKERS = tuple(_O["markers"] + phase * MAX_SEATS for phase in range(4))
_LAST_ROUND, _TAKEN, _PASSES = _O["last_round"], _O["taken"], _O["passes"]
_UPPER_SLOTS = tuple(_O["upper"] + slot * NUM_KINDS for slot in range(ROW_SLOTS))
_LOWER_SLOTS = tuple(_O["lower"] + slot * NUM_KINDS for slot in range(ROW_SLOTS))
_DRAWN, _DRAWN_HIDDEN, _DRAWN_DECK = _O["drawn"], _O["drawn_hidden"], _O["drawn_deck"]
_DISCARDS, _PUB_QUEUE = _O["discards"], _O["pub_queue"]


def encode_observation(seen: View, out: ObsArray | None = None) -> ObsArray:
    """The float32 observation vector (length ``OBS_SIZE``) of ``seen``, relative to its seat.

    Only the view is read, so hidden data cannot appear. A spectator view (seat ``None``) is
    encoded with seat 0 in slot 0 and no hand shown. With ``out`` (a float32 array of shape
    ``(OBS_SIZE,)``, e.g. one row of a batch) the vector is written there and ``out`` returned,
    so a rollout loop can fill its own buffers without allocating; otherwise a new array.
    """
    # Almost every entry is a small integer (one-hot flags and card counts), so they are written
    # into a zeroed bytearray, where item assignment is a cheap C operation, and converted to
    # float32 in one step; the few fractional entries follow in one indexed assignment. Offsets
    # are module constants and the seat rotation a precomputed table: this runs on every step.
    state = seen.state
    n = state.num_players
    me = seen.seat if seen.seat is not None else 0
    relative = _RELATIVE[n][me]
    codes = bytearray(OBS_SIZE)
    codes[_PHASE + state.phase] = 1
    codes[_STAGE + state.stage] = 1
    codes[_NUM_PLAYERS + n] = 1
    if state.stage != STAGE_OVER:
        codes[_TO_ACT + relative[state.to_act]] = 1
    m0, m1, m2, m3 = state.markers
    codes[_MARKERS[0] + relative[m0]] = 1
    codes[_MARKERS[1] + relative[m1]] = 1
    codes[_MARKERS[2] + relative[m2]] = 1
    codes[_MARKERS[3] + relative[m3]] = 1
    if state.last_round:
        codes[_LAST_ROUND] = 1
    if state.taken:
        codes[_TAKEN] = 1
    codes[_PASSES] = state.passes if state.passes < MAX_SEATS else MAX_SEATS
    for position, card in zip(_UPPER_SLOTS, state.upper, strict=False):  # rows hold <= 8
        codes[position + card] = 1
    for position, card in zip(_LOWER_SLOTS, state.lower, strict=False):
        codes[position + card] = 1
    drawn = state.drawn
    if drawn >= 0:
        codes[_DRAWN + drawn] = 1
    elif drawn == UNKNOWN:
        codes[_DRAWN_HIDDEN] = 1
    if state.drawn_deck >= 0:
        codes[_DRAWN_DECK + state.drawn_deck] = 1
    for card in state.discards:
        codes[_DISCARDS + card] += 1
    for seat in state.pub_queue:
        codes[_PUB_QUEUE + relative[seat]] = 1

    rounds = state.round / ROUND_SCALE
    s0, s1, s2, s3 = state.stacks
    d0, d1, d2, d3 = STACK_SIZES
    scaled = [
        rounds if rounds < SCALED_HIGH else SCALED_HIGH,
        len(s0) / d0,
        len(s1) / d1,
        len(s2) / d2,
        len(s3) / d3,
    ]
    scaled_per_slot: list[float] = [0.0] * (2 * n)
    blocks = _SLOT_OF_SEAT[n][me]
    for seat, player in enumerate(state.players):
        block = blocks[seat]
        slot = relative[seat]
        codes[block + _PRESENT] = 1
        if player.rubles >= 0:
            codes[block + _RUBLES_VISIBLE] = 1
            rubles = player.rubles / MONEY_SCALE
            scaled_per_slot[2 * slot] = rubles if rubles < SCALED_HIGH else SCALED_HIGH
        if player.vp > 0:
            vp = player.vp / MONEY_SCALE
            scaled_per_slot[2 * slot + 1] = vp if vp < SCALED_HIGH else SCALED_HIGH
        hand = player.hand
        codes[block + _HAND_SIZE] = len(hand) if len(hand) < MAX_HAND else MAX_HAND
        if UNKNOWN not in hand:
            codes[block + _HAND_VISIBLE] = 1
        for card in hand:
            if card >= 0:
                codes[block + _HAND + card] += 1
        for card in player.public_hand():
            codes[block + _HAND_PUBLIC + card] += 1
        codes[block + _AREA : block + _AREA + NUM_KINDS] = player.area
        codes[block + _OBSERVATORIES] = player.observatories_used
    if out is None:
        obs = np.frombuffer(codes, dtype=np.uint8).astype(np.float32)
    else:
        obs = out
        obs[:] = np.frombuffer(codes, dtype=np.uint8)
    obs[_SCALED_POSITIONS[n]] = scaled + scaled_per_slot
    return obs


def mask_from_actions(actions: Sequence[int], out: MaskArray | None = None) -> MaskArray:
    """An int8 vector of length ``NUM_ACTIONS``: 1 at each given action id, 0 elsewhere.

    With ``out`` the mask is written there (and returned) instead of into a new array.
    """
    flags = bytearray(NUM_ACTIONS)
    for action in actions:
        flags[action] = 1
    if out is None:
        return np.frombuffer(flags, dtype=np.int8)  # writable: it shares the fresh bytearray
    out[:] = np.frombuffer(flags, dtype=np.int8)
    return out


def action_mask(seen: View, out: MaskArray | None = None) -> MaskArray:
    """The legal-action mask of ``seen``'s seat: its legal action ids, all zero off turn."""
    return mask_from_actions(seen.legal_actions(), out)


def describe_observation(obs: ObsArray) -> dict[str, list[float]]:
    """The observation split into named fields (for debugging and documentation)."""
    if obs.shape != (OBS_SIZE,):
        raise ValueError(f"An observation has shape ({OBS_SIZE},), not {obs.shape}.")
    return {f.name: [float(x) for x in obs[f.offset : f.offset + f.size]] for f in OBS_FIELDS}


__all__ = [
    "FIELD",
    "MAX_SEATS",
    "OBS_FIELDS",
    "OBS_HIGH",
    "OBS_LOW",
    "OBS_SIZE",
    "Field",
    "MaskArray",
    "ObsArray",
    "action_mask",
    "describe_observation",
    "encode_observation",
    "mask_from_actions",
]
