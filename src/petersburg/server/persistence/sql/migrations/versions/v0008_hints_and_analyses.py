"""Hints and game analysis: a table's ``hints`` switch (on for every existing table: whether a
game allows hints at all is decided from its seats and rating, not stored), the analyses of
finished games, and each person's average loss per move in them (the profile's figure).

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("data", sa.JSON(none_as_null=True), nullable=False),
    )
    op.create_table(
        "analysis_losses",
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("average_loss", sa.Float, nullable=False),
    )
    op.create_index("analysis_losses_by_user", "analysis_losses", ["user_id", "created"])


def downgrade() -> None:
    op.drop_index("analysis_losses_by_user", "analysis_losses")
    op.drop_table("analysis_losses")
    op.drop_table("analyses")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("hints")
