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
_SEAT_FIELDS = ("present", "rubles_visible", "rubles", "vp", "hand_size", "hand_visible", "hand", "area")
_SEAT_OFF = [
    {name: _O[f"seat{slot}_{name}"] for name in (*_SEAT_FIELDS, "observatories_used")} for slot in range(4)
]


def _scaled(value: float, scale: float) -> float:
    scaled = value / scale
    return scaled if scaled < SCALED_HIGH else SCALED_HIGH


def encode_observation(seen: View) -> ObsArray:
    """The float32 observation vector (length ``OBS_SIZE``) of ``seen``, relative to its seat.

    Only the view is read, so hidden data cannot appear. A spectator view (seat ``None``) is
    encoded with seat 0 in slot 0 and no hand shown.
    """
    state = seen.state
    n = state.num_players
    me = seen.seat if seen.seat is not None else 0
    # Only the non-zero entries are collected (a few dozen of OBS_SIZE) and written in one
    # vectorised assignment: far cheaper than converting a full Python list or writing items one
    # by one into the array. Repeated indices must not occur (counts are summed first).
    idx: list[int] = []
    val: list[float] = []
    one = idx.append
    o = _O

    one(o["phase"] + state.phase)
    one(o["stage"] + state.stage)
    one(o["num_players"] + n - 1)
    if state.stage != STAGE_OVER:
        one(o["to_act"] + (state.to_act - me) % n)
    markers = o["markers"]
    for phase, holder in enumerate(state.markers):
        one(markers + phase * MAX_SEATS + (holder - me) % n)
    if state.last_round:
        one(o["last_round"])
    if state.taken:
        one(o["taken"])
    for base, cards in ((o["upper"], state.upper), (o["lower"], state.lower)):
        for slot, card in enumerate(cards[:ROW_SLOTS]):
            one(base + slot * NUM_KINDS + card)
    if state.drawn >= 0:
        one(o["drawn"] + state.drawn)
    elif state.drawn == UNKNOWN:
        one(o["drawn_hidden"])
    if state.drawn_deck >= 0:
        one(o["drawn_deck"] + state.drawn_deck)
    for seat in state.pub_queue:
        one(o["pub_queue"] + (seat - me) % n)
    val.extend([1.0] * len(idx))

    def put(index: int, value: float) -> None:
        if value:
            idx.append(index)
            val.append(value)

    put(o["round"], _scaled(state.round, ROUND_SCALE))
    put(o["passes"], float(min(state.passes, MAX_SEATS)))
    base = o["stack_sizes"]
    for deck, stack in enumerate(state.stacks):
        put(base + deck, len(stack) / STACK_SIZES[deck])
    _put_counts(idx, val, o["discards"], state.discards)

    for seat, player in enumerate(state.players):
        off = _SEAT_OFF[(seat - me) % n]
        put(off["present"], 1.0)
        if player.rubles >= 0:
            put(off["rubles_visible"], 1.0)
            put(off["rubles"], _scaled(player.rubles, MONEY_SCALE))
        put(off["vp"], _scaled(max(player.vp, 0), MONEY_SCALE))
        hand = player.hand
        put(off["hand_size"], float(min(len(hand), MAX_HAND)))
        if UNKNOWN not in hand:
            put(off["hand_visible"], 1.0)
            _put_counts(idx, val, off["hand"], hand)
        base = off["area"]
        for kind, count in enumerate(player.area):
            if count:
                idx.append(base + kind)
                val.append(float(count))
        put(off["observatories_used"], float(player.observatories_used))
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    obs[np.array(idx)] = np.array(val, dtype=np.float32)  # typed arrays: faster than raw lists
    return obs


def _put_counts(idx: list[int], val: list[float], base: int, cards: Sequence[int]) -> None:
    """Append ``base + kind`` with the number of ``kind`` cards, once per kind present."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    for card, count in counts.items():
        idx.append(base + card)
        val.append(float(count))


def mask_from_actions(actions: Sequence[int]) -> MaskArray:
    """An int8 vector of length ``NUM_ACTIONS``: 1 at each given action id, 0 elsewhere."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if actions:
        mask[list(actions)] = 1
    return mask


def action_mask(seen: View) -> MaskArray:
    """The legal-action mask of ``seen``'s seat: its legal action ids, all zero off turn."""
    return mask_from_actions(seen.legal_actions())


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
