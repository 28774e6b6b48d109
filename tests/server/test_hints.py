"""Hints at tables and the analysis of finished games, through the real server: a practice game
answers a hint with three moves and tells the table; a game that may be rated, or whose creator
turned hints off, refuses a forged request with a sentence; a finished game gets its analysis."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

from petersburg.server.settings import Settings
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    error_of,
    eventually,
    guest_socket,
    hello,
    pick_action,
    recv_until,
    seated_game,
)


def practice_game(client: TestClient, stack: ExitStack, **params: Any) -> tuple[Any, dict[str, Any]]:
    """A started 2-seat table of the first guest against a Greedy bot, at the guest's first turn."""
    table = create_table(client, 2, fill="greedy", **params)
    ws = stack.enter_context(guest_socket(client, f"/ws/table/{table}", UIDS[0]))
    hello(ws, NAMES[0])
    ws.send_json({"type": "start"})
    update = recv_until(ws, lambda m: m["type"] == "update" and bool(m.get("legal")), limit=2000)
    return ws, update


def test_a_practice_game_gives_three_moves_with_chances_and_reasons_and_tells_the_table(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, analyse_games=False))
    with ExitStack() as stack:
        ws, update = practice_game(client, stack)
        assert update["table"]["hints"] is True
        ws.send_json({"type": "hint", "token": update["you"]["token"], "seq": update["seq"]})
        told: list[dict[str, Any]] = []  # the table's notice may come before the answer

        def the_hint(message: dict[str, Any]) -> bool:
            told.append(message)
            return bool(message["type"] == "hint")

        found = recv_until(ws, the_hint)
        said = next(m for m in told if m["type"] == "chat" and "asked for a hint" in m["text"])
        assert NAMES[0] in said["text"]
        legal = {action["id"] for action in update["legal"]}
        assert len(found["moves"]) == 3
        for move in found["moves"]:
            assert move["action"] in legal
            assert 0.0 <= move["value"] <= 1.0
            assert move["move"] and move["reason"]


def test_hints_are_refused_with_a_sentence_where_the_game_may_be_rated_or_they_are_off(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, analyse_games=False))
    with ExitStack() as stack:
        _table, sockets = seated_game(client, stack, 2)
        first = recv_until(sockets[0], lambda m: m["type"] == "update" and "view" in m)
        assert first["table"]["hints"] is False
        forged = {"type": "hint", "token": first["you"]["token"], "seq": first["seq"]}
        assert error_of(sockets[0], forged) == "Hints are not given in a game that may be rated."
    with ExitStack() as stack:
        ws, update = practice_game(client, stack, hints=False)
        assert update["table"]["hints"] is False
        forged = {"type": "hint", "token": update["you"]["token"], "seq": update["seq"]}
        assert error_of(ws, forged) == "The table's creator turned hints off."


def test_hints_are_limited_per_person(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0, analyse_games=False, hint_limit=1))
    with ExitStack() as stack:
        ws, update = practice_game(client, stack)
        ask = {"type": "hint", "token": update["you"]["token"], "seq": update["seq"]}
        ws.send_json(ask)
        recv_until(ws, lambda m: m["type"] == "hint")
        assert error_of(ws, ask) == "At most 1 hints in 60 seconds: try again in a moment."


def test_an_unknown_persons_average_loss_is_refused_with_a_sentence(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(bot_delay=0.0, analyse_games=False))
    response = client.get("/api/profile/Nobody%20Here/loss")
    assert response.status_code == 404
    assert "Nobody Here" in response.json()["detail"]


def test_a_hint_is_worded_in_the_asking_sockets_language(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(bot_delay=0.0, analyse_games=False))
    with ExitStack() as stack:
        ws, update = practice_game(client, stack)
        ws.send_json({"type": "language", "lang": "de"})
        german = recv_until(ws, lambda m: m["type"] == "update" and m.get("log_from") == 0)
        ws.send_json({"type": "hint", "token": german["you"]["token"], "seq": german["seq"]})
        found = recv_until(ws, lambda m: m["type"] == "hint")
        words = {action["id"]: action["description"] for action in german["legal"]}
        english = {action["id"]: action["description"] for action in update["legal"]}
        assert words != english
        for move in found["moves"]:
            assert move["move"] == words[move["action"]]


def after(seq: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is an update after log row ``seq``."""
    return lambda message: message["type"] == "update" and message["seq"] > seq


def test_a_finished_games_analysis_reads_in_the_readers_language(
    make_client: Callable[..., TestClient],
) -> None:
    """One stored analysis, read in English, German and the pseudo-language: the same figures, the
    words of each reader."""
    client = make_client(Settings(bot_delay=0.0, pseudo_language=True))
    rng = random.Random(5)
    with ExitStack() as stack:
        table, (ws,) = seated_game(client, stack, 1)
        update = recv_until(ws, lambda m: m["type"] == "update" and bool(m.get("legal")))
        while "result" not in update:
            action = pick_action(update, rng)
            ws.send_json(
                {"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": action}
            )
            update = recv_until(ws, after(update["seq"]))
    path = f"/api/tables/{table}/analysis"

    def ready() -> bool:
        return client.get(path).status_code == 200

    eventually(ready, 120, "the analysis")
    english, german, pseudo = (
        client.get(f"{path}?lang={lang}").json()["analysis"] for lang in ("en", "de", "qps")
    )
    assert [p["after"] for p in german["turning_points"]] == [p["after"] for p in english["turning_points"]]
    assert german["decisions"] and len(german["decisions"]) == len(english["decisions"])
    for reader, words in ((german, "Runde "), (pseudo, "⟦")):
        assert all(point["text"].startswith(words) for point in reader["turning_points"])
        assert reader["turning_points"] != english["turning_points"]
    assert all(d["played_text"].startswith("⟦") for d in pseudo["decisions"])
