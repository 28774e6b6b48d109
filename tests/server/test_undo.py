"""Undo against bots: a person's action is taken back together with the bots' moves made after it,
until another person acts; a bot holds back a move that would reveal cards for a few seconds; a
game with such undos replays from its log to the same state."""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from functools import partial
from typing import Any

from fastapi.testclient import TestClient

from petersburg.engine import PASS_ID, View, default_action, legal_actions
from petersburg.server.game.automation import BotRunner
from petersburg.server.game.game import Game
from petersburg.server.settings import Settings
from petersburg.text.notices import notice
from tests.server.clock import ManualClock
from tests.server.helpers import (
    NAMES,
    UIDS,
    create_table,
    error_of,
    eventually,
    guest_socket,
    hello,
    latest,
    recv_until,
    seated_game,
    server_of,
    stored_log,
)


def taking_bot(level: str, seed: int, seen: View) -> int:
    """A bot that takes a card into hand whenever it can (so it never ends a phase), else passes."""
    legal = legal_actions(seen.state)
    seat = seen.seat
    assert seat is not None  # a bot plays a seat
    hand_full = len(seen.state.players[seat].hand) >= 3
    takes = [a for a in legal if a != PASS_ID] if not hand_full else []
    return takes[-1] if takes else default_action(seen.state)


def passing_bot(level: str, seed: int, seen: View) -> int:
    """A bot that passes whenever it may."""
    legal = legal_actions(seen.state)
    return PASS_ID if PASS_ID in legal else default_action(seen.state)


def next_turn(ws: Any, seq: int) -> dict[str, Any]:
    """The first update from ``seq`` on where the person of ``ws`` is to act."""
    while True:
        update = latest(ws, seq)
        if update["view"]["to_act"] == update["you"]["seat"] or update["view"]["stage"] == "over":
            return update
        seq += 1


def test_undo_takes_back_the_bot_moves_made_after_it(make_client: Callable[..., TestClient]) -> None:
    with ThreadPoolExecutor(1) as executor:
        client = make_client(
            Settings(bot_delay=0.0, undo_grace=0.0),
            bots=BotRunner(1, executor=executor, choose=taking_bot),
        )
        table = create_table(client, 2, fill="random")
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            update = next_turn(ws, 0)
            before = update
            take = next(a["id"] for a in update["legal"] if a["kind"] in ("hand", "buy"))
            ws.send_json(
                {"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": take}
            )
            after = next_turn(ws, update["seq"] + 1)
            # The bot has answered (two rows since), and the person may still take his action back.
            assert after["seq"] == before["seq"] + 2
            assert after["log"][-1]["seat"] == 1
            assert after["undo"] is True
            ws.send_json({"type": "undo", "token": update["you"]["token"], "seq": after["seq"]})
            notice = recv_until(ws, lambda m: m["type"] == "chat" and "takes back" in m["text"])
            assert "and the 1 move after it" in notice["text"]
            undone = latest(ws, after["seq"] + 1)
            assert undone["view"] == before["view"]
            assert undone["undo"] is False
            assert "only undo your own last action, once" in error_of(
                ws, {"type": "undo", "token": update["you"]["token"], "seq": undone["seq"]}
            )
        server = server_of(client)
        live = server.tables.cached(table)
        assert live is not None and live.game is not None
        rows = stored_log(server.store.url, table)
        assert [kind for _seq, kind, _seat, _action in rows][-1] == "undo"
        # The log replays to the same game: state, words, and the actions that count.
        from petersburg.server.persistence.store import LogRow

        rebuilt = Game.replay(live.row, [LogRow(*row) for row in rows], live.names())
        assert rebuilt.state == live.game.state
        assert rebuilt.events == live.game.events
        assert [r.seq for r in rebuilt.effective] == [r.seq for r in live.game.effective]
        assert len(rebuilt.effective) == before["seq"]


