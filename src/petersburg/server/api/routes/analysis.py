"""A finished game's analysis and a person's average loss per move, as resources. Translation only."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from petersburg.analysis import analysis_in_language
from petersburg.server.analysis.queue import table_record
from petersburg.server.api.deps import AccountsDep, AnalysesDep, LanguageDep, SettingsDep, TableId, TablesDep
from petersburg.server.api.responses import json_response
from petersburg.server.api.routes.tables import finished
from petersburg.server.errors import Refusal
from petersburg.server.protocol.http import AnalysisResponse, LossResponse

router = APIRouter()


@router.get("/api/tables/{table_id}/analysis", response_model=AnalysisResponse)
async def game_analysis(
    table_id: TableId, tables: TablesDep, analyses: AnalysesDep, language: LanguageDep
) -> Response:
    """A finished game's analysis (``ready``) worded for the reader, or ``pending`` (202) while it
    is made: it is queued when the game ends, and on this request for an older game that has none
    yet. It is stored once; its words are made for each reader from the game's record."""
    table = await finished(tables, table_id, Refusal("analysis_unfinished", status=409))
    found = await analyses.analysis(table)
    record = table_record(table)
    if found is None or record is None:
        return json_response({"status": "pending", "analysis": None}, 202)
    return json_response({"status": "ready", "analysis": analysis_in_language(found, record, language)})


@router.get("/api/profile/{name}/loss", response_model=LossResponse)
async def average_loss(
    name: str, accounts: AccountsDep, analyses: AnalysesDep, settings: SettingsDep
) -> Response:
    """An account's average loss per move (VP) over its last analysed games; 404 for no account."""
    uid = await accounts.uid_of(name)
    summary = await analyses.average_loss(uid, settings.analysis_profile_games)
    return json_response(
        {
            "games": summary.games,
            "decisions": summary.decisions,
            "average_loss": round(summary.average_loss, 3),
        }
    )
