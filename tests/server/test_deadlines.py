"""Move deadlines of turn-based tables, on the injected clock: Alice (a guest, at the table) and Bob
(an account with a webhook, his page closed) play a turn-based duel with 12 hours per move. It
becomes Bob's turn: one turn alert. At half time a reminder; when the time runs out a Greedy bot
plays his turn, the table's chat says so, and Bob is told; when it is his turn again within his
interval no new turn alert comes. After ``missed_turns_to_bot`` (3) turns in a row ran out the bot
takes his seat for good, keeping his account, and he is told. A vacation moves the deadline; the
year's days are counted and too many are refused with a sentence. A table's own webhook hears of
every turn; only its creator may set it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any, cast

from fastapi.testclient import TestClient

from petersburg.engine.json_types import OptionsJson
from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.accounts.ratings import rated_uids
from petersburg.server.app import create_app
from petersburg.server.game.automation import BotRunner
from petersburg.server.persistence.store import SeatRow, TableRow
from petersburg.server.protocol.messages import GameResult
from petersburg.server.settings import Settings
from tests.server.alert_receivers import http_receiver, wait_for
from tests.server.clock import ManualClock
from tests.server.helpers import (
    NAMES,
    UIDS,
    as_guest,
    create_table,
    eventually,
    guest_socket,
    hello,
    pick_action,
    query,
    recv_until,
    seated_game,
    seated_update,
    server_of,
)
from tests.services import PostgresServer, RedisServer

HALF_DAY = 43200


def settings() -> Settings:
    return Settings(
        bot_delay=0.0,
        public_url="http://127.0.0.1:9",
        alerts_allow_loopback=True,
        alert_poll=0.05,
        alert_retry_seconds=0.0,
    )


class Bob:
    """Bob's browser, an account with a JSON webhook and a day's interval. His requests and
    socket go through the test's client (the server's own event loop), with his session and
    identity cookies, so they never mix with Alice's."""

    def __init__(self, client: TestClient, hook: str) -> None:
        self.client = client
        answer = client.post(
            "/api/account/signup",
            json={"name": "Bob", "password": "correct horse 1"},
            headers=as_guest(client, UIDS[1]),
        )
        assert answer.status_code == 201, answer.text
        self.session = f"{SESSION_COOKIE}={client.cookies[SESSION_COOKIE]}"
        del client.cookies[SESSION_COOKIE]
        answer = self.post("/api/alerts/settings", {"webhook_url": hook, "interval": 86400})
        assert answer.status_code == 200, answer.text

    def headers(self) -> dict[str, str]:
        guest = as_guest(self.client, UIDS[1])["cookie"]
        return {"cookie": f"{guest}; {self.session}"}

    def post(self, path: str, body: object) -> Any:
        return self.client.post(path, json=body, headers=self.headers())

    def get(self, path: str) -> Any:
        return self.client.get(path, headers=self.headers())

    def socket(self, table: int) -> Any:
        return self.client.websocket_connect(f"/ws/table/{table}", headers=self.headers())


def duel(client: TestClient, bob: Bob, stack: ExitStack, **params: Any) -> tuple[int, Any]:
    """A started turn-based duel of Alice (seat 0, her socket open) and Bob (seat 1, gone)."""
    table = create_table(client, 2, realtime=False, **params)
    alice = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[0]))
    hello(alice, NAMES[0])
    with bob.socket(table) as ws:
        hello(ws, "Bob")
        ws.send_json({"type": "sit", "seat": 1, "name": "Bob"})
        recv_until(ws, seated_update(1))
    alice.send_json({"type": "start"})
    return table, alice


def alice_until_bob(alice: Any, update: dict[str, Any] | None = None, mine: int = 0) -> dict[str, Any]:
    """Alice (seat ``mine``) plays until it is the other seat's turn; the update that says so."""
    if update is None:
        update = recv_until(alice, lambda m: m["type"] == "update" and "view" in m)
    while update["view"]["to_act"] != 1 - mine or update["view"].get("stage") is None:
        if update["view"]["to_act"] == mine:
            action = pick_action(update, random.Random(update["seq"]))
            alice.send_json(
                {"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": action}
            )
        seq = update["seq"]
        update = recv_until(alice, after(seq))
    return update


