"""What an account asks of its alerts: its settings (read, changed whole or not at all), a test on
one channel, one-click unsubscribe from e-mail, and muting one table.

A change is checked whole before anything is stored: a bad address, a URL to a host that is not
public, a wrong type anywhere leaves every setting as it was.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import replace

from petersburg.server.accounts.accounts import Account
from petersburg.server.alerts.addresses import check_url, resolve_public
from petersburg.server.alerts.queue import AlertQueue
from petersburg.server.alerts.tokens import UNSUBSCRIBE_LIFETIME, Tokens
from petersburg.server.errors import Refusal
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.alerts import AlertSettings, AlertStore, Channel, NewAlert
from petersburg.server.persistence.deadlines import TableWebhook, TableWebhookStore
from petersburg.server.protocol.http import AlertSettingsInfo, TableWebhookInfo
from petersburg.server.protocol.requests import AlertSettingsBody, TableWebhookBody
from petersburg.server.settings import Settings

TEST_SPACING = 60
"""At most one test per channel and account in this many seconds."""
DAY = 86400


def year_of(moment: float) -> int:
    """The calendar year (UTC) a vacation's days are counted in."""
    return time.gmtime(moment).tm_year


class Preferences:
    """Reads and changes accounts' alert settings."""

    def __init__(
        self,
        store: AlertStore,
        queue: AlertQueue,
        tokens: Tokens,
        settings: Settings,
        webhooks: TableWebhookStore,
        tables: Tables,
        vacation_changed: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        self.webhooks = webhooks
        self.tables = tables
        self.vacation_changed = vacation_changed
        """Told (with the account's ``uid``) once a vacation is set or ended, so that the clocks of
        its turns move at once (``Automation.vacation_changed``), not when they next wake."""
        self.store = store
        self.queue = queue
        self.tokens = tokens
        self.settings = settings

    async def info(self, account: Account) -> AlertSettingsInfo:
        wanted = await self.store.settings(account.id)
        outbox = self.queue.outbox
        subscription = wanted.push_subscription
        endpoint = subscription.get("endpoint") if subscription else None
        now = self.queue.clock.time()
        until = wanted.vacation_until
        booked = wanted.vacation_days if wanted.vacation_year == year_of(now) else 0
        return {
            "email": wanted.email,
            "email_confirmed": wanted.email_confirmed,
            "email_alerts": wanted.email_alerts,
            "email_available": outbox.email.available,
            "push_available": outbox.push.available,
            "push_key": outbox.push.public_key,
            "push_endpoint": endpoint if isinstance(endpoint, str) else None,
            "webhook_url": wanted.webhook_url,
            "webhook_format": wanted.webhook_format,
            "webhook_failure": wanted.webhook_failure,
            "interval": round(wanted.interval),
            "muted": list(wanted.muted),
            "vacation_until": until if until is not None and until > now else None,
            "vacation_left": max(0, self.settings.vacation_days_per_year - booked),
            "vacation_per_year": self.settings.vacation_days_per_year,
        }

    @staticmethod
    def _vacation_used(wanted: AlertSettings, now: float) -> int:
        """Days of vacation the account has used or booked this year, the whole days a vacation
        running now has still ahead given back (it may be ended or replaced)."""
        if wanted.vacation_year != year_of(now):
            return 0
        used = wanted.vacation_days
        until = wanted.vacation_until
        if until is not None and until > now:
            used -= int((until - now) // DAY)
        return max(0, used)

    def _vacation(self, wanted: AlertSettings, days: int) -> AlertSettings:
        """``wanted`` with a vacation of ``days`` from now (0: the running one ends now), or the
        refusal if the year's days do not allow it."""
        now = self.queue.clock.time()
        used = self._vacation_used(wanted, now)
        most = self.settings.vacation_days_per_year
        if days > most - used:
            raise Refusal("vacation_left", count=max(0, most - used), most=most)
        running = wanted.vacation_until is not None and wanted.vacation_until > now
        if days == 0:
            if not running:
                return wanted
            return replace(wanted, vacation_until=now, vacation_year=year_of(now), vacation_days=used)
        start = wanted.vacation_start if running and wanted.vacation_start is not None else now
        return replace(
            wanted,
            vacation_start=start,
            vacation_until=now + days * DAY,
            vacation_year=year_of(now),
            vacation_days=used + days,
        )

    async def _checked_url(self, url: str) -> str:
        allow = self.settings.alerts_allow_loopback
        checked = check_url(url, allow_loopback=allow)
        await resolve_public(checked, allow_loopback=allow)
        return checked

    async def change(self, account: Account, body: AlertSettingsBody) -> AlertSettingsInfo:
        """Apply ``body`` whole, or refuse it with a sentence and change nothing."""
        wanted = await self.store.settings(account.id)
        if body.get("email_alerts"):
            if not self.queue.outbox.email.available:
                raise Refusal("email_off", status=409)
            if wanted.email is None or not wanted.email_confirmed:
                raise Refusal("email_unconfirmed", status=409)
        if "email_alerts" in body:
            wanted = replace(wanted, email_alerts=body["email_alerts"])
        if "push_subscription" in body:
            subscription = body["push_subscription"]
            if subscription is not None:
                if not self.queue.outbox.push.available:
                    raise Refusal("push_off", status=409)
                await self._checked_url(subscription["endpoint"])
            wanted = replace(wanted, push_subscription=None if subscription is None else dict(subscription))
        if "webhook_url" in body:
            url = body["webhook_url"].strip()
            checked = await self._checked_url(url) if url else None
            wanted = replace(wanted, webhook_url=checked, webhook_failure=None)
        if "webhook_format" in body:
            wanted = replace(wanted, webhook_format=body["webhook_format"])
        if "interval" in body:
            wanted = replace(wanted, interval=float(body["interval"]))
        if "muted" in body:
            wanted = replace(wanted, muted=tuple(sorted(set(body["muted"]))))
        if "vacation_days" in body:
            wanted = self._vacation(wanted, body["vacation_days"])
        await self.store.save_settings(wanted)
        if "vacation_days" in body and self.vacation_changed is not None:
            await self.vacation_changed(account.uid)
        return await self.info(account)

    async def test(self, account: Account, channel: Channel) -> None:
        """Queue a test alert on ``channel`` (at most one a minute)."""
        wanted = await self.store.settings(account.id)
        outbox = self.queue.outbox
        if channel == "email":
            if not outbox.email.available:
                raise Refusal("email_off", status=409)
            if wanted.email is None or not wanted.email_confirmed:
                raise Refusal("email_unconfirmed", status=409)
        elif channel == "push":
            if not outbox.push.available:
                raise Refusal("push_off", status=409)
            if wanted.push_subscription is None:
                raise Refusal("no_push", status=409)
        elif wanted.webhook_url is None:
            raise Refusal("no_webhook", status=409)
        now = self.queue.clock.time()
        key = f"test:{account.id}:{channel}:{int(now // TEST_SPACING)}"
        if not await self.store.enqueue(NewAlert(key, account.id, None, channel, "test", {}, now), 0.0):
            raise Refusal("test_too_soon", status=429)
        self.queue.wake()

    async def unsubscribe(self, code: str) -> None:
        """Stop e-mail alerts of the account an e-mail's unsubscribe link was made for."""
        payload = self.tokens.read("unsubscribe", code, UNSUBSCRIBE_LIFETIME)
        account_id = payload[0] if payload else None
        if not isinstance(account_id, int):
            raise Refusal("link_invalid", status=400)
        wanted = await self.store.settings(account_id)
        if wanted.email_alerts:
            await self.store.save_settings(replace(wanted, email_alerts=False))

    async def table_webhook(self, account: Account, table_id: int) -> TableWebhookInfo:
        """The webhook of a table the account created."""
        await self._created(account, table_id)
        hook = await self.webhooks.table_webhook(table_id)
        if hook is None:
            return {"table": table_id, "url": None, "format": "json", "failure": None}
        return {"table": table_id, "url": hook.url, "format": hook.format, "failure": hook.failure}

    async def set_table_webhook(self, account: Account, body: TableWebhookBody) -> TableWebhookInfo:
        """Set (or, with "", remove) the webhook of a table the account created: the same checks
        as an account's webhook (https, a public host)."""
        table_id = body["table"]
        await self._created(account, table_id)
        url = body["url"].strip()
        hook = (
            TableWebhook(table_id, await self._checked_url(url), body.get("format", "json")) if url else None
        )
        await self.webhooks.save_table_webhook(table_id, hook)
        return await self.table_webhook(account, table_id)

    async def _created(self, account: Account, table_id: int) -> None:
        table = await self.tables.get(table_id)
        if table.row.creator != account.uid:
            raise Refusal("table_webhook_creator", status=403)
