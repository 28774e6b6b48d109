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
long to wait, whatever the password.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import secrets
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy.engine import Connection

from petersburg.server.accounts.ratings import MODEL, SCALE, bot_ratings, rate_game, result_places, shown
from petersburg.server.clock import Clock
from petersburg.server.errors import Refusal
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.sql.store import ResultWrite, SqlStore, table_from_row
from petersburg.server.persistence.store import StorageError, TableRow
from petersburg.server.protocol.http import (
    AccountInfo,
    LeaderboardEntry,
    LeaderboardResponse,
    ProfileGame,
    ProfileResponse,
    RatingPoint,
)

SESSION_COOKIE = "pb_session"
SESSION_AGE = 30 * 24 * 3600
"""Seconds a session cookie stays valid."""
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,22}[A-Za-z0-9._-]$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
ATTEMPT_WINDOW = 15 * 60.0
"""Failed sign-ins are counted over this many seconds."""
ATTEMPTS_PER_NAME = 5
ATTEMPTS_PER_ADDRESS = 20
WRONG_PASSWORD = "Wrong name or password."
PROFILE_GAMES = 200
LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    uid: str
    created: float
    mu: float
    sigma: float
    rated_games: int

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
        raise Refusal(
            "An account name has 2 to 24 characters: letters, digits, spaces, '-', '_' or '.', "
            "starting with a letter or digit."
        )
    return cleaned


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refusal(f"A password has {MIN_PASSWORD} to {MAX_PASSWORD} characters.")


def _account(row: Any) -> Account | None:
    """An ``Account`` from a row of ``ACCOUNT_COLUMNS`` (None for no row)."""
    if row is None:
        return None
    m = row._mapping
    return Account(
        int(str(m["id"])),
        str(m["name"]),
        str(m["uid"]),
        float(str(m["created"])),
        float(str(m["mu"])),
        float(str(m["sigma"])),
        int(str(m["rated_games"])),
    )


ACCOUNT_COLUMNS = (
    db.accounts.c.id,
    db.accounts.c.name,
    db.accounts.c.uid,
    db.accounts.c.created,
    db.accounts.c.mu,
    db.accounts.c.sigma,
    db.accounts.c.rated_games,
)


