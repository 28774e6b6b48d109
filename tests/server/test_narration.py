"""What the server shows in words and figures: the shown income is what a scoring really pays,
and the public log never names a card that went into a hidden hand."""

from __future__ import annotations

import random

import pytest

from petersburg.cards import CARD_NAME
from petersburg.engine import STAGE_ACTIONS, apply_action, legal_actions, new_game
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, DRAWN_SOURCE, KIND_TAKE
from petersburg.server.narration import colour_income, public_action_text, transition_texts


@pytest.mark.parametrize("seed", range(6))
def test_income_shown_per_colour_is_what_the_scoring_pays(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(1 + seed % 4, seed)
    checked = 0
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        before = state.copy()
        apply_action(state, action)
        phase_ended = before.stage == STAGE_ACTIONS and (
            before.phase != state.phase or state.stage != before.stage
        )
        if phase_ended and before.phase < 3 and ACTION_KIND[action] == 0:
            for seat, player in enumerate(before.players):
                income = colour_income(player)[before.phase]
                assert state.players[seat].rubles - player.rubles == income["rubles"]
                assert state.players[seat].vp - player.vp == income["vp"]
                checked += 1
    assert checked > 0


def test_log_never_names_a_card_taken_from_the_observatory_into_hand() -> None:
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(2, seed)
        names = ["A", "B"]
        while not state.is_over and found < 5:
            legal = legal_actions(state)
            hidden_take = [a for a in legal if ACTION_KIND[a] == KIND_TAKE and ACTION_ARG[a] == DRAWN_SOURCE]
            observe = [a for a in legal if ACTION_KIND[a] == 4]
            action = hidden_take[0] if hidden_take else (observe[0] if observe else rng.choice(legal))
            before = state.copy()
            text = public_action_text(state, action, names[state.to_act])
            if hidden_take:
                assert CARD_NAME[state.drawn] not in text
                assert text == f"{names[state.to_act]} takes the drawn card into hand."
                found += 1
            apply_action(state, action)
            for line in transition_texts(before, state, names):
                assert "takes" not in line
        if found >= 5:
            break
    assert found >= 5
