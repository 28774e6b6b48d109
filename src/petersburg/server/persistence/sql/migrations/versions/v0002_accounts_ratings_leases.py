"""Accounts, ratings, failed sign-ins, shared settings, and the leases of tables' automation.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("seats_by_user", "seats", ["user_id"])
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("uid", sa.Text, nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rated_games", sa.Integer, nullable=False, server_default="0"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
    )
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name_key", sa.Text, nullable=False),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("login_attempts_by_name", "login_attempts", ["name_key", "created"])
    op.create_index("login_attempts_by_address", "login_attempts", ["address", "created"])
    op.create_table(
        "settings",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("holder", sa.Text, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("leases", "settings", "login_attempts", "ratings", "accounts"):
        op.drop_table(name)
    op.drop_index("seats_by_user", "seats")
    op.drop_column("tables", "rated")
