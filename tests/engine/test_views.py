"""Hidden information: views hold only what a seat may see; determinize is consistent with them."""

import json
import random

import pytest

from petersburg.cards import CARD_ID, DECK
from petersburg.cards_second_edition import ALL_DECK
from petersburg.engine import (
    GameOptions,
    apply_action,
    determinize,
    legal_actions,
    new_game,
    state_to_json,
    view,
    view_to_json,
)
from petersburg.engine.state import UNKNOWN
from petersburg.engine.views import HIDDEN_RUBLES, forgetful_view, hidden_rubles_view, unseen_cards

from .helpers import act, c, conserve_cards, give, hand, position, secret_hand


def mid_game(players: int, seed: int, steps: int = 40, options: GameOptions | None = None):  # type: ignore[no-untyped-def]
    state = new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        apply_action(state, rng.choice(legal_actions(state)))
    return state


def test_view_hides_secret_hand_cards_and_stack_order_and_keeps_the_ruble_ledger() -> None:
    state = position(3)
    secret_hand(state, 1, "czar")
    secret_hand(state, 0, "market")
    seen = view(state, 0)
    assert seen.state.players[1].hand == [UNKNOWN] and seen.state.players[1].secret_hand == (UNKNOWN,)
    assert seen.state.players[0].hand == state.players[0].hand
    assert seen.state.players[0].secret_hand == state.players[0].secret_hand
    state.players[1].rubles = 17
    seen = view(state, 0)
    assert seen.state.players[1].rubles == 17 and seen.state.players[0].rubles == 25
    assert seen.rubles_known(1) and not seen.rubles_visible(1)
    assert all(card == UNKNOWN for stack in seen.state.stacks for card in stack)
    assert [len(s) for s in seen.state.stacks] == [len(s) for s in state.stacks]
    data = view_to_json(seen)
    text = json.dumps(data)
    assert 'czar"' not in text.replace('"czar_and_carpenter"', "")
    assert "stacks" not in data and data["stack_sizes"]["buildings"] == 28
    assert data["seats"][1] == {
        **data["seats"][1],
        "hand": None,
        "hand_size": 1,
        "rubles": None,
    }
    assert "secret_hand" not in data["seats"][1] and "public_hand" not in data["seats"][1]
    assert data["seats"][0]["hand"] == data["seats"][0]["secret_hand"] == ["market"]


def test_views_name_the_hand_cards_taken_from_the_board() -> None:
    state = position(3, phase=1, upper=["author", "market", "judge"])
    give(state, 0, "observatory")
    state.stacks[2].append(c("judge"))  # the aristocrats' top card
    act(state, "hand U1", "hand U1", "pass", "observe aristocrats", "hand drawn")
    assert state.players[0].hand == [c("author"), c("judge")] and state.players[0].secret_hand == (
        c("judge"),
    )
    assert state.players[1].public_hand() == [c("market")] and state.players[1].secret_hand == ()
    for seat in (None, 1, 2):
        seen = view(state, seat)
        assert seen.state.players[0].hand == [UNKNOWN, c("author")]
        assert seen.state.players[0].public_hand() == [c("author")]
        data = view_to_json(seen)["seats"]
        assert data[0]["hand"] is None and data[0]["hand_size"] == 2
        assert data[0]["public_hand"] == ["author"] and "secret_hand" not in data[0]
        assert data[1]["public_hand"] == ["market"]
    own = view_to_json(view(state, 0))["seats"][0]
    assert own["hand"] == ["author", "judge"] and own["secret_hand"] == ["judge"]
    assert own["public_hand"] == ["author"]


def test_a_played_hand_card_is_a_public_copy_while_one_is_left() -> None:
    state = position(2, upper=["judge"])
    secret_hand(state, 0, "judge")
    state.players[0].rubles = 40
    act(state, "hand U1")
    assert state.players[0].hand == [c("judge")] * 2 and state.players[0].public_hand() == [c("judge")]
    act(state, "pass", "play H1")  # to the others the hand was {judge, ?}: it is now {?}
    assert state.players[0].hand == [c("judge")] and state.players[0].secret_hand == (c("judge"),)
    assert view(state, 1).state.players[0].hand == [UNKNOWN]
    state.players[0].rubles = 40
    act(state, "pass", "play H1")  # the secret card is shown as it enters the play area
    assert state.players[0].hand == [] and len(state.players[0].secret_hand) == 0


