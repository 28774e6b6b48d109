"""The observation and mask encodings: engine-exact masks, bounds, layout, and no hidden data."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from petersburg.cards import DECK, NUM_KINDS
from petersburg.engine import (
    NUM_ACTIONS,
    STAGE_OBSERVED,
    GameOptions,
    GameState,
    View,
    determinize,
    hidden_rubles_view,
    legal_actions,
    view,
)
from petersburg.engine.state import NO_CARD, UNKNOWN
from petersburg.env.encoding import (
    FIELD,
    MONEY_SCALE,
    OBS_FIELDS,
    OBS_HIGH,
    OBS_LOW,
    OBS_SIZE,
    STACK_SIZES,
    action_mask,
    describe_observation,
    encode_observation,
    mask_from_actions,
)
from petersburg.env.pettingzoo import make_observation_space

from .helpers import random_states


def test_layout_is_contiguous_and_bounds_match() -> None:
    offset = 0
    for field in OBS_FIELDS:
        assert field.offset == offset
        assert field.size == len(field.high) > 0
        offset += field.size
    assert offset == OBS_SIZE
    assert len({f.name for f in OBS_FIELDS}) == len(OBS_FIELDS)
    assert OBS_HIGH.shape == OBS_LOW.shape == (OBS_SIZE,)
    assert (OBS_HIGH > OBS_LOW).all()


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_mask_equals_engine_legal_actions_for_every_seat(num_players: int) -> None:
    checked = 0
    for seed in range(3):
        for state in random_states(num_players, seed):
            legal = legal_actions(state) if not state.is_over else []
            for seat in range(num_players):
                mask = action_mask(view(state, seat))
                assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
                expected = legal if seat == state.current_player else []
                assert np.flatnonzero(mask).tolist() == expected
                checked += bool(expected)
    assert checked > 100


def test_mask_from_actions_marks_exactly_the_given_ids() -> None:
    mask = mask_from_actions([0, 5, NUM_ACTIONS - 1])
    assert np.flatnonzero(mask).tolist() == [0, 5, NUM_ACTIONS - 1]
    assert not mask_from_actions([]).any()


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_observations_are_float32_within_the_declared_bounds(num_players: int) -> None:
    space = make_observation_space()
    options = GameOptions(show_rubles=num_players == 3)
    for seed in range(2):
        for state in random_states(num_players, seed, options):
            for seat in [*range(num_players), None]:
                seen = view(state, seat)
                obs = encode_observation(seen)
                assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
                assert (obs >= OBS_LOW).all() and (obs <= OBS_HIGH).all()
                assert space.contains({"observation": obs, "action_mask": action_mask(seen)})


def _hide_differently(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy that differs only in what ``seat`` may not see: stack order and others' secret hand
    cards (drawn with an Observatory). Rubles are not among them: every ruble earned or spent is
    public, and views keep them (``test_visible_data_does_change_the_observation``)."""
    other = state.copy()
    for stack in other.stacks:
        rng.shuffle(stack)
    for s, player in enumerate(other.players):
        if s == seat:
            continue
        secret = list(player.secret_hand)
        for i, card in enumerate(secret):
            stack = other.stacks[DECK[card]]
            if stack:  # exchange with a card of the same stack: card counts stay consistent
                j = rng.randrange(len(stack))
                secret[i], stack[j] = stack[j], card
                player.hand.remove(card)
                player.hand.append(secret[i])
        player.hand.sort()
        player.secret_hand = tuple(sorted(secret))
    if other.drawn != NO_CARD and other.to_act != seat and other.stacks[other.drawn_deck]:
        stack = other.stacks[other.drawn_deck]
        other.drawn, stack[-1] = stack[-1], other.drawn
    return other


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_observation_never_depends_on_hidden_data(num_players: int) -> None:
    rng = random.Random(num_players)
    changed_hands = altered_states = states = 0
    for seed in range(2):
        for played in random_states(num_players, seed, every=2):
            state = played.copy()
            _draw_secret_card(state, rng)
            for seat in range(num_players):
                mine = encode_observation(view(state, seat))
                altered = _hide_differently(state, seat, rng)
                states += 1
                altered_states += altered != state
                changed_hands += any(
                    a.hand != b.hand for a, b in zip(altered.players, state.players, strict=True)
                )
                np.testing.assert_array_equal(encode_observation(view(altered, seat)), mine)
                sampled = determinize(
                    view(state, seat), rng, hidden_rubles=[rng.randint(0, 90) for _ in state.players]
                )
                np.testing.assert_array_equal(encode_observation(view(sampled, seat)), mine)
                np.testing.assert_array_equal(
                    action_mask(view(altered, seat)), action_mask(view(state, seat))
                )
    assert changed_hands > 20  # the test really exchanged hidden hand cards
    assert altered_states > 0.9 * states  # and really changed hidden data


