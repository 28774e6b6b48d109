"""The three ways an alert leaves the server: e-mail over SMTP (aiosmtplib), Web Push (the push
protocol, signed with the server's VAPID key, through pywebpush), and webhooks (an https POST in
Discord's, Slack's or a plain JSON form, through aiohttp).

Each ``send`` either delivers or raises ``DeliveryError`` with a short reason (shown on the
settings page for a webhook; never a secret: no link, no token). Nothing here retries: the queue
does (``alerts/queue.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from email.message import EmailMessage

import aiohttp
import aiosmtplib
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid, VapidException
from pywebpush import WebPushException, webpush_async

from petersburg.server.alerts.addresses import resolve_public
from petersburg.server.alerts.vapid import b64url
from petersburg.server.errors import Refusal
from petersburg.server.persistence.alerts import JsonObject, WebhookFormat
from petersburg.server.settings import Settings

PUSH_TTL = 86400
"""Seconds a push service keeps a notification for a device that is offline."""


class DeliveryError(Exception):
    """An alert could not be delivered this time (the reason has no secret in it)."""


class SubscriptionGone(DeliveryError):
    """The push service answered 404 or 410: the subscription no longer exists (the browser
    unsubscribed, or the service expired it), so the Web Push standard (RFC 8030, 7.3) says to
    stop using it. It is removed, not retried."""


GONE = (404, 410)
"""A push service's answers that mean the subscription is gone for good."""


@dataclass(frozen=True)
class Worded:
    """An alert in words, ready for any channel."""

    title: str
    body: str
    link: str
    """Where a click goes (the table, or the settings page)."""
    facts: JsonObject
    """The alert's facts, for a plain JSON webhook."""


class Email:
    """Sends e-mail through the configured SMTP server (off without ``smtp_host``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @property
    def available(self) -> bool:
        return self.settings.smtp_host is not None

    async def send(self, to: str, subject: str, body: str, unsubscribe: str | None = None) -> None:
        settings = self.settings
        if settings.smtp_host is None:
            raise DeliveryError("e-mail is off on this server")
        message = EmailMessage()
        message["From"] = settings.smtp_sender
        message["To"] = to
        message["Subject"] = subject
        if unsubscribe is not None:
            message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message.set_content(body)
        password = settings.smtp_password.get_secret_value() if settings.smtp_password else None
        try:
            await aiosmtplib.send(
                message,
                hostname=settings.smtp_host,
                port=settings.smtp_port,
                username=settings.smtp_user,
                password=password,
                use_tls=settings.smtp_tls == "tls",
                start_tls=settings.smtp_tls == "starttls",
                timeout=settings.alert_timeout,
            )
        except (aiosmtplib.SMTPException, OSError) as error:
            raise DeliveryError(
                f"the SMTP server refused or was unreachable ({type(error).__name__})"
            ) from None


class Push:
    """Sends Web Push notifications (off without ``vapid_private_key``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        key = settings.vapid_private_key
        self._vapid = Vapid.from_string(key.get_secret_value()) if key is not None else None

    @property
    def available(self) -> bool:
        return self._vapid is not None

    @property
    def public_key(self) -> str | None:
        """The application server key a browser subscribes with (base64url, uncompressed point)."""
        if self._vapid is None:
            return None
        raw = self._vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(raw)

    async def send(self, subscription: JsonObject, worded: Worded) -> None:
        if self._vapid is None:
            raise DeliveryError("push is off on this server")
        endpoint = subscription.get("endpoint")
        if not isinstance(endpoint, str):
            raise DeliveryError("the push subscription has no endpoint")
        try:
            await resolve_public(endpoint, allow_loopback=self.settings.alerts_allow_loopback)
        except Refusal as refused:
            raise DeliveryError(str(refused)) from None
        data = json.dumps({"title": worded.title, "body": worded.body, "url": worded.link})
        subject = self.settings.vapid_subject or self.settings.base_url
        try:
            await webpush_async(
                dict(subscription),
                data=data,
                vapid_private_key=self._vapid,
                vapid_claims={"sub": subject},
                timeout=self.settings.alert_timeout,
                ttl=PUSH_TTL,
            )
        except WebPushException as error:
            status = getattr(error.response, "status", None)
            if status in GONE:
                raise SubscriptionGone(
                    f"the push service answered {status}: the subscription is gone"
                ) from None
            raise DeliveryError(f"the push service answered {status}") from None
        except VapidException:
            raise DeliveryError("the VAPID subject is not a mailto: or https: address") from None
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            raise DeliveryError(f"the push service was unreachable ({type(error).__name__})") from None


def webhook_body(form: WebhookFormat, worded: Worded) -> JsonObject:
    """What a webhook is sent, in the form its receiver reads."""
    if form == "discord":
        return {"content": f"{worded.body}", "embeds": [{"title": worded.title, "url": worded.link}]}
    if form == "slack":
        return {"text": f"{worded.body}"}
    return {"title": worded.title, "text": worded.body, "link": worded.link, **worded.facts}


class Webhook:
    """POSTs alerts to a webhook URL: https to a public host (checked before every delivery),
    no redirect followed, a short timeout."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, url: str, form: WebhookFormat, worded: Worded) -> None:
        try:
            await resolve_public(url, allow_loopback=self.settings.alerts_allow_loopback)
        except Refusal as refused:
            raise DeliveryError(str(refused)) from None
        timeout = aiohttp.ClientTimeout(total=self.settings.alert_timeout)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.post(url, json=webhook_body(form, worded), allow_redirects=False) as answer,
            ):
                status = answer.status
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            raise DeliveryError(f"the webhook was unreachable ({type(error).__name__})") from None
        if 300 <= status < 400:
            raise DeliveryError(f"the webhook answered with a redirect ({status}), which is not followed")
        if not 200 <= status < 300:
            raise DeliveryError(f"the webhook answered {status}")
