"""What the server does by itself: the turn timer (on a clock the test moves), bots that fail or
answer an illegal action, and a player leaving in the middle of a game."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from petersburg.engine import View, legal_actions
from petersburg.server.app import create_app
from petersburg.server.game.automation import BotRunner
from petersburg.server.settings import Settings
from tests.server.clock import ManualClock
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    error_of,
    eventually,
    guest_socket,
    hello,
    is_update,
    latest,
    query,
    recv_until,
    seated_game,
    server_of,
)
from tests.services import PostgresServer, RedisServer


def test_turn_timer_passes_for_a_slow_player_when_time_is_up(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    client = make_client(clock=clock)
    with ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2, timer=30)
        first = latest(alice, 0)
        latest(bob, 0)
        assert first["deadline"] == clock.now + 30
        eventually(lambda: clock.due_within(30) >= 1, what="the timer waiting")
        clock.advance(29)  # not yet: nothing happens
        alice.send_json({"type": "ping"})
        assert recv_until(alice, lambda m: m["type"] in ("pong", "update"))["type"] == "pong"
        live = server_of(client).tables.cached(table)
        assert live is not None and live.seq == 0
        clock.advance(1)
        update = latest(alice, 1)
        assert update["log"][-1]["event"]["type"] == "passed"
        assert update["log"][-1]["seat"] == first["view"]["to_act"]
        notice = recv_until(bob, lambda m: m["type"] == "chat" and "Time is up" in m["text"])
        assert notice["name"] == ""  # the table's own notice, not a person's line


def test_the_timer_of_a_seat_is_not_reset_by_another_seats_request(
    make_client: Callable[..., TestClient],
) -> None:
    clock = ManualClock()
    client = make_client(clock=clock)
    with ExitStack() as stack:
        _table, (alice, bob) = seated_game(client, stack, 2, timer=30)
        updates = [latest(alice, 0), latest(bob, 0)]
        waiting = 1 - updates[0]["view"]["to_act"]
        eventually(lambda: clock.due_within(30) >= 1, what="the timer waiting")
        clock.advance(20)
        sockets = [alice, bob]
        sockets[waiting].send_json(
            {"type": "autopass", "token": updates[waiting]["you"]["token"], "on": True}
        )
        assert latest(sockets[waiting], 0)["deadline"] == updates[0]["deadline"]
        clock.advance(10)  # 30 s after the deal: the first timer fires, it was not started again
        passed = latest(alice, 1)["log"]
        assert passed[0]["seat"] == 1 - waiting and passed[0]["event"]["type"] == "passed"


@dataclass
class TimedGame:
    """A 2-seat game with a 30 s turn timer, dealt on a first process of one PostgreSQL and one
    Redis (on a manual clock), whose lease holds the turn's deadline."""

    database: str
    config: Settings
    clock: ManualClock
    table: int
    dealt: dict[str, Any]
    """The first update of seat 0 (Alice)."""

    def process(self, stack: ExitStack) -> TestClient:
        """Another server process of the same database and Redis, stopped with ``stack``."""
        return stack.enter_context(TestClient(create_app(self.database, self.config, clock=self.clock)))


def timed_game(postgres: PostgresServer, redis: RedisServer, stack: ExitStack) -> TimedGame:
    database = postgres.new_database()
    clock = ManualClock()
    config = Settings(bot_delay=0.0, redis_url=redis.url, lease_seconds=10.0)
    game = TimedGame(database, config, clock, 0, {})
    game.table, (alice, _bob) = seated_game(game.process(stack), stack, 2, timer=30)
    game.dealt = latest(alice, 0)
    assert game.dealt["deadline"] == clock.now + 30
    stored = "SELECT seq, deadline FROM leases WHERE table_id = :t"
    expected = [(0, clock.now + 30)]
    eventually(lambda: query(database, stored, t=game.table) == expected, what="the deadline stored")
    return game


def test_the_turn_timer_runs_on_when_its_lease_moves_to_another_process(
    postgres: PostgresServer, redis: RedisServer
) -> None:
    """The process running a table's timer stops; another one takes the lease over once it has run
    out and passes for the slow seat at the deadline the first one set, not a whole turn later."""
    with ExitStack() as first_stack:
        game = timed_game(postgres, redis, first_stack)
    clock, table, deadline = game.clock, game.table, game.dealt["deadline"]
    # The first process is gone (its lease left behind, as after a crash); the second one starts.
    with ExitStack() as stack:
        second = game.process(stack)
        watcher = stack.enter_context(guest_socket(second, f"/ws/table/{table}", UIDS[0]))
        hello(watcher, NAMES[0])
        plans = server_of(second).automation._plans
        # The second process finds the lease held (and reads the deadline it shows) before the
        # clock moves, so its lease keeper's next look is the one that takes the lease over.
        eventually(lambda: table in plans and plans[table][1].done(), what="the lease found held")
        clock.advance(15)  # the first lease ran out 5 s ago: the second process takes it over
        live = server_of(second).tables.cached(table)
        assert live is not None
        eventually(lambda: live.deadline == deadline, what="the first process's deadline taken over")
        assert live.seq == 0
        eventually(lambda: clock.due_within(15) >= 2, what="the timer waiting")  # and the lease keeper
        clock.advance(15)  # 30 s after the deal
        passed = latest(watcher, 1)["log"]
        assert passed[0]["seat"] == game.dealt["view"]["to_act"] and passed[0]["event"]["type"] == "passed"


