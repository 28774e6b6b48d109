"""Accounts' name keys recomputed: the key now also folds accents, look-alike letters of other
scripts and trailing dots (``protocol.names.name_key``), so the stored key of a name such as
``J.R.R.`` changes (``j.r.r.`` becomes ``j.r.r``); every other name (accounts' names are ASCII)
keeps its key. Where two existing accounts now share a key (``Vera`` and ``Vera.``), the one that
is not first keeps its old key, and a warning names it: no account is lost or merged.

Revision ID: 0005
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from petersburg.server.protocol.names import name_key

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None

log = logging.getLogger("petersburg.server")

ACCOUNTS = sa.table(
    "accounts", sa.column("id", sa.Integer), sa.column("name", sa.Text), sa.column("name_key", sa.Text)
)


def _rekey(key_of: Callable[[str], str]) -> None:
    """Give every account the key ``key_of`` its name, oldest account first, unless another
    account holds that key already."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.name_key).order_by(ACCOUNTS.c.id)
    ).all()
    taken = {row.name_key for row in rows}
    for row in rows:
        key = key_of(row.name)
        if key == row.name_key:
            continue
        if key in taken:
            log.warning(
                "account %s (%r) keeps its name key %r: %r is another's", row.id, row.name, row.name_key, key
            )
            continue
        taken.discard(row.name_key)
        taken.add(key)
        bind.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.id == row.id).values(name_key=key))


def upgrade() -> None:
    _rekey(name_key)


def downgrade() -> None:
    _rekey(lambda name: " ".join(name.split()).casefold())  # the key before this revision
