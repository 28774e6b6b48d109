"""Stopping a real server (SIGTERM) while 30 games of bots alone are playing: a bot move that the
stop cut short (waiting for a bot worker, or being computed) is dropped, never written as a pass.

The criterion is exact: bots decide from (seed, view) alone (``automation.decide``), so every
stored row of a game of bots is the move its bot chooses at that point; a row written by the
fallback that passes for a failed bot is a move the bot would not have made (or the same move,
which changes nothing). The server's output is also read for that fallback's line."""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack
from pathlib import Path

from websockets.sync.client import connect

from petersburg.bots.levels import spec_of
from petersburg.engine import view
from petersburg.server.game.automation import bot_seed, decide
from petersburg.server.game.game import Game
from petersburg.server.local import LocalServer
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import LogRow, TableRow
from tests.e2e.pages import create_table
from tests.server.helpers import eventually, query
from tests.server.live import guest_cookie

TABLES = 30
FALLBACK_LINE = "the server passes for it"


async def stored_games(database: str, ids: list[int]) -> list[tuple[TableRow, list[LogRow]]]:
    """Each table's row and log, as the database holds them."""
    store = SqlStore(database)
    try:
        games = []
        for table_id in ids:
            row = await store.table(table_id)
            assert row is not None
            games.append((row, await store.log(table_id)))
        return games
    finally:
        await store.close()


def first_move_not_the_bots(row: TableRow, rows: list[LogRow]) -> str | None:
    """The first stored row that is not the move the seat's bot chooses there, described (None if
    every row is)."""
    assert row.seed is not None
    game = Game(row, [f"Bot {i}" for i in range(row.num_seats)])
    for entry in rows:
        seat = entry.seat
        level = spec_of(row.seats[seat].bot)
        chosen = decide(level, bot_seed(row.seed, seat), view(game.state, seat))
        if entry.kind != "action" or entry.action != chosen:
            return f"table {row.id} row {entry.seq}: {entry.kind} {entry.action}, the bot chooses {chosen}"
        game.replay_row(row.id, entry)
    return None


def test_sigterm_under_30_bot_tables_writes_no_pass(tmp_path: Path) -> None:
    output = tmp_path / "server.log"
    # Thirty games of bots alone from one test machine: lift the per-address share meant for many people.
    env = {"PETERSBURG_BOT_WORKERS": "1", "PETERSBURG_MAX_BOT_TABLES_PER_ADDRESS": str(TABLES)}
    server = LocalServer(tmp_path, env=env, output=output)
    database = f"sqlite:///{tmp_path / 'petersburg.db'}"
    with server, ExitStack() as stack:
        hosts = [f"shutdown-host-{i}" for i in range(TABLES)]
        ids = [create_table(server.base_url, uid, "Host", seats=3, sit=False, fill="greedy") for uid in hosts]
        for uid, table in zip(hosts, ids, strict=True):
            cookie = {"Cookie": guest_cookie(server.base_url, uid)}
            url = server.base_url.replace("http", "ws") + f"/ws/table/{table}"
            ws = stack.enter_context(connect(url, additional_headers=cookie))
            ws.send(json.dumps({"type": "hello", "name": "Host"}))
            ws.send(json.dumps({"type": "start"}))
        stack.close()
        # Every table is playing and its bots queue for the one worker when the stop comes.
        eventually(
            lambda: len(query(database, "SELECT DISTINCT table_id FROM actions")) == TABLES,
            timeout=20,
            what="every table's bots playing",
        )
        server.stop()
    games = asyncio.run(stored_games(database, ids))
    assert sum(len(rows) for _row, rows in games) >= TABLES
    assert [row.status for row, _rows in games].count("over") < TABLES, "the stop came after every game ended"
    wrong = [found for found in (first_move_not_the_bots(row, rows) for row, rows in games) if found]
    assert wrong == [], wrong
    assert FALLBACK_LINE not in output.read_text()
