"""The pages read the rules' figures from what the server sends, never from literals of their own:
the lobby the rule options and which go together (``GET /api/options``), the table each seat's hand
limit (its figures in ``summary``)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from petersburg.cards import WAREHOUSE
from petersburg.engine import HAND_LIMIT, WAREHOUSE_HAND_LIMIT, GameOptions, new_game, option_choices
from petersburg.server.protocol.http import OptionChoices
from petersburg.server.view.figures import seat_figures


def test_the_lobby_is_sent_the_engines_option_choices(client: TestClient) -> None:
    answer = client.get("/api/options")
    assert answer.status_code == 200
    assert answer.json() == option_choices()
    served = TypeAdapter(OptionChoices).validate_python(answer.json(), strict=True)
    assert served["players"]["max_with_market"] > served["players"]["max"]


def test_each_seats_figures_carry_its_hand_limit() -> None:
    state = new_game(2, seed=1, options=GameOptions())
    state.players[1].area[WAREHOUSE] = 1
    figures = seat_figures(state)
    assert [figures[seat]["hand_limit"] for seat in (0, 1)] == [HAND_LIMIT, WAREHOUSE_HAND_LIMIT]
