"""Bot levels by plain names: the measured ladder table's order (the ladder weakest first, Random for
research after it), one sentence each quoting the table, short seat names, older ids still
understood (in requests and in seats stored before the names changed)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from petersburg.bots import make_bot
from petersburg.bots.levels import (
    MIN_QUOTED_GAMES,
    OLDER_IDS,
    BotLevel,
    GamesWon,
    bot_levels,
    find_level,
    futures_a_move,
    ladder_table,
    quoted_duel,
    spec_of,
)
from petersburg.server.persistence.store import SeatRow
from petersburg.server.settings import Settings
from petersburg.text.bots import level_name, level_text, seat_name
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    error_of,
    guest_socket,
    hello,
    recv_until,
    server_of,
)

PLAIN = [entry["id"] for entry in ladder_table()["ladder"]] + [
    entry["id"] for entry in ladder_table()["research"]
]
"""The levels in the measured table's order: the ladder weakest first, then the research levels."""
EVERY_ID_EVER_STORED = [
    *("random", "greedy", "easy", "medium", "hard", "expert"),
    *("ismcts", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"),
]
"""The level ids and bot specs seats stored before this ladder."""


def test_the_table_gives_the_levels_their_order_and_each_a_sentence_with_its_figures() -> None:
    assert PLAIN[:6] == ["beginner", "easy", "medium", "hard", "expert", "master"]
    assert PLAIN[-1] == "random"
    levels = bot_levels()[: len(PLAIN)]  # bots a program registered come after them
    assert [level.id for level in levels] == PLAIN
    assert [level_name(level.id) for level in levels] == [word.capitalize() for word in PLAIN]
    assert [level.research for level in levels] == [False] * (len(PLAIN) - 1) + [True]
    for level in levels:
        text = level_text(level.id, quoted=quoted_duel(level), futures=level.futures)
        assert text.endswith(".") and len(text) < 220
        if level.futures is not None and quoted_duel(level) is not None:  # a search level's budget
            assert f"{level.futures[0]:,} to {level.futures[1]:,} futures" in text
        make_bot(level.spec, 1)  # every level is a bot that exists
        quoted = quoted_duel(level)
        if quoted is not None:  # the sentence quotes the table's games against its neighbour
            wins, games, other = quoted
            assert f"{wins:g} of {games} 2-player games against {level_name(other)}." in text


def test_every_id_ever_stored_still_finds_a_level_that_plays() -> None:
    for word in [*EVERY_ID_EVER_STORED, *OLDER_IDS]:
        found = find_level(word)
        assert found is not None, word
        make_bot(spec_of(word), 1)
    for word, wanted in [
        ("ismcts:expert", "expert"),
        ("ISMCTS:Hard", "hard"),
        ("ismcts", "medium"),
        ("Expert", "expert"),
        (" greedy ", "easy"),
        ("ismcts:easy", "easy"),
        ("Beginner", "beginner"),
        ("ismcts:master", "master"),
    ]:
        found = find_level(word)
        assert found is not None and found.id == wanted
    assert find_level("grandmaster") is None
    assert spec_of("ismcts:easy") == "greedy" and spec_of("expert") == "ismcts:expert"


def test_seat_names_are_short_and_distinct() -> None:
    expert = find_level("expert")
    assert expert is not None
    assert seat_name(expert.id, ["Alice"]) == "Expert bot"
    assert seat_name(expert.id, ["Alice", "Expert bot"]) == "Expert bot 2"
    assert seat_name(expert.id, ["expert BOT", "Expert bot 2"]) == "Expert bot 3"


def test_bot_command_takes_plain_and_older_names(client: TestClient) -> None:
    table = create_table(client, 4)
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        first = hello(ws, NAMES[0])
        assert first["bots"][: len(PLAIN)] == PLAIN
        names = [level["name"] for level in first["bot_levels"]]
        assert names[: len(PLAIN)] == [w.capitalize() for w in PLAIN]
        ws.send_json({"type": "chat", "text": "/bot expert"})
        update = recv_until(ws, lambda m: m["type"] == "update" and m["table"]["seats"][1]["kind"] == "bot")
        assert update["table"]["seats"][1]["name"] == "Expert bot"
        assert update["table"]["seats"][1]["bot"] == "expert"
        ws.send_json({"type": "bot", "level": "ismcts:expert"})  # an older client's id
        update = recv_until(ws, lambda m: m["type"] == "update" and m["table"]["seats"][2]["kind"] == "bot")
        assert update["table"]["seats"][2]["name"] == "Expert bot 2"
        assert update["table"]["seats"][2]["bot"] == "expert"
        ws.send_json({"type": "bot", "level": "Hard", "seat": 2})  # change a bot's level
        update = recv_until(ws, lambda m: m["type"] == "update" and m["table"]["seats"][2]["bot"] == "hard")
        assert update["table"]["seats"][2]["name"] == "Hard bot"
        error = error_of(ws, {"type": "chat", "text": "/bot grandmaster"})
        assert "Unknown bot level 'grandmaster'" in error and ", ".join(PLAIN) in error
    with guest_socket(client, "/ws/lobby", UIDS[1]) as lobby:
        lobby.send_json({"type": "hello", "name": NAMES[1]})
        hello_message = recv_until(lobby, lambda m: m["type"] == "lobby")
        assert hello_message["bots"][: len(PLAIN)] == PLAIN
        assert "weakest first: " + ", ".join(PLAIN) in hello_message["help"]
        assert [level["id"] for level in hello_message["bot_levels"]][: len(PLAIN)] == PLAIN
    assert client.get("/api/bots").json()[: len(PLAIN)] == PLAIN


def test_a_bot_is_announced_by_its_seat_name(client: TestClient) -> None:
    """No article to get wrong ("A Expert bot"): the notice names the bot as the log will."""
    table = create_table(client, 3)
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, NAMES[0])
        ws.send_json({"type": "chat", "text": "/bot expert"})
        said = recv_until(ws, lambda m: m["type"] == "chat" and "seat 2" in m["text"])
        assert said["text"] == "Expert bot sits down in seat 2."
        ws.send_json({"type": "bot", "level": "easy", "seat": 1})
        said = recv_until(ws, lambda m: m["type"] == "chat" and "replaced" in m["text"])
        assert said["text"] == "Expert bot in seat 2 is replaced by Easy bot."


