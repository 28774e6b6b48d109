"""What the server stores of accounts, and the narrow asynchronous interface of that storage.

``accounts/`` reaches its tables (accounts, sessions, sign-in and sign-up attempts, ratings, the
server's own settings) through ``AccountStore`` alone; ``sql/accounts.py`` implements it. A
finished game's ratings are written by the table store in the transaction that stores the game's
result, with the rating maths handed over as a ``ResultRating`` (``sql/ratings.py``), so a game
is never finished unrated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from petersburg.server.persistence.store import TableRow


@dataclass(frozen=True)
class AccountRow:
    """An account as stored: a person with a name, the identity he plays as (``uid``) and his
    rating (OpenSkill's mu and sigma), without the password's hash."""

    id: int
    name: str
    uid: str
    created: float
    mu: float
    sigma: float
    rated_games: int
    language: str | None = None
    """The language its owner last chose (``text.languages``), None until one was chosen."""


class NewAccount(NamedTuple):
    """An account to store: its name, the form under which names are unique (``name_key``), the
    password's hash, the identity it plays as, when, and its first rating."""

    name: str
    name_key: str
    password_hash: str
    uid: str
    created: float
    mu: float
    sigma: float


class NewSession(NamedTuple):
    """A signed-in session to store: the hash of its id (``id_hash``; the id itself is only in the
    browser's cookie), its account, when it began, the browser that began it and when it ends."""

    id_hash: str
    account_id: int
    created: float
    user_agent: str
    expires: float


class SessionRow(NamedTuple):
    """A stored session: ``NewSession`` with when it was last used (its expiry slides with it)."""

    id_hash: str
    account_id: int
    created: float
    last_seen: float
    user_agent: str
    expires: float


class Limit(NamedTuple):
    """At most ``most`` attempts counted since ``since`` (the start of the limit's window)."""

    most: int
    since: float


class Crowded(NamedTuple):
    """Why an attempt was not reserved: which limit is full, and when the counted attempt that
    leaves the window first was made (the limit has room again once it has left)."""

    by: Literal["name", "address"]
    oldest: float


class RatingStep(NamedTuple):
    """How one rated game moved an account's rating (its rating history)."""

    table_id: int
    created: float
    mu_before: float
    mu: float
    sigma: float


class PlayedGame(NamedTuple):
    """A table an account sat at as a person, and the seat it held there."""

    table: TableRow
    seat: int


class Leader(NamedTuple):
    """An account on the leaderboard."""

    name: str
    mu: float
    sigma: float
    rated_games: int


class AccountRating(NamedTuple):
    """An account's rating as a finished game finds it (by the account's ``uid``)."""

    id: int
    mu: float
    sigma: float


class RatingChange(NamedTuple):
    """One account's rating after a finished game: a row of the rating history."""

    account_id: int
    created: float
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    rank: int
    """The account's place in the game (1 is the best)."""


class ResultRating(Protocol):
    """The rating maths a store applies to a finished game in the transaction that stores its
    result, on the accounts as that transaction reads them."""

    def rated_uids(self, row: TableRow) -> list[str]:
        """The identities of the accounts the finished game ``row`` rates (none: it is unrated)."""
        ...

    def rating_changes(self, row: TableRow, accounts: Mapping[str, AccountRating]) -> list[RatingChange]:
        """The new ratings of ``accounts`` (by ``uid``; those of ``rated_uids`` that are stored)
        after ``row``; none if the game does not count after all (a guest sat at the table)."""
        ...


class AccountStore(Protocol):
    """Durable storage of accounts, their sessions, attempts to sign in and up, and the server-wide
    settings. Each coroutine returns once its write is durable (or raises ``StorageError``, and
    nothing of it was written)."""

    async def setting(self, key: str) -> str | None:
        """A server-wide value (such as the key that signs session cookies), if it is stored."""
        ...

    async def add_setting(self, key: str, value: str) -> None:
        """Store a server-wide value; ``StorageError`` if one is stored under ``key`` already."""
        ...

    async def account_by_id(self, account_id: int) -> AccountRow | None: ...

    async def account_by_uid(self, uid: str) -> AccountRow | None: ...

    async def account_by_name(self, name_key: str) -> AccountRow | None:
        """The account whose name has the unique form ``name_key``."""
        ...

    async def add_account(self, account: NewAccount) -> None:
        """Store a new account; ``StorageError`` if its name or identity is taken."""
        ...

    async def set_language(self, account_id: int, language: str) -> None:
        """Remember the language the account's owner chose (a page's picker, a socket's request)."""
        ...

    async def password_hash(self, name_key: str) -> tuple[AccountRow, str] | None:
        """The account whose name has the unique form ``name_key``, with its password's hash."""
        ...

    async def reserve_sign_in(
        self, name_key: str, address: str, created: float, by_name: Limit, by_address: Limit
    ) -> Crowded | None:
        """Count the sign-in attempts for the name and from the address within their limits and,
        if both have room, store this one, in one step that no other attempt of any server process
        interleaves with (so a burst of attempts cannot all read the count before any is stored);
        ``Crowded`` (and nothing stored) where a limit is full."""
        ...

    async def forget_sign_ins(self, name_key: str) -> None:
        """Forget the sign-in attempts for a name (its password was just given right)."""
        ...

    async def reserve_sign_up(self, address: str, created: float, limit: Limit) -> Crowded | None:
        """The same as ``reserve_sign_in`` for the sign-ups from an address."""
        ...

    async def set_password(self, account_id: int, password_hash: str, keep_session: str) -> None:
        """Store an account's new password hash and end every session of it but ``keep_session``
        (by its id's hash), together."""
        ...

    async def replace_password(self, account_id: int, old_hash: str, new_hash: str) -> bool:
        """Store a new password hash if the account's is still ``old_hash``, and end every session
        of the account, together; whether it was replaced (a password reset link works once even
        when it is used twice at the same moment)."""
        ...

    async def add_session(self, session: NewSession) -> None:
        """Store a new session (and forget the sessions that have ended by its ``created``)."""
        ...

    async def session(self, id_hash: str, now: float) -> tuple[AccountRow, SessionRow] | None:
        """The session whose id has the hash ``id_hash``, with its account, if it has not expired
        by ``now``."""
        ...

    async def touch_session(self, id_hash: str, last_seen: float, expires: float) -> None:
        """The session was used at ``last_seen``: it now lasts until ``expires``."""
        ...

    async def sessions(self, account_id: int, now: float) -> list[SessionRow]:
        """The account's sessions that have not expired by ``now``, most recently used first."""
        ...

    async def end_session(self, id_hash: str) -> None: ...

    async def end_sessions(self, account_id: int) -> None:
        """End every session of the account."""
        ...

    async def history(self, account: AccountRow, limit: int) -> tuple[list[RatingStep], list[PlayedGame]]:
        """An account's rating history, oldest first, and its last ``limit`` games (not closed
        tables), newest first, read together."""
        ...

    async def leaders(self, limit: int) -> list[Leader]:
        """The ``limit`` best rated accounts by mu − 3 sigma (then the oldest first)."""
        ...
