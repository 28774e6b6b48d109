"""Accounts and ratings through the real app: sign up, sign in and out, the session cookie, names
unique whatever their case, throttled wrong passwords, guests claiming their games, profiles,
rated games and the leaderboard. Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy.engine import Connection

from petersburg.bots.levels import ladder
from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.api.identity import GUEST_COOKIE
from petersburg.server.app import create_app
from petersburg.server.persistence.store import TableRow
from petersburg.server.settings import Settings
from petersburg.server.view.presenter import holder_id
from tests.server.helpers import (
    UIDS,
    as_guest,
    create_table,
    error_of,
    guest_socket,
    hello,
    is_update,
    pick_action,
    query,
    recv_until,
    seated_update,
    server_of,
    update_at,
)

PASSWORD = "correct horse battery"
JSON_TYPE = {"content-type": "application/json"}


def sign_up(
    client: TestClient, name: str, uid: str | None = None, password: str = PASSWORD
) -> dict[str, Any]:
    guest = as_guest(client, uid) if uid is not None else None  # the guest whose games become its
    response = client.post("/api/account/signup", json={"name": name, "password": password}, headers=guest)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def as_account(client: TestClient, cookie: str | None) -> None:
    """The client's next requests and sockets carry this session cookie (or none)."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(SESSION_COOKIE, cookie)


def play_to_end(sockets: list[Any], rng: random.Random) -> dict[str, Any]:
    """Every seat plays random legal actions until the game is over; the last update."""
    updates = [recv_until(ws, update_at(0)) for ws in sockets]
    while "result" not in updates[0]:
        seq = updates[0]["seq"]
        seat = updates[0]["view"]["to_act"]
        mine = updates[seat]
        sockets[seat].send_json(
            {"type": "act", "token": mine["you"]["token"], "seq": seq, "action": pick_action(mine, rng)}
        )
        updates = [recv_until(ws, update_at(seq + 1)) for ws in sockets]
    return updates[0]


def test_sign_up_sign_out_sign_in_with_a_signed_http_only_cookie(client: TestClient) -> None:
    response = client.post(
        "/api/account/signup", json={"name": "Alice", "password": PASSWORD}, headers=as_guest(client, UIDS[0])
    )
    assert response.status_code == 201
    assert response.json() == {
        "name": "Alice",
        "uid": UIDS[0],
        "rating": 1500,
        "deviation": 500,
        "rated_games": 0,
    }
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert client.get("/api/account").json()["name"] == "Alice"
    client.post("/api/account/signout", json={})
    assert client.get("/api/account").json() is None
    as_account(client, cookie.split(";")[0].split("=", 1)[1][:-3] + "AAA")  # forged
    assert client.get("/api/account").json() is None
    client.cookies.clear()
    signed_in = client.post("/api/account/signin", json={"name": "  aLiCe ", "password": PASSWORD})
    assert signed_in.status_code == 200
    assert signed_in.json()["uid"] == UIDS[0]
    assert client.get("/api/account").json()["name"] == "Alice"


def test_names_are_unique_whatever_their_case_and_bad_input_gets_a_sentence(client: TestClient) -> None:
    sign_up(client, "Alice")
    taken = client.post("/api/account/signup", json={"name": "ALICE", "password": PASSWORD})
    assert taken.status_code == 409
    assert taken.json()["detail"] == "The name ALICE is taken; choose another."
    short = client.post("/api/account/signup", json={"name": "Bob", "password": "short"})
    assert short.json()["detail"] == "A password has 8 to 200 characters."
    bad = client.post("/api/account/signup", json={"name": "<b>", "password": PASSWORD})
    assert bad.json()["detail"].startswith("An account name has 2 to 24 characters")
    malformed = client.post("/api/account/signup", content=b'{"name": 5}', headers=JSON_TYPE)
    assert malformed.status_code == 400
    assert malformed.json()["detail"] == "A name is text of 1 to 24 characters."
    assert client.get("/api/profile/bob").status_code == 404  # nothing was created