def test_spectator_sees_public_hand_cards_only_and_no_rubles() -> None:
    state = position(2)
    hand(state, 0, "market")
    secret_hand(state, 1, "author")
    data = view_to_json(view(state, None))
    assert [s["hand"] for s in data["seats"]] == [None, None]
    assert [s.get("public_hand") for s in data["seats"]] == [["market"], None]
    assert [s["rubles"] for s in data["seats"]] == [None, None]
    assert data["viewer"] is None


def test_options_can_show_rubles_and_hands() -> None:
    state = position(2, options=GameOptions(show_rubles=True, show_hands=True))
    secret_hand(state, 1, "author")
    data = view_to_json(view(state, 0))
    assert data["seats"][1]["rubles"] == 25 and data["seats"][1]["hand"] == ["author"]
    assert data["seats"][1]["secret_hand"] == ["author"] and "public_hand" not in data["seats"][1]


def test_drawn_card_is_seen_by_its_drawer_only() -> None:
    state = position(2, phase=1)
    give(state, 0, "observatory")
    act(state, "observe aristocrats")
    drawn = CARD_ID[state.drawn]
    assert view_to_json(view(state, 0))["drawn"] == drawn
    other = view_to_json(view(state, 1))
    assert other["drawn"] is None and other["drawn_from"] == "aristocrats"


def test_view_legal_actions_equal_the_true_ones_for_the_seat_to_act() -> None:
    state = mid_game(4, 3)
    seat = state.current_player
    assert view(state, seat).legal_actions() == legal_actions(state)
    assert view(state, (seat + 1) % 4).legal_actions() == []


def test_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        view(new_game(2, 1), 2)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_determinize_is_consistent_with_the_view(players: int) -> None:
    for seed in range(5):
        state = mid_game(players, seed, steps=60)
        for seat in range(players):
            seen = view(state, seat)
            sample = determinize(seen, random.Random(seed))
            assert view_to_json(view(sample, seat)) == view_to_json(seen)
            for deck, stack in enumerate(sample.stacks):
                assert all(card >= 0 and DECK[card] == deck for card in stack)
            for player in sample.players:
                assert all(card >= 0 for card in player.hand) and player.rubles >= 0


def test_determinize_keeps_known_hand_cards_and_deals_secret_ones_from_their_stack() -> None:
    state = position(3, phase=1, upper=["author", "market", "judge"])
    give(state, 0, "observatory")
    conserve_cards(state)
    act(state, "hand U1", "hand U1", "hand U1", "observe aristocrats", "hand drawn")
    drawn = state.players[0].secret_hand
    seen = view(state, 1)
    dealt = set()
    for seed in range(30):
        sample = determinize(seen, random.Random(seed))
        player = sample.players[0]
        assert player.public_hand() == [c("author")] and len(player.secret_hand) == 1
        assert ALL_DECK[player.secret_hand[0]] == 2  # an aristocrat: the only stack one card short
        assert sample.players[2].hand == [c("judge")] and sample.players[2].secret_hand == ()
        assert sample.players[1].hand == state.players[1].hand
        assert [len(stack) for stack in sample.stacks] == [len(stack) for stack in state.stacks]
        assert view_to_json(view(sample, 1)) == view_to_json(seen)
        dealt.add(player.secret_hand)
    assert len(dealt) > 3 and drawn in dealt


@pytest.mark.parametrize("options", [None, GameOptions(edition="second", market=True)])
def test_determinize_with_the_unseen_cards_counted_once_draws_the_same_samples(
    options: GameOptions | None,
) -> None:
    """A search counts a view's unseen cards once and passes them to every sample: the samples
    are the ones drawn without them, and the counted cards are left as they were for the next."""
    for players in (2, 3, 4):
        state = mid_game(players, players, steps=50, options=options)
        seen = view(state, 0)
        unseen = unseen_cards(seen.state)
        counted = [list(pool) for pool in unseen]
        for seed in range(5):
            alone = determinize(seen, random.Random(seed))
            given = determinize(seen, random.Random(seed), unseen=unseen)
            assert state_to_json(given) == state_to_json(alone)
            assert unseen == counted


def test_determinize_varies_hidden_parts() -> None:
    state = mid_game(2, 7)
    seen = view(state, 0)
    samples = {tuple(determinize(seen, random.Random(i)).stacks[2]) for i in range(10)}
    assert len(samples) > 1


