"""Accounts: sign up, sign in, sign out, sessions, password changes, who a browser is, profiles
and the leaderboard.

A guest is a random browser identity (``uid``) kept in the browser. Signing up turns that guest
into an account: the account plays as the same ``uid``, so the guest's seats and games are the
account's from then on. Signing in elsewhere hands that browser the account's ``uid``. Once a
``uid`` belongs to an account, only a browser holding one of the account's sessions may use it,
so learning someone's ``uid`` no longer makes you them.

A session is a stored row; the browser's cookie holds only its random id (HttpOnly, SameSite=Lax),
the database only that id's SHA-256, so a copy of the database signs nobody in. Signing out deletes
the row, so a copied cookie is worthless afterwards; "sign out everywhere" deletes every row of the
account, and a password change every row but the changer's. A session ends ``session_lifetime``
after it was last used.

Passwords are hashed with argon2 on ``Passwords``' bounded pool. Every attempt to sign in (or to
prove a password before changing it) is reserved before its password is checked: the attempts for
the name and from the address in the window are counted and this one stored in one step
(``AccountStore.reserve_sign_in``), so a parallel burst checks at most the allowed number of
passwords; past a limit the answer says how long to wait, whatever the password. Sign-ups are
reserved per address the same way before their password is hashed. Everything is stored through
``persistence``'s ``AccountStore``; no SQL here.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import re
import secrets
from dataclasses import asdict, dataclass

from itsdangerous import URLSafeTimedSerializer

from petersburg.server.accounts.passwords import Passwords
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
    Crowded,
    Limit,
    NewAccount,
    NewSession,
    SessionRow,
)
from petersburg.server.persistence.store import StorageError
from petersburg.server.protocol.http import (
    AccountInfo,
    LeaderboardEntry,
    LeaderboardResponse,
    ProfileGame,
    ProfileResponse,
    RatingPoint,
    SessionInfo,
)
from petersburg.server.protocol.names import name_key as folded_name_key
from petersburg.server.protocol.names import shown_name
from petersburg.server.settings import Settings

SESSION_COOKIE = "pb_session"
SESSION_KEY = "session_key"
"""The server-wide setting that holds the server's signing key."""
SESSION_TOUCH = 3600.0
"""A session's last use is written at most this often (the tenth of ``session_lifetime`` if that
is shorter), so that a signed-in page's every request is not a write."""
USER_AGENT_LENGTH = 200
"""The longest part of a browser's ``User-Agent`` kept with its session."""
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,22}[A-Za-z0-9._-]$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
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
    """The form under which names are unique: case, spacing, accents, look-alike letters and
    trailing dots do not make a new name (``protocol.names.name_key``)."""
    return folded_name_key(name)


def check_name(name: str) -> str:
    """An account's name as it is kept: plain (``protocol.names.shown_name``: NFKC, no invisible
    character, no stray mark) and within ``NAME_PATTERN``; refused with a sentence otherwise."""
    cleaned = shown_name(name)
    if not NAME_PATTERN.match(cleaned):
        raise Refusal("account_name_rule")
    return cleaned


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refusal("password_length", least=MIN_PASSWORD, most=MAX_PASSWORD)


def minutes_left(crowded: Crowded, window: float, now: float) -> int:
    """Whole minutes (at least 1) until the counted attempt that leaves the window first has left."""
    return max(1, math.ceil((crowded.oldest + window - now) / 60))