class Accounts:
    """Accounts on the server's database (``SqlStore``), shared by every server process."""

    def __init__(self, store: SqlStore, clock: Clock, secret_key: str | None = None) -> None:
        self.store = store
        self.clock = clock
        self.hasher = PasswordHasher()
        self._secret_key = secret_key
        self._serializer: URLSafeTimedSerializer | None = None

    async def start(self) -> None:
        """Load (or create, once for all processes) the key that signs session cookies."""
        key = self._secret_key or await self._stored_key()
        self._serializer = URLSafeTimedSerializer(key, salt="petersburg-session")

    async def _stored_key(self) -> str:
        def read(connection: Connection) -> str | None:
            value = connection.execute(
                sa.select(db.settings.c.value).where(db.settings.c.key == "session_key")
            ).scalar_one_or_none()
            return None if value is None else str(value)

        key = await self.store.run_read(read)
        if key is not None:
            return key
        fresh = secrets.token_urlsafe(48)
        with contextlib.suppress(StorageError):  # another process stored one first: use that one
            await self.store.run_write(
                lambda connection: connection.execute(
                    sa.insert(db.settings).values(key="session_key", value=fresh)
                )
            )
        stored = await self.store.run_read(read)
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
        return await self._find(db.accounts.c.id == account_id)

    async def identify(self, cookie: str | None, uid: str) -> tuple[str, Account | None]:
        """Who a request is: the signed-in account's identity, or the guest ``uid`` it claims;
        ``Refusal`` if that ``uid`` belongs to an account the request is not signed in to."""
        account = await self.session(cookie)
        if account is not None:
            return account.uid, account
        owner = await self._find(db.accounts.c.uid == uid)
        if owner is not None:
            raise Refusal(
                f"This identity belongs to the account {owner.name}: sign in to play as {owner.name}.",
                status=401,
            )
        return uid, None

    async def _find(self, where: sa.ColumnElement[bool]) -> Account | None:
        query = sa.select(*ACCOUNT_COLUMNS).where(where)
        return await self.store.run_read(lambda connection: _account(connection.execute(query).first()))

    async def owner_of_name(self, name: str) -> Account | None:
        """The account called ``name`` (whatever its case and spacing), if there is one."""
        return await self._find(db.accounts.c.name_key == name_key(name))

    # Sign up, sign in --------------------------------------------------------------------------

    async def sign_up(self, name: str, password: str, guest_uid: str | None) -> Account:
        """A new account; it takes over ``guest_uid`` (its seats and games) unless that identity
        belongs to an account already."""
        cleaned = check_name(name)
        check_password(password)
        key = name_key(cleaned)
        if await self._find(db.accounts.c.name_key == key) is not None:
            raise Refusal(f"The name {cleaned} is taken; choose another.", status=409)
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        uid = guest_uid
        if uid is None or await self._find(db.accounts.c.uid == uid) is not None:
            uid = secrets.token_urlsafe(18)
        values = {
            "name": cleaned,
            "name_key": key,
            "password_hash": password_hash,
            "uid": uid,
            "created": self.clock.time(),
            "mu": MODEL.mu,
            "sigma": MODEL.sigma,
            "rated_games": 0,
        }
        try:
            await self.store.run_write(
                lambda connection: connection.execute(sa.insert(db.accounts).values(values))
            )
        except StorageError:  # the same name (or identity) was taken a moment ago
            raise Refusal(f"The name {cleaned} is taken; choose another.", status=409) from None
        account = await self._find(db.accounts.c.name_key == key)
        assert account is not None
        return account

    async def sign_in(self, name: str, password: str, address: str) -> Account:
        """The account of ``name`` if ``password`` is right; refused with a sentence otherwise,
        and after too many failures refused whatever the password, saying how long to wait."""
        key = name_key(name)
        now = self.clock.time()
        await self._check_throttle(key, address, now)
        row = await self.store.run_read(
            lambda connection: connection.execute(
                sa.select(*ACCOUNT_COLUMNS, db.accounts.c.password_hash).where(db.accounts.c.name_key == key)
            ).first()
        )
        stored_hash = str(row._mapping["password_hash"]) if row is not None else None
        if stored_hash is None or not await asyncio.to_thread(self._verify, stored_hash, password):
            await self.store.run_write(
                lambda connection: connection.execute(
                    sa.insert(db.login_attempts).values(name_key=key, address=address, created=now)
                )
            )
            raise Refusal(WRONG_PASSWORD, status=401)
        await self.store.run_write(
            lambda connection: connection.execute(
                sa.delete(db.login_attempts).where(db.login_attempts.c.name_key == key)
            )
        )
        account = _account(row)
        assert account is not None
        return account

    def _verify(self, stored_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _check_throttle(self, key: str, address: str, now: float) -> None:
        since = now - ATTEMPT_WINDOW
        attempts = db.login_attempts.c

        def read(connection: Connection) -> tuple[list[float], list[float]]:
            by_name = connection.execute(
                sa.select(attempts.created)
                .where(attempts.name_key == key, attempts.created > since)
                .order_by(attempts.created)
            ).scalars()
            by_address = connection.execute(
                sa.select(attempts.created)
                .where(attempts.address == address, attempts.created > since)
                .order_by(attempts.created)
            ).scalars()
            return [float(t) for t in by_name], [float(t) for t in by_address]

        by_name, by_address = await self.store.run_read(read)
        for times, limit, whose in (
            (by_name, ATTEMPTS_PER_NAME, "for this name"),
            (by_address, ATTEMPTS_PER_ADDRESS, "from your address"),
        ):
            if len(times) >= limit:
                wait = times[-limit] + ATTEMPT_WINDOW - now
                minutes = max(1, math.ceil(wait / 60))
                raise Refusal(
                    f"Too many failed sign-ins {whose}: wait {minutes} minute{'s' if minutes > 1 else ''} "
                    "before trying again.",
                    status=429,
                )

    # Profiles, leaderboard ---------------------------------------------------------------------

    async def profile(self, name: str) -> ProfileResponse:
        account = await self._find(db.accounts.c.name_key == name_key(name))
        if account is None:
            raise Refusal(f"There is no account named {' '.join(name.split())[:40]}.", status=404)
        t, s, r = db.tables.c, db.seats.c, db.ratings.c

        def read(connection: Connection) -> ProfileResponse:
            changes = {
                int(row.table_id): row
                for row in connection.execute(
                    sa.select(r.table_id, r.created, r.mu_before, r.mu, r.sigma)
                    .where(r.account_id == account.id)
                    .order_by(r.created, r.table_id)
                )
            }
            games: list[ProfileGame] = []
            query = (
                sa.select(db.tables, s.seat.label("my_seat"))
                .join_from(db.tables, db.seats, s.table_id == t.id)
                .where(s.user_id == account.uid, s.kind == "human", t.status != "closed")
                .order_by(t.id.desc())
                .limit(PROFILE_GAMES)
            )
            for row in connection.execute(query):
                table = table_from_row(row)
                seat = int(row.my_seat)
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
                        "rating_change": None
                        if change is None
                        else shown(float(change.mu)) - shown(float(change.mu_before)),
                    }
                )
            ratings: list[RatingPoint] = [
                {
                    "table": table_id,
                    "t": float(row.created),
                    "rating": shown(float(row.mu)),
                    "deviation": round(SCALE * float(row.sigma)),
                }
                for table_id, row in changes.items()
            ]
            return {
                "name": account.name,
                "created": account.created,
                "rating": shown(account.mu),
                "deviation": round(SCALE * account.sigma),
                "rated_games": account.rated_games,
                "games": games,
                "ratings": ratings,
            }

        return await self.store.run_read(read)

    async def leaderboard(self) -> LeaderboardResponse:
        a = db.accounts.c
        query = (
            sa.select(a.name, a.mu, a.sigma, a.rated_games)
            .where(a.rated_games > 0)
            .order_by((a.mu - 3 * a.sigma).desc(), a.id)
            .limit(LEADERBOARD_SIZE)
        )

        def read(connection: Connection) -> list[LeaderboardEntry]:
            return [
                {
                    "place": place,
                    "name": str(row.name),
                    "rating": shown(float(row.mu)),
                    "deviation": round(SCALE * float(row.sigma)),
                    "rated_games": int(row.rated_games),
                }
                for place, row in enumerate(connection.execute(query), start=1)
            ]

        players = await self.store.run_read(read)
        return {
            "players": players,
            "bots": [
                {"level": level, "name": name, "rating": rating} for level, name, rating in bot_ratings()
            ],
        }


def result_rating(clock: Clock) -> ResultWrite:
    """The write that rates a game that just ended, if it counts (``ratings.rate_game``), in the
    transaction that stores its result (given to ``SqlStore(with_result=...)``, so it exists before
    the store that ``Accounts`` needs): a failure there stores neither, so a finished game is never
    left unrated, and the ratings' key keeps it from counting twice."""

    def rate(connection: Connection, row: TableRow) -> None:
        rate_game(connection, row, clock.time())

    return rate