def test_wrong_passwords_are_refused_with_a_sentence_and_throttled(client: TestClient) -> None:
    sign_up(client, "Alice")
    client.cookies.clear()
    for _ in range(Settings().sign_ins_per_name):
        wrong = client.post("/api/account/signin", json={"name": "alice", "password": "not the password"})
        assert wrong.status_code == 401
        assert wrong.json()["detail"] == "Wrong name or password."
    throttled = client.post("/api/account/signin", json={"name": "Alice", "password": PASSWORD})
    assert throttled.status_code == 429
    assert throttled.json()["detail"] == (
        "Too many failed sign-ins for this name: wait 15 minutes before trying again."
    )
    assert SESSION_COOKIE not in client.cookies
    unknown = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert unknown.json()["detail"] == "Wrong name or password."  # no hint which names exist


def test_a_guest_plays_signs_up_and_finds_the_game_in_the_profile(client: TestClient) -> None:
    rng = random.Random(5)
    table = create_table(client, 1, uid=UIDS[0], name="Guest Alice", options={"always_refill": True})
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Guest Alice")
        ws.send_json({"type": "start"})
        final = play_to_end([ws], rng)
    account = sign_up(client, "Alice", uid=UIDS[0])
    assert account["uid"] == UIDS[0]  # the guest identity is the account's now
    profile = client.get("/api/profile/alice").json()
    assert profile["name"] == "Alice"
    [game] = profile["games"]
    assert game["table"] == table and game["status"] == "over" and game["seats"] == 1
    assert game["place"] == 1
    assert game["total"] == final["result"]["scores"][0]["total"]
    assert game["rated"] is False  # solo games are never rated
    assert profile["ratings"] == [] and profile["rating"] == 1500
    # Without the session, the identity cannot be used any more, not even with the guest cookie it
    # was issued in: that browser is given a new guest identity instead.
    client.cookies.clear()
    with guest_socket(client, "/ws/lobby", UIDS[0]) as ws:
        ws.send_json({"type": "hello", "name": "Mallory"})
        lobby = recv_until(ws, lambda m: m["type"] == "lobby")
        assert lobby["you"] != holder_id(UIDS[0])
    response = client.post(
        "/api/tables", json={"name": "Mallory", "seats": 2}, headers=as_guest(client, UIDS[0])
    )
    assert response.status_code == 201 and response.headers["set-cookie"].startswith(f"{GUEST_COOKIE}=")
    created = server_of(client).tables.cached(response.json()["id"])
    assert created is not None and created.row.creator not in ("", UIDS[0])


def test_a_rated_three_player_game_updates_three_ratings(client: TestClient) -> None:
    names = ["Anna", "Boris", "Clara"]
    cookies = []
    for i, name in enumerate(names):
        client.cookies.clear()
        sign_up(client, name, uid=UIDS[i])
        cookies.append(client.cookies[SESSION_COOKIE])
    with ExitStack() as stack:
        as_account(client, cookies[0])
        table = create_table(client, 3, uid=UIDS[0], name="ignored: the account's name is used")
        sockets = []
        for i in range(3):
            as_account(client, cookies[i])
            ws = stack.enter_context(guest_socket(client, f"/ws/table/{table}", "claimed-uid-ignored"))
            hello(ws, "ignored")  # the session decides who this is
            if i:
                ws.send_json({"type": "sit", "seat": i})
                recv_until(ws, seated_update(i))
            sockets.append(ws)
        sockets[0].send_json({"type": "start"})
        final = play_to_end(sockets, random.Random(11))
    assert final["result"]["names"] == names
    client.cookies.clear()
    places = {name: client.get(f"/api/profile/{name}").json() for name in names}
    for seat, name in enumerate(names):
        profile = places[name]
        assert profile["rated_games"] == 1
        [game] = profile["games"]
        assert game["rated"] is True and game["table"] == table
        assert game["rating_change"] == profile["rating"] - 1500
        [point] = profile["ratings"]
        assert point["table"] == table and point["rating"] == profile["rating"]
        assert profile["deviation"] < 500  # one game made the rating surer
        if game["place"] == 1:
            assert profile["rating"] > 1500, (seat, profile)
        if game["place"] == 3:
            assert profile["rating"] < 1500, (seat, profile)
    board = client.get("/api/leaderboard").json()
    assert sorted(entry["name"] for entry in board["players"]) == sorted(names)
    assert board["players"][0]["place"] == 1
    # The bots on the people's scale, in the measured ladder's order, at the table's ratings.
    measured = [level for level in ladder() if level.rating is not None]
    assert [bot["level"] for bot in board["bots"]] == [level.id for level in measured]
    assert [bot["rating"] for bot in board["bots"]] == [level.rating for level in measured]
    assert measured and "random" not in [bot["level"] for bot in board["bots"]]


