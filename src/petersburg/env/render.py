"""A plain-text picture of a view, for the environments' ``render_mode="ansi"``.

It draws from a ``View`` (normally a spectator's), so rendering never shows hidden data.
"""

from __future__ import annotations

from petersburg.cards import CARD_NAME, NUM_KINDS, STACK_NAMES
from petersburg.engine import PHASE_NAMES, View, describe_state
from petersburg.engine.state import UNKNOWN


def _cards(cards: list[int]) -> str:
    return ", ".join("?" if c == UNKNOWN else CARD_NAME[c] for c in cards) or "-"


def render_text(seen: View) -> str:
    """Several lines: phase and turn, both rows, stack sizes, and each seat's public figures."""
    state = seen.state
    lines = [describe_state(state)]
    lines.append("Upper: " + " | ".join(f"U{i + 1} {CARD_NAME[c]}" for i, c in enumerate(state.upper)))
    lines.append("Lower: " + " | ".join(f"L{i + 1} {CARD_NAME[c]}" for i, c in enumerate(state.lower)))
    lines.append(
        "Stacks: " + ", ".join(f"{name} {len(s)}" for name, s in zip(STACK_NAMES, state.stacks, strict=True))
    )
    markers = ", ".join(f"{PHASE_NAMES[p]}: seat {seat}" for p, seat in enumerate(state.markers))
    lines.append(f"Start players: {markers}")
    for seat, player in enumerate(state.players):
        rubles = "?" if player.rubles < 0 else str(player.rubles)
        area = ", ".join(
            f"{CARD_NAME[k]}" + (f" x{player.area[k]}" if player.area[k] > 1 else "")
            for k in range(NUM_KINDS)
            if player.area[k]
        )
        hand = _cards(player.hand)
        lines.append(
            f"Seat {seat}: {player.vp} VP, {rubles} rubles, hand [{hand}], play area [{area or '-'}]"
        )
    return "\n".join(lines)
