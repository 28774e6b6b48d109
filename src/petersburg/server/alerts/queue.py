"""The durable queue of alerts: what is queued when it becomes a player's turn, and the sender.

A move never waits for an alert. When a table changes (``ServerEvents``), the queue looks whether
it became the turn of an account's seat whose player has no page of that table open here; if so,
a task queues one row per channel the account wants, in the database, under a unique key (table,
seat, log row, channel), so that a turn noticed twice (by two processes, or again after a restart)
is alerted once; and within the account's interval one game alerts it at most once per channel.
At start every live table is looked at again, so a turn whose alert was not yet queued when the
process died (``kill -9`` between the move and the queue) is queued then.

The sender is one task per process, but only the process holding the queue's lease sends (with
several processes; ``cluster/leases.py``): it takes the due rows, delivers them, and marks each
sent, or due again later (after ``alert_retry_seconds``, doubling), or, after ``alert_retries``
attempts, failed (a webhook's failure is shown on the settings page). A row is marked after its
delivery, so a process killed between the two sends that alert once more after the restart:
at least once, never lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine

from petersburg.server.alerts.channels import DeliveryError, SubscriptionGone
from petersburg.server.alerts.outbox import Outbox
from petersburg.server.clock import Clock
from petersburg.server.cluster.leases import Leases
from petersburg.server.game.table import Table
from petersburg.server.persistence.accounts import AccountStore
from petersburg.server.persistence.alerts import AlertSettings, AlertStore, Channel, NewAlert, QueuedAlert
from petersburg.server.persistence.deadlines import TableWebhookStore
from petersburg.server.settings import Settings
from petersburg.text.narration import event_in_every_language

log = logging.getLogger("petersburg.alerts")

QUEUE_LEASE = -1
"""The lease id of the alert queue (table ids start at 1; 0 is the lobby)."""
BATCH = 50
"""Alerts taken from the queue at once."""
TABLE_WEBHOOK_ACCOUNT = 0
"""The account of a table's own webhook's alerts in the queue: none (account ids start at 1)."""
CHANGES_SHOWN = 12
"""At most this many events since the player's last move are told in an alert."""


def wanted_channels(settings: AlertSettings, outbox: Outbox) -> list[Channel]:
    """The channels on which the account wants, and this server can send, turn alerts."""
    channels: list[Channel] = []
    if settings.email_alerts and settings.email_confirmed and settings.email and outbox.email.available:
        channels.append("email")
    if settings.push_subscription is not None and outbox.push.available:
        channels.append("push")
    if settings.webhook_url is not None:
        channels.append("webhook")
    return channels


def changes_since_last_move(table: Table, seat: int) -> list[str]:
    """What happened since ``seat``'s last move (the last ``CHANGES_SHOWN`` events), in words as
    that seat may read them, each line stored worded in every language (``stored_texts``): the
    alert is worded later, in its account's language."""
    game = table.game
    if game is None:
        return []
    events = game.events
    start = len(events)
    while start > 0 and events[start - 1].seat != seat:
        start -= 1
    shape = game.state.shape
    return [
        event_in_every_language(logged.event, game.names, shape, seat, True)  # redacted for ``seat``
        for logged in events[max(start, len(events) - CHANGES_SHOWN) :]
    ]


