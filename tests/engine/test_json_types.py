"""The types of the engine's JSON (``petersburg.engine.json_types``) describe exactly what it
writes: every key a type declares required is written, nothing undeclared is written, and each
event class has one JSON type with its fields."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import get_args, get_type_hints

import pytest

from petersburg.engine import GameOptions, GameRecord, apply_with_events, legal_actions, new_game
from petersburg.engine.events import EVENT_TYPES, Event, event_to_json
from petersburg.engine.json_types import (
    EventJson,
    MarketJson,
    OptionsJson,
    RecordJson,
    ResultJson,
    ScoreJson,
    SeatJson,
    StateJson,
    ViewJson,
)
from petersburg.engine.records import result_json, state_to_json, view_to_json
from petersburg.engine.views import view

OPTIONS = {
    "first": GameOptions(),
    "second": GameOptions(edition="second"),
    "market": GameOptions(edition="second", market=True, show_hands=True),
}


def fits(data: object, typed: type, where: str) -> None:
    """``data`` is an object with every required key of the TypedDict ``typed`` and no other key
    than those it declares."""
    assert isinstance(data, dict), where
    required: frozenset[str] = getattr(typed, "__required_keys__")  # noqa: B009 (TypedDict runtime data)
    declared = set(get_type_hints(typed))
    assert required <= set(data), f"{where}: missing {sorted(required - set(data))}"
    assert set(data) <= declared, f"{where}: undeclared {sorted(set(data) - declared)}"


def test_every_event_class_has_one_json_type_with_its_fields() -> None:
    members = get_args(EventJson)
    by_type = {get_args(get_type_hints(member)["type"])[0]: member for member in members}
    assert len(by_type) == len(members)
    assert set(by_type) == set(EVENT_TYPES)
    for name, cls in EVENT_TYPES.items():
        assert set(get_type_hints(by_type[name])) == {"type", *(field.name for field in fields(cls))}, name


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_states_views_records_results_and_events_fit_their_types(name: str) -> None:
    options = OPTIONS[name]
    members = {get_args(get_type_hints(member)["type"])[0]: member for member in get_args(EventJson)}
    rng = random.Random(5)
    events: list[Event] = []
    state = new_game(3, 11, options, events)
    record = GameRecord(3, 11, options, names=["Ann", "Ben", "Cid"])
    while True:
        for data, typed, where in (
            (state_to_json(state), StateJson, "state"),
            *((view_to_json(view(state, seat)), ViewJson, f"view of {seat}") for seat in (None, 0, 1, 2)),
        ):
            fits(data, typed, where)
            fits(data["options"], OptionsJson, f"{where}.options")
            for seat in data["seats"]:
                fits(seat, SeatJson, f"{where}.seats")
            if "market" in data:
                fits(data["market"], MarketJson, f"{where}.market")
        for event in events:
            written_event = event_to_json(event)
            fits(written_event, members[written_event["type"]], written_event["type"])
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        record.actions.append(action)
        events = apply_with_events(state, action)
    written = record.to_json(state)
    fits(written, RecordJson, "record")
    fits(result_json(state), ResultJson, "result")
    for line in result_json(state)["scores"]:
        fits(line, ScoreJson, "score")
    assert "market" in state_to_json(state) or not options.market
