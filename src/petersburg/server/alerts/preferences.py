"""What an account asks of its alerts: its settings (read, changed whole or not at all), a test on
one channel, one-click unsubscribe from e-mail, and muting one table.

A change is checked whole before anything is stored: a bad address, a URL to a host that is not
public, a wrong type anywhere leaves every setting as it was.
"""

from __future__ import annotations

from dataclasses import replace

from petersburg.server.accounts.accounts import Account
from petersburg.server.alerts.addresses import check_url, resolve_public
from petersburg.server.alerts.queue import AlertQueue
from petersburg.server.alerts.tokens import UNSUBSCRIBE_LIFETIME, Tokens
from petersburg.server.errors import Refusal
from petersburg.server.persistence.alerts import AlertStore, Channel, NewAlert
from petersburg.server.protocol.http import AlertSettingsInfo
from petersburg.server.protocol.requests import AlertSettingsBody
from petersburg.server.settings import Settings

TEST_SPACING = 60
"""At most one test per channel and account in this many seconds."""


class Preferences:
    """Reads and changes accounts' alert settings."""

    def __init__(self, store: AlertStore, queue: AlertQueue, tokens: Tokens, settings: Settings) -> None:
        self.store = store
        self.queue = queue
        self.tokens = tokens
        self.settings = settings

    async def info(self, account: Account) -> AlertSettingsInfo:
        wanted = await self.store.settings(account.id)
        outbox = self.queue.outbox
        subscription = wanted.push_subscription
        endpoint = subscription.get("endpoint") if subscription else None
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
        }

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
        await self.store.save_settings(wanted)
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