def test_a_seat_stored_with_an_older_id_still_plays(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0))
    table = create_table(client, 2, fill="greedy")
    server = server_of(client)
    live = server.tables.cached(table)
    assert live is not None
    live.row.seats[1] = SeatRow("bot", "Ismcts:easy bot 2", None, None, "ismcts:easy")  # as stored before
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, NAMES[0])
        ws.send_json({"type": "start"})
        first = recv_until(ws, lambda m: m["type"] == "update" and m["seq"] == 0 and "view" in m)
        if first["view"]["to_act"] == 0:
            take = next(a["id"] for a in first["legal"] if a["kind"] == "hand")
            ws.send_json({"type": "act", "token": first["you"]["token"], "seq": 0, "action": take})
        moved = recv_until(
            ws, lambda m: m["type"] == "update" and any(line["seat"] == 1 for line in m.get("log", []))
        )
        assert moved["names"][1] == "Ismcts:easy bot 2"


def test_a_duel_of_a_handful_of_games_is_not_quoted_to_people() -> None:
    few = GamesWon(1.0, MIN_QUOTED_GAMES - 1, 0.05, 0.7)
    enough = GamesWon(7.0, MIN_QUOTED_GAMES, 0.4, 0.9)
    level = BotLevel("master", "ismcts:master", below="expert", duels=(("first", few),))
    assert quoted_duel(level) is None
    assert level_text("master", quoted=quoted_duel(level)) == "Not measured yet."
    measured = BotLevel("master", "ismcts:master", below="expert", duels=(("first", enough),))
    assert quoted_duel(measured) == (7.0, MIN_QUOTED_GAMES, "expert")


def test_a_search_levels_sentence_quotes_the_futures_its_settings_play_out() -> None:
    # One setting at every table: 4 / players of it, so the most at 2 players, the fewest at 4.
    assert futures_a_move("ismcts:expert+iterations=100") == (100, 200)
    # A level's settings by table count too: Medium's duels and 4-player tables have their own.
    medium = next(level for level in bot_levels() if level.id == "medium")
    assert medium.futures == futures_a_move("ismcts:medium")
    assert medium.futures is not None and medium.futures[0] < 20 * 4 // 2 < medium.futures[1]
    assert futures_a_move("greedy") is None and futures_a_move("ismcts:expert+seconds=0.5") is None
    quoted = (134.0, 200, "medium")
    assert "1,600 to 3,200 futures" in level_text("master", quoted=quoted, futures=(1600, 3200))
    assert "1.600" in level_text("master", "de", quoted=quoted, futures=(1600, 3200))
    with pytest.raises(ValueError, match="futures"):
        level_text("hard", quoted=quoted)
    assert level_text("beginner", quoted=quoted).startswith("A first opponent")
