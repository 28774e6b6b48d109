"""The narrow asynchronous interface of the leases' storage: which server process runs a table's
bots, auto-pass and turn timer, and the turn timer's deadline kept with the lease.

``cluster/leases.py`` decides when to take, renew and give back a lease; ``sql/leases.py`` makes
each of those one statement, so two processes can never both hold a lease.
"""

from __future__ import annotations

from typing import Protocol


class LeaseStore(Protocol):
    """Durable leases on tables' automation, shared by every process of one database."""

    async def hold(self, holder: str, table_ids: list[int], now: float, expires: float) -> set[int]:
        """Take or renew, until ``expires``, the leases of ``table_ids`` that are ``holder``'s or
        have run out at ``now``; the ones ``holder`` holds now."""
        ...

    async def settle_deadline(self, holder: str, table_id: int, seq: int, proposed: float) -> float:
        """The turn timer's deadline stored with ``table_id``'s lease for its game at log row
        ``seq``; if none is stored for that turn, ``proposed``, stored now if ``holder`` holds the
        lease."""
        ...

    async def stored_deadline(self, table_id: int, seq: int) -> float | None:
        """The turn timer's deadline stored for ``table_id``'s game at log row ``seq``, if any."""
        ...

    async def release(self, holder: str, table_id: int) -> None:
        """Give back ``table_id``'s lease if ``holder`` holds it."""
        ...
