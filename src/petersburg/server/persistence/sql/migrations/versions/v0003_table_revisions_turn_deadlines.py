"""Table revisions (each change of a table's row or seats is made against the revision its writer
saw, so two server processes cannot both change one table at once) and the turn timer's deadline
kept with a table's lease (a process taking the lease over lets the timer run on).

Existing tables start at revision 0; existing leases have no deadline (their timer, if any, starts
again once, as before).

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    op.add_column("leases", sa.Column("seq", sa.Integer))
    op.add_column("leases", sa.Column("deadline", sa.Float))


def downgrade() -> None:
    with op.batch_alter_table("leases") as leases:
        leases.drop_column("deadline")
        leases.drop_column("seq")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("revision")
