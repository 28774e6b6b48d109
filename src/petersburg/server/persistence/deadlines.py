"""What the server stores of move deadlines: each turn-based table's turn clock (``TurnClock``)
and the webhook a table's creator set, behind the narrow interfaces ``game/deadlines.py`` and
``alerts/`` use; ``sql/deadlines.py`` implements them."""

from __future__ import annotations

from typing import NamedTuple, Protocol

from petersburg.server.persistence.alerts import WebhookFormat


class TurnClock(NamedTuple):
    """The deadline of one turn-based table's current turn, as stored."""

    table_id: int
    seq: int
    """The log row the turn is at: a clock of another row is a past turn's."""
    seat: int
    started: float
    """When the turn began (epoch seconds)."""
    due: float
    """When it runs out (``started`` + the time per move + the seat's vacation within the turn)."""
    reminded: bool
    """Whether the half-time reminder was queued."""
    expired: bool
    """Whether it ran out (a bot played the turn, or took the seat)."""
    missed: tuple[int, ...]
    """Per seat: its turns in a row that ran out (back to 0 when the player moves himself)."""


class TableWebhook(NamedTuple):
    """The webhook a table's creator set for the turns of its game."""

    table_id: int
    url: str
    format: WebhookFormat
    failure: str | None = None


class DeadlineStore(Protocol):
    """Durable turn clocks. Each coroutine returns once its write is durable (or raises
    ``StorageError``)."""

    async def turn_clock(self, table_id: int) -> TurnClock | None: ...

    async def save_turn_clock(self, clock: TurnClock) -> None:
        """Store ``clock`` as its table's (replacing the one before)."""
        ...


class TableWebhookStore(Protocol):
    """Durable webhooks of tables."""

    async def table_webhook(self, table_id: int) -> TableWebhook | None: ...

    async def save_table_webhook(self, table_id: int, hook: TableWebhook | None) -> None:
        """Set (or, with None, remove) the table's webhook."""
        ...

    async def table_webhook_outcome(self, table_id: int, failure: str | None) -> None: ...
