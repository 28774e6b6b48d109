"""Tables of the 2nd edition and the Market: created with options the engine accepts, up to 5
seats, played to the end over real websockets; every update carries what the page needs (the
phases in the edition's order, the yellow stack, goods and majorities as the engine counts them,
the pending crate and "?" decisions with their goods), and every message fits the protocol."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from petersburg.engine import (
    STAGE_CRATE,
    STAGE_JOKER,
    GameOptions,
    apply_action,
    default_action,
    format_action,
    good_points,
    goods_counts,
    legal_actions,
    market_values,
    new_game,
)
from petersburg.server.clock import fixed_seeds
from petersburg.server.protocol.http import CardInfo, ReplayResponse
from petersburg.server.protocol.messages import server_messages
from petersburg.server.view.presenter import market_standing
from tests.server.helpers import UIDS, create_table, guest_socket, hello, recv_until, seated_update, update_at

MARKET: dict[str, str | bool] = {"edition": "second", "market": True}
FIVE_UIDS = ["ann-uid-00001", "ben-uid-00002", "cid-uid-00003", "dee-uid-00004", "eve-uid-00005"]
FIVE_NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]


def test_a_market_table_takes_five_seats_and_keeps_its_options(client: TestClient) -> None:
    options = {**MARKET, "joker": "each_scoring", "unpaid_crate": "idle", "market_ties": "step_down"}
    table = create_table(client, 5, options=options)
    summary = client.get(f"/api/tables/{table}").json()
    assert len(summary["seats"]) == 5
    assert summary["options"]["market"] is True and summary["options"]["edition"] == "second"
    assert summary["options"]["joker"] == "each_scoring"
    assert summary["options"]["money"] == "traded"  # the 2nd edition's default
    second = client.get(f"/api/tables/{create_table(client, 2, options={'edition': 'second'})}").json()
    assert second["options"]["market"] is False and "joker" not in second["options"]


def test_the_card_catalogue_follows_the_edition(client: TestClient) -> None:
    first = {card["id"]: card for card in client.get("/api/cards").json()}
    second = {card["id"]: card for card in client.get("/api/cards", params={"edition": "second"}).json()}
    market = {
        card["id"]: card for card in client.get("/api/cards", params={**MARKET, "market": "true"}).json()
    }
    assert len(first) == len(second) == 49 and len(market) == 49 - 2 + 31
    assert first["pope"]["name"] == "Pope" and second["pope"]["name"] == "Abbot"
    assert first["judge"]["cost"] != second["judge"]["cost"] == 17
    assert "VP" in second["mariinskij_theater"]["special"] and "₽" in first["mariinskij_theater"]["special"]
    assert "ship_builder" not in market and market["ship_builder_fish"]["good"] == "fish"
    crate = market["m_fish_box"]
    assert (crate["colour"], crate["deck"], crate["good"], crate["symbols"]) == (3, 4, "fish", 4)
    assert market["czar_and_carpenter"]["good"] == "joker"
    assert (
        "ship_builder_fish" in market["wharf"]["displaces"] and "ship_builder" in first["wharf"]["displaces"]
    )
    for listing in (first, second, market):
        TypeAdapter(list[CardInfo]).validate_python(list(listing.values()), strict=True)
    refused = client.get("/api/cards", params={"market": "true"})
    assert refused.status_code == 400 and "2nd edition" in refused.json()["detail"]


def _standing_of(update: dict[str, Any], options: GameOptions) -> None:
    """The goods and majorities sent are the engine's for the counts the view shows."""
    view = update["view"]
    market = update["market"]
    first, second = market_values(view["round"], options)
    assert (market["first"], market["second"]) == (first, second)
    assert view["market"]["values"] == {"first": first, "second": second}
    for good in market["goods"]:
        assert good["counts"] == [seat["goods"][good["good"]] for seat in view["seats"]]


def _card_at(view: dict[str, Any], action: dict[str, Any]) -> str | None:
    """The card id an action buys from the board."""
    card: str | None = view[action["source"]][action["index"]]
    return card


DEALING_SEED = 1
"""The server's seed source for the five-seat game: with five scripted seats the whole game is then
the same in every run, one that brings crates and "?" decisions."""


