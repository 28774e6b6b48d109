"""Accounts: sign up, sign in, sign out, the session cookie, who a browser is, profiles and the
leaderboard.

A guest is a random browser identity (``uid``) kept in the browser. Signing up turns that guest
into an account: the account plays as the same ``uid``, so the guest's seats and games are the
account's from then on. Signing in elsewhere hands that browser the account's ``uid``. Once a
``uid`` belongs to an account, only a browser holding the account's session cookie may use it,
so learning someone's ``uid`` no longer makes you them.

Passwords are hashed with argon2 (argon2-cffi, its recommended parameters), off the event loop.
The session cookie is signed (itsdangerous) with a key kept in the database, so every server
process accepts the cookies of the others; it is HttpOnly and SameSite=Lax. Failed sign-ins are
stored and counted per name and per address over a window: past the limit the answer says how
long to wait, whatever the password. Everything is stored through ``persistence``'s
``AccountStore``; no SQL here.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import secrets
from dataclasses import asdict, dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from petersburg.server.accounts.ratings import (
    MODEL,
    SCALE,
    bot_ratings,
    result_places,
    shown,
)
from petersburg.server.clock import Clock
from petersburg.server.errors import Refusal
from petersburg.server.persistence.accounts import (
    AccountRow,
    AccountStore,
    NewAccount,
)
from petersburg.server.persistence.store import StorageError
from petersburg.server.protocol.http import (
    AccountInfo,
    LeaderboardEntry,
    LeaderboardResponse,
    ProfileGame,
    ProfileResponse,
    RatingPoint,
)

SESSION_COOKIE = "pb_session"
SESSION_KEY = "session_key"
"""The server-wide setting that holds the key signing session cookies."""
SESSION_AGE = 30 * 24 * 3600
"""Seconds a session cookie stays valid."""
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,22}[A-Za-z0-9._-]$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
ATTEMPT_WINDOW = 15 * 60.0
"""Failed sign-ins are counted over this many seconds."""
ATTEMPTS_PER_NAME = 5
ATTEMPTS_PER_ADDRESS = 20
PROFILE_GAMES = 200
LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class Account(AccountRow):
    """An account as the server hands it out: its stored row, and what its owner is shown."""

    def info(self) -> AccountInfo:
        return {
            "name": self.name,
            "uid": self.uid,
            "rating": shown(self.mu),
            "deviation": round(SCALE * self.sigma),
            "rated_games": self.rated_games,
        }


def name_key(name: str) -> str:
    """The form under which names are unique: case and spacing do not make a new name."""
    return " ".join(name.split()).casefold()


def check_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not NAME_PATTERN.match(cleaned):
        raise Refusal("account_name_rule")
    return cleaned


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refusal("password_length", least=MIN_PASSWORD, most=MAX_PASSWORD)


def _minutes_left(oldest_counted: float, now: float) -> int:
    """Whole minutes (at least 1) until the failed sign-in at ``oldest_counted`` leaves the window."""
    return max(1, math.ceil((oldest_counted + ATTEMPT_WINDOW - now) / 60))


def _account(row: AccountRow | None) -> Account | None:
    """The ``Account`` of a stored row (None for none)."""
    return None if row is None else Account(**asdict(row))


class Accounts:
    """Accounts on the server's database (through ``AccountStore``), shared by every server
    process; also the rating maths a finished game's result is stored with (``ResultRating``)."""

    def __init__(self, store: AccountStore, clock: Clock, secret_key: str | None = None) -> None:
        self.store = store
        self.clock = clock
        self.hasher = PasswordHasher()
        self._secret_key = secret_key
        self._serializer: URLSafeTimedSerializer | None = None
        self._key: str | None = None

    async def start(self) -> None:
        """Load (or create, once for all processes) the key that signs session cookies."""
        key = self._secret_key or await self._stored_key()
        self._serializer = URLSafeTimedSerializer(key, salt="petersburg-session")
        self._key = key

    def signer(self, salt: str) -> URLSafeTimedSerializer:
        """A serializer on the same key for another kind of signed value (``salt`` keeps the kinds
        apart, so one is never taken for the other): the guest identity (``api/identity.py``)."""
        assert self._key is not None, "Accounts.start() first"
        return URLSafeTimedSerializer(self._key, salt=salt)

    async def _stored_key(self) -> str:
        key = await self.store.setting(SESSION_KEY)
        if key is not None:
            return key
        fresh = secrets.token_urlsafe(48)
        with contextlib.suppress(StorageError):  # another process stored one first: use that one
            await self.store.add_setting(SESSION_KEY, fresh)
        stored = await self.store.setting(SESSION_KEY)
        assert stored is not None
        return stored

    # Sessions ----------------------------------------------------------------------------------

    def cookie_for(self, account: Account) -> str:
        assert self._serializer is not None, "Accounts.start() first"
        return str(self._serializer.dumps({"a": account.id}))

    def account_id(self, cookie: str | None) -> int | None:
        """The account a session cookie was signed for, if it is genuine and not too old."""
        if not cookie or self._serializer is None:
            return None
        try:
            data = self._serializer.loads(cookie, max_age=SESSION_AGE)
        except BadSignature:
            return None
        account = data.get("a") if isinstance(data, dict) else None
        return account if isinstance(account, int) else None

    async def session(self, cookie: str | None) -> Account | None:
        """The signed-in account of a request's session cookie (None for a guest)."""
        account_id = self.account_id(cookie)
        if account_id is None:
            return None
        return _account(await self.store.account_by_id(account_id))

    async def identify(self, cookie: str | None, uid: str) -> tuple[str, Account | None]:
        """Who a request is: the signed-in account's identity, or the guest ``uid`` it claims;
        ``Refusal`` if that ``uid`` belongs to an account the request is not signed in to."""
        account = await self.session(cookie)
        if account is not None:
            return account.uid, account
        owner = await self.store.account_by_uid(uid)
        if owner is not None:
            raise Refusal("identity_of_account", status=401, name=owner.name)
        return uid, None

    async def owner_of_name(self, name: str) -> Account | None:
        """The account called ``name`` (whatever its case and spacing), if there is one."""
        return _account(await self.store.account_by_name(name_key(name)))

    # Sign up, sign in --------------------------------------------------------------------------

    async def sign_up(self, name: str, password: str, guest_uid: str | None) -> Account:
        """A new account; it takes over ``guest_uid`` (its seats and games) unless that identity
        belongs to an account already."""
        cleaned = check_name(name)
        check_password(password)
        key = name_key(cleaned)
        if await self.store.account_by_name(key) is not None:
            raise Refusal("account_name_taken", status=409, name=cleaned)
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        uid = guest_uid
        if uid is None or await self.store.account_by_uid(uid) is not None:
            uid = secrets.token_urlsafe(18)
        new = NewAccount(cleaned, key, password_hash, uid, self.clock.time(), MODEL.mu, MODEL.sigma)
        try:
            await self.store.add_account(new)
        except StorageError:  # the same name (or identity) was taken a moment ago
            raise Refusal("account_name_taken", status=409, name=cleaned) from None
        account = _account(await self.store.account_by_name(key))
        assert account is not None
        return account

    async def sign_in(self, name: str, password: str, address: str) -> Account:
        """The account of ``name`` if ``password`` is right; refused with a sentence otherwise,
        and after too many failures refused whatever the password, saying how long to wait."""
        key = name_key(name)
        now = self.clock.time()
        await self._check_throttle(key, address, now)
        found = await self.store.password_hash(key)
        if found is None or not await asyncio.to_thread(self._verify, found[1], password):
            await self.store.add_failed_sign_in(key, address, now)
            raise Refusal("wrong_password", status=401)
        await self.store.forget_failed_sign_ins(key)
        account = _account(found[0])
        assert account is not None
        return account

    def _verify(self, stored_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _check_throttle(self, key: str, address: str, now: float) -> None:
        by_name, by_address = await self.store.failed_sign_ins(key, address, now - ATTEMPT_WINDOW)
        if len(by_name) >= ATTEMPTS_PER_NAME:
            minutes = _minutes_left(by_name[-ATTEMPTS_PER_NAME], now)
            raise Refusal("sign_ins_for_name", status=429, count=minutes)
        if len(by_address) >= ATTEMPTS_PER_ADDRESS:
            minutes = _minutes_left(by_address[-ATTEMPTS_PER_ADDRESS], now)
            raise Refusal("sign_ins_from_address", status=429, count=minutes)

    # Profiles, leaderboard ---------------------------------------------------------------------

    async def profile(self, name: str) -> ProfileResponse:
        account = await self.store.account_by_name(name_key(name))
        if account is None:
            raise Refusal("no_account", status=404, name=" ".join(name.split())[:40])
        steps, played = await self.store.history(account, PROFILE_GAMES)
        changes = {step.table_id: step for step in steps}
        games: list[ProfileGame] = []
        for table, seat in played:
            place = total = None
            if table.result is not None:
                place = result_places(table.result)[seat]
                scores = table.result["scores"]
                assert isinstance(scores, list)
                total = int(scores[seat]["total"])
            change = changes.get(table.id)
            games.append(
                {
                    "table": table.id,
                    "name": table.name,
                    "status": table.status,
                    "seats": table.num_seats,
                    "created": table.created,
                    "seat": seat,
                    "place": place,
                    "total": total,
                    "rated": change is not None,
                    "rating_change": None if change is None else shown(change.mu) - shown(change.mu_before),
                }
            )
        ratings: list[RatingPoint] = [
            {
                "table": table_id,
                "t": step.created,
                "rating": shown(step.mu),
                "deviation": round(SCALE * step.sigma),
            }
            for table_id, step in changes.items()
        ]
        return ProfileResponse(
            name=account.name,
            created=account.created,
            rating=shown(account.mu),
            deviation=round(SCALE * account.sigma),
            rated_games=account.rated_games,
            games=games,
            ratings=ratings,
        )

    async def leaderboard(self) -> LeaderboardResponse:
        players: list[LeaderboardEntry] = [
            {
                "place": place,
                "name": leader.name,
                "rating": shown(leader.mu),
                "deviation": round(SCALE * leader.sigma),
                "rated_games": leader.rated_games,
            }
            for place, leader in enumerate(await self.store.leaders(LEADERBOARD_SIZE), start=1)
        ]
        return {
            "players": players,
            "bots": [
                {"level": level, "name": name, "rating": rating} for level, name, rating in bot_ratings()
            ],
        }
