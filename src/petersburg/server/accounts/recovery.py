"""An account's e-mail address, confirmed by a signed link, and the password reset it allows.

An address is optional. Giving one (or a new one) stores it unconfirmed and e-mails it a link
that confirms it (``confirm_lifetime``); only a confirmed address gets turn alerts or a reset
link. Asking for a reset answers the same whether or not an account has the address (nothing
tells who has an account), counted like a sign-in attempt for the address and from the client's
address before anything is looked up; each account with that confirmed address is e-mailed a
link that works once (``accounts/../alerts/tokens.py``) for ``reset_lifetime``. Using it stores
the new password (argon2, as ever) only if the password is still the one the link was made
against, and ends every session of the account. The e-mails go through the alert queue, so the
answer never waits for an SMTP server.
"""

from __future__ import annotations

import secrets
from dataclasses import replace

from petersburg.server.accounts.accounts import Account, Accounts, check_password, minutes_left
from petersburg.server.alerts.addresses import check_email, email_key
from petersburg.server.alerts.outbox import SETTINGS_PAGE
from petersburg.server.alerts.queue import AlertQueue
from petersburg.server.alerts.tokens import Tokens, fingerprint, same
from petersburg.server.errors import Refusal
from petersburg.server.persistence.accounts import Limit
from petersburg.server.persistence.alerts import AlertStore, NewAlert
from petersburg.server.protocol.names import name_key
from petersburg.server.settings import Settings
from petersburg.text.alerts import alert_text
from petersburg.text.languages import choose

CONFIRM_LIFETIME = 48 * 3600.0
RESET_LIFETIME = 3600.0
RESET_KEY = "reset:"
"""Reset requests are counted as sign-in attempts under this prefix and the address."""


class Recovery:
    """E-mail addresses and password resets of accounts."""

    def __init__(
        self, accounts: Accounts, store: AlertStore, queue: AlertQueue, tokens: Tokens, settings: Settings
    ) -> None:
        self.accounts = accounts
        self.store = store
        self.queue = queue
        self.tokens = tokens
        self.settings = settings

    def _link(self, kind: str, token: str) -> str:
        return f"{self.settings.base_url}{SETTINGS_PAGE}#{kind}={token}"

    async def _mail(self, account_id: int, to: str, subject: str, body: str, kind: str) -> None:
        payload: dict[str, object] = {"to": to, "subject": subject, "body": body}
        key = f"{kind}:{account_id}:{secrets.token_hex(8)}"
        await self.queue.add(
            NewAlert(key, account_id, None, "email", kind, payload, self.accounts.clock.time())
        )

    async def set_email(self, account: Account, text: str) -> None:
        """Store ``text`` as the account's address, unconfirmed, and e-mail it a confirmation
        link; an empty text removes the address (and e-mail alerts with it)."""
        wanted = await self.store.settings(account.id)
        if not text.strip():
            await self.store.save_settings(
                replace(wanted, email=None, email_confirmed=False, email_alerts=False)
            )
            return
        if not self.queue.outbox.email.available:
            raise Refusal("email_off", status=409)
        address = check_email(text)
        if wanted.email == address and wanted.email_confirmed:
            return
        await self.store.save_settings(
            replace(wanted, email=address, email_confirmed=False, email_alerts=False)
        )
        token = self.tokens.make("confirm", [account.id, address])
        language = choose([account.language])
        body = alert_text(
            "confirm_body",
            name=account.name,
            hours=round(CONFIRM_LIFETIME / 3600),
            link=self._link("confirm", token),
        ).in_language(language)
        subject = alert_text("confirm_subject").in_language(language)
        await self._mail(account.id, address, subject, body, "confirm")

    async def confirm_email(self, token: str) -> None:
        """Confirm the address a link was made for, if it is still the account's."""
        payload = self.tokens.read("confirm", token, CONFIRM_LIFETIME)
        account_id, address = [*payload, None, None][:2]
        if not isinstance(account_id, int) or not isinstance(address, str):
            raise Refusal("link_invalid", status=400)
        wanted = await self.store.settings(account_id)
        if wanted.email != address:
            raise Refusal("link_replaced", status=400)
        if not wanted.email_confirmed:
            await self.store.save_settings(replace(wanted, email_confirmed=True))

    async def request_reset(self, text: str, address: str) -> None:
        """E-mail a reset link to every account whose confirmed address is ``text``; the same
        answer (none) whether there is one or not. Counted before anything is looked up."""
        email = check_email(text)
        settings = self.settings
        clock = self.accounts.clock
        now = clock.time()
        window = settings.sign_in_window
        crowded = await self.accounts.store.reserve_sign_in(
            RESET_KEY + email_key(email),
            address,
            now,
            by_name=Limit(settings.sign_ins_per_name, now - window),
            by_address=Limit(settings.sign_ins_per_address, now - window),
        )
        if crowded is not None:
            raise Refusal("reset_requests", status=429, count=minutes_left(crowded, window, now))
        for account_id in await self.store.confirmed_accounts(email_key(email)):
            row = await self.accounts.store.account_by_id(account_id)
            found = None if row is None else await self.accounts.store.password_hash(name_key(row.name))
            if found is None:
                continue
            token = self.tokens.make("reset", [account_id, fingerprint(found[1])])
            language = choose([found[0].language])
            body = alert_text(
                "reset_body",
                name=found[0].name,
                minutes=round(RESET_LIFETIME / 60),
                link=self._link("reset", token),
            ).in_language(language)
            subject = alert_text("reset_subject").in_language(language)
            await self._mail(account_id, email, subject, body, "reset")

    async def reset_password(self, token: str, password: str) -> str:
        """Store ``password`` as the new password of the link's account (every session ends);
        the account's name. ``Refusal`` if the link expired, was used, or is not one."""
        payload = self.tokens.read("reset", token, RESET_LIFETIME)
        account_id, made_for = [*payload, None, None][:2]
        if not isinstance(account_id, int) or not isinstance(made_for, str):
            raise Refusal("link_invalid", status=400)
        check_password(password)
        store = self.accounts.store
        row = await store.account_by_id(account_id)
        found = None if row is None else await store.password_hash(name_key(row.name))
        if row is None or found is None:
            raise Refusal("link_invalid", status=400)
        old = found[1]
        if not same(fingerprint(old), made_for):
            raise Refusal("link_used", status=400)
        passwords = self.accounts.passwords
        with passwords.turn():
            new = await passwords.hash(password)
        if not await store.replace_password(account_id, old, new):
            raise Refusal("link_used", status=400)
        return row.name
