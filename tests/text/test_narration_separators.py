"""The final scoring's lines (each a list of its own: play, aristocrats, rubles, hand) follow each
other with the reader's language's separator, a message of the narration catalogue, not a
semicolon written into the code: ``; `` in English and German, `` ; `` with a no-break space in
French, ``／`` in Japanese, whose sentences take no Latin semicolon."""

from __future__ import annotations

import random

import pytest

from petersburg.engine import GameOptions, apply_with_events, legal_actions, new_game
from petersburg.engine.events import Event, GameEnded
from petersburg.engine.shape import GameShape
from petersburg.text.narration import describe_event

NAMES = ["Ana", "Ben", "Cleo"]


def _final_scoring() -> tuple[GameEnded, GameShape]:
    rng = random.Random(5)
    events: list[Event] = []
    state = new_game(3, 1, GameOptions(), sink=events)
    while not state.is_over:
        events = apply_with_events(state, rng.choice(legal_actions(state)))
    ended = [event for event in events if isinstance(event, GameEnded)]
    assert len(ended) == 1
    return ended[0], state.shape


@pytest.mark.parametrize(
    ("language", "separator"),
    [("en", "); "), ("de", "); "), ("fr", ")\u00a0; "), ("ja", ")／")],
)
def test_the_final_lines_are_separated_the_readers_way(language: str, separator: str) -> None:
    ended, shape = _final_scoring()
    text = describe_event(ended, NAMES, shape, language=language)
    assert text.count(separator) == len(NAMES) - 1, text
    if language == "ja":
        assert ";" not in text, text
