"""The two ways a request can fail: refused (a sentence for the player) or a log that does not replay.

Every part of the server raises ``Refusal`` for a request it will not carry out; the routes turn it
into ``{"type": "error", "message": ...}`` for the requesting client alone (or an HTTP 4xx), and
nothing has changed. ``LogReplayError`` says which table and which log row cannot be replayed: the
server never serves a game whose log it cannot rebuild, and never truncates a log silently.
"""

from __future__ import annotations


class Refusal(Exception):
    """A request that cannot be carried out; ``str(refusal)`` is a sentence a player understands."""

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status of this refusal where one is needed (404 for an unknown table)."""


class LogReplayError(Exception):
    """A table's durable log does not replay: names the table, the row and the engine's reason."""

    def __init__(self, table_id: int, seq: int, row_text: str, reason: str) -> None:
        super().__init__(f"table {table_id}, log row {seq} ({row_text}): {reason}")
        self.table_id = table_id
        self.seq = seq
        self.reason = reason
