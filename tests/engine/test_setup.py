"""Set-up for 1-4 players (docs/rules.md, Set-up)."""

import random
from collections import Counter

import pytest

from petersburg.cards import COUNT, DECK, WORKER
from petersburg.engine import GameOptions, deal_game, marker_deals, new_game
from petersburg.engine.shuffle import random_below, shuffle_in_place
from petersburg.engine.state import STAGE_ACTIONS, WORKER_PHASE


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_initial_position(players: int) -> None:
    state = new_game(players, seed=11)
    assert [p.rubles for p in state.players] == [25] * players
    assert [p.vp for p in state.players] == [0] * players
    assert len(state.upper) == 2 * players and state.lower == []
    assert all(DECK[card] == WORKER for card in state.upper)
    assert [len(s) for s in state.stacks] == [31 - 2 * players, 28, 27, 30]
    assert state.round == 1 and state.phase == WORKER_PHASE and state.stage == STAGE_ACTIONS
    assert state.current_player == state.markers[WORKER_PHASE]
    for deck, stack in enumerate(state.stacks):
        assert all(DECK[card] == deck for card in stack)
    total = Counter(card for stack in state.stacks for card in stack) + Counter(state.upper)
    assert all(total[kind] == COUNT[kind] for kind in range(49))


@pytest.mark.parametrize(("players", "shape"), [(1, [4]), (2, [2, 2]), (3, [1, 1, 2]), (4, [1, 1, 1, 1])])
def test_marker_distribution(players: int, shape: list[int]) -> None:
    for seed in range(20):
        markers = new_game(players, seed).markers
        held = sorted(Counter(markers).values())
        assert held == shape
        assert set(markers) == set(range(players))


def test_markers_are_random_across_seeds() -> None:
    assert len({tuple(new_game(4, seed).markers) for seed in range(40)}) > 5
    doubles = {Counter(new_game(3, seed).markers).most_common(1)[0][0] for seed in range(40)}
    assert doubles == {0, 1, 2}


def test_three_player_double_marker_seat_option() -> None:
    for seed in range(10):
        markers = new_game(3, seed, GameOptions(double_marker_seat=2)).markers
        assert Counter(markers)[2] == 2


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    assert new_game(3, 5) == new_game(3, 5)
    assert new_game(3, 5).stacks != new_game(3, 6).stacks


@pytest.mark.parametrize("players", [0, 6, -1])
def test_bad_player_count(players: int) -> None:
    with pytest.raises(ValueError, match="1 to 4 players"):
        new_game(players, 1)


def test_five_players_need_the_market() -> None:
    with pytest.raises(ValueError, match="5 players need the Market"):
        new_game(5, 1)


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="money"):
        new_game(2, 1, GameOptions(money="burned"))
    with pytest.raises(ValueError, match="seed must be"):
        new_game(2, -5)
    with pytest.raises(ValueError, match="two start-player markers"):
        new_game(3, 1, GameOptions(double_marker_seat=3))


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**40 + 3])
def test_shuffle_draws_as_the_standard_library(seed: int) -> None:
    """The compiled set-up shuffle gives ``random.Random.shuffle``'s order and leaves the generator
    in the same state, for every length the set-up uses (and beyond), so seeded games never change."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for length in [*range(0, 40), 64, 117, 129, 1000]:
        mine = list(range(length))
        reference = list(range(length))
        shuffle_in_place(mine, ours)
        theirs.shuffle(reference)
        assert mine == reference
    assert ours.getstate() == theirs.getstate()


def test_random_below_draws_as_randrange() -> None:
    ours, theirs = random.Random(5), random.Random(5)
    bounds = [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 10**12, 3**50]
    for n in bounds * 20:
        assert random_below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(
    ("players", "options", "distinct"),
    [
        (2, GameOptions(), 6),  # 4!/(2!2!) ways to give each seat two phases
        (3, GameOptions(), 36),  # the double seat (3) times 4!/2! orders
        (4, GameOptions(), 24),
        (3, GameOptions(double_marker_seat=1), 12),
        (5, GameOptions(edition="second", market=True), 120),  # round the table from a drawn seat
    ],
)
def test_marker_deals_are_the_distribution_new_game_draws_from(
    players: int, options: GameOptions, distinct: int
) -> None:
    deals = marker_deals(players, options)
    assert len(deals) == distinct and len({tuple(markers) for markers, _ in deals}) == distinct
    weights = {tuple(markers): weight for markers, weight in deals}
    assert len(set(weights.values())) == 1  # every distinct deal is equally likely here
    seen = Counter(tuple(new_game(players, seed, options).markers) for seed in range(300))
    assert set(seen) <= set(weights)  # new_game deals only these
    assert len(seen) > distinct // 2


def test_deal_game_is_new_game_from_the_same_stacks_and_markers() -> None:
    for players, options in [(3, GameOptions()), (5, GameOptions(edition="second", market=True))]:
        dealt = new_game(players, 17, options)
        stacks = [
            stack + dealt.upper[::-1] if deck == dealt.shape.round_deck else list(stack)
            for deck, stack in enumerate(dealt.stacks)
        ]
        again = deal_game(players, stacks, list(dealt.markers), options)
        again.seed = dealt.seed
        assert again == dealt
    with pytest.raises(ValueError, match="exactly the cards"):
        deal_game(2, [[0]], [0, 0, 1, 1])
    good = [list(stack) for stack in new_game(2, 0).shape.deck_cards]
    with pytest.raises(ValueError, match="one start-player marker per phase"):
        deal_game(2, good, [0, 0, 1, 2])
