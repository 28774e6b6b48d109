"""What the server shows in words and figures: the shown income is what a scoring really pays,
and the public log never names a card that went into a hidden hand."""

from __future__ import annotations

import random

import pytest

from petersburg.cards import BLUE, CARD_NAME, GREEN, RED
from petersburg.cards_second_edition import GOODS
from petersburg.engine import STAGE_ACTIONS, GameOptions, apply_action, legal_actions, market_income, new_game
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, DRAWN_SOURCE, KIND_TAKE
from petersburg.server.narration import public_action_text, seat_income, transition_texts

MARKET_OPTIONS: list[dict[str, object]] = [
    {},
    {"unpaid_crate": "idle", "joker": "each_scoring"},
    {"market_ties": "step_down", "market_values": "open"},
]


EDITIONS = {
    "first": GameOptions(),
    "second": GameOptions(edition="second"),
    "market": GameOptions(edition="second", market=True),
}


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("seed", range(4))
def test_income_shown_per_colour_is_what_the_scoring_pays(seed: int, edition: str) -> None:
    rng = random.Random(seed)
    state = new_game(1 + seed % 4, seed, EDITIONS[edition])
    checked = 0
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        before = state.copy()
        apply_action(state, action)
        phase_ended = before.stage == STAGE_ACTIONS and (
            before.phase != state.phase or state.stage != before.stage
        )
        colour = before.shape.scoring[before.phase]
        if phase_ended and colour in (GREEN, BLUE, RED) and ACTION_KIND[action] == 0:
            for seat, player in enumerate(before.players):
                income = seat_income(before, seat)[colour]
                assert state.players[seat].rubles - player.rubles == income["rubles"]
                assert state.players[seat].vp - player.vp == income["vp"]
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("options", MARKET_OPTIONS, ids=str)
def test_the_market_scoring_is_told_in_words_with_what_it_scored(options: dict[str, object]) -> None:
    """Every market scoring has one log line naming each seat's income and VP exactly as the
    engine scored them, then each good's first and second places."""
    told = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(5, seed, GameOptions(edition="second", market=True, **options))  # type: ignore[arg-type]
        names = ["Ann", "Ben", "Cid", "Dee", "Eve"]
        while not state.is_over:
            action = rng.choice(legal_actions(state))
            before = state.copy()
            apply_action(state, action)
            lines = [
                t for t in transition_texts(before, state, names, action) if t.startswith("Market scoring (")
            ]
            scored = before.phase == state.shape.market_phase and state.phase != before.phase
            assert len(lines) == int(scored)
            if not scored:
                continue
            line = lines[0]
            for seat, name in enumerate(names):
                vp = state.players[seat].vp - before.players[seat].vp
                income = market_income(state, seat)
                if vp or income:
                    assert (
                        f"{name} "
                        + " ".join(
                            part
                            for part in (f"+{income}₽" if income else "", f"+{vp} VP" if vp else "")
                            if part
                        )
                        in line
                    )
                else:
                    assert f"{name} +" not in line
            assert all(f"{good.capitalize()}: " in line for good in GOODS), line
            told += 1
    assert told >= 6


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
