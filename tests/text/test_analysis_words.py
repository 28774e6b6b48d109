"""The game analysis names a phase and a stack in its reader's language: the sentences that take
them (a turning point, a move of ``petersburg analyse``, the Observatory's reason) are given the
phase and the stack as message ids (``phase_param``, ``stack_param``), so a German or Japanese
sentence holds no English phase or stack word, and the English reads as it did."""

from __future__ import annotations

import re

import pytest

from petersburg.cards_second_edition import ALL_STACK_NAMES
from petersburg.engine.shape import PHASE_NAMES
from petersburg.text.analysis import analysis_text, phase_param, stack_param
from petersburg.text.wording import Message, Param

FIGURES: dict[str, dict[str, Param]] = {
    "turning_point": {"round": 3, "player": "Ana", "moves": "—", "measure": "—", "before": "4", "after": "7"},
    "cli_decision": {
        "step": 12,
        "round": 3,
        "name": "Ana",
        "move": "—",
        "after": "4",
        "best": "—",
        "before": "5",
        "loss": 1.5,
    },
}
"""The sentences that name a phase, with their other parameters."""


def _naming(message_id: str, phase: str) -> Message:
    return analysis_text(message_id, phase=phase_param(phase), **FIGURES[message_id])


def _english_words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", text)}


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("phase", PHASE_NAMES)
def test_a_phase_is_named_in_the_readers_language(language: str, phase: str) -> None:
    for message_id in FIGURES:
        worded = _naming(message_id, phase).in_language(language)
        assert phase not in _english_words(worded), worded
        assert "\x1e" not in worded, worded  # the stored id never shows


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("stack", ALL_STACK_NAMES)
def test_a_stack_is_named_in_the_readers_language(language: str, stack: str) -> None:
    worded = analysis_text("reason_observe", stack=stack_param(stack)).in_language(language)
    assert not {stack, stack.rstrip("s")} & _english_words(worded), worded
    assert "\x1e" not in worded, worded


def test_the_english_names_the_phase_and_the_stack_as_before() -> None:
    assert str(_naming("turning_point", "worker")).startswith("Round 3, worker phase: Ana")
    assert str(analysis_text("reason_observe", stack=stack_param("buildings"))) == (
        "draws the top card of the buildings stack with the Observatory"
    )
