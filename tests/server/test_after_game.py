"""After the game: every seat's rubles and hand on the final board and in the replay, and a solo
game's place in the high-score list."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from fastapi.testclient import TestClient

from petersburg.engine import GameOptions
from petersburg.server.game.automation import BotRunner
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import SeatRow, SoloPlace, TableRow
from petersburg.server.protocol.messages import GameResult
from petersburg.server.settings import Settings
from tests.server.helpers import (
    UIDS,
    create_table,
    guest_socket,
    hello,
    recv_until,
    score_line,
    update_numbered,
)


def assert_everything_shown(view: dict[str, Any]) -> None:
    for seat in view["seats"]:
        assert isinstance(seat["rubles"], int)
        assert isinstance(seat["hand"], list) and len(seat["hand"]) == seat["hand_size"]
        assert None not in seat["hand"]


def test_the_final_board_and_the_replay_show_every_seats_rubles_and_hand(
    make_client: Callable[..., TestClient],
) -> None:
    with ThreadPoolExecutor(1) as executor:
        client = make_client(Settings(bot_delay=0.0), bots=BotRunner(1, executor=executor))
        table = create_table(client, 3, sit=False, fill="greedy", options={"always_refill": True})
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            first = hello(ws, "Watcher")
            assert first["you"] is None  # the creator watches: every seat is a bot
            ws.send_json({"type": "start"})
            running = recv_until(ws, lambda m: m["type"] == "update" and m.get("seq") == 3)
            assert all(seat["rubles"] is None for seat in running["view"]["seats"])  # still secret
            final = recv_until(ws, lambda m: m["type"] == "update" and "result" in m, limit=5000)
        assert_everything_shown(final["view"])
        rubles = [line["rubles"] for line in final["result"]["scores"]]
        assert [seat["rubles"] for seat in final["view"]["seats"]] == rubles
        steps = client.get(f"/api/tables/{table}/replay").json()["steps"]
        for step in (0, steps // 2, steps):
            assert_everything_shown(client.get(f"/api/tables/{table}/replay?step={step}").json()["view"])
        # The results page: every seat's sources add up to its total; VP round by round end
        # with the VP scored during the game.
        story = client.get(f"/api/tables/{table}/story").json()
        assert story["winners"] == final["result"]["winners"]
        for seat, line in zip(story["seats"], final["result"]["scores"], strict=True):
            assert sum(part["vp"] for part in seat["sources"]) == seat["total"] == line["total"]
            assert [part["source"] for part in seat["sources"]][-3:] == ["Aristocrat bonus", "Rubles", "Hand"]
            assert len(seat["vp_by_round"]) == final["result"]["rounds"]
            assert seat["vp_by_round"][-1] == line["play_vp"]
            assert seat["vp_by_round"] == sorted(seat["vp_by_round"])  # VP are never lost in play


def finished_solo(store: SqlStore, uid: str, total: int, rubles: int) -> int:
    async def make() -> int:
        options = GameOptions().to_json()
        row = TableRow(
            0, "solo", 0.0, 1, options, True, 0, True, uid, seats=[SeatRow("human", "P", uid, "t")]
        )
        table = await store.create_table(row)
        result: GameResult = {
            "scores": [score_line(0, total, rubles)],
            "winners": [0],
            "rounds": 6,
            "names": ["P"],
        }
        await store.set_status(table, "playing", 0, seed=1)
        await store.finish(replace(row, id=table, seed=1, status="over", result=result), 1)
        return table

    return asyncio.run(make())


def test_a_solo_game_is_placed_overall_and_among_your_own(database: str) -> None:
    store = SqlStore(database)
    try:
        mine, other = "mine-uid-0001", "other-uid-001"
        for uid, total, rubles in [
            (mine, 50, 3),
            (other, 60, 0),
            (other, 40, 9),
            (mine, 40, 5),
            (mine, 20, 0),
        ]:
            finished_solo(store, mine if uid == mine else other, total, rubles)
        new = finished_solo(store, "someone-else", 0, 0)  # a table id after them all

        def place(total: int, rubles: int, uid: str = mine) -> SoloPlace:
            return asyncio.run(store.solo_placement(new, total, rubles, uid))

        # Better: 60, 50, 40 with 9 rubles, 40 with 5 rubles (same figures, older table): 5th.
        assert place(40, 5) == SoloPlace(5, 7, 3, 4)
        assert place(70, 0) == SoloPlace(1, 7, 1, 4)
        assert place(10, 0, "new-person-01") == SoloPlace(6, 7, 1, 1)
    finally:
        asyncio.run(store.close())


def test_a_finished_solo_game_says_where_it_places(client: TestClient) -> None:
    table = create_table(client, 1, options={"always_refill": True})
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Alice")
        ws.send_json({"type": "start"})
        update = recv_until(ws, lambda m: m["type"] == "update" and m.get("seq") == 0 and "view" in m)
        while "result" not in update:
            legal = update["legal"]
            buys = (
                [a for a in legal if a["kind"] == "buy"] or [a for a in legal if a["kind"] != "pass"] or legal
            )
            ws.send_json(
                {
                    "type": "act",
                    "token": update["you"]["token"],
                    "seq": update["seq"],
                    "action": buys[0]["id"],
                }
            )
            update = recv_until(ws, update_numbered(update["seq"] + 1))
    assert update["result"]["placement"] == {"overall": 1, "overall_of": 1, "yours": 1, "yours_of": 1}
