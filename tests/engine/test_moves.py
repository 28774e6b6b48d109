"""The engine's named rules for its clients: an idle seat's action, hidden cards shown, the
predicates, the rule options as JSON, and the rule figures the final scoring uses."""

import itertools
import json

import pytest

from petersburg.engine import (
    HAND_PENALTY,
    PASS_ID,
    REVEALS_DEAL,
    REVEALS_DRAW,
    REVEALS_NOTHING,
    RUBLES_PER_VP,
    GameOptions,
    affordable,
    apply_with_events,
    check_options,
    default_action,
    final_scores,
    format_action,
    hand_has_room,
    hidden_rubles_view,
    legal_actions,
    may_displace,
    new_game,
    option_choices,
    parse_action,
    revealed_by,
    reveals_hidden,
    rubles_known,
    state_to_json,
    view,
)
from petersburg.engine.shape import BUILDING_PHASE
from petersburg.engine.state import STAGE_OBSERVED, STAGE_PUB

from .helpers import act, c, give, hand, position
from .test_market import market_position

SECOND = GameOptions(edition="second")


def test_an_idle_seat_passes_when_it_may() -> None:
    state = new_game(2, 3)
    assert default_action(state) == PASS_ID


def test_an_idle_seat_buys_no_vp_at_its_pub() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "pub")
    act(state, "pass")
    assert state.stage == STAGE_PUB
    assert format_action(default_action(state)) == "pub 0"


def test_an_idle_seat_discards_the_drawn_card_even_where_a_market_id_follows_discard() -> None:
    # A drawn Wharf that may displace a Ship Builder with goods: that buy's id comes after
    # 'discard drawn' in the action space, so the last legal id is not the discard.
    state = market_position(2)
    give(state, 0, "ship_builder_fish")
    state.stage = STAGE_OBSERVED
    state.drawn = c("wharf")
    state.drawn_deck = 3
    legal = legal_actions(state)
    assert format_action(legal[-1]) == "buy drawn over ship_builder_fish"
    assert format_action(default_action(state)) == "discard drawn"


def test_an_idle_seat_leaves_a_crate_unpaid_and_names_the_first_good() -> None:
    state = market_position(2, round_number=3)
    give(state, 0, "m_fish_box")
    act(state, "pass", "pass")
    assert format_action(default_action(state)) == "skip crate fish"


def test_an_idle_seat_in_the_opening_buys_the_first_card_it_can() -> None:
    state = new_game(3, 5, SECOND)
    assert PASS_ID not in legal_actions(state)
    assert default_action(state) == legal_actions(state)[0]


def test_default_action_is_always_legal_in_a_game() -> None:
    for options in (GameOptions(), SECOND, GameOptions(edition="second", market=True)):
        state = new_game(3, 11, options)
        while not state.is_over:
            action = default_action(state)
            assert action in legal_actions(state)
            legal = legal_actions(state)
            apply_with_events(state, legal[len(legal) // 2])
        with pytest.raises(ValueError, match="over"):
            default_action(state)


def test_an_observatory_draw_and_a_deal_reveal_hidden_cards_a_purchase_does_not() -> None:
    state = position(2, phase=BUILDING_PHASE, upper=["market"])
    give(state, 0, "observatory")
    before = state_to_json(state)
    observe = parse_action("observe workers")
    assert reveals_hidden(state, observe)
    assert revealed_by(observe, apply_with_events(state.copy(), observe)) == REVEALS_DRAW
    buy = parse_action("buy U1")
    assert not reveals_hidden(state, buy)
    assert revealed_by(buy, apply_with_events(state.copy(), buy)) == REVEALS_NOTHING
    assert state_to_json(state) == before
    act(state, "buy U1", "pass")
    last_pass = parse_action("pass")
    assert reveals_hidden(state, last_pass)  # the phase ends: aristocrats are dealt
    assert revealed_by(last_pass, apply_with_events(state.copy(), last_pass)) == REVEALS_DEAL


def test_the_predicates() -> None:
    state = position(2)
    player = state.players[0]
    assert affordable(player, player.rubles) and not affordable(player, player.rubles + 1)
    hand(state, 0, "author", "author")
    assert hand_has_room(player)
    hand(state, 0, "author")
    assert not hand_has_room(player)
    give(state, 0, "warehouse")
    assert hand_has_room(player)
    give(state, 0, "observatory")
    assert may_displace(player, c("observatory")) and not may_displace(player, c("market"))
    player.observatories_used = 1
    assert not may_displace(player, c("observatory"))
    assert rubles_known(view(state, 0).state.players[1])
    blind = hidden_rubles_view(state, 0)
    assert rubles_known(blind.state.players[0]) and not rubles_known(blind.state.players[1])
    assert rubles_known(
        hidden_rubles_view(position(2, options=GameOptions(show_rubles=True)), 0).state.players[1]
    )


def test_the_final_scoring_uses_the_rule_figures() -> None:
    state = new_game(1, 2)
    state.players[0].rubles = 3 * RUBLES_PER_VP + 1
    hand(state, 0, "author", "author")
    line = final_scores(state)[0]
    assert (line.money_vp, line.hand_penalty) == (3, -2 * HAND_PENALTY)


def test_option_choices_is_json_and_allows_exactly_what_check_options_accepts() -> None:
    choices = option_choices()
    assert json.loads(json.dumps(choices)) == choices
    players = choices["players"]
    assert isinstance(players, dict)
    listed = choices["options"]
    assert isinstance(listed, list)
    by_name = {entry["name"]: entry for entry in listed}
    assert by_name["money"]["default"] == {"first": "kept", "second": "traded"}
    boards = dict(zip(by_name["market_board"]["values"], by_name["market_board"]["max_players"], strict=True))
    for edition, market, board, seats in itertools.product(
        by_name["edition"]["values"], [False, True], by_name["market_board"]["values"], range(0, 7)
    ):
        options = GameOptions(edition=edition, market=market, market_board=board)
        allowed = (
            (not market or edition == by_name["market"]["requires"]["edition"])
            and (market or board == by_name["market_board"]["default"])
            and players["min"] <= seats <= (players["max_with_market"] if market else players["max"])
            and (not market or seats <= boards[board])
        )
        try:
            check_options(options, seats)
            accepted = True
        except ValueError:
            accepted = False
        assert accepted == allowed, (edition, market, board, seats)
    for name in ("joker", "market_values", "unpaid_crate", "market_ties"):
        entry = by_name[name]
        assert entry["requires"] == {"market": True}
        other = GameOptions(**{name: entry["values"][1]})
        with pytest.raises(ValueError, match="only to a game with the Market"):
            check_options(other, 2)
    assert by_name["double_marker_seat"]["players_without_market"] == [3]