def test_games_with_guests_or_bots_are_unrated_unless_the_table_says_so(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, undo_grace=0.0))  # bots move at once
    account = sign_up(client, "Anna", uid=UIDS[0])
    cookie = client.cookies[SESSION_COOKIE]
    with ExitStack() as stack:  # with a guest: unrated
        table = create_table(client, 2, uid=UIDS[0])
        mine = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[0]))
        hello(mine, "Anna")
        client.cookies.clear()
        guest = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[1]))
        hello(guest, "Guest")
        guest.send_json({"type": "sit", "seat": 1})
        recv_until(guest, lambda m: is_update(m) and m["you"] is not None)
        mine.send_json({"type": "start"})
        play_to_end([mine, guest], random.Random(2))
    assert client.get("/api/profile/Anna").json()["rated_games"] == 0
    as_account(client, cookie)
    for rated in (False, True):  # with a bot: rated only when the table asks for it
        table = create_table(client, 2, uid=UIDS[0], fill="random", rated=rated)
        with guest_socket(client, f"/ws/table/{table}", account["uid"]) as ws:
            hello(ws, "Anna")
            ws.send_json({"type": "start"})
            updates = recv_until(ws, update_at(0))
            rng = random.Random(3)
            while "result" not in updates:
                if updates["view"]["to_act"] == 0 and updates["legal"]:
                    ws.send_json(
                        {
                            "type": "act",
                            "token": updates["you"]["token"],
                            "seq": updates["seq"],
                            "action": pick_action(updates, rng),
                        }
                    )
                updates = recv_until(ws, lambda m: is_update(m) and "view" in m, limit=5000)
        assert client.get("/api/profile/Anna").json()["rated_games"] == (1 if rated else 0)


def play_against_bots(ws: Any, rng: random.Random) -> dict[str, Any]:
    """Seat 0 plays random legal actions until the game is over (its result stored or not); the
    last update."""
    update = recv_until(ws, update_at(0))
    while update["view"]["stage"] != "over":
        if update["view"]["to_act"] == 0 and update["legal"]:
            action = pick_action(update, rng)
            ws.send_json(
                {"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": action}
            )
        update = recv_until(ws, lambda m: is_update(m) and "view" in m, limit=5000)
    return update


