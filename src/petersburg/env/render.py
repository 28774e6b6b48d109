"""Pictures of a view for the environments' render modes: text and an RGB frame.

Both are drawn from a ``View`` (a spectator's for the PettingZoo environment, the learner's for the
Gymnasium one), so rendering never shows hidden data. The frame (``render_mode="rgb_array"``) is the
same text drawn with a public-domain bitmap font (``petersburg.env.font``) using numpy alone, card
names coloured by their stack as on the browser table: workers green, buildings blue, aristocrats
red, trading cards gold, market cards yellow. Card names are the game's edition's; a Market game
adds each seat's goods and the decision pending at a market scoring. Its size is fixed
(``FRAME_SHAPE``), as video recorders require; long lines wrap and lines beyond the frame are cut.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from petersburg.cards_second_edition import ALL_DECK, GOODS
from petersburg.engine import PHASE_NAMES, GameShape, View, describe_state, goods_counts, rubles_known
from petersburg.engine.state import UNKNOWN
from petersburg.env.font import GLYPH_HEIGHT, GLYPH_WIDTH, glyph

Segment = tuple[str, int | None]
"""A piece of a line: its text, and the deck (0-4) whose colour it takes, or None for ink."""
Line = list[Segment]
FrameArray = npt.NDArray[np.uint8]

PAPER: Final = (243, 239, 230)
INK: Final = (42, 37, 34)
DECK_COLOURS: Final = ((63, 127, 74), (47, 95, 158), (168, 58, 50), (150, 118, 20), (196, 160, 0))
"""Worker, building, aristocrat, trading and market colours (the browser table's, trading darkened
to read)."""
MARGIN: Final = 8
COLUMNS: Final = 128
"""Characters per frame line; longer lines wrap."""
ROWS: Final = 24
"""Lines per frame; further lines are cut."""
INDENT: Final = 4
"""Indentation of a wrapped line's continuation."""
FRAME_SHAPE: Final = (ROWS * GLYPH_HEIGHT + 2 * MARGIN, COLUMNS * GLYPH_WIDTH + 2 * MARGIN, 3)
"""(height, width, 3) of every frame: 328 x 784 pixels."""


def _card(shape: GameShape, card: int) -> Segment:
    return ("?", None) if card == UNKNOWN else (shape.card_name[card], ALL_DECK[card])


def _card_list(shape: GameShape, cards: list[int]) -> Line:
    """Cards separated by commas, each in its deck's colour; ``-`` for none."""
    line: Line = []
    for i, card in enumerate(cards):
        if i:
            line.append((", ", None))
        line.append(_card(shape, card))
    return line or [("-", None)]


def table_lines(seen: View) -> list[Line]:
    """The table as lines of coloured segments: turn, rows, stacks, markers and each seat."""
    state = seen.state
    shape = state.shape
    lines: list[Line] = [[(describe_state(state), None)]]
    for label, prefix, row in (("Upper: ", "U", state.upper), ("Lower: ", "L", state.lower)):
        line: Line = [(label, None)]
        for i, card in enumerate(row):
            line += [(" | " if i else "", None), (f"{prefix}{i + 1} ", None), _card(shape, card)]
        lines.append(line)
    stacks = ", ".join(f"{name} {len(s)}" for name, s in zip(shape.stack_names, state.stacks, strict=True))
    lines.append([(f"Stacks: {stacks}", None)])
    markers = ", ".join(f"{PHASE_NAMES[p]}: seat {seat}" for p, seat in enumerate(state.markers))
    lines.append([(f"Start players: {markers}", None)])
    for seat, player in enumerate(state.players):
        rubles = str(player.rubles) if rubles_known(player) else "?"
        area: Line = []
        for kind, count in enumerate(player.area):
            if count:
                area += [(", ", None)] if area else []
                area += [(shape.card_name[kind], ALL_DECK[kind])] + (
                    [(f" x{count}", None)] if count > 1 else []
                )
        goods: Line = []
        if shape.market:
            counts = ", ".join(
                f"{good} {n}" for good, n in zip(GOODS, goods_counts(state, seat), strict=True)
            )
            goods = [(f", goods [{counts}]", None)]
        lines.append(
            [(f"Seat {seat}: {player.vp} VP, {rubles} rubles, hand [", None)]
            + _card_list(shape, player.hand)
            + [("], play area [", None)]
            + (area or [("-", None)])
            + [("]", None)]
            + goods
        )
    market = state.market
    if market is not None and market.queue:
        decider, card = market.queue[0]
        lines.append([(f"Market decision: seat {decider}, ", None), _card(shape, card)])
    return lines


def render_text(seen: View) -> str:
    """The table as plain text, one line per item of ``table_lines`` (``render_mode="ansi"``)."""
    return "\n".join("".join(text for text, _ in line) for line in table_lines(seen))


def _wrapped(line: Line) -> list[Line]:
    """``line`` cut into frame lines of at most ``COLUMNS`` characters (continuations indented).

    A segment that does not fit moves whole to the next line when it fits there (card names stay
    in one piece); longer text is cut where the line ends.
    """
    rows: list[Line] = [[]]
    used = 0
    for text, deck in line:
        if used + len(text) > COLUMNS >= len(text) + INDENT and used > INDENT:
            used = COLUMNS
        while text:
            if used == COLUMNS:
                rows.append([(" " * INDENT, None)])
                used = INDENT
            piece = text[: COLUMNS - used]
            rows[-1].append((piece, deck))
            used += len(piece)
            text = text[len(piece) :]
    return rows


def render_frame(seen: View) -> FrameArray:
    """The table drawn as an RGB image of shape ``FRAME_SHAPE``, dtype uint8 (``"rgb_array"``)."""
    frame = np.empty(FRAME_SHAPE, dtype=np.uint8)
    frame[:, :] = PAPER
    rows = [row for line in table_lines(seen) for row in _wrapped(line)][:ROWS]
    for row_index, row in enumerate(rows):
        top = MARGIN + row_index * GLYPH_HEIGHT
        left = MARGIN
        for text, deck in row:
            colour = INK if deck is None else DECK_COLOURS[deck]
            for char in text:
                if char != " ":
                    cell = frame[top : top + GLYPH_HEIGHT, left : left + GLYPH_WIDTH]
                    cell[glyph(char)] = colour
                left += GLYPH_WIDTH
    return frame


RENDER_MODES = ("ansi", "human", "rgb_array")
"""Render modes of both environments: text returned, text printed, an image returned."""


def check_render_mode(render_mode: str | None) -> str | None:
    """Return ``render_mode`` if the environments know it, else raise ValueError naming the choices."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        choices = ", ".join(RENDER_MODES)
        raise ValueError(f"Unknown render_mode {render_mode!r}; use one of {choices} or None.")
    return render_mode


def render_view(seen: View, render_mode: str | None) -> str | FrameArray | None:
    """What ``render()`` gives for ``seen`` in ``render_mode``: text, a frame, or None (printed)."""
    if render_mode == "ansi":
        return render_text(seen)
    if render_mode == "rgb_array":
        return render_frame(seen)
    if render_mode == "human":
        print(render_text(seen) + "\n", flush=True)
    return None


__all__ = [
    "FRAME_SHAPE",
    "RENDER_MODES",
    "check_render_mode",
    "render_frame",
    "render_text",
    "render_view",
    "table_lines",
]
