"""The statements that rate a finished game, run in the transaction that stores its result.

``SqlStore.finish`` calls ``SqlRatings`` (one of its ``with_result`` writes) with that transaction's
connection: the accounts are read and their new ratings written there, so a game is never finished
without its ratings nor rated without its result, and the ratings' key (account, table) keeps a
game from counting twice. The maths is the ``ResultRating`` handed over (``accounts/ratings.py``).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from petersburg.server.persistence.accounts import AccountRating, ResultRating
from petersburg.server.persistence.sql import database as db
from petersburg.server.persistence.store import TableRow


class SqlRatings:
    """Rates finished games in the transaction of their result, with the maths of ``rating``."""

    def __init__(self, rating: ResultRating) -> None:
        self.rating = rating

    def __call__(self, connection: Connection, row: TableRow) -> bool:
        """Rate the finished table ``row`` in the transaction of ``connection`` if it counts;
        False if it does not (or was rated already: a game counts once)."""
        uids = self.rating.rated_uids(row)
        if not uids:
            return False
        a = db.accounts.c
        found = {
            str(r.uid): AccountRating(int(r.id), float(r.mu), float(r.sigma))
            for r in connection.execute(sa.select(a.id, a.uid, a.mu, a.sigma).where(a.uid.in_(uids)))
        }
        already = connection.execute(
            sa.select(sa.func.count()).select_from(db.ratings).where(db.ratings.c.table_id == row.id)
        ).scalar_one()
        if already:
            return False
        changes = self.rating.rating_changes(row, found)
        for change in changes:
            connection.execute(sa.insert(db.ratings).values(table_id=row.id, **change._asdict()))
            connection.execute(
                sa.update(db.accounts)
                .where(a.id == change.account_id)
                .values(mu=change.mu, sigma=change.sigma, rated_games=a.rated_games + 1)
            )
        return bool(changes)