def _draw_secret_card(state: GameState, rng: random.Random) -> None:
    """Give a random seat with room in hand one more card, as if drawn with an Observatory (random
    play rarely keeps one), so that every position has a secret card to hide."""
    seat = rng.randrange(state.num_players)
    player = state.players[seat]
    stacks = [stack for stack in state.stacks if len(stack) > 1]
    if len(player.hand) >= player.hand_limit or not stacks:
        return
    card = rng.choice(stacks).pop()
    player.hand = sorted([*player.hand, card])
    player.secret_hand = tuple(sorted([*player.secret_hand, card]))


def test_hand_cards_taken_from_the_board_are_seen_by_every_seat() -> None:
    """The converse for hands: a card another player took from the board is in the observation."""
    for state in random_states(3, 4, every=5):
        for taker, player in enumerate(state.players):
            public = player.public_hand()
            if not public:
                continue
            for seat in range(3):
                fields = describe_observation(encode_observation(view(state, seat)))
                prefix = f"seat{(taker - seat) % 3}_"
                counts = [float(public.count(k)) for k in range(NUM_KINDS)]
                assert fields[prefix + "hand_public"] == counts
                if seat != taker:
                    assert fields[prefix + "hand"] == counts
            swapped = state.copy()
            card = public[0]
            stack = swapped.stacks[DECK[card]]
            other = next((c for c in stack if c != card), None)
            if other is None:
                continue
            hand = swapped.players[taker].hand
            hand[hand.index(card)] = other
            stack[stack.index(other)] = card
            hand.sort()
            seat = (taker + 1) % 3
            assert not np.array_equal(
                encode_observation(view(swapped, seat)), encode_observation(view(state, seat))
            )
            return
    raise AssertionError("no random position with a hand card taken from the board")


def test_visible_data_does_change_the_observation() -> None:
    """The converse: rubles (every seat's: the public ledger), own hand and the rows are seen, so
    changing them shows, in the observation of every seat."""
    state = next(s for s in random_states(2, 3) if s.step == 30)
    seat = state.current_player
    base = encode_observation(view(state, seat))
    richer = state.copy()
    richer.players[seat].rubles += 7
    assert not np.array_equal(encode_observation(view(richer, seat)), base)
    other_seat = 1 - seat
    assert not np.array_equal(
        encode_observation(view(richer, other_seat)), encode_observation(view(state, other_seat))
    )


