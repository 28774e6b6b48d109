"""A first game in one click and "Play again": the lobby's ``start``, the rematch of a finished
game with the same players and options, the invitation's host, and who takes a left seat."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

from petersburg.server.settings import Settings
from tests.server.helpers import (
    UIDS,
    as_guest,
    create_table,
    guest_socket,
    hello,
    is_update,
    pick_action,
    recv_until,
    seated_game,
)
from tests.server.test_accounts import play_to_end

MARKET = {"edition": "second", "market": True, "market_board": 8, "unpaid_crate": "idle"}


def later_than(seq: int) -> Callable[[dict[str, Any]], bool]:
    """An update after ``seq``, or the one with the result."""
    return lambda m: is_update(m) and (m["seq"] > seq or "result" in m)


def again(client: TestClient, table: int, uid: str) -> Any:
    return client.post(f"/api/tables/{table}/again", json={}, headers=as_guest(client, uid))


def test_play_now_deals_at_once_and_refuses_empty_seats_before_creating(client: TestClient) -> None:
    table = create_table(client, 4, fill="medium", start=True)
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "playing" and summary["host"] == "Alice"
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot", "bot"]
    assert {s["bot"] for s in summary["seats"][1:]} == {"medium"}
    before = len(client.get("/api/tables").json())
    refused = client.post(
        "/api/tables", json={"name": "Alice", "seats": 2, "start": True}, headers=as_guest(client, UIDS[0])
    )
    assert refused.status_code == 400 and "Seat(s) 2 still empty" in refused.json()["detail"]
    assert len(client.get("/api/tables").json()) == before
    assert again(client, table, UIDS[0]).status_code == 409  # not over yet


def test_a_finished_game_is_played_again_by_its_players_alone(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0))
    with ExitStack() as stack:
        old, sockets = seated_game(client, stack, 2, title="Best of three", allow_undo=False, options=MARKET)
        play_to_end(sockets, random.Random(5))
    finished = client.get(f"/api/tables/{old}").json()
    assert finished["status"] == "over"
    assert again(client, old, "stranger-uid-0009").status_code == 403
    first = again(client, old, UIDS[1])
    assert first.status_code == 201, first.text
    rematch = first.json()
    assert rematch["id"] != old and rematch["status"] == "open" and rematch["name"] == "Best of three"
    assert rematch["options"] == finished["options"] and rematch["allow_undo"] is False
    assert [s["kind"] for s in rematch["seats"]] == ["empty", "human"] and rematch["host"] == "Bob"
    joined = again(client, old, UIDS[0]).json()
    assert joined["id"] == rematch["id"]
    assert [s["name"] for s in joined["seats"]] == [s["name"] for s in finished["seats"]]
    assert again(client, old, UIDS[1]).json()["id"] == rematch["id"]  # asked twice: the same table


def test_bots_come_back_at_their_levels_and_one_person_starts_at_once(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, undo_grace=0.0))
    table = create_table(
        client, 3, fill="random", start=True, realtime=False, options={"show_rubles": True}, allow_undo=False
    )
    rng = random.Random(2)
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        update = hello(ws, "Alice")
        while "result" not in update:
            if update["legal"]:
                ws.send_json(
                    {
                        "type": "act",
                        "token": update["you"]["token"],
                        "seq": update["seq"],
                        "action": pick_action(update, rng),
                    }
                )
            update = recv_until(ws, later_than(update["seq"]))
    finished = client.get(f"/api/tables/{table}").json()
    rematch = again(client, table, UIDS[0]).json()
    assert rematch["status"] == "playing" and rematch["realtime"] is False
    assert rematch["options"] == finished["options"] and rematch["options"]["show_rubles"] is True
    assert [(s["kind"], s["bot"]) for s in rematch["seats"]] == [
        (s["kind"], s["bot"]) for s in finished["seats"]
    ]


def test_a_seat_left_during_a_game_goes_to_a_greedy_bot_as_an_idle_one_does(client: TestClient) -> None:
    table = create_table(client, 2, fill="random", start=True)
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Alice")
        ws.send_json({"type": "leave"})
        notice = recv_until(ws, lambda m: m["type"] == "chat" and "leaves" in m["text"])
        assert "the Easy bot plays seat 1" in notice["text"]  # the level the menus call Easy
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["kind"] == "bot" and seats[0]["bot"] == "easy"  # the level of the greedy heuristic
