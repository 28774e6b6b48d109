"""A game driven over the table's websocket, as a client other than the page would drive it: for
the browser tests that set up a position before a page opens it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

from petersburg.engine import GameState, new_game, options_from_json
from petersburg.engine.rules import apply_action
from petersburg.server.clock import fixed_seeds
from tests.server.live import guest_cookie


def solo_moves_until(
    seed: int,
    options: dict[str, Any],
    reached: Callable[[GameState], bool],
    choose: Callable[[GameState], int],
    what: str,
) -> tuple[list[int], GameState]:
    """The moves ``choose`` makes in the solo game a server started with ``PETERSBURG_SEED=seed``
    deals first, until ``reached``; those moves and the position they lead to. Fails, naming
    ``what``, if the game ends or runs 200 moves first (the deal no longer leads there)."""
    state = new_game(1, fixed_seeds(seed)(), options_from_json(options))
    moves: list[int] = []
    while not reached(state):
        assert not state.is_over and len(moves) < 200, f"the seed no longer leads to {what}"
        moves.append(choose(state))
        apply_action(state, moves[-1])
    return moves, state


def receive(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The next message that is ``wanted`` (the ones before it are skipped)."""
    for _ in range(2000):
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if wanted(message):
            return message
    raise AssertionError("the expected message did not come")


def receive_update(ws: ClientConnection, seq: int) -> dict[str, Any]:
    return receive(ws, lambda m: m["type"] == "update" and m.get("seq") == seq and "view" in m)


def update_after(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == "update" and message.get("seq", 0) > seq


def play_moves(base: str, uid: str, name: str, table: int, moves: list[int]) -> None:
    """Play ``moves`` (engine action ids) at the started ``table`` as the guest a test calls
    ``uid``, each one checked legal by the server's own list before it is sent."""
    address = base.replace("http://", "ws://") + f"/ws/table/{table}"
    with connect(address, additional_headers={"Cookie": guest_cookie(base, uid)}) as ws:
        ws.send(json.dumps({"type": "hello", "name": name}))
        update = receive(ws, lambda m: m["type"] == "update" and "view" in m)
        for move in moves:
            assert move in [a["id"] for a in update["legal"]], (move, update["legal"])
            token, seq = update["you"]["token"], update["seq"]
            ws.send(json.dumps({"type": "act", "token": token, "seq": seq, "action": move}))
            update = receive(ws, update_after(seq))
