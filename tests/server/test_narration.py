"""What the server shows in words and figures: the income shown per colour is what the scoring pays,
the log is the engine's events worded for each reader (rubles named, "you" for the reader's seat),
and no reader's log holds another seat's secret."""

from __future__ import annotations

import random

import pytest

from petersburg.cards_second_edition import YELLOW
from petersburg.engine import GameOptions, apply_with_events, legal_actions, new_game
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, DRAWN_SOURCE, KIND_OBSERVE, KIND_TAKE
from petersburg.engine.events import PhaseScored
from petersburg.server.game.game import Game
from petersburg.server.persistence.store import LogRow, TableRow
from petersburg.server.view.figures import seat_figures
from petersburg.server.view.presenter import log_entry

EDITIONS = {
    "first": GameOptions(),
    "second": GameOptions(edition="second"),
    "market": GameOptions(edition="second", market=True),
}


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("seed", range(4))
def test_income_shown_per_colour_is_what_the_scoring_pays(seed: int, edition: str) -> None:
    """The figures shown per colour are what its scoring pays (with the Market, yellow: the
    income of the market scoring, its majorities shown apart)."""
    rng = random.Random(seed)
    state = new_game(1 + seed % 4, seed, EDITIONS[edition])
    checked = 0
    while not state.is_over:
        shown = seat_figures(state)
        for event in apply_with_events(state, rng.choice(legal_actions(state))):
            if not isinstance(event, PhaseScored):
                continue
            colour = state.shape.scoring[event.phase]
            for income in event.incomes:
                figures = shown[income.seat]["income"][colour]
                if colour == YELLOW:
                    assert figures["rubles"] == income.rubles
                else:
                    assert (figures["rubles"], figures["vp"]) == (income.rubles, income.vp)
                checked += 1
    assert checked > 0


def observatory_game(seed: int) -> Game | None:
    """A 2-player game (seed ``seed``) played until a seat has taken a card drawn with an
    Observatory into hand, or None if that did not happen."""
    rng = random.Random(seed)
    row = TableRow(1, "t", 0.0, 2, GameOptions().to_json(), True, 0, True, "u", seed=seed)
    game = Game(row, ["Anna", "Boris"])
    seq = 0
    while not game.state.is_over:
        state = game.state
        legal = legal_actions(state)
        hidden = [a for a in legal if ACTION_KIND[a] == KIND_TAKE and ACTION_ARG[a] == DRAWN_SOURCE]
        observe = [a for a in legal if ACTION_KIND[a] == KIND_OBSERVE]
        action = hidden[0] if hidden else observe[0] if observe else rng.choice(legal)
        game.apply(LogRow(seq, "action", state.current_player, action))
        seq += 1
        if hidden:
            return game
    return None


def test_no_reader_sees_another_seats_secret_and_scorings_name_rubles() -> None:
    games = [game for game in (observatory_game(seed) for seed in range(200)) if game is not None][:3]
    assert games, "no game took a drawn card into hand"
    for game in games:
        for reader in (None, 0, 1):
            entries = [log_entry(logged, game, reader) for logged in game.events]
            for logged, entry in zip(game.events, entries, strict=True):
                assert entry["event"]["private_to"] in (None, reader)
                owner = logged.event.private_to
                card = entry["event"].get("card")
                if owner >= 0 and owner != reader:
                    assert card is None  # the public form: the secret card unknown
            worker = [e["text"] for e in entries if e["event"]["type"] == "phase_scored"]
            assert worker and all(text.endswith(".") for text in worker)
            assert any("₽" in text for text in worker)
            if reader is not None:
                assert any(text.startswith("Worker scoring:") and "you " in text.lower() for text in worker)
