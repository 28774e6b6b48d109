"""The two ways a request can fail: refused (a sentence for the player) or a log that does not replay.

Every part of the server raises ``Refusal`` for a request it will not carry out; the routes turn it
into ``{"type": "error", "message": ...}`` for the requesting client alone (or an HTTP 4xx), and
nothing has changed. A refusal is a message id of ``petersburg.text.refusals`` with its parameters,
so the sentence is worded in one place (in English by ``str()``; in a reader's language later).
``LogReplayError`` says which table and which log row cannot be replayed: the server never serves a
game whose log it cannot rebuild, and never truncates a log silently.
"""

from __future__ import annotations

from petersburg.text.refusals import REFUSALS
from petersburg.text.wording import Message, Param


class Refusal(Exception):
    """A request that cannot be carried out: ``Refusal("seat_taken", seat=2)``. ``str(refusal)``
    is the sentence a player understands; ``message`` keeps its id and parameters (or give the
    message itself: ``Refusal(rule_refusal(reason, shape))``, an engine's refusal). A wrong id or
    wrong parameters fail at once (``KeyError``, ``TypeError``): a mistake of the program."""

    def __init__(self, message_id: str | Message, /, *, status: int = 400, **params: Param) -> None:
        message = message_id if isinstance(message_id, Message) else REFUSALS.message(message_id, params)
        super().__init__(message.text)
        self.message: Message = message
        """The refusal's message id and parameters, worded in English."""
        self.status = status
        """The HTTP status of this refusal where one is needed (404 for an unknown table)."""


class LogReplayError(Exception):
    """A table's durable log does not replay: names the table, the row and the engine's reason."""

    def __init__(self, table_id: int, seq: int, row_text: str, reason: str) -> None:
        super().__init__(f"table {table_id}, log row {seq} ({row_text}): {reason}")
        self.table_id = table_id
        self.seq = seq
        self.reason = reason