def test_fields_decode_to_the_view() -> None:
    for state in random_states(3, 11, every=7):
        for seat in range(3):
            fields = describe_observation(encode_observation(view(state, seat)))
            assert fields["num_players"] == [0.0, 0.0, 1.0, 0.0]
            assert fields["phase"].index(1.0) == state.phase
            assert fields["stage"].index(1.0) == state.stage
            for row in ("upper", "lower"):
                cards = getattr(state, row)
                one_hot = fields[row]
                for slot in range(8):
                    chunk = one_hot[slot * NUM_KINDS : (slot + 1) * NUM_KINDS]
                    if slot < len(cards):
                        assert chunk.index(1.0) == cards[slot] and sum(chunk) == 1.0
                    else:
                        assert sum(chunk) == 0.0
            assert fields["stack_sizes"] == pytest.approx(
                [len(s) / size for s, size in zip(state.stacks, STACK_SIZES, strict=True)]
            )
            for slot in range(4):
                prefix = f"seat{slot}_"
                if slot >= 3:
                    assert fields[prefix + "present"] == [0.0]
                    continue
                player = state.players[(seat + slot) % 3]
                assert fields[prefix + "area"] == [float(c) for c in player.area]
                assert fields[prefix + "hand_size"] == [float(len(player.hand))]
                assert fields[prefix + "vp"] == pytest.approx([player.vp / MONEY_SCALE])
                # every seat's exact rubles: the views keep the public ledger
                assert fields[prefix + "rubles"] == pytest.approx([player.rubles / MONEY_SCALE])
                assert fields[prefix + "rubles_known"] == [1.0]
                if slot == 0:
                    assert fields[prefix + "hand"] == [float(player.hand.count(k)) for k in range(NUM_KINDS)]
                else:
                    public = player.public_hand()
                    assert fields[prefix + "hand"] == [float(public.count(k)) for k in range(NUM_KINDS)]
                    assert fields[prefix + "hand_visible"] == [0.0 if player.secret_hand else 1.0]
                public = player.public_hand()
                assert fields[prefix + "hand_public"] == [float(public.count(k)) for k in range(NUM_KINDS)]
            if not state.is_over:
                assert fields["to_act"].index(1.0) == (state.current_player - seat) % 3
            for phase in range(4):
                holder = fields["markers"][phase * 4 : phase * 4 + 4].index(1.0)
                assert holder == (state.markers[phase] - seat) % 3


def test_show_rubles_is_a_display_choice_that_changes_no_observation() -> None:
    hidden = next(s for s in random_states(2, 5) if s.step == 20)
    shown = next(s for s in random_states(2, 5, GameOptions(show_rubles=True)) if s.step == 20)
    fields = describe_observation(encode_observation(view(shown, 0)))
    assert fields["seat1_rubles_known"] == [1.0]
    assert fields["seat1_rubles"] == pytest.approx([shown.players[1].rubles / MONEY_SCALE])
    assert np.array_equal(encode_observation(view(hidden, 0)), encode_observation(view(shown, 0)))


def test_a_view_without_the_ledger_encodes_no_rubles() -> None:
    state = next(s for s in random_states(3, 6) if s.step == 30)
    fields = describe_observation(encode_observation(hidden_rubles_view(state, 0)))
    assert fields["seat1_rubles_known"] == fields["seat1_rubles"] == [0.0]
    assert fields["seat0_rubles_known"] == [1.0]


def test_describe_observation_rejects_a_wrong_shape() -> None:
    with pytest.raises(ValueError, match="shape"):
        describe_observation(np.zeros(3, dtype=np.float32))


def test_field_lookup_by_name() -> None:
    assert FIELD["upper"].size == 8 * NUM_KINDS
    assert FIELD["seat0_area"].offset + NUM_KINDS == FIELD["seat0_observatories_used"].offset


def test_a_card_drawn_with_the_observatory_is_seen_only_by_its_drawer() -> None:
    found = 0
    for seed in range(12):
        for state in random_states(2, seed):
            if state.stage != STAGE_OBSERVED or not state.stacks[state.drawn_deck]:
                continue
            found += 1
            drawer, other = state.current_player, 1 - state.current_player
            swapped = state.copy()
            stack = swapped.stacks[state.drawn_deck]
            j = next((i for i, c in enumerate(stack) if c != state.drawn), None)
            if j is None:
                continue
            swapped.drawn, stack[j] = stack[j], swapped.drawn
            seen_by_other = encode_observation(view(state, other))
            np.testing.assert_array_equal(encode_observation(view(swapped, other)), seen_by_other)
            fields = describe_observation(seen_by_other)
            assert fields["drawn_hidden"] == [1.0] and sum(fields["drawn"]) == 0.0
            assert fields["drawn_deck"].index(1.0) == state.drawn_deck
            mine = describe_observation(encode_observation(view(state, drawer)))
            assert mine["drawn"].index(1.0) == state.drawn and mine["drawn_hidden"] == [0.0]
            drawer_before = encode_observation(view(state, drawer))
            assert not np.array_equal(encode_observation(view(swapped, drawer)), drawer_before)
    assert found >= 3


