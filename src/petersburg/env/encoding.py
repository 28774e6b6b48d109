"""Tensors for learning agents: the action mask and a fixed-shape observation of one seat's view.

Actions reuse the engine's fixed action space unchanged: action ``i`` of an environment is the
engine's action id ``i`` (``0..NUM_ACTIONS-1``, text via ``petersburg.engine.format_action``), so a
trained policy, the CLI, the web client and the bots all speak the same numbers.

Observations are built from a ``View`` only (``petersburg.engine.view(state, seat)``), never from
the full state: whatever the view masks (stack order, other players' hand cards and rubles, a card
another player drew with the Observatory) cannot leak into the vector. Seats are *relative*: slot
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


def _scaled(value: float, scale: float) -> float:
    scaled = value / scale
    return scaled if scaled < SCALED_HIGH else SCALED_HIGH


def encode_observation(seen: View, out: ObsArray | None = None) -> ObsArray:
    """The float32 observation vector (length ``OBS_SIZE``) of ``seen``, relative to its seat.

    Only the view is read, so hidden data cannot appear. A spectator view (seat ``None``) is
    encoded with seat 0 in slot 0 and no hand shown. With ``out`` (a float32 array of shape
    ``(OBS_SIZE,)``, e.g. one row of a batch) the vector is written there and ``out`` returned,
    so a rollout loop can fill its own buffers without allocating; otherwise a new array.
    """
    state = seen.state
    n = state.num_players
    me = seen.seat if seen.seat is not None else 0
    # Almost every entry is a small integer (one-hot flags and card counts), so they are written
    # into a zeroed bytearray, where item assignment is a cheap C operation, and converted to
    # float32 in one step; the dozen fractional entries follow in one indexed assignment. This
    # is several times faster than collecting (index, value) lists or writing numpy items.
    codes = bytearray(OBS_SIZE)
    o = _O
    codes[o["phase"] + state.phase] = 1
    codes[o["stage"] + state.stage] = 1
    codes[o["num_players"] + n - 1] = 1
    if state.stage != STAGE_OVER:
        codes[o["to_act"] + (state.to_act - me) % n] = 1
    markers = o["markers"]
    for phase, holder in enumerate(state.markers):
        codes[markers + phase * MAX_SEATS + (holder - me) % n] = 1
    if state.last_round:
        codes[o["last_round"]] = 1
    if state.taken:
        codes[o["taken"]] = 1
    codes[o["passes"]] = min(state.passes, MAX_SEATS)
    for base, cards in ((o["upper"], state.upper), (o["lower"], state.lower)):
        for slot, card in enumerate(cards[:ROW_SLOTS]):
            codes[base + slot * NUM_KINDS + card] = 1
    if state.drawn >= 0:
        codes[o["drawn"] + state.drawn] = 1
    elif state.drawn == UNKNOWN:
        codes[o["drawn_hidden"]] = 1
    if state.drawn_deck >= 0:
        codes[o["drawn_deck"] + state.drawn_deck] = 1
    base = o["discards"]
    for card in state.discards:
        codes[base + card] += 1
    for seat in state.pub_queue:
        codes[o["pub_queue"] + (seat - me) % n] = 1

    scaled = [_scaled(state.round, ROUND_SCALE)]
    scaled += [len(stack) / size for stack, size in zip(state.stacks, STACK_SIZES, strict=True)]
    players = state.players
    for slot in range(n):
        player = players[(me + slot) % n]
        block = _SEAT_BASE[slot]
        codes[block + _PRESENT] = 1
        if player.rubles >= 0:
            codes[block + _RUBLES_VISIBLE] = 1
            scaled.append(_scaled(player.rubles, MONEY_SCALE))
        else:
            scaled.append(0.0)
        scaled.append(_scaled(max(player.vp, 0), MONEY_SCALE))
        hand = player.hand
        codes[block + _HAND_SIZE] = min(len(hand), MAX_HAND)
        if UNKNOWN not in hand:
            codes[block + _HAND_VISIBLE] = 1
            hand_base = block + _HAND
            for card in hand:
                codes[hand_base + card] += 1
        area = block + _AREA
        codes[area : area + NUM_KINDS] = player.area
        codes[block + _OBSERVATORIES] = player.observatories_used
    obs = out if out is not None else np.empty(OBS_SIZE, dtype=np.float32)
    obs[:] = np.frombuffer(codes, dtype=np.uint8)
    obs[_SCALED_POSITIONS[n]] = scaled
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
