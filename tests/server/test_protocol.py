"""The websocket protocol: seats, bots, start, actions, secrecy, authority, undo, auto-pass, chat."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from petersburg.engine import explain_illegal, new_game, state_to_json, view, view_to_json
from petersburg.server.app import create_app
from petersburg.server.persistence.sql.database import database_url
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.settings import Settings
from tests.server.helpers import (
    NAMES,
    UIDS,
    as_guest,
    create_table,
    guest_socket,
    hello,
    is_update,
    latest,
    pick_action,
    recv_until,
    seated_game,
    server_of,
    stored_log,
    update_at,
)


def assert_secret(update: dict[str, Any], seat: int | None, tokens: dict[int, str]) -> None:
    """Nothing another seat may hide is in this message: hands, rubles, stacks, drawn card, tokens."""
    v = update["view"]
    assert v["viewer"] == seat
    assert v["seed"] is None  # the seed would reveal the order of every stack
    assert "stacks" not in v  # only sizes
    for other, player in enumerate(v["seats"]):
        if other == seat:
            assert player["hand"] is not None and player["rubles"] is not None
            continue
        assert player["hand"] is None
        assert player["rubles"] is None
    if v["stage"] == "observed" and v["to_act"] != seat:
        assert v["drawn"] is None
    text = json.dumps(update)
    for other, token in tokens.items():
        if other != seat:
            assert token not in text
    if seat is None or v["to_act"] != seat:
        assert update["legal"] == []


def test_lobby_api_lists_tables_bots_and_cards(client: TestClient) -> None:
    table = create_table(client, 3, title="Evening game", timer=30)
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table]
    assert listed[0]["name"] == "Evening game"
    assert [s["kind"] for s in listed[0]["seats"]] == ["human", "empty", "empty"]
    assert "token" not in json.dumps(listed)
    assert "random" in client.get("/api/bots").json()
    assert len(client.get("/api/cards").json()) == 49
    assert client.get("/").status_code == 200
    assert client.get(f"/table/{table}").status_code == 200


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"seats": 6}, "1 to 4 seats (5 with the Market)"),
        ({"seats": 5}, "5 players need the Market"),
        ({"seats": 2, "options": {"market": True}}, "The Market needs the 2nd edition"),
        ({"seats": 2, "options": {"edition": "third"}}, "'edition'"),
        (
            {"seats": 2, "options": {"edition": "second", "joker": "each_scoring"}},
            "only to a game with the Market",
        ),
        ({"seats": 5, "options": {"edition": "second", "market": True, "market_board": 8}}, "10-card board"),
        ({"seats": 2, "options": {"edition": "second", "market": True, "double_marker_seat": 2}}, "0 to 1"),
        ({"seats": 2, "options": {"money": "burnt"}}, "money"),
        ({"seats": 2, "options": {"colour": 1}}, "Unknown option"),
        ({"seats": 2, "timer": -3}, "timer"),
        ({"seats": 2, "fill": "grandmaster"}, "Unknown bot"),
        ({"seats": 2, "options": {"double_marker_seat": 1}}, "3-seat"),
    ],
)
def test_bad_table_settings_are_refused_with_a_reason(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/tables", json={"name": "Alice", **body}, headers=as_guest(client, UIDS[0]))
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_seats_bots_and_start(client: TestClient) -> None:
    table = create_table(client, 3)
    with (
        guest_socket(client, f"/ws/table/{table}", UIDS[0]) as alice,
        guest_socket(client, f"/ws/table/{table}", UIDS[1]) as bob,
    ):
        first = hello(alice, "Alice")
        assert first["you"]["seat"] == 0 and first["you"]["token"]
        assert hello(bob, "Bob")["you"] is None
        bob.send_json({"type": "start"})
        assert "created this table" in recv_until(bob, lambda m: m["type"] == "error")["message"]
        bob.send_json({"type": "sit"})
        update = recv_until(bob, lambda m: is_update(m) and m["you"] is not None)
        assert update["you"]["seat"] == 1 and update["you"]["token"] != first["you"]["token"]
        alice.send_json({"type": "start"})
        assert "still empty" in recv_until(alice, lambda m: m["type"] == "error")["message"]
        alice.send_json({"type": "bot", "seat": 2, "level": "nonsense"})
        assert "Unknown bot" in recv_until(alice, lambda m: m["type"] == "error")["message"]
        alice.send_json({"type": "bot", "seat": 2, "level": "random"})
        update = recv_until(alice, lambda m: is_update(m) and m["table"]["seats"][2]["kind"] == "bot")
        assert update["table"]["seats"][2]["bot"] == "random"
        alice.send_json({"type": "start"})
        update = recv_until(alice, lambda m: is_update(m) and "view" in m)
        assert update["view"]["players"] == 3 and update["table"]["status"] == "playing"
        bob.send_json({"type": "sit", "seat": 2})
        assert "already started" in recv_until(bob, lambda m: m["type"] == "error")["message"]


def test_secrecy_over_a_played_game(client: TestClient) -> None:
    """Every message to every seat and to a spectator, over a random game: nothing hidden leaks."""
    rng = random.Random(5)
    with ExitStack() as stack:
        table, sockets = seated_game(client, stack, 3)
        spectator = stack.enter_context(guest_socket(client, f"/ws/table/{table}", "spectator-0001"))
        first = hello(spectator, "Eve")
        assert first["you"] is None
        tokens = {}
        updates = [latest(ws, 0) for ws in sockets]
        for seat, update in enumerate(updates):
            tokens[seat] = update["you"]["token"]
        seq = 0
        hand_cards_seen = public_cards_seen = 0
        while seq < 80 and updates[0]["view"]["stage"] != "over":
            seen = first if seq == 0 and "view" in first else latest(spectator, seq)
            for seat, update in enumerate(updates):
                assert_secret(update, seat, tokens)
                hand_cards_seen += len(update["view"]["seats"][seat]["hand"])
                # The hand cards taken from the board are named to everyone alike, and the
                # holder's own view says which of its cards the others know.
                public = update["view"]["seats"][seat].get("public_hand", [])
                assert Counter(public) <= Counter(update["view"]["seats"][seat]["hand"])
                for other in [*updates, seen]:
                    assert other["view"]["seats"][seat].get("public_hand", []) == public
                public_cards_seen += len(public)
            assert_secret(seen, None, tokens)
            to_act = updates[0]["view"]["to_act"]
            sockets[to_act].send_json(
                {
                    "type": "act",
                    "token": tokens[to_act],
                    "seq": seq,
                    "action": pick_action(updates[to_act], rng),
                }
            )
            seq += 1
            updates = [latest(ws, seq) for ws in sockets]
        assert seq == 80
        assert hand_cards_seen > 0  # the test looked at hands that really held cards
        assert public_cards_seen > 0  # ... and at cards taken from the board into them


def test_authority_tokens_stale_and_illegal_actions_change_nothing(client: TestClient) -> None:
    with ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2)
        a0, b0 = latest(alice, 0), latest(bob, 0)
        tokens = [a0["you"]["token"], b0["you"]["token"]]
        to_act = a0["view"]["to_act"]
        waiting = 1 - to_act
        sockets = [alice, bob]
        legal = (a0 if to_act == 0 else b0)["legal"]
        action = next(a["id"] for a in legal if a["kind"] == "buy")

        def error(ws: Any, message: dict[str, Any]) -> str:
            ws.send_json(message)
            return str(recv_until(ws, lambda m: m["type"] == "error")["message"])

        server = server_of(client)
        live = server.tables.cached(table)
        assert live is not None and live.state is not None
        # The waiting seat's own token, or the acting seat's action sent with the waiting token.
        assert "not your turn" in error(
            sockets[waiting], {"type": "act", "token": tokens[waiting], "seq": 0, "action": 0}
        )
        assert "Unknown seat token" in error(
            sockets[waiting], {"type": "act", "token": "x" * 32, "seq": 0, "action": 0}
        )
        assert "Unknown seat token" in error(sockets[waiting], {"type": "act", "seq": 0, "action": action})
        assert "Stale" in error(
            sockets[to_act], {"type": "act", "token": tokens[to_act], "seq": 7, "action": action}
        )
        assert "sequence number" in error(
            sockets[to_act], {"type": "act", "token": tokens[to_act], "action": action}
        )
        assert "action number" in error(
            sockets[to_act], {"type": "act", "token": tokens[to_act], "seq": 0, "action": "x"}
        )
        illegal = error(sockets[to_act], {"type": "act", "token": tokens[to_act], "seq": 0, "action": 537})
        assert illegal == explain_illegal(new_game(2, live.state.seed), 537)
        sockets[to_act].send_text("{not json")
        assert "not JSON" in recv_until(sockets[to_act], lambda m: m["type"] == "error")["message"]
        assert "Unknown request" in error(sockets[to_act], {"type": "teleport"})
        assert live.seq == 0 and live.state.step == 0
        assert stored_log(server.store.url, table) == []
        # The right token at the right seq works, and the old seq is then stale.
        sockets[to_act].send_json({"type": "act", "token": tokens[to_act], "seq": 0, "action": action})
        after = latest(sockets[waiting], 1)
        assert after["view"]["step"] == 1
        assert "Stale" in error(
            sockets[to_act], {"type": "act", "token": tokens[to_act], "seq": 0, "action": 0}
        )
        assert len(stored_log(server.store.url, table)) == 1


def test_errors_go_only_to_the_sender(client: TestClient) -> None:
    with ExitStack() as stack:
        _table, (alice, bob) = seated_game(client, stack, 2)
        latest(alice, 0)
        latest(bob, 0)
        alice.send_json({"type": "act", "token": "nope-nope", "seq": 0, "action": 0})
        recv_until(alice, lambda m: m["type"] == "error")
        bob.send_json({"type": "ping"})
        assert recv_until(bob, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_undo_own_last_action(client: TestClient) -> None:
    with ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2)
        updates = [latest(alice, 0), latest(bob, 0)]
        sockets = [alice, bob]
        seat = updates[0]["view"]["to_act"]
        token = updates[seat]["you"]["token"]
        before = updates[seat]["view"]
        take = next(a["id"] for a in updates[seat]["legal"] if a["kind"] == "hand")
        sockets[seat].send_json({"type": "act", "token": token, "seq": 0, "action": take})
        after = latest(sockets[seat], 1)
        assert after["undo"] is True
        other = 1 - seat
        other_update = latest(sockets[other], 1)
        assert other_update["undo"] is False
        sockets[other].send_json({"type": "undo", "token": other_update["you"]["token"], "seq": 1})
        assert "your own last action" in recv_until(sockets[other], lambda m: m["type"] == "error")["message"]
        sockets[seat].send_json({"type": "undo", "token": token, "seq": 1})
        undone = latest(sockets[seat], 2)
        assert undone["view"] == {**before, "step": 0}
        assert undone["view"]["to_act"] == seat
        rows = stored_log(server_of(client).store.url, table)
        assert [r[1] for r in rows] == ["action", "undo"]
        # Nothing left to undo: the last row is an undo.
        sockets[seat].send_json({"type": "undo", "token": token, "seq": 2})
        assert "your own last action" in recv_until(sockets[seat], lambda m: m["type"] == "error")["message"]


def test_undo_refused_when_the_table_forbids_it(client: TestClient) -> None:
    with ExitStack() as stack:
        _table, (alice, bob) = seated_game(client, stack, 2, allow_undo=False)
        updates = [latest(alice, 0), latest(bob, 0)]
        seat = updates[0]["view"]["to_act"]
        token = updates[seat]["you"]["token"]
        ws = [alice, bob][seat]
        ws.send_json({"type": "act", "token": token, "seq": 0, "action": updates[seat]["legal"][-1]["id"]})
        latest(ws, 1)
        ws.send_json({"type": "undo", "token": token, "seq": 1})
        assert "does not allow undo" in recv_until(ws, lambda m: m["type"] == "error")["message"]


def test_autopass_passes_until_the_phase_ends(client: TestClient) -> None:
    with ExitStack() as stack:
        _table, (alice, bob) = seated_game(client, stack, 2)
        updates = [latest(alice, 0), latest(bob, 0)]
        sockets = [alice, bob]
        first = updates[0]["view"]["to_act"]
        second = 1 - first
        sockets[second].send_json({"type": "autopass", "token": updates[second]["you"]["token"], "on": True})
        take = next(a["id"] for a in updates[first]["legal"] if a["kind"] == "hand")
        sockets[first].send_json(
            {"type": "act", "token": updates[first]["you"]["token"], "seq": 0, "action": take}
        )
        # The server passes for the second seat at once: the first seat is to act again at seq 2.
        update = latest(sockets[first], 2)
        assert update["view"]["to_act"] == first
        assert update["log"][-1]["event"]["type"] == "passed"
        assert latest(sockets[second], 2)["autopass"] is True


def test_autopass_survives_a_restart(db_path: str) -> None:
    """Auto-pass is stored with the seat: a restarted server still passes for it in that phase."""
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client, ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2)
        updates = [latest(alice, 0), latest(bob, 0)]
        first = updates[0]["view"]["to_act"]
        second = 1 - first
        [alice, bob][second].send_json(
            {"type": "autopass", "token": updates[second]["you"]["token"], "on": True}
        )
        assert latest([alice, bob][second], 0)["autopass"] is True
    with (
        TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client,
        guest_socket(client, f"/ws/table/{table}", UIDS[first]) as ws,
    ):
        resumed = hello(ws, NAMES[first])
        take = next(a["id"] for a in resumed["legal"] if a["kind"] == "hand")
        ws.send_json({"type": "act", "token": resumed["you"]["token"], "seq": 0, "action": take})
        update = latest(ws, 2)  # the restarted server passed for the other seat
        assert update["view"]["to_act"] == first
        assert update["log"][-1]["event"]["type"] == "passed"
    with sqlite3.connect(db_path) as db:
        stored = dict(db.execute("SELECT seat, autopass FROM seats WHERE table_id=?", (table,)).fetchall())
    assert stored[second] is not None
    assert stored[first] is None


def test_chat_and_commands(client: TestClient) -> None:
    table = create_table(client, 2)
    with (
        guest_socket(client, f"/ws/table/{table}", UIDS[0]) as alice,
        guest_socket(client, "/ws/lobby", UIDS[1]) as lobby,
    ):
        hello(alice, "Alice")
        lobby.send_json({"type": "hello", "name": "Bob"})
        assert recv_until(lobby, lambda m: m["type"] == "lobby")["tables"][0]["id"] == table
        alice.send_json({"type": "chat", "text": "/help"})
        assert "/bot <level>" in recv_until(alice, lambda m: m["type"] == "notice")["text"]
        alice.send_json({"type": "chat", "text": "hello table"})
        line = recv_until(alice, lambda m: m["type"] == "chat" and m["name"] == "Alice")
        assert line["text"] == "hello table"
        alice.send_json({"type": "chat", "text": "/dance"})
        assert "Unknown command" in recv_until(alice, lambda m: m["type"] == "error")["message"]
        lobby.send_json({"type": "chat", "text": "/start"})
        assert "works at a table" in recv_until(lobby, lambda m: m["type"] == "error")["message"]
        lobby.send_json({"type": "chat", "text": f"/join {table}"})
        assert recv_until(lobby, lambda m: m["type"] == "goto")["table"] == table
        update = recv_until(alice, lambda m: is_update(m) and m["table"]["seats"][1]["kind"] == "human")
        assert update["table"]["seats"][1]["name"] == "Bob"
        alice.send_json({"type": "chat", "text": "/leave"})
        recv_until(alice, lambda m: is_update(m) and m["table"]["seats"][0]["kind"] == "empty")
        alice.send_json({"type": "chat", "text": "/join 1"})
        recv_until(alice, lambda m: is_update(m) and m["you"] is not None)
        alice.send_json({"type": "chat", "text": "/start"})
        recv_until(alice, lambda m: is_update(m) and "view" in m)


def test_lobby_create_and_bot_game_to_the_end(client: TestClient) -> None:
    """A 4-seat table of random bots plays to its end on the server; the result is stored."""
    with guest_socket(client, "/ws/lobby", UIDS[0]) as lobby:
        lobby.send_json({"type": "hello", "name": "Alice"})
        lobby.send_json(
            {
                "type": "create",
                "params": {"seats": 4, "sit": False, "fill": "random", "options": {"always_refill": True}},
            }
        )
        table = recv_until(lobby, lambda m: m["type"] == "created")["table"]
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Alice")
        ws.send_json({"type": "start"})
        final = recv_until(ws, lambda m: is_update(m) and "result" in m, limit=5000)
    result = final["result"]
    assert len(result["scores"]) == 4 and result["winners"]
    assert final["table"]["status"] == "over"
    replay = client.get(f"/api/tables/{table}/replay", params={"step": 0}).json()
    assert replay["step"] == 0 and replay["steps"] > 20
    finished = server_of(client).tables.cached(table)
    assert finished is not None and finished.state is not None
    fresh = new_game(4, finished.state.seed, finished.state.options)
    # A finished game's replay shows every seat's rubles and hand from the first step on.
    assert replay["view"] == {**view_to_json(view(fresh, None)), "seats": state_to_json(fresh)["seats"]}
    end = client.get(f"/api/tables/{table}/replay").json()
    assert end["result"] == result and end["view"]["stage"] == "over"


def test_replay_refused_while_playing(client: TestClient) -> None:
    with ExitStack() as stack:
        table, _sockets = seated_game(client, stack, 2)
        assert client.get(f"/api/tables/{table}/replay").status_code == 409


def test_games_are_rebuilt_from_the_database(db_path: str) -> None:
    """Close the app mid-game and open a new one on the same file: every table is back as it was."""
    rng = random.Random(3)
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client, ExitStack() as stack:
        table, sockets = seated_game(client, stack, 3)
        updates = [latest(ws, 0) for ws in sockets]
        for seq in range(25):
            seat = updates[0]["view"]["to_act"]
            token = updates[seat]["you"]["token"]
            sockets[seat].send_json(
                {"type": "act", "token": token, "seq": seq, "action": pick_action(updates[seat], rng)}
            )
            updates = [latest(ws, seq + 1) for ws in sockets]
        played = server_of(client).tables.cached(table)
        assert played is not None and played.game is not None
        before = state_to_json(played.game.state)
        log_before = list(played.game.events)
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client:
        again = server_of(client).tables.cached(table)
        assert again is not None and again.game is not None
        assert state_to_json(again.game.state) == before
        assert again.game.events == log_before
        with guest_socket(client, f"/ws/table/{table}", UIDS[1]) as ws:
            resumed = hello(ws, "Bob")
            assert resumed["you"]["seat"] == 1 and resumed["seq"] == 25
            assert resumed["view"] == updates[1]["view"]


def test_store_settings() -> None:
    assert database_url("sqlite:///data/x.db") == "sqlite:///data/x.db"
    assert database_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"
    assert database_url("data/x.db") == "sqlite:///data/x.db"
    assert database_url("postgresql://me@db/games") == "postgresql+psycopg://me@db/games"
    with pytest.raises(ValueError, match=r"use sqlite:///path/to\.db or postgresql://"):
        database_url("mysql://host/db")

    async def synchronous() -> int:
        store = SqlStore(":memory:")
        value = await store.run_read(lambda db: int(db.exec_driver_sql("PRAGMA synchronous").scalar_one()))
        await store.close()
        return value

    assert asyncio.run(synchronous()) == 2  # FULL


def test_solo_game_enters_the_high_score_table(client: TestClient) -> None:
    rng = random.Random(8)
    table = create_table(client, 1, options={"always_refill": True})
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Alice")
        ws.send_json({"type": "start"})
        update = recv_until(ws, update_at(0))
        while "result" not in update:
            ws.send_json(
                {
                    "type": "act",
                    "token": update["you"]["token"],
                    "seq": update["seq"],
                    "action": pick_action(update, rng),
                }
            )
            update = recv_until(ws, update_at(update["seq"] + 1))
    total = update["result"]["scores"][0]["total"]
    scores = client.get("/api/highscores").json()
    assert scores == [
        {
            "table": table,
            "name": "Alice",
            "total": total,
            "rubles": update["result"]["scores"][0]["rubles"],
            "rounds": update["result"]["rounds"],
        }
    ]


def test_a_socket_must_say_a_valid_hello_first(client: TestClient) -> None:
    table = create_table(client, 2)
    with guest_socket(client, f"/ws/table/{table}", UIDS[1]) as ws:
        ws.send_json({"type": "act", "token": "x", "seq": 0, "action": 0})
        assert "Say hello first" in recv_until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_json({"type": "hello", "name": 5})
        assert "A name is text" in recv_until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_bytes(b"\xff\xfe")
        assert "not JSON" in recv_until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_text("x" * 10_000)
        assert "too long" in recv_until(ws, lambda m: m["type"] == "error")["message"]
        assert hello(ws, "Eve")["you"] is None  # then a valid one is answered with the state
    with client.websocket_connect("/ws/table/999") as ws:
        assert "no table 999" in ws.receive_json()["message"]


def test_a_game_that_ended_just_before_a_crash_is_finished_on_start(db_path: str) -> None:
    """Killed after the last action was logged but before the result was stored: the restart
    rebuilds the game, sees it is over and stores the result."""
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client:
        table = create_table(client, 2, sit=False, fill="random")
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, "Alice")
            ws.send_json({"type": "start"})
            final = recv_until(ws, lambda m: is_update(m) and "result" in m, limit=5000)
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE tables SET status='playing', result=NULL WHERE id=?", (table,))
    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client:
        info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "over"
        assert client.get(f"/api/tables/{table}/replay").json()["result"] == final["result"]


@pytest.mark.parametrize(("show_rubles", "show_hands"), [(True, False), (False, True)])
def test_visibility_options_show_exactly_what_they_say(
    client: TestClient, show_rubles: bool, show_hands: bool
) -> None:
    rng = random.Random(1)
    with ExitStack() as stack:
        _table, sockets = seated_game(
            client, stack, 2, options={"show_rubles": show_rubles, "show_hands": show_hands}
        )
        updates = [latest(ws, 0) for ws in sockets]
        for seq in range(12):
            for seat, update in enumerate(updates):
                other = update["view"]["seats"][1 - seat]
                assert (other["rubles"] is not None) == show_rubles
                assert (other["hand"] is not None) == show_hands
                assert "stacks" not in update["view"]
            seat = updates[0]["view"]["to_act"]
            token = updates[seat]["you"]["token"]
            sockets[seat].send_json(
                {"type": "act", "token": token, "seq": seq, "action": pick_action(updates[seat], rng)}
            )
            updates = [latest(ws, seq + 1) for ws in sockets]
