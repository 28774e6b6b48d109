"""The lobby knows you (your seats, your turn), games nobody comes back to are finished by bots, and
the pages' files are revalidated by browsers."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

from petersburg.engine import View
from petersburg.server.game.automation import SWEEP_SECONDS, BotRunner, decide
from petersburg.server.settings import Settings
from petersburg.text.names import shown_name
from petersburg.text.wording import from_stored
from tests.server.clock import ManualClock
from tests.server.helpers import (
    NAMES,
    UIDS,
    eventually,
    guest_socket,
    latest,
    recv_until,
    seated_game,
    server_of,
)


def lobby_hello(client: TestClient, stack: ExitStack, uid: str) -> tuple[Any, dict[str, Any]]:
    ws = stack.enter_context(guest_socket(client, "/ws/lobby", uid))
    ws.send_json({"type": "hello", "name": "Someone"})
    return ws, recv_until(ws, lambda m: m["type"] == "lobby")


def test_the_lobby_marks_your_seats_and_your_turn_without_showing_identities(client: TestClient) -> None:
    with ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2)
        updates = [latest(alice, 0), latest(bob, 0)]
        to_act = updates[0]["view"]["to_act"]
        _ws, for_alice = lobby_hello(client, stack, UIDS[0])
        _ws, for_bob = lobby_hello(client, stack, UIDS[1])
        _ws, for_carol = lobby_hello(client, stack, UIDS[2])
        listed = next(t for t in for_alice["tables"] if t["id"] == table)
        assert listed["to_act"] == to_act and listed["status"] == "playing"
        holders = [seat["holder"] for seat in listed["seats"]]
        assert holders == [for_alice["you"], for_bob["you"]]
        assert for_carol["you"] not in holders and len(set(holders)) == 2
        text = str(for_alice)
        for uid in UIDS:
            assert uid not in text  # identities claim seats: they never leave the server
        # The turn moves on: the lobby list is sent again with the new seat to act.
        lobby = stack.enter_context(guest_socket(client, "/ws/lobby", UIDS[3]))
        lobby.send_json({"type": "hello", "name": "Dave"})
        recv_until(lobby, lambda m: m["type"] == "lobby")
        take = next(a["id"] for a in updates[to_act]["legal"] if a["kind"] == "hand")
        token = updates[to_act]["you"]["token"]
        [alice, bob][to_act].send_json({"type": "act", "token": token, "seq": 0, "action": take})
        moved = recv_until(
            lobby,
            lambda m: (
                m["type"] == "tables"
                and any(t["id"] == table and t["to_act"] == 1 - to_act for t in m["tables"])
            ),
        )
        assert moved["type"] == "tables"


def passing_decide(level: str, seed: int, seen: View) -> int:
    return decide("greedy", seed, seen)


def test_a_game_nobody_comes_back_to_is_finished_by_bots(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor:
        client = make_client(
            Settings(bot_delay=0.0, idle_realtime=600.0, idle_turn_based=86400.0),
            clock=clock,
            bots=BotRunner(1, executor=executor, choose=passing_decide),
        )
        server = server_of(client)
        with ExitStack() as stack:
            realtime, sockets = seated_game(client, stack, 2, options={"always_refill": True})
            latest(sockets[0], 0)
            turn_based, sockets = seated_game(client, stack, 2, realtime=False)
            latest(sockets[0], 0)
        # Everyone has left both tables.
        tables = server.tables
        live, slow = tables.cached(realtime), tables.cached(turn_based)
        assert live is not None and slow is not None
        assert not live.person_here() and not slow.person_here()
        for _ in range(int(600 / SWEEP_SECONDS) + 1):  # the sweep notices, then 10 minutes pass
            eventually(lambda: clock.due_within(SWEEP_SECONDS) >= 1, what="the idle sweep waiting")
            clock.advance(SWEEP_SECONDS)
        eventually(lambda: live.row.status == "over", timeout=60, what="the bots finishing the game")
        assert [seat.kind for seat in live.row.seats] == ["bot", "bot"]
        assert [shown_name(seat.name) for seat in live.row.seats] == [
            f"{NAMES[0]} (bot)",
            f"{NAMES[1]} (bot)",
        ]
        said = [from_stored(line.text) for line in live.chat]  # notices are kept as ids, worded to read
        assert any("Nobody has been at this table for 10 minutes" in line for line in said)
        # The turn-based game waits longer: a day.
        assert slow.row.status == "playing" and slow.row.seats[0].kind == "human"


def test_someone_at_the_table_keeps_it_running(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    client = make_client(Settings(bot_delay=0.0, idle_realtime=120.0), clock=clock)
    with ExitStack() as stack:
        table, (alice, _bob) = seated_game(client, stack, 2)
        latest(alice, 0)
        live = server_of(client).tables.cached(table)
        assert live is not None and live.person_here()
        for _ in range(5):
            eventually(lambda: clock.due_within(SWEEP_SECONDS) >= 1, what="the idle sweep waiting")
            clock.advance(SWEEP_SECONDS)
        assert live.row.seats[0].kind == "human" and live.row.status == "playing"


def test_static_files_are_revalidated(client: TestClient) -> None:
    response = client.get("/static/js/table/main.js")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    again = client.get("/static/js/table/main.js", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
