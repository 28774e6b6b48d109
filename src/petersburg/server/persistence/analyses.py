"""The protocol the analyses of finished games are stored through (``sql/analyses.py`` implements
it): one analysis per table, and per person's seat the average loss per move it found."""

from __future__ import annotations

from typing import NamedTuple, Protocol

from petersburg.analysis import AnalysisJson


class SeatLoss(NamedTuple):
    """A person's seat in an analysed game: how many decisions were judged, the average loss."""

    seat: int
    user_id: str
    decisions: int
    average_loss: float


class LossSummary(NamedTuple):
    """A person's average loss per move over his last analysed games."""

    games: int
    decisions: int
    average_loss: float


class AnalysisStore(Protocol):
    """Durable storage of game analyses. Each coroutine returns once its write is durable (or
    raises ``StorageError``, and nothing of it was written)."""

    async def save_analysis(
        self, table_id: int, created: float, data: AnalysisJson, losses: list[SeatLoss]
    ) -> None:
        """Store (or replace) the analysis of ``table_id`` with its seats' losses, in one transaction."""
        ...

    async def analysis(self, table_id: int) -> AnalysisJson | None:
        """The stored analysis of ``table_id``, if there is one."""
        ...

    async def unanalysed(self, limit: int) -> list[int]:
        """Finished tables with a person at them and no analysis yet, oldest first (at most ``limit``)."""
        ...

    async def average_loss(self, user_id: str, games: int) -> LossSummary:
        """``user_id``'s average loss per move over his last ``games`` analysed games (by decision)."""
        ...