def with_deadline(alice: Any, update: dict[str, Any]) -> dict[str, Any]:
    """The update of the same turn that shows its deadline (the stored clock is read first)."""
    while update.get("deadline") is None:
        seq = update["seq"]
        update = recv_until(alice, after(seq - 1))
    return update


def after(seq: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is an update of the game at a log row after ``seq``."""
    return lambda m: m["type"] == "update" and "view" in m and m["seq"] > seq


def told_times(hook: Any, times: int) -> Callable[[], bool]:
    return lambda: titles(hook).count("A bot played your turn at Duel") == times


def titles(hook: Any) -> list[str]:
    return [json.loads(got.body)["title"] for got in hook.received]


def test_a_missed_move_deadline_is_played_by_the_bot_and_the_player_told(
    make_client: Callable[..., TestClient],
) -> None:
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor, http_receiver() as hook, ExitStack() as stack:
        client = make_client(settings(), clock=clock, bots=BotRunner(1, executor=executor))
        bob = Bob(client, f"http://127.0.0.1:{hook.server_address[1]}/hook")
        table, alice = duel(client, bob, stack, move_deadline=HALF_DAY, title="Duel")
        summary = client.get(f"/api/tables/{table}").json()
        assert (summary["move_deadline"], summary["deadline_bot"]) == (HALF_DAY, "easy")
        update = with_deadline(alice, alice_until_bob(alice))
        started = clock.now
        assert update["deadline"] == started + HALF_DAY
        wait_for(lambda: titles(hook) == ["Your turn, Bob"], what="the turn alert")

        # Half time: a reminder, once.
        eventually(lambda: clock.due_within(HALF_DAY / 2) >= 1, what="the deadline's clock")
        clock.advance(HALF_DAY / 2)
        wait_for(lambda: len(hook.received) == 2, what="the reminder")
        reminder = json.loads(hook.received[1].body)
        assert reminder["title"] == "Half your time is gone at Duel"
        assert "6 hours are left" in reminder["text"] and reminder["link"].endswith(f"/table/{table}")

        # Time is up: the bot plays the turn, the table says so, Bob is told.
        for missed in (1, 2):
            seq = update["seq"]
            eventually(lambda: clock.due_within(HALF_DAY) >= 1, what="the deadline's clock")
            clock.advance(max(0.0, update["deadline"] - clock.now))
            notice = recv_until(alice, lambda m: m["type"] == "chat" and "ran out" in m["text"])
            assert notice["text"] == "Bob's time for this move ran out: Easy bot plays it for them."
            played = recv_until(alice, after(seq))
            move = played["log"][-1]
            assert move["seat"] == 1 and move["played_for"] == "ran_out", move
            assert move["text"].endswith(" A bot played this move for Bob: the time per move ran out."), move
            assert all("played_for" not in entry for entry in played["log"][:-1])
            wait_for(told_times(hook, missed), what="Bob told")
            told = json.loads(hook.received[-1].body)
            left = 3 - missed
            assert f"If {left} more turn" in told["text"], told["text"]
            update = with_deadline(alice, alice_until_bob(alice, played))
            if missed == 1:
                # Bob's turn again, 12 hours after the first, within his interval of a day: no
                # new turn alert (the reminder of this turn, queued after it, comes alone).
                eventually(lambda: clock.due_within(HALF_DAY / 2) >= 1, what="the deadline's clock")
                clock.advance(HALF_DAY / 2)
                wait_for(lambda: titles(hook).count("Half your time is gone at Duel") == 2, what="reminder")
                assert titles(hook).count("Your turn, Bob") == 1

        # The third turn in a row that runs out: the bot takes the seat for good.
        eventually(lambda: clock.due_within(HALF_DAY) >= 1, what="the deadline's clock")
        clock.advance(max(0.0, update["deadline"] - clock.now))
        notice = recv_until(alice, lambda m: m["type"] == "chat" and "run out" in m["text"])
        assert notice["text"] == "Bob let 3 turns in a row run out: Easy bot plays seat 2 from now on."
        wait_for(lambda: "A bot took your seat at Duel" in titles(hook), what="Bob told of the handover")
        assert "the result counts as yours" in json.loads(hook.received[-1].body)["text"]
        handed = recv_until(
            alice, lambda m: m["type"] == "update" and any(e["seat"] == 1 for e in m.get("log", []))
        )
        move = next(entry for entry in handed["log"] if entry["seat"] == 1)
        assert move["played_for"] == "handed", move
        assert "A bot plays this seat for its player" in move["text"], move
        seat = server_of(client).tables.cached(table).row.seats[1]  # type: ignore[union-attr]
        assert (seat.kind, seat.bot, seat.token) == ("bot", "easy", None)
        assert seat.user_id == UIDS[1], "the seat keeps Bob's account: the result is his"
        deadlines = server_of(client).automation.deadlines
        assert deadlines is not None
        stored = client.portal.call(deadlines.store.turn_clock, table)  # type: ignore[union-attr]
        assert stored is not None and stored.missed[1] == 3, stored


def test_a_seat_a_bot_took_for_good_is_rated_as_its_account() -> None:
    row = TableRow(
        1, "Duel", 0.0, 2, cast(OptionsJson, {}), False, 0, True, "u0",
        seats=[SeatRow("human", "Ann", "u0", "t"), SeatRow("bot", "Greedy bot", "u1", None, "greedy")],
    )  # fmt: skip
    row.result = cast(GameResult, {"scores": []})
    assert rated_uids(row) == ["u0", "u1"]
    row.seats[1] = SeatRow("bot", "Greedy bot", None, None, "greedy")
    assert rated_uids(row) == []


def test_a_vacation_moves_the_deadline_and_is_counted(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor, http_receiver() as hook, ExitStack() as stack:
        client = make_client(settings(), clock=clock, bots=BotRunner(1, executor=executor))
        bob = Bob(client, f"http://127.0.0.1:{hook.server_address[1]}/hook")
        for days, sentence in [
            (15, "You have 14 days of vacation left this year (of 14)"),
            ("2", "'vacation_days' must be a whole number of days"),
            (-1, "'vacation_days' must be a whole number of days"),
            (10**6, "'vacation_days' must be a whole number of days"),
        ]:
            answer = bob.post("/api/alerts/settings", {"vacation_days": days})
            assert answer.status_code in (400, 409, 422) and sentence in answer.json()["detail"], answer.text
        assert bob.get("/api/alerts/settings").json()["vacation_until"] is None

        table, alice = duel(client, bob, stack, move_deadline=HALF_DAY)
        update = with_deadline(alice, alice_until_bob(alice))
        started = update["deadline"] - HALF_DAY
        wait_for(lambda: titles(hook) == ["Your turn, Bob"], what="the turn alert")
        clock.advance(3600)
        info = bob.post("/api/alerts/settings", {"vacation_days": 2}).json()
        assert (info["vacation_until"], info["vacation_left"]) == (clock.now + 2 * 86400, 12)
        # The clock moves as the vacation is set (the clock's plan sleeps until half time: the
        # clock has not moved since, nothing else made the table look again).
        moved = recv_until(
            alice, lambda m: m["type"] == "update" and m.get("deadline", 0) > started + HALF_DAY
        )
        assert moved["deadline"] == started + HALF_DAY + 2 * 86400 and moved["seq"] == update["seq"]
        deadlines = server_of(client).automation.deadlines
        assert deadlines is not None
        stored = client.portal.call(deadlines.store.turn_clock, table)  # type: ignore[union-attr]
        assert stored is not None and stored.due == started + HALF_DAY + 2 * 86400, stored
        eventually(lambda: clock.due_within(HALF_DAY) >= 1, what="the deadline's clock")
        clock.advance(HALF_DAY / 2 - 3600)  # the old half time passes
        assert titles(hook) == ["Your turn, Bob"], "no reminder: the clock stood still"
        # Back a day early: the day not taken is given back, and the deadline moves back at once.
        clock.advance(86400 - HALF_DAY / 2 + 3600)
        info = bob.post("/api/alerts/settings", {"vacation_days": 0}).json()
        assert (info["vacation_until"], info["vacation_left"]) == (None, 13)
        back = recv_until(
            alice, lambda m: m["type"] == "update" and m.get("deadline") == started + HALF_DAY + 86400
        )
        assert back["seq"] == update["seq"]

        # The table's own webhook: its creator sets it; anyone else is refused.
        status = bob.post("/api/alerts/table-webhook", {"table": table, "url": "https://127.0.0.1/x"})
        assert status.status_code == 403 and "Only the player who created" in status.json()["detail"]

        # ... and its creator does: it hears of the turn of a player who is not at the table.
        with http_receiver() as group:
            url = f"http://127.0.0.1:{group.server_address[1]}/group"
            answer = bob.post("/api/tables", {"name": "Bob", "seats": 2, "realtime": False, "title": "Club"})
            mine = int(answer.json()["id"])
            answer = bob.post("/api/alerts/table-webhook", {"table": mine, "url": url, "format": "slack"})
            assert answer.json() == {"table": mine, "url": url, "format": "slack", "failure": None}
            bad = bob.post("/api/alerts/table-webhook", {"table": mine, "url": "https://10.0.0.1/x"})
            assert bad.status_code == 400 and "not a public address" in bad.json()["detail"]
            assert bob.get(f"/api/alerts/table-webhook/{mine}").json()["url"] == url
            with bob.socket(mine) as ws:
                hello(ws, "Bob")
                with guest_socket(client, f"/ws/table/{mine}", UIDS[0]) as other:
                    hello(other, NAMES[0])
                    other.send_json({"type": "sit", "seat": 1, "name": NAMES[0]})
                    recv_until(other, seated_update(1))
                live = server_of(client).tables.cached(mine)
                assert live is not None
                eventually(lambda: UIDS[0] not in live.present, what="Alice's page closed")
                ws.send_json({"type": "start"})
                alice_until_bob(ws, mine=0)
            wait_for(lambda: len(group.received) >= 1, what="the table's webhook")
            assert json.loads(group.received[0].body) == {
                "text": f"Alice, it is your turn at Club: http://127.0.0.1:9/table/{mine}"
            }


def test_a_move_deadline_survives_a_restart(database: str) -> None:
    """The turn's clock is stored: after a restart 5 hours into Bob's 12, his deadline is the same
    (not 12 hours from the restart), the reminder is not sent twice, and at the stored deadline the
    bot plays his turn."""
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor, http_receiver() as hook:
        bots = BotRunner(1, executor=executor)
        with ExitStack() as stack:
            client = stack.enter_context(TestClient(create_app(database, settings(), clock=clock, bots=bots)))
            bob = Bob(client, f"http://127.0.0.1:{hook.server_address[1]}/hook")
            table, alice = duel(client, bob, stack, move_deadline=HALF_DAY, title="Duel")
            due = with_deadline(alice, alice_until_bob(alice))["deadline"]
            eventually(lambda: clock.due_within(HALF_DAY / 2) >= 1, what="the deadline's clock")
            clock.advance(HALF_DAY / 2)
            wait_for(lambda: "Half your time is gone at Duel" in titles(hook), what="the reminder")
        clock.advance(3600)
        with ExitStack() as stack:
            client = stack.enter_context(TestClient(create_app(database, settings(), clock=clock, bots=bots)))
            alice = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[0]))
            update = with_deadline(alice, hello(alice, NAMES[0]))
            assert update["deadline"] == due and update["view"]["to_act"] == 1
            eventually(lambda: clock.due_within(HALF_DAY) >= 1, what="the deadline's clock")
            clock.advance(due - clock.now)
            notice = recv_until(alice, lambda m: m["type"] == "chat" and "ran out" in m["text"])
            assert notice["text"].startswith("Bob's time for this move ran out")
            wait_for(lambda: "A bot played your turn at Duel" in titles(hook), what="Bob told")
            assert titles(hook).count("Half your time is gone at Duel") == 1
            assert titles(hook).count("Your turn, Bob") == 1, "the restart alerts the turn once"


def test_a_bad_time_per_move_or_bot_is_refused_with_a_sentence(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(settings())
    bad: list[tuple[dict[str, object], str]] = [
        ({"move_deadline": 5}, "The time per move is 0 (none), 43200 (12 hours), 86400 (1 day) or 259200"),
        ({"move_deadline": "1 day"}, "The time per move is 0 (none)"),
        ({"move_deadline": 86400, "deadline_bot": "nobody"}, "Unknown bot level 'nobody'"),
        (
            {"move_deadline": 86400, "deadline_bot": "x" * 5000},
            "'deadline_bot' must be the name of a bot level",
        ),
        ({"move_deadline": 86400, "deadline_bot": 3}, "'deadline_bot' must be the name of a bot level"),
    ]
    for params, sentence in bad:
        body = {"name": NAMES[0], "seats": 2, "realtime": False, **params}
        answer = client.post("/api/tables", json=body, headers=as_guest(client, UIDS[0]))
        assert answer.status_code in (400, 422), answer.text
        assert sentence in answer.json()["detail"], answer.json()["detail"]
    assert server_of(client).tables.live_count() == 0
    real_time = create_table(client, 2, realtime=True, move_deadline=86400)
    assert client.get(f"/api/tables/{real_time}").json()["move_deadline"] == 0, "real time keeps its timer"


def test_the_process_that_takes_the_lease_over_enforces_the_stored_deadline(
    postgres: PostgresServer, redis: RedisServer
) -> None:
    """Two processes on one PostgreSQL and Redis: the first starts the turn's clock and stops (its
    lease left behind, as after a crash); the second shows the stored deadline, takes the lease
    over once it ran out, and at that deadline, not a whole turn later, the bot plays the turn."""
    database, clock = postgres.new_database(), ManualClock()
    config = Settings(bot_delay=0.0, redis_url=redis.url, lease_seconds=10.0)
    with ThreadPoolExecutor(1) as executor:
        bots = BotRunner(1, executor=executor)
        with ExitStack() as stack:
            first = stack.enter_context(TestClient(create_app(database, config, clock=clock, bots=bots)))
            table, (alice, _bob) = seated_game(first, stack, 2, realtime=False, move_deadline=HALF_DAY)
            dealt = with_deadline(alice, recv_until(alice, after(-1)))
            due = dealt["deadline"]
            assert due == clock.now + HALF_DAY
            stored = "SELECT seq, due FROM turn_clocks WHERE table_id = :t"
            eventually(lambda: query(database, stored, t=table) == [(0, due)], what="the clock stored")
        with ExitStack() as stack:
            second = stack.enter_context(TestClient(create_app(database, config, clock=clock, bots=bots)))
            watcher = stack.enter_context(guest_socket(second, f"/ws/table/{table}", UIDS[0]))
            shown = with_deadline(watcher, hello(watcher, NAMES[0]))
            assert shown["deadline"] == due, "the stored deadline, not a new turn's"
            plans = server_of(second).automation._plans
            eventually(lambda: table in plans and plans[table][1].done(), what="the lease found held")
            clock.advance(15)  # the first lease ran out: the second process takes it over
            eventually(lambda: clock.due_within(HALF_DAY) >= 2, what="the clock and the lease keeper")
            clock.advance(due - clock.now)
            notice = recv_until(watcher, lambda m: m["type"] == "chat" and "ran out" in m["text"])
            seat = dealt["view"]["to_act"]
            assert (
                notice["text"] == f"{NAMES[seat]}'s time for this move ran out: Easy bot plays it for them."
            )
            assert recv_until(watcher, after(0))["log"][0]["seat"] == seat