def session_hash(session_id: str) -> str:
    """What is stored of a session's id: its SHA-256. The id is 256 random bits, so a hash without
    salt or stretching is as hard to turn back into a cookie as the id is to guess, and finding a
    session stays one indexed look-up."""
    return hashlib.sha256(session_id.encode()).hexdigest()


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its account, and its session as stored."""

    account: Account
    row: SessionRow


def _account(row: AccountRow | None) -> Account | None:
    """The ``Account`` of a stored row (None for none)."""
    return None if row is None else Account(**asdict(row))


class Accounts:
    """Accounts on the server's database (through ``AccountStore``), shared by every server
    process; also the rating maths a finished game's result is stored with (``ResultRating``)."""

    def __init__(
        self,
        store: AccountStore,
        clock: Clock,
        passwords: Passwords,
        settings: Settings,
        secret_key: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.passwords = passwords
        self.settings = settings
        self._secret_key = secret_key
        self._serializer: URLSafeTimedSerializer | None = None
        self._key: str | None = None

    async def start(self) -> None:
        """Load (or create, once for all processes) the server's signing key."""
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

    def close(self) -> None:
        """Stop hashing passwords (the server stops)."""
        self.passwords.close()

    # Sessions ----------------------------------------------------------------------------------

    async def start_session(self, account: Account, user_agent: str) -> str:
        """A new session of ``account`` for the browser ``user_agent``: the id its cookie holds."""
        session_id = secrets.token_urlsafe(32)
        now = self.clock.time()
        expires = now + self.settings.session_lifetime
        await self.store.add_session(
            NewSession(session_hash(session_id), account.id, now, user_agent[:USER_AGENT_LENGTH], expires)
        )
        return session_id

    async def signed_in(self, cookie: str | None) -> Session | None:
        """The session a request's cookie holds, if it has not ended; its use is noted (at most
        once per ``SESSION_TOUCH``), which moves its end on."""
        if not cookie:
            return None
        now = self.clock.time()
        found = await self.store.session(session_hash(cookie), now)
        if found is None:
            return None
        row, stored = found
        lifetime = self.settings.session_lifetime
        if now - stored.last_seen >= min(SESSION_TOUCH, lifetime / 10):
            stored = stored._replace(last_seen=now, expires=now + lifetime)
            await self.store.touch_session(stored.id_hash, now, stored.expires)
        account = _account(row)
        assert account is not None
        return Session(account, stored)

    async def session(self, cookie: str | None) -> Account | None:
        """The signed-in account of a request's session cookie (None for a guest)."""
        session = await self.signed_in(cookie)
        return None if session is None else session.account

    async def required(self, cookie: str | None) -> Account:
        """The signed-in account of ``cookie``; ``Refusal`` (401) for a guest."""
        return (await self._required(cookie)).account

    async def _required(self, cookie: str | None) -> Session:
        session = await self.signed_in(cookie)
        if session is None:
            raise Refusal("not_signed_in", status=401)
        return session

    async def sign_out(self, cookie: str | None) -> None:
        """End the session of ``cookie`` (a copy of the cookie signs nobody in afterwards)."""
        if cookie:
            await self.store.end_session(session_hash(cookie))

    async def sign_out_everywhere(self, cookie: str | None) -> None:
        """End every session of the signed-in account, this one included."""
        session = await self._required(cookie)
        await self.store.end_sessions(session.account.id)

    async def sessions(self, cookie: str | None) -> list[SessionInfo]:
        """The signed-in account's sessions, most recently used first."""
        session = await self._required(cookie)
        rows = await self.store.sessions(session.account.id, self.clock.time())
        return [
            {
                "created": row.created,
                "last_seen": row.last_seen,
                "user_agent": row.user_agent,
                "current": row.id_hash == session.row.id_hash,
            }
            for row in rows
        ]

    async def change_password(self, cookie: str | None, old: str, new: str, address: str) -> None:
        """Replace the signed-in account's password, given the current one (counted like a
        sign-in, so a stolen cookie is no faster a way to guess it); every other session ends."""
        session = await self._required(cookie)
        check_password(new)
        account = session.account
        with self.passwords.turn():
            found = await self._checked(name_key(account.name), old, address)
            if found is None:
                raise Refusal("wrong_current_password", status=403)
            password_hash = await self.passwords.hash(new)
        await self.store.set_password(account.id, password_hash, keep_session=session.row.id_hash)

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

    async def set_language(self, account_id: int, language: str) -> None:
        """Remember the language an account's owner chose (``text.languages.known`` already)."""
        await self.store.set_language(account_id, language)

    async def owner_of_name(self, name: str) -> Account | None:
        """The account called ``name`` (whatever its case and spacing), if there is one."""
        return _account(await self.store.account_by_name(name_key(name)))

    # Sign up, sign in --------------------------------------------------------------------------

    async def sign_up(self, name: str, password: str, guest_uid: str | None, address: str) -> Account:
        """A new account; it takes over ``guest_uid`` (its seats and games) unless that identity
        belongs to an account already. Counted per ``address`` before the password is hashed."""
        cleaned = check_name(name)
        check_password(password)
        key = name_key(cleaned)
        if await self.store.account_by_name(key) is not None:
            raise Refusal("account_name_taken", status=409, name=cleaned)
        with self.passwords.turn():
            now = self.clock.time()
            window = self.settings.sign_up_window
            limit = Limit(self.settings.sign_ups_per_address, now - window)
            crowded = await self.store.reserve_sign_up(address, now, limit)
            if crowded is not None:
                raise Refusal("sign_ups_from_address", status=429, count=minutes_left(crowded, window, now))
            password_hash = await self.passwords.hash(password)
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
        and after too many attempts refused whatever the password, saying how long to wait."""
        with self.passwords.turn():
            account = await self._checked(name_key(name), password, address)
        if account is None:
            raise Refusal("wrong_password", status=401)
        return account

    async def _checked(self, key: str, password: str, address: str) -> Account | None:
        """The account whose name has the form ``key`` if ``password`` is its password. The attempt
        is reserved first (``Refusal`` if a limit is full) and forgotten, with the name's earlier
        ones, if the password is right."""
        now = self.clock.time()
        window = self.settings.sign_in_window
        crowded = await self.store.reserve_sign_in(
            key,
            address,
            now,
            by_name=Limit(self.settings.sign_ins_per_name, now - window),
            by_address=Limit(self.settings.sign_ins_per_address, now - window),
        )
        if crowded is not None:
            minutes = minutes_left(crowded, window, now)
            if crowded.by == "name":
                raise Refusal("sign_ins_for_name", status=429, count=minutes)
            raise Refusal("sign_ins_from_address", status=429, count=minutes)
        found = await self.store.password_hash(key)
        if found is None or not await self.passwords.verify(found[1], password):
            return None
        await self.store.forget_sign_ins(key)
        return _account(found[0])

    # Profiles, leaderboard ---------------------------------------------------------------------

    async def uid_of(self, name: str) -> str:
        """The identity the account ``name`` plays as; ``no_account`` (404) if there is none."""
        account = await self.store.account_by_name(name_key(name))
        if account is None:
            raise Refusal("no_account", status=404, name=" ".join(name.split())[:40])
        return account.uid

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
