"""The protocol's building blocks: size limits, the pydantic configurations of requests and messages,
and the constrained field types (identities, sequence numbers, action numbers) the requests share.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from petersburg.engine import NUM_ALL_ACTIONS
from petersburg.engine.options import MAX_PLAYERS_MARKET, MIN_PLAYERS

MAX_MESSAGE = 8192
"""Longest websocket message accepted (characters of text); anything longer is refused unread."""
MAX_NAME = 24
MAX_TITLE = 40
MAX_TIMER = 600
MAX_CHAT = 500
"""A chat line is cut to this many characters."""

REQUEST = ConfigDict(strict=True, use_attribute_docstrings=True)
MESSAGE = ConfigDict(use_attribute_docstrings=True, extra="forbid")
ENGINE_JSON = ConfigDict(use_attribute_docstrings=True)
"""Objects the engine writes (views, options): open to fields a later engine adds."""

Seq = Annotated[int, Field(ge=0, lt=2**31)]
ActionNumber = Annotated[int, Field(ge=0, lt=NUM_ALL_ACTIONS)]
SeatNumber = Annotated[int, Field(ge=0, lt=2**31)]
SeatCount = Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS_MARKET)]
TimerSeconds = Annotated[int, Field(ge=0, le=MAX_TIMER)]
MOVE_DEADLINES = (0, 12 * 3600, 86400, 3 * 86400)
"""The times per move a turn-based table may have: none, 12 hours, 1 day, 3 days."""
MoveDeadline = Literal[0, 43200, 86400, 259200]
TableStatusName = Literal["open", "playing", "over", "closed"]
"""``closed``: an open table nobody used, closed before its game started (only a page still
watching it is told)."""