def test_a_failed_rating_write_stores_no_result_and_the_game_is_rated_once_when_it_can_be(
    database: str,
) -> None:
    def broken_rating(connection: Connection, row: TableRow) -> None:
        connection.execute(sa.text("UPDATE no_such_table SET x = 1"))  # fails like a lost database would

    config = Settings(bot_delay=0.0, undo_grace=0.0)  # bots move at once
    with TestClient(create_app(database, config)) as client:
        store = server_of(client).store
        store.with_result.insert(0, broken_rating)
        account = sign_up(client, "Anna", uid=UIDS[0])
        table = create_table(client, 2, uid=UIDS[0], fill="random", rated=True)
        with guest_socket(client, f"/ws/table/{table}", account["uid"]) as ws:
            hello(ws, "Anna")
            ws.send_json({"type": "start"})
            final = play_against_bots(ws, random.Random(5))
            assert "result" not in final
            # Neither the result nor the ratings: the game's last action is stored, its end is not.
            [(status, result)] = query(database, "SELECT status, result FROM tables WHERE id = :t", t=table)
            assert (status, result) == ("playing", None)
            assert query(database, "SELECT count(*) FROM ratings") == [(0,)]
            assert client.get("/api/profile/Anna").json()["rated_games"] == 0
            # Once the rating can be written, the server stores the end of the game by itself.
            store.with_result.remove(broken_rating)
            ended = recv_until(ws, lambda m: is_update(m) and "result" in m, limit=5000)
            assert ended["seq"] == final["seq"]
        assert client.get("/api/profile/Anna").json()["rated_games"] == 1
    with TestClient(create_app(database, config)) as client:  # a restart does not rate it again
        assert client.get(f"/api/tables/{table}").json()["status"] == "over"
        profile = client.get("/api/profile/Anna").json()
        assert profile["rated_games"] == 1
        [game] = profile["games"]
        assert game["rated"] is True and game["table"] == table
    assert query(database, "SELECT count(*) FROM ratings WHERE table_id = :t", t=table) == [(1,)]


def test_a_guest_cannot_sit_or_chat_under_an_account_name(client: TestClient) -> None:
    account = sign_up(client, "Anna Karenina", uid=UIDS[0])
    anna_cookie = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    table = create_table(client, 3, uid=UIDS[1], name="Boris")
    taken = (
        "The name Anna Karenina belongs to an account: sign in as Anna Karenina to use it, or choose "
        "another name."
    )
    refused = client.post(
        "/api/tables", json={"name": "anna  KARENINA", "seats": 2}, headers=as_guest(client, UIDS[2])
    )
    assert refused.status_code == 400 and refused.json()["detail"] == taken
    with guest_socket(client, f"/ws/table/{table}", UIDS[2]) as guest:
        hello(guest, "ANNA karenina")
        assert error_of(guest, {"type": "sit", "seat": 1}) == taken
        assert error_of(guest, {"type": "chat", "text": "Hello, I am Anna"}) == taken
        assert error_of(guest, {"type": "sit", "seat": 1, "name": "anna karenina"}) == taken
        assert error_of(guest, {"type": "name", "name": "Anna Karenina"}) == taken
        assert error_of(guest, {"type": "chat", "text": "/join 2"}) == taken
        guest.send_json({"type": "name", "name": "  Carla "})  # another name is fine, and confirmed
        assert recv_until(guest, lambda m: m["type"] == "named") == {"type": "named", "name": "Carla"}
        guest.send_json({"type": "sit", "seat": 1})
        seated = recv_until(guest, lambda m: is_update(m) and m["you"] is not None)
        assert seated["table"]["seats"][1]["name"] == "Carla"
    with guest_socket(client, "/ws/lobby", UIDS[3]) as lobby:
        hello_lobby = {"type": "hello", "name": "Anna Karenina"}
        lobby.send_json(hello_lobby)
        assert error_of(lobby, {"type": "chat", "text": "hello"}) == taken
    seats = query(server_of(client).store.url, "SELECT name FROM seats WHERE table_id = :t", t=table)
    assert ("Anna Karenina",) not in seats and ("ANNA karenina",) not in seats
    # The account's player, signed in, sits and speaks under its name (whatever name he sends).
    as_account(client, anna_cookie)
    with guest_socket(client, f"/ws/table/{table}", "claimed-uid-ignored") as anna:
        hello(anna, "someone else")
        anna.send_json({"type": "sit", "seat": 2, "name": "someone else"})
        seated = recv_until(anna, lambda m: is_update(m) and m["you"] is not None)
        assert seated["table"]["seats"][2]["name"] == account["name"]
        anna.send_json({"type": "chat", "text": "hello"})
        line = recv_until(anna, lambda m: m["type"] == "chat")
        assert line["name"] == "Anna Karenina"