def test_a_process_without_the_timers_lease_shows_the_deadline_its_holder_set(
    postgres: PostgresServer, redis: RedisServer
) -> None:
    """A table opened mid-turn on a second process shows the time that is left on the turn, as the
    process running the timer set it, not a whole turn from when it was opened there."""
    with ExitStack() as stack:
        game = timed_game(postgres, redis, stack)
        deadline = game.dealt["deadline"]
        game.clock.advance(10)  # the first process keeps its lease (renewed every third of it)
        second = game.process(stack)
        watcher = stack.enter_context(guest_socket(second, f"/ws/table/{game.table}", "watcher-uid-001"))
        shown = hello(watcher, "Wanda")
        live = server_of(second).tables.cached(game.table)
        assert live is not None and live.seq == 0
        eventually(lambda: live.deadline == deadline, what="the holder's deadline shown")
        if shown.get("deadline") != deadline:  # opened before the deadline was read: sent after
            shown = recv_until(watcher, lambda m: is_update(m) and m.get("deadline") == deadline)
        assert shown["view"]["to_act"] == game.dealt["view"]["to_act"]


def failing_bot(level: str, seed: int, seen: View) -> int:
    raise RuntimeError("this bot is broken")


def illegal_bot(level: str, seed: int, seen: View) -> int:
    legal = set(legal_actions(seen.state))
    return next(action for action in range(600) if action not in legal)


@pytest.mark.parametrize(
    ("choose", "logged"), [(failing_bot, "failed; the server passes for it"), (illegal_bot, "illegal action")]
)
def test_a_bot_that_fails_or_answers_an_illegal_action_is_passed_for(
    make_client: Callable[..., TestClient],
    caplog: pytest.LogCaptureFixture,
    choose: Callable[[str, int, View], int],
    logged: str,
) -> None:
    caplog.set_level(logging.WARNING, logger="petersburg.server")
    with ThreadPoolExecutor(1) as executor:
        client = make_client(bots=BotRunner(1, executor=executor, choose=choose))
        table = create_table(client, 2, fill="random")
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            update = latest(ws, 0)
            seq = 0
            if update["view"]["to_act"] != 0:  # the bot starts: the server passes for it at once
                seq = 1
                update = latest(ws, 1)
            else:
                take = next(a["id"] for a in update["legal"] if a["kind"] == "hand")
                ws.send_json({"type": "act", "token": update["you"]["token"], "seq": 0, "action": take})
                latest(ws, 1)
                seq = 2
                update = latest(ws, 2)
            bot_line = update["log"][-1] if update["log"][-1]["seat"] == 1 else update["log"][-2]
            assert bot_line["seat"] == 1 and bot_line["event"]["type"] == "passed"
            assert update["view"]["to_act"] == 0 and update["legal"]  # the game goes on
            assert update["seq"] == seq
        assert logged in caplog.text


def test_leaving_mid_game_hands_the_seat_to_a_bot(client: TestClient) -> None:
    with ExitStack() as stack:
        table, (alice, bob) = seated_game(client, stack, 2)
        updates = [latest(alice, 0), latest(bob, 0)]
        bob_token = updates[1]["you"]["token"]
        bob.send_json({"type": "leave"})
        left = recv_until(bob, lambda m: m["type"] == "update" and m["table"]["seats"][1]["kind"] == "bot")
        assert left["you"] is None  # Bob watches now
        assert left["table"]["seats"][1]["name"] == "Bob (bot)"
        assert "Unknown seat token" in error_of(
            bob, {"type": "act", "token": bob_token, "seq": 0, "action": 0}
        )
        seq = 0
        for _ in range(6):  # Alice acts; the bot answers each time it is its turn
            update = latest(alice, seq)
            while update["view"]["to_act"] != 0:
                seq += 1
                update = latest(alice, seq)
            take = update["legal"][-1]["id"]
            alice.send_json({"type": "act", "token": update["you"]["token"], "seq": seq, "action": take})
            seq += 1
        latest(alice, seq)
        assert "You have no seat" in error_of(bob, {"type": "leave"})
        live = server_of(client).tables.cached(table)
        assert live is not None and live.game is not None
        assert live.row.seats[1].kind == "bot" and live.row.seats[1].user_id is None
        log = server_of(client).presenter.log(live, None)
        assert any(line["seat"] == 1 and line["text"].startswith("Bob (bot) ") for line in log)


def test_leaving_an_open_table_frees_the_seat(client: TestClient) -> None:
    table = create_table(client, 2)
    with guest_socket(client, f"/ws/table/{table}", UIDS[1]) as bob:
        hello(bob, NAMES[1])
        bob.send_json({"type": "sit"})
        recv_until(bob, lambda m: m["type"] == "update" and m["you"] is not None)
        bob.send_json({"type": "leave"})
        update = recv_until(bob, lambda m: m["type"] == "update" and m["you"] is None)
        assert update["table"]["seats"][1]["kind"] == "empty"


def test_bots_play_a_game_to_its_end_in_worker_processes(db_path: str) -> None:
    """The default bot runner: moves computed in a separate process, the game ends with a result."""
    from petersburg.server.app import create_app

    with TestClient(create_app(db_path, Settings(bot_delay=0.0))) as client:
        table = create_table(client, 2, sit=False, fill="greedy", options={"always_refill": True})
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            final = recv_until(ws, lambda m: m["type"] == "update" and "result" in m, limit=5000)
        assert final["result"]["winners"]
        runner = server_of(client).automation.bots
        assert runner._executor is not None and type(runner._executor).__name__ == "ProcessPoolExecutor"
