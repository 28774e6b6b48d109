"""The tables as a resource: the lobby's list, a new table, one table's summary, a finished game's
replay and story, and the solo high scores. Translation only: what is refused is raised (``Refusal``,
``BadRequest``) and answered by ``api.handlers``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from petersburg.server.api.deps import IdentityDep, LanguageDep, PresenterDep, SeatingDep, TableId, TablesDep
from petersburg.server.api.responses import json_response
from petersburg.server.errors import Refusal
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.protocol.http import GameStory, ReplayResponse
from petersburg.server.protocol.messages import HighScore, TableSummary
from petersburg.server.protocol.parsing import parse_create_body
from petersburg.server.view.presenter import table_summary, worded_summary

router = APIRouter()


@router.get("/api/tables", response_model=list[TableSummary])
async def lobby_tables(presenter: PresenterDep, language: LanguageDep) -> Response:
    """Open and running tables, newest first, then the last finished ones (``TableSummary``)."""
    return json_response(presenter.lobby_tables(language))


@router.get("/api/highscores", response_model=list[HighScore])
async def highscores(presenter: PresenterDep, language: LanguageDep) -> Response:
    return json_response(presenter.highscores(language))


@router.post("/api/tables", status_code=201, response_model=TableSummary)
async def create_table(
    request: Request, who: IdentityDep, seating: SeatingDep, language: LanguageDep
) -> Response:
    """Create a table: ``CreateTableBody``, by who the request's cookies say; answers the new
    table's ``TableSummary``."""
    body = parse_create_body(await request.body())
    name = who.account.name if who.account is not None else body.get("name")
    table = await seating.create(who.uid, name, body, address=who.address)
    return json_response(worded_summary(table_summary(table, table.seat_of_uid(who.uid)), language), 201)


@router.post("/api/tables/{table_id}/again", status_code=201, response_model=TableSummary)
async def play_again(
    table_id: TableId, who: IdentityDep, tables: TablesDep, seating: SeatingDep, language: LanguageDep
) -> Response:
    """ "Play again" after a finished game: the same players with the same options at a new table
    (``Seating.again`` says how each is seated); answers that table's ``TableSummary``."""
    table = await seating.again(await tables.get(table_id), who.uid, address=who.address)
    return json_response(worded_summary(table_summary(table, table.seat_of_uid(who.uid)), language), 201)


@router.get("/api/tables/{table_id}", response_model=TableSummary)
async def table_info(table_id: TableId, tables: TablesDep, language: LanguageDep) -> Response:
    return json_response(worded_summary(table_summary(await tables.get(table_id)), language))


async def finished(tables: Tables, table_id: int, unfinished: Refusal) -> Table:
    """A finished table; ``unfinished`` (a refusal with status 409) if it is not over."""
    table = await tables.get(table_id)
    if table.row.status != "over" or table.game is None:
        raise unfinished
    return table


@router.get("/api/tables/{table_id}/replay", response_model=ReplayResponse)
async def replay(
    table_id: TableId,
    tables: TablesDep,
    presenter: PresenterDep,
    language: LanguageDep,
    step: str | None = None,
) -> Response:
    """A finished game step by step: the public view after ``step`` actions and the log."""
    table = await finished(tables, table_id, Refusal("replay_unfinished", status=409))
    if step is not None and not (step.isascii() and step.isdigit() and len(step) <= 9):
        raise Refusal("step_malformed")
    return json_response(presenter.replay(table, int(step) if step is not None else None, language))


@router.get("/api/tables/{table_id}/story", response_model=GameStory)
async def story(
    table_id: TableId, tables: TablesDep, presenter: PresenterDep, language: LanguageDep
) -> Response:
    """A finished game's results: each seat's score by source and VP round by round."""
    table = await finished(tables, table_id, Refusal("story_unfinished", status=409))
    return json_response(presenter.story(table, language))