class AlertQueue:
    """Queues turn alerts as tables change, and sends what is due."""

    def __init__(
        self,
        store: AlertStore,
        accounts: AccountStore,
        outbox: Outbox,
        clock: Clock,
        settings: Settings,
        leases: Leases | None = None,
        webhooks: TableWebhookStore | None = None,
    ) -> None:
        self.store = store
        self.webhooks = webhooks
        self.accounts = accounts
        self.outbox = outbox
        self.clock = clock
        self.settings = settings
        self.leases = leases
        self._wake = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None
        self._queuing: set[asyncio.Task[None]] = set()
        self.running = False

    # Queuing -----------------------------------------------------------------------------------

    def table_changed(self, table: Table) -> None:
        """A ``ServerEvents`` listener: queue an alert if it became the turn of a turn-based
        game's account seat whose player has no page of it open (in a task: never in the move's
        way)."""
        state = table.state
        if not self.running or state is None or table.row.status != "playing" or table.row.realtime:
            return
        if state.is_over:
            return
        seat = state.current_player
        seat_row = table.row.seats[seat]
        if seat_row.kind != "human" or seat_row.user_id is None or seat_row.user_id in table.present:
            return
        facts = {**self._facts(table, seat), "changes": changes_since_last_move(table, seat)}
        key = f"turn:{table.id}:{seat}:{table.seq}"
        self._in_task(self._queue_turn(seat_row.user_id, table.id, key, facts))
        if self.webhooks is not None:
            self._in_task(self._queue_table_webhook(table.id, key, facts))

    def last_page_closed(self, table: Table, uid: str) -> None:
        """Browser identity ``uid`` closed its last page of ``table``: if it is her turn, she gets
        the alert she would have had, had the turn begun with no page of hers open (a turn already
        alerted is never alerted twice: the queue's key is the turn's)."""
        state = table.state
        if state is not None and not state.is_over and table.row.seats[state.current_player].user_id == uid:
            self.table_changed(table)

    def _facts(self, table: Table, seat: int) -> dict[str, object]:
        return {
            "table": table.id,
            "name": table.row.name,
            "player": table.names()[seat],
            "link": f"{self.settings.base_url}/table/{table.id}",
        }

    def seat_alert(self, table: Table, seat: int, kind: str, facts: dict[str, object]) -> None:
        """Queue an alert of a move deadline (``game/deadlines.py``: ``reminder``, ``bot_moved``,
        ``handed``) for ``seat``'s account, on every channel it wants, whatever its interval."""
        uid = table.row.seats[seat].user_id
        if not self.running or uid is None:
            return
        key = f"{kind}:{table.id}:{seat}:{table.seq}"
        self._in_task(self._queue_turn(uid, table.id, key, {**self._facts(table, seat), **facts}, kind))

    async def vacation(self, uid: str) -> tuple[float, float] | None:
        """The latest vacation (start, until) of the account ``uid`` is (None: a guest, or none)."""
        account = await self.accounts.account_by_uid(uid)
        if account is None:
            return None
        wanted = await self.store.settings(account.id)
        if wanted.vacation_start is None or wanted.vacation_until is None:
            return None
        return wanted.vacation_start, wanted.vacation_until

    async def _queue_table_webhook(self, table_id: int, key: str, facts: dict[str, object]) -> None:
        """The table's own webhook (set by its creator) hears of every turn of a person who is not
        at the table; it belongs to no account (``TABLE_WEBHOOK_ACCOUNT``)."""
        assert self.webhooks is not None
        try:
            if await self.webhooks.table_webhook(table_id) is None:
                return
            alert = NewAlert(
                f"{key}:table",
                TABLE_WEBHOOK_ACCOUNT,
                table_id,
                "webhook",
                "table_turn",
                facts,
                self.clock.time(),
            )
            if await self.store.enqueue(alert, 0.0):
                self._wake.set()
        except Exception:
            log.exception("table %s: cannot queue its webhook", table_id)

    def _in_task(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._queuing.add(task)
        task.add_done_callback(self._queuing.discard)

    async def _queue_turn(
        self, uid: str, table_id: int, key: str, facts: dict[str, object], kind: str = "turn"
    ) -> None:
        try:
            account = await self.accounts.account_by_uid(uid)
            if account is None:
                return
            wanted = await self.store.settings(account.id)
            if table_id in wanted.muted:
                return
            now = self.clock.time()
            queued = False
            for channel in wanted_channels(wanted, self.outbox):
                alert = NewAlert(f"{key}:{channel}", account.id, table_id, channel, kind, facts, now)
                queued |= await self.store.enqueue(alert, wanted.interval if kind == "turn" else 0.0)
            if queued:
                self._wake.set()
        except Exception:
            log.exception("table %s: cannot queue a turn alert", table_id)

    async def add(self, alert: NewAlert) -> None:
        """Queue an alert that is not a turn (a confirmation, a reset link) and send it soon;
        ``StorageError`` if it cannot be stored."""
        await self.store.enqueue(alert, 0.0)
        self._wake.set()

    def wake(self) -> None:
        """Look at the queue now (an alert was queued)."""
        self._wake.set()

    # Sending -----------------------------------------------------------------------------------

    async def start(self, live_tables: list[Table]) -> None:
        """Look at every live table again (a turn whose alert was not queued before a crash gets
        it now) and start the sender."""
        self.running = True
        for table in live_tables:
            self.table_changed(table)
        self._sender = asyncio.get_running_loop().create_task(self._send())

    async def stop(self) -> None:
        self.running = False
        tasks = [*self._queuing, *([self._sender] if self._sender else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _send(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.alert_poll)
            self._wake.clear()
            if self.settings.alerts_paused:
                continue
            try:
                if self.leases is not None and QUEUE_LEASE not in await self.leases.hold([QUEUE_LEASE]):
                    continue
                due = await self.store.due(self.clock.time(), BATCH)
            except Exception:
                log.exception("cannot read the alert queue")
                continue
            await asyncio.gather(*(self._deliver(alert) for alert in due))
            if len(due) == BATCH:
                self._wake.set()

    async def _deliver(self, alert: QueuedAlert) -> None:
        if alert.kind == "table_turn":
            await self._deliver_table_webhook(alert)
            return
        try:
            wanted = await self.store.settings(alert.account_id)
            account = await self.accounts.account_by_id(alert.account_id)
            try:
                await self.outbox.deliver(alert, wanted, account.language if account is not None else None)
            except SubscriptionGone as gone:
                await self.store.failed(alert.id, str(gone))
                await self.store.forget_push(alert.account_id, wanted.push_subscription)
                log.info("alert %s: the push subscription is gone; removed", alert.id)
                return
            except DeliveryError as error:
                await self._failed(alert, str(error))
                return
            await self.store.sent(alert.id)
            if alert.channel == "webhook" and wanted.webhook_failure is not None:
                await self.store.webhook_outcome(alert.account_id, None)
        except Exception as error:
            # Counted as a failed attempt, so an alert that always fails this way is not tried
            # again at every look at the queue for ever.
            log.exception("alert %s: cannot deliver or mark it", alert.id)
            with contextlib.suppress(Exception):
                await self._failed(alert, type(error).__name__)

    async def _deliver_table_webhook(self, alert: QueuedAlert) -> None:
        try:
            hook = None
            if self.webhooks is not None and alert.table_id is not None:
                hook = await self.webhooks.table_webhook(alert.table_id)
            try:
                if hook is None:
                    raise DeliveryError("the table has no webhook")
                await self.outbox.deliver_table_webhook(alert, hook.url, hook.format)
            except DeliveryError as error:
                await self._failed(alert, str(error))
                return
            await self.store.sent(alert.id)
            if hook.failure is not None and self.webhooks is not None:
                await self.webhooks.table_webhook_outcome(hook.table_id, None)
        except Exception as error:
            log.exception("alert %s: cannot deliver or mark it", alert.id)
            with contextlib.suppress(Exception):
                await self._failed(alert, type(error).__name__)

    async def _failed(self, alert: QueuedAlert, error: str) -> None:
        attempts = alert.attempts + 1
        if attempts >= self.settings.alert_retries:
            log.warning("alert %s (%s, %s) failed for good: %s", alert.id, alert.kind, alert.channel, error)
            await self.store.failed(alert.id, error)
            if alert.kind == "table_turn" and self.webhooks is not None and alert.table_id is not None:
                await self.webhooks.table_webhook_outcome(alert.table_id, error)
            elif alert.channel == "webhook":
                await self.store.webhook_outcome(alert.account_id, error)
            return
        delay = self.settings.alert_retry_seconds * 2 ** (attempts - 1)
        log.info(
            "alert %s (%s, %s) failed, again in %.0f s: %s", alert.id, alert.kind, alert.channel, delay, error
        )
        await self.store.retry(alert.id, self.clock.time() + delay, error)