def _reference_observation(seen: View) -> np.ndarray:
    """The layout of docs/research.md written out field by field, plainly (slow, obviously right)."""
    state, n = seen.state, seen.state.num_players
    me = seen.seat or 0
    obs = np.zeros(OBS_SIZE, dtype=np.float64)

    def put(name: str, index: int, value: float) -> None:
        field = FIELD[name]
        assert 0 <= index < field.size
        obs[field.offset + index] += value

    put("phase", state.phase, 1)
    put("stage", state.stage, 1)
    put("round", 0, min(state.round / 10, 10))
    put("last_round", 0, float(state.last_round))
    put("num_players", n - 1, 1)
    if not state.is_over:
        put("to_act", (state.to_act - me) % n, 1)
    for phase, holder in enumerate(state.markers):
        put("markers", phase * 4 + (holder - me) % n, 1)
    put("passes", 0, min(state.passes, 4))
    put("taken", 0, float(state.taken))
    for row in ("upper", "lower"):
        for slot, card in enumerate(getattr(state, row)):
            put(row, slot * NUM_KINDS + card, 1)
    for deck, stack in enumerate(state.stacks):
        put("stack_sizes", deck, len(stack) / STACK_SIZES[deck])
    if state.drawn >= 0:
        put("drawn", state.drawn, 1)
    put("drawn_hidden", 0, float(state.drawn == UNKNOWN))
    if state.drawn_deck >= 0:
        put("drawn_deck", state.drawn_deck, 1)
    for card in state.discards:
        put("discards", card, 1)
    for seat in state.pub_queue:
        put("pub_queue", (seat - me) % n, 1)
    for seat, player in enumerate(state.players):
        prefix = f"seat{(seat - me) % n}_"
        put(prefix + "present", 0, 1)
        if player.rubles >= 0:
            put(prefix + "rubles_known", 0, 1)
            put(prefix + "rubles", 0, min(player.rubles / 100, 10))
        put(prefix + "vp", 0, min(max(player.vp, 0) / 100, 10))
        put(prefix + "hand_size", 0, min(len(player.hand), 4))
        if UNKNOWN not in player.hand:
            put(prefix + "hand_visible", 0, 1)
        for card in player.hand:
            if card != UNKNOWN:
                put(prefix + "hand", card, 1)
        public = Counter(player.hand) - Counter(player.secret_hand)  # UNKNOWN cancels out
        for card in public.elements():
            put(prefix + "hand_public", card, 1)
        for kind, count in enumerate(player.area):
            put(prefix + "area", kind, count)
        put(prefix + "observatories_used", 0, player.observatories_used)
    return obs.astype(np.float32)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_fast_encoder_equals_the_plain_reference_and_fills_given_buffers(num_players: int) -> None:
    options = GameOptions(show_rubles=num_players == 2, show_hands=num_players == 3)
    buffer = np.full(OBS_SIZE, 7.0, dtype=np.float32)
    compared = 0
    for seed in range(3):
        for state in random_states(num_players, seed, options, every=3):
            for seat in [*range(num_players), None]:
                seen = view(state, seat)
                expected = _reference_observation(seen)
                np.testing.assert_array_equal(encode_observation(seen), expected)
                assert encode_observation(seen, out=buffer) is buffer
                np.testing.assert_array_equal(buffer, expected)
                compared += 1
    assert compared > 100
