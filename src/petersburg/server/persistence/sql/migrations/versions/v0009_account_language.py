"""The language an account's owner chose: its pages, the words of its sockets and its alerts (e-mail,
push, webhook) read in it. Null for every existing account (it reads as its browser asks).

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("language", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.drop_column("language")
