"""An alert from the queue, worded (``petersburg.text.alerts``) and handed to its channel.

The queue keeps an alert's facts, not its words: they are worded when it is sent, and each
channel's address (the e-mail address, the push subscription, the webhook) is read then too, so
an address changed or removed meanwhile is respected.
"""

from __future__ import annotations

from petersburg.server.alerts.channels import DeliveryError, Email, Push, Webhook, Worded
from petersburg.server.alerts.tokens import Tokens
from petersburg.server.persistence.alerts import AlertSettings, JsonObject, QueuedAlert, WebhookFormat
from petersburg.server.settings import Settings
from petersburg.text.alerts import alert_text
from petersburg.text.languages import SOURCE, choose
from petersburg.text.wording import from_stored

SETTINGS_PAGE = "/settings"
DEADLINE_KINDS = ("reminder", "bot_moved", "handed")
"""Alerts of a move deadline (``game/deadlines.py``); each kind's title and body are
``<kind>_title`` and ``<kind>_body`` in ``text/alerts.py``."""


def _text(payload: JsonObject, name: str) -> str:
    value = payload.get(name)
    return value if isinstance(value, str) else ""


def _deadline_words(kind: str, facts: JsonObject, language: str) -> Worded:
    """A move deadline's alert in words: the reminder, a bot's move, the seat handed to it."""
    table, link, bot = _text(facts, "name"), _text(facts, "link"), _text(facts, "bot")
    number = facts.get("count")
    count = number if isinstance(number, int) else 0
    if kind == "reminder":
        title = alert_text("reminder_title", table=table).in_language(language)
        body = alert_text("reminder_body", table=table, count=count).in_language(language)
    elif kind == "bot_moved":
        title = alert_text("bot_moved_title", table=table).in_language(language)
        body = alert_text("bot_moved_body", table=table, bot=bot, count=count).in_language(language)
    else:
        title = alert_text("handed_title", table=table).in_language(language)
        body = alert_text("handed_body", table=table, bot=bot, count=count).in_language(language)
    return Worded(title, f"{body}\n\n{alert_text('turn_link', link=link).in_language(language)}", link, facts)


def word(alert: QueuedAlert, base_url: str, language: str = SOURCE) -> Worded:
    """The alert's title, body and link, in words of ``language`` (the account's)."""
    facts = alert.payload
    if alert.kind == "turn":
        table = _text(facts, "name")
        link = _text(facts, "link")
        listed = facts.get("changes")
        changes: list[str] = []
        if isinstance(listed, list):
            changes = [from_stored(line, language) for line in listed if isinstance(line, str)]
            facts = {**facts, "changes": changes}
        lines = [alert_text("turn_body", table=table).in_language(language)]
        if changes:
            lines += [
                "",
                alert_text("turn_changes").in_language(language),
                *(f"- {line}" for line in changes),
            ]
        lines += ["", alert_text("turn_link", link=link).in_language(language)]
        return Worded(
            alert_text("turn_title", table=table).in_language(language), "\n".join(lines), link, facts
        )
    if alert.kind in DEADLINE_KINDS:
        return _deadline_words(alert.kind, facts, language)
    return Worded(
        alert_text("test_title").in_language(language),
        alert_text("test_body").in_language(language),
        base_url + SETTINGS_PAGE,
        {"type": "test"},
    )


def _webhook_turn(payload: JsonObject, link: str, language: str) -> Worded:
    """A turn told to a webhook: one line naming the player (a chat channel shows who it is for)."""
    player = _text(payload, "player")
    text = alert_text("turn_webhook", player=player, table=_text(payload, "name"), link=link).in_language(
        language
    )
    return Worded(alert_text("turn_webhook_title", player=player).in_language(language), text, link, payload)


class Outbox:
    """Delivers one queued alert on its channel."""

    def __init__(self, settings: Settings, tokens: Tokens) -> None:
        self.settings = settings
        self.tokens = tokens
        self.email = Email(settings)
        self.push = Push(settings)
        self.webhook = Webhook(settings)

    def unsubscribe_link(self, account_id: int) -> str:
        token = self.tokens.make("unsubscribe", [account_id])
        return f"{self.settings.base_url}{SETTINGS_PAGE}#unsubscribe={token}"

    async def deliver_table_webhook(self, alert: QueuedAlert, url: str, form: WebhookFormat) -> None:
        """Tell a table's own webhook whose turn it is (``DeliveryError`` if it cannot be now)."""
        payload = alert.payload
        await self.webhook.send(url, form, _webhook_turn(payload, _text(payload, "link"), SOURCE))

    async def deliver(self, alert: QueuedAlert, wanted: AlertSettings, language: str | None = None) -> None:
        """Send ``alert`` to the account's address on its channel, worded in the account's
        ``language`` (English for none or one no longer known); ``DeliveryError`` if it cannot be
        (now), or if the account no longer has that channel (then it is never sent)."""
        payload = alert.payload
        if alert.kind in ("confirm", "reset"):
            await self.email.send(_text(payload, "to"), _text(payload, "subject"), _text(payload, "body"))
            return
        language = choose([language])
        worded = word(alert, self.settings.base_url, language)
        if alert.channel == "email":
            if wanted.email is None or not wanted.email_confirmed:
                raise DeliveryError("no confirmed e-mail address")
            unsubscribe = self.unsubscribe_link(alert.account_id)
            body = f"{worded.body}\n\n{alert_text('unsubscribe', link=unsubscribe).in_language(language)}"
            await self.email.send(wanted.email, worded.title, body, unsubscribe)
        elif alert.channel == "push":
            if wanted.push_subscription is None:
                raise DeliveryError("no push subscription")
            await self.push.send(wanted.push_subscription, worded)
        else:
            if wanted.webhook_url is None:
                raise DeliveryError("no webhook")
            if alert.kind == "turn":
                worded = _webhook_turn(payload, worded.link, language)
            await self.webhook.send(wanted.webhook_url, wanted.webhook_format, worded)
