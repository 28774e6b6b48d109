"""What the server stores of turn alerts, and the narrow asynchronous interface of that storage.

``alerts/`` reaches its tables (an account's address and channels, the queue of alerts to
deliver) through ``AlertStore`` alone; ``sql/alerts.py`` implements it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

Channel = Literal["email", "push", "webhook"]
WebhookFormat = Literal["json", "discord", "slack"]
JsonObject = dict[str, object]


@dataclass(frozen=True)
class AlertSettings:
    """One account's address and alert channels as stored (the defaults: nothing set, all off)."""

    account_id: int
    email: str | None = None
    email_confirmed: bool = False
    email_alerts: bool = False
    push_subscription: JsonObject | None = None
    webhook_url: str | None = None
    webhook_format: WebhookFormat = "json"
    webhook_failure: str | None = None
    interval: float = 3600.0
    """Seconds within which one game alerts the account at most once per channel."""
    muted: tuple[int, ...] = field(default=())
    """Tables whose turns alert nobody of this account."""
    vacation_start: float | None = None
    vacation_until: float | None = None
    """The account's latest vacation (epoch seconds): its turn-based games' move deadlines do not
    run between the two (``game/deadlines.py``)."""
    vacation_year: int | None = None
    vacation_days: int = 0
    """Days of vacation booked in ``vacation_year`` (at most ``Settings.vacation_days_per_year``)."""


class QueuedAlert(NamedTuple):
    """An alert to deliver, as the queue holds it."""

    id: int
    account_id: int
    table_id: int | None
    channel: Channel
    kind: str
    payload: JsonObject
    attempts: int


class NewAlert(NamedTuple):
    """An alert to queue. ``key`` is unique in the queue: a second alert with the same key (the
    same turn noticed again, by this process after a restart or by another) is not queued."""

    key: str
    account_id: int
    table_id: int | None
    channel: Channel
    kind: str
    payload: JsonObject
    created: float


class AlertStore(Protocol):
    """Durable alert settings and queue. Each coroutine returns once its write is durable (or
    raises ``StorageError``, and nothing of it was written)."""

    async def settings(self, account_id: int) -> AlertSettings:
        """The account's alert settings (the defaults if none are stored)."""
        ...

    async def save_settings(self, settings: AlertSettings) -> None:
        """Store the account's alert settings whole."""
        ...

    async def confirmed_accounts(self, email_key: str) -> list[int]:
        """The accounts whose confirmed address has the form ``email_key``."""
        ...

    async def enqueue(self, alert: NewAlert, interval: float) -> bool:
        """Queue ``alert`` (due at once) unless its key is queued already or, for an alert of a
        table, the account was alerted of that table on that channel within ``interval``
        seconds before its ``created``; whether it was queued."""
        ...

    async def due(self, now: float, limit: int) -> list[QueuedAlert]:
        """Pending alerts due by ``now``, oldest first."""
        ...

    async def sent(self, alert_id: int) -> None: ...

    async def retry(self, alert_id: int, due: float, error: str) -> None:
        """The alert failed; try again at ``due``."""
        ...

    async def failed(self, alert_id: int, error: str) -> None:
        """The alert failed for the last time (it stays in the queue as failed, with why)."""
        ...

    async def forget_push(self, account_id: int, subscription: JsonObject | None) -> None:
        """Remove the account's push subscription if it is still ``subscription`` (the push
        service said it is gone; a subscription made meanwhile is kept)."""
        ...

    async def webhook_outcome(self, account_id: int, failure: str | None) -> None:
        """How the account's webhook last fared: why it failed for good, or None (it worked)."""
        ...