def test_a_five_seat_market_game_over_websockets(make_client: Callable[..., TestClient]) -> None:
    """Five people play random legal actions (decisions first) to the final scoring."""
    client = make_client(seeds=fixed_seeds(DEALING_SEED))
    options = {**MARKET, "unpaid_crate": "idle", "joker": "each_scoring"}
    engine_options = GameOptions(edition="second", market=True, unpaid_crate="idle", joker="each_scoring")
    rng = random.Random(5)
    listing = client.get("/api/cards", params={"edition": "second", "market": "true"}).json()
    joker_cards = {card["id"] for card in listing if card.get("good") == "joker"}
    assert joker_cards
    received: list[dict[str, Any]] = []
    with ExitStack() as stack:
        table = create_table(client, 5, FIVE_UIDS[0], FIVE_NAMES[0], options=options)
        sockets = []
        for seat in range(5):
            ws = stack.enter_context(guest_socket(client, f"/ws/table/{table}", FIVE_UIDS[seat]))
            hello(ws, FIVE_NAMES[seat])
            if seat:
                ws.send_json({"type": "sit", "seat": seat, "name": FIVE_NAMES[seat]})
                recv_until(ws, seated_update(seat))
            sockets.append(ws)
        sockets[0].send_json({"type": "start"})
        seq = 0
        stages: set[str] = set()
        kinds: set[str] = set()
        log: list[str] = []
        while True:
            updates = [recv_until(ws, update_at(seq)) for ws in sockets]
            received.extend(updates)
            update = updates[0]
            view = update["view"]
            log += [line["text"] for line in update["log"]]
            stages.add(view["stage"])
            if seq == 0:
                assert update["phases"] == ["worker", "market", "building", "aristocrat", "trading"]
                assert list(view["stack_sizes"]) == [
                    "workers",
                    "buildings",
                    "aristocrats",
                    "trading",
                    "market",
                ]
                assert sum(1 for card in view["upper"] if card) == 10
                assert list(view["markers"]) == ["worker", "building", "aristocrat", "trading", "market"]
            _standing_of(update, engine_options)
            if view["stage"] == "over":
                assert "result" in update and len(update["result"]["scores"]) == 5
                break
            seat = view["to_act"]
            mine = updates[seat]
            legal = mine["legal"]
            assert legal and all(not other["legal"] for i, other in enumerate(updates) if i != seat)
            if view["stage"] in ("joker", "crate"):
                decision = view["market"]["decisions"][0]
                assert decision["seat"] == seat
                assert {a["kind"] for a in legal} <= {"joker", "pay_crate", "skip_crate"}
                assert all("good" in a for a in legal)
                if view["stage"] == "crate":
                    good = decision["card"].split("_")[1]
                    assert {a["good"] for a in legal} == {good}
                    pay = [a for a in legal if a["kind"] == "pay_crate"]
                    assert not pay or pay[0]["price"] == view["market"]["values"]["first"]
            kinds |= {a["kind"] for a in legal}
            buys = [a for a in legal if a["kind"] in ("buy", "play")]
            passes = [a for a in legal if a["kind"] == "pass"]
            # A "?" card is bought whenever one can be, so that its decision surely arises.
            jokers = [
                a for a in buys if a.get("source") in ("upper", "lower") and _card_at(view, a) in joker_cards
            ]
            if jokers:
                chosen = jokers[0]
            else:
                chosen = rng.choice(buys) if buys and rng.random() < 0.6 else rng.choice(passes or legal)
            sockets[seat].send_json(
                {"type": "act", "token": mine["you"]["token"], "seq": seq, "action": chosen["id"]}
            )
            seq += 1
            assert seq < 3000
        assert {"joker", "crate", "actions", "over"} <= stages
        assert {"joker", "pay_crate", "skip_crate"} <= kinds
        assert any(text.startswith("Market phase: ") for text in log)
        # The market scorings in words: each seat's rubles and VP, and the goods that scored them.
        scorings = [text for text in log if text.startswith("Market scoring: ")]
        assert len(scorings) >= 3 and any(" VP (" in text and "₽" in text for text in scorings)
        assert any(" to keep " in text or " does not pay for " in text for text in log)
        assert any("for the '?' on " in text for text in log)
    for message in received:
        server_messages().validate_python(message, strict=True)
    replay = client.get(f"/api/tables/{table}/replay", params={"step": 40}).json()
    TypeAdapter(ReplayResponse).validate_python(replay, strict=True)
    assert replay["phases"][1] == "market" and replay["market"]["goods"][0]["good"] == "chicken"


def test_the_majorities_sent_are_the_engines() -> None:
    """The standing the presenter sends is exactly the engine's counts and points."""
    state = new_game(3, 11, GameOptions(edition="second", market=True))
    rng = random.Random(1)
    checked = 0
    while not state.is_over and checked < 300:
        standing = market_standing(state)
        assert standing is not None
        points = good_points(state)
        for index, good in enumerate(standing["goods"]):
            assert good["counts"] == [goods_counts(state, seat)[index] for seat in range(3)]
            assert good["points"] == points[index]
        apply_action(state, rng.choice(legal_actions(state)))
        checked += 1
    assert market_standing(new_game(2, 1)) is None


def test_a_table_with_bots_plays_the_market_to_its_end(client: TestClient) -> None:
    table = create_table(client, 5, fill="random", sit=False, options=MARKET)
    with guest_socket(client, f"/ws/table/{table}", UIDS[0]) as ws:
        hello(ws, "Alice")
        ws.send_json({"type": "start"})
        final = recv_until(ws, lambda m: m["type"] == "update" and "result" in m, limit=20000)
    assert final["view"]["stage"] == "over" and len(final["result"]["scores"]) == 5


def test_a_seat_that_does_not_decide_keeps_its_rubles_and_names_a_good() -> None:
    """The turn timer (or a failing bot) leaves a crate unpaid and names a "?" as some good."""
    seen: set[int] = set()
    for seed in range(20):
        state = new_game(4, seed, GameOptions(edition="second", market=True))
        rng = random.Random(seed)
        while not state.is_over and len(seen) < 2:
            if state.stage in (STAGE_CRATE, STAGE_JOKER):
                expected = "skip crate " if state.stage == STAGE_CRATE else "joker chicken"
                assert format_action(default_action(state)).startswith(expected)
                seen.add(state.stage)
            apply_action(state, rng.choice(legal_actions(state)))
        if len(seen) == 2:
            break
    assert seen == {STAGE_CRATE, STAGE_JOKER}
