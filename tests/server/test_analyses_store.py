"""The stored analyses: one per table (a second replaces the first), which finished games still lack
one, and a person's average loss per move over his last games, weighted by decisions."""

from __future__ import annotations

import asyncio
from typing import cast

from petersburg.analysis import AnalysisJson
from petersburg.server.persistence.analyses import LossSummary, SeatLoss
from petersburg.server.persistence.sql.analyses import SqlAnalyses
from petersburg.server.persistence.sql.store import SqlStore
from tests.server.test_after_game import finished_solo

ANNA = "anna-uid-0001"


def data(marker: int) -> AnalysisJson:
    return cast(
        AnalysisJson, {"format": "petersburg-analysis", "version": 1, "decisions": [], "marker": marker}
    )


def test_analyses_are_stored_replaced_listed_and_averaged(database: str) -> None:
    store = SqlStore(database)
    analyses = SqlAnalyses(store)
    try:
        first, second, third = (finished_solo(store, ANNA, total, 0) for total in (30, 40, 50))

        async def run() -> None:
            assert await analyses.unanalysed(10) == [first, second, third]
            assert await analyses.analysis(first) is None
            assert await analyses.average_loss(ANNA, 20) == LossSummary(0, 0, 0.0)
            await analyses.save_analysis(first, 1.0, data(1), [SeatLoss(0, ANNA, 10, 2.0)])
            await analyses.save_analysis(first, 2.0, data(2), [SeatLoss(0, ANNA, 10, 4.0)])
            await analyses.save_analysis(second, 3.0, data(3), [SeatLoss(0, ANNA, 30, 1.0)])
            stored = await analyses.analysis(first)
            assert stored is not None and stored.get("marker") == 2
            assert await analyses.unanalysed(10) == [third]
            # (10 × 4.0 + 30 × 1.0) / 40 decisions; the last game alone: 1.0.
            assert await analyses.average_loss(ANNA, 20) == LossSummary(2, 40, 1.75)
            assert await analyses.average_loss(ANNA, 1) == LossSummary(1, 30, 1.0)

        asyncio.run(run())
    finally:
        asyncio.run(store.close())