def test_determinize_uses_rubles_guesses_for_hidden_rubles() -> None:
    state = mid_game(3, 2)
    blind = hidden_rubles_view(state, 0)
    assert [blind.rubles_known(seat) for seat in range(3)] == [True, False, False]
    assert [p.rubles for p in blind.state.players][1:] == [HIDDEN_RUBLES, HIDDEN_RUBLES]
    sample = determinize(blind, random.Random(1), hidden_rubles=[0, 13, 21])
    assert [p.rubles for p in sample.players][1:] == [13, 21]
    assert sample.players[0].rubles == state.players[0].rubles
    guessed = determinize(blind, random.Random(1))
    assert [p.rubles for p in guessed.players] == [state.players[0].rubles] * 3


def test_determinize_keeps_every_seats_exact_rubles() -> None:
    for players in (2, 3, 4):
        state = mid_game(players, players, steps=80)
        for seat in range(players):
            sample = determinize(view(state, seat), random.Random(seat), hidden_rubles=[0] * players)
            assert [p.rubles for p in sample.players] == [p.rubles for p in state.players]


def test_show_rubles_stays_a_display_choice() -> None:
    state = mid_game(3, 4)
    hidden = view(state, 0)
    shown = view(mid_game(3, 4, options=GameOptions(show_rubles=True)), 0)
    assert [p.rubles for p in hidden.state.players] == [p.rubles for p in shown.state.players]
    assert [seat["rubles"] for seat in view_to_json(hidden)["seats"]] == [state.players[0].rubles, None, None]
    assert [seat["rubles"] for seat in view_to_json(shown)["seats"]] == [p.rubles for p in state.players]
    assert hidden_rubles_view(mid_game(3, 4, options=GameOptions(show_rubles=True)), 0).rubles_known(1)


def test_view_hides_the_seed_until_the_game_is_over() -> None:
    state = mid_game(2, 9)
    for seat in (None, 0, 1):
        seen = view(state, seat)
        assert seen.state.seed != state.seed and view_to_json(seen)["seed"] is None
    while not state.is_over:
        apply_action(state, legal_actions(state)[0])
    assert view_to_json(view(state, 0))["seed"] == 9


@pytest.mark.parametrize("players", [1, 3, 5])
def test_determinize_is_consistent_with_market_views(players: int) -> None:
    options = GameOptions(edition="second", market=True, joker="each_scoring")
    for seed in range(4):
        state = mid_game(players, seed, steps=90, options=options)
        for seat in range(players):
            seen = view(state, seat)
            assert all(card == UNKNOWN for card in seen.state.stacks[4])
            sample = determinize(seen, random.Random(seed))
            assert view_to_json(view(sample, seat)) == view_to_json(seen)
            for deck, stack in enumerate(sample.stacks):
                assert all(card >= 0 and ALL_DECK[card] == deck for card in stack)
            assert sample.market == state.market


def test_market_views_show_goods_jokers_and_decisions_to_everyone() -> None:
    state = position(2, upper=["ship_builder_joker"], options=GameOptions(edition="second", market=True))
    act(state, "buy U1")
    for seat in (None, 0, 1):
        data = view_to_json(view(state, seat))
        assert data["stage"] == "joker" and data["market"]["decisions"] == [
            {"seat": 0, "card": "ship_builder_joker"}
        ]
        assert data["stack_sizes"]["market"] == 35 and data["seats"][0]["goods"]["fish"] == 0
    act(state, "joker fish")
    assert view_to_json(view(state, 1))["seats"][0]["goods"]["fish"] == 1


def test_forgetful_view_forgets_the_hand_cards_taken_from_the_board() -> None:
    state = position(3, phase=1, upper=["author", "market", "judge"])
    conserve_cards(state)
    act(state, "hand U1", "hand U1")
    seen = forgetful_view(state, 1)
    assert seen.state.players[0].hand == [UNKNOWN] and seen.state.players[0].public_hand() == []
    assert seen.state.players[1].hand == [c("market")]  # the viewer's own hand stays
    assert view(state, 1).state.players[0].hand == [c("author")]
    dealt = {tuple(determinize(seen, random.Random(seed)).players[0].hand) for seed in range(20)}
    assert len(dealt) > 3  # the forgotten card is dealt at random again
