"""Signed-in sessions as rows (the cookie carries a session's random id; the row its hash), and the
sign-ups counted per address.

Cookies of the server before this version (a signed account id) are no longer accepted: their
holders sign in again.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("user_agent", sa.Text, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("sessions_by_account", "sessions", ["account_id"])
    op.create_index("sessions_by_expiry", "sessions", ["expires"])
    op.create_table(
        "sign_ups",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("sign_ups_by_address", "sign_ups", ["address", "created"])


def downgrade() -> None:
    op.drop_table("sign_ups")
    op.drop_table("sessions")
