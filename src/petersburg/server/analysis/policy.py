"""Where hints are allowed: solo, unrated and practice games only, and only where the table's
creator left them on.

A game that may end rated never gets hints: one created ``rated``, or one with two or more seats all
held by people (accounts playing each other are rated whatever the creator chose; whether each of
them is an account is only settled at the end, so such a table is treated as rated from the start).
"""

from __future__ import annotations

from petersburg.server.errors import Refusal
from petersburg.server.persistence.store import TableRow


def may_be_rated(row: TableRow) -> bool:
    """Whether the game at ``row`` may count for ratings (``accounts/ratings.py``'s rule, seen early)."""
    if row.num_seats < 2:
        return False
    return row.rated or all(seat.kind == "human" for seat in row.seats)


def hints_allowed(row: TableRow) -> bool:
    """Whether a seat of ``row`` may ask for a hint (what the table page shows as its button)."""
    return row.hints and not may_be_rated(row)


def hint_refusal(row: TableRow) -> Refusal | None:
    """Why nobody at ``row`` may ask for a hint, or None."""
    if may_be_rated(row):
        return Refusal("hint_rated", status=403)
    if not row.hints:
        return Refusal("hint_off", status=403)
    return None