def test_undo_ends_when_another_person_acts(client: TestClient) -> None:
    with ExitStack() as stack:
        _table, sockets = seated_game(client, stack, 2)
        updates = [latest(ws, 0) for ws in sockets]
        first = updates[0]["view"]["to_act"]
        second = 1 - first
        take = next(a["id"] for a in updates[first]["legal"] if a["kind"] == "hand")
        sockets[first].send_json(
            {"type": "act", "token": updates[first]["you"]["token"], "seq": 0, "action": take}
        )
        mid = latest(sockets[second], 1)
        take = next(a["id"] for a in mid["legal"] if a["kind"] == "hand")
        sockets[second].send_json({"type": "act", "token": mid["you"]["token"], "seq": 1, "action": take})
        assert latest(sockets[first], 2)["undo"] is False
        assert "Another player has acted since" in error_of(
            sockets[first], {"type": "undo", "token": updates[first]["you"]["token"], "seq": 2}
        )
        assert latest(sockets[second], 2)["undo"] is True  # the second person's own action still can


def test_a_bot_holds_back_a_move_that_would_reveal_cards(make_client: Callable[..., TestClient]) -> None:
    clock = ManualClock()
    with ThreadPoolExecutor(1) as executor:
        client = make_client(
            Settings(bot_delay=0.0, undo_grace=5.0),
            clock=clock,
            bots=BotRunner(1, executor=executor, choose=passing_bot),
        )
        table = create_table(client, 2, fill="random")
        live = server_of(client).tables.cached(table)
        assert live is not None
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            seq = 0

            def moved_or_waiting(seq: int) -> bool:
                state = live.state
                mine_again = state is not None and state.current_player == 0
                applied = live.seq >= seq  # the person's pass is in
                return applied and (live.seq > seq or clock.due_within(5) >= 1 or mine_again)

            for _ in range(12):  # until a phase where the person passes first and the bot's pass ends it
                update = next_turn(ws, seq)
                ids = [a["id"] for a in update["legal"]]
                action = PASS_ID if PASS_ID in ids else ids[0]  # at the Pub: no VP
                ws.send_json(
                    {"type": "act", "token": update["you"]["token"], "seq": update["seq"], "action": action}
                )
                seq = update["seq"] + 1
                eventually(partial(moved_or_waiting, seq), what="the bot moving or waiting")
                if live.seq == seq and clock.due_within(5) >= 1:
                    break
            else:
                raise AssertionError("no phase ended on the bot's pass")
            waiting = latest(ws, seq)
            assert waiting["undo"] is True and waiting["view"]["to_act"] == 1
            clock.advance(4.9)  # not yet
            ws.send_json({"type": "ping"})
            recv_until(ws, lambda m: m["type"] == "pong")
            assert live.seq == seq
            clock.advance(0.1)  # 5 s after the person's pass: the bot passes, new cards are dealt
            dealt = latest(ws, seq + 1)
            assert dealt["undo"] is False
            assert any(line["event"]["type"] == "cards_dealt" for line in dealt["log"])


def test_the_undo_notice_tells_the_move_in_each_readers_language(
    make_client: Callable[..., TestClient],
) -> None:
    """The notice names the move taken back in the narration's words of each reader: a German reader
    reads it in German, an English one in English, from the one stored line."""
    template = notice("takes_back_with_later", name=NAMES[0], count=1, move="{move}").in_language("de")
    prefix = template.split("{move}")[0]
    with ThreadPoolExecutor(1) as executor:
        client = make_client(
            Settings(bot_delay=0.0, undo_grace=0.0), bots=BotRunner(1, executor=executor, choose=taking_bot)
        )
        table = create_table(client, 2, fill="random")
        with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
            hello(ws, NAMES[0])
            ws.send_json({"type": "start"})
            update = next_turn(ws, 0)
            take = next(a["id"] for a in update["legal"] if a["kind"] in ("hand", "buy"))
            token = update["you"]["token"]
            ws.send_json({"type": "act", "token": token, "seq": update["seq"], "action": take})
            after = next_turn(ws, update["seq"] + 1)
            ws.send_json({"type": "language", "lang": "de"})
            ws.send_json({"type": "undo", "token": token, "seq": after["seq"]})
            german = recv_until(ws, lambda m: m["type"] == "chat" and m["text"].startswith(prefix))
            ws.send_json({"type": "language", "lang": "en"})
            history = recv_until(ws, lambda m: m["type"] == "chat_history")
    english = next(line["text"] for line in history["chat"] if "takes back" in line["text"])
    moved = english.split(": ", 1)[1]  # the move: "Alice took … into hand"
    words = set(re.findall(r"\b[A-Za-z]{4,}\b", moved)) - {NAMES[0]}
    assert words and words.isdisjoint(re.findall(r"\b[A-Za-z]{4,}\b", german["text"])), german["text"]
