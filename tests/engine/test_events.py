"""Events from the engine: what each move and each step of the flow says, who may see it, its JSON
form and its words (see docs/events.md)."""

from __future__ import annotations

import json

import pytest

from petersburg.cards import ARISTOCRAT, BUILDING, TRADING, WORKER
from petersburg.cards_second_edition import GOODS, MARKET_DECK
from petersburg.engine import (
    OMNISCIENT,
    PUBLIC,
    Event,
    GameOptions,
    GameRecord,
    IllegalActionError,
    ScoreLine,
    StateFormatError,
    apply_with_events,
    event_from_json,
    event_to_json,
    events_for,
    final_scores,
    legal_actions,
    new_game,
    parse_action,
    phase_income,
    state_to_json,
    winners,
)
from petersburg.engine.events import (
    ROW_DRAWN,
    ROW_LOWER,
    ROW_UPPER,
    CardBought,
    CardPlayed,
    CardsDealt,
    CardTaken,
    CratePaid,
    CrateUnpaid,
    DrawnDiscarded,
    EndTriggered,
    GameEnded,
    GameStarted,
    JokerNamed,
    LowerRowDiscarded,
    MarkersPassed,
    ObservatoryUsed,
    Passed,
    PhaseScored,
    PhaseStarted,
    PubBought,
    RoundEnded,
    RoundStarted,
    SupplySkipped,
    UpperRowMovedDown,
)
from petersburg.engine.state import (
    ARISTOCRAT_PHASE,
    BUILDING_PHASE,
    MARKET_PHASE,
    NO_CARD,
    TRADING_PHASE,
    UNKNOWN,
    WORKER_PHASE,
    GameState,
)
from petersburg.text import describe_event, describe_events, describe_move

from .helpers import c, give, hand, position

WITH_MARKET = GameOptions(edition="second", market=True)
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Elena"]


def events_of(state: GameState, *texts: str) -> list[Event]:
    """Apply actions given as text and return their events, in order."""
    events: list[Event] = []
    for text in texts:
        events += apply_with_events(state, parse_action(text))
    return events


def words(state: GameState, events: list[Event], seat: int | None = None) -> list[str]:
    return describe_events(events, NAMES[: state.num_players], state.shape, seat)


# ---------------------------------------------------------------------------------------------
# Moves


def test_a_purchase_names_the_row_the_price_and_the_displaced_card() -> None:
    state = position(2, phase=TRADING_PHASE, upper=["author"], lower=["wharf"])
    give(state, 0, "ship_builder", "carpenter_workshop")
    assert events_of(state, "buy L1 over ship_builder") == [
        CardBought(
            seat=0, card=c("wharf"), row=ROW_LOWER, slot=0, price=12 - 7 - 1, displaced=c("ship_builder")
        )
    ]
    assert events_of(state, "buy U1") == [
        CardBought(seat=1, card=c("author"), row=ROW_UPPER, slot=0, price=4, displaced=NO_CARD)
    ]
    assert words(
        state,
        [CardBought(seat=0, card=c("wharf"), row=ROW_LOWER, slot=0, price=4, displaced=c("ship_builder"))],
    ) == ["Anna buys Wharf from the lower row for 4 rubles, displacing Ship Builder."]


def test_taking_and_playing_a_card_from_hand() -> None:
    state = position(2, upper=["lumberjack", "gold_miner"])
    hand(state, 1, "market")
    assert events_of(state, "hand U2", "play H1") == [
        CardTaken(seat=0, card=c("gold_miner"), row=ROW_UPPER, slot=1),
        CardPlayed(seat=1, card=c("market"), price=5),
    ]
    assert words(state, events_of(state, "pass")) == ["Anna passes."]


def test_an_observatory_draw_is_private_to_its_owner_until_it_is_shown() -> None:
    state = position(3, phase=BUILDING_PHASE)
    give(state, 0, "observatory", "observatory")
    top = state.stacks[ARISTOCRAT][-1]
    drawn, taken = events_of(state, "observe aristocrats", "hand drawn")
    assert drawn == ObservatoryUsed(seat=0, deck=ARISTOCRAT, card=top, private_to=0)
    assert taken == CardTaken(seat=0, card=top, row=ROW_DRAWN, slot=-1, private_to=0)
    for seat in (None, 1, 2):
        assert events_for([drawn, taken], seat) == [
            ObservatoryUsed(seat=0, deck=ARISTOCRAT, card=UNKNOWN),
            CardTaken(seat=0, card=UNKNOWN, row=ROW_DRAWN, slot=-1),
        ]
    assert events_for([drawn, taken], 0) == events_for([drawn, taken], OMNISCIENT) == [drawn, taken]
    name = state.shape.card_name[top]
    assert words(state, [drawn, taken], 1) == [
        "Anna uses an Observatory and draws a card from the aristocrats stack.",
        "Anna takes the drawn card into hand.",
    ]
    assert words(state, [drawn, taken], 0) == [
        f"Anna uses an Observatory and draws {name} from the aristocrats stack.",
        f"Anna takes the drawn {name} into hand.",
    ]
    # Bought or discarded, the drawn card is public.
    state.to_act = 0
    state.players[0].rubles = 99
    top = state.stacks[WORKER][-1]
    _, bought = events_of(state, "observe workers", "buy drawn")
    assert isinstance(bought, CardBought) and bought.private_to == PUBLIC
    assert (bought.card, bought.row, bought.slot) == (top, ROW_DRAWN, -1)


def test_a_move_has_a_caption_without_its_players_name_as_each_reader_may_see_it() -> None:
    state = position(3, phase=BUILDING_PHASE)
    give(state, 0, "observatory")
    top = state.stacks[ARISTOCRAT][-1]
    name = state.shape.card_name[top]
    drawn, taken = events_of(state, "observe aristocrats", "hand drawn")
    captions = {seat: [describe_move(e, state.shape, seat) for e in (drawn, taken)] for seat in (0, 1, None)}
    assert captions[0] == [f"used an Observatory and drew {name}", f"took {name} into hand"]
    assert captions[1] == captions[None] == ["used an Observatory", "took a card into hand"]
    bought = CardBought(seat=1, card=c("wharf"), row=ROW_LOWER, slot=0, price=4, displaced=c("ship_builder"))
    assert describe_move(bought, state.shape) == "bought Wharf for 4\u00a0₽ over Ship Builder"
    assert describe_move(events_of(state, "pass")[0], state.shape) == "passed"
    assert describe_move(RoundStarted(round=2), state.shape) is None, "not a move: no caption"


def test_with_hands_shown_a_drawn_card_taken_into_hand_is_public() -> None:
    state = position(2, phase=BUILDING_PHASE, options=GameOptions(show_hands=True))
    give(state, 0, "observatory")
    drawn, taken = events_of(state, "observe workers", "hand drawn")
    assert drawn.private_to == 0 and taken.private_to == PUBLIC


def test_a_discarded_draw_names_its_card_and_stack() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "observatory")
    top = state.stacks[TRADING][-1]
    assert events_of(state, "observe trading", "discard drawn")[1] == DrawnDiscarded(
        seat=0, deck=TRADING, card=top
    )


def test_illegal_actions_bring_no_events_and_change_nothing() -> None:
    state = position(2)
    before = state.copy()
    with pytest.raises(IllegalActionError):
        apply_with_events(state, parse_action("buy U1"))
    assert state == before


# ---------------------------------------------------------------------------------------------
# Scorings


def worker_scoring() -> tuple[GameState, list[Event]]:
    """Three seats, Boris to act, pass out the worker phase: Anna's two Lumberjacks and Clara's
    Shepherd and Wharf are scored, then the building phase starts."""
    state = position(3, to_act=1)
    give(state, 0, "lumberjack", "lumberjack")
    give(state, 2, "shepherd", "wharf")
    return state, events_of(state, "pass", "pass", "pass")


def test_worker_scoring_pays_each_seat_in_turn_order_from_the_start_player() -> None:
    state, events = worker_scoring()
    scored = next(event for event in events if isinstance(event, PhaseScored))
    assert (scored.round, scored.phase) == (1, WORKER_PHASE)
    assert [(i.seat, i.cards, i.rubles, i.vp) for i in scored.incomes] == [
        (1, 0, 0, 0),
        (2, 2, 9, 1),
        (0, 2, 6, 0),
    ]
    sentence = describe_event(scored, NAMES[:3], state.shape)
    assert sentence == "Worker scoring: Boris nothing, Clara +9 ₽ +1 VP, Anna +6 ₽."


def test_special_cards_parts_of_the_first_edition_scorings() -> None:
    state = position(1, phase=BUILDING_PHASE)
    give(state, 0, "mariinskij_theater", "observatory", "author", "judge", "tax_man", "lumberjack")
    state.players[0].observatories_used = 1
    building = phase_income(state, BUILDING_PHASE)[0]
    assert (building.cards, building.card_rubles, building.card_vp) == (2, 0, 1)
    assert (building.mariinsky_rubles, building.mariinsky_vp, building.observatory_vp) == (3, 0, -1)
    assert (building.rubles, building.vp) == (3, 0)
    aristocrat = phase_income(state, ARISTOCRAT_PHASE)[0]
    assert (aristocrat.card_rubles, aristocrat.tax_man_rubles, aristocrat.rubles, aristocrat.vp) == (
        1 + 5,
        1,
        7,
        2,
    )
    assert phase_income(state, TRADING_PHASE)[0].rubles == phase_income(state, TRADING_PHASE)[0].vp == 0
    scored = events_of(state, "pass")[1]
    assert isinstance(scored, PhaseScored) and scored.incomes == (building,)
    assert describe_event(scored, NAMES, state.shape) == (
        "Building scoring: Anna +3 ₽ (Mariinskij Theater +3 ₽; face-down Observatory -1 VP)."
    )


def test_the_mariinsky_theater_gives_vp_in_the_second_edition() -> None:
    state = position(1, phase=BUILDING_PHASE, options=GameOptions(edition="second"))
    give(state, 0, "mariinskij_theater", "author", "judge")
    income = phase_income(state, BUILDING_PHASE)[0]
    assert (income.mariinsky_rubles, income.mariinsky_vp, income.rubles, income.vp) == (0, 2, 0, 2)
    assert describe_event(events_of(state, "pass")[1], NAMES, state.shape) == (
        "Building scoring: Anna +2 VP (Mariinsky Theater +2 VP)."
    )


def test_pub_purchases_follow_the_building_scoring() -> None:
    state = position(2, phase=BUILDING_PHASE)
    give(state, 1, "pub", "bank")
    state.players[1].rubles = 1
    events = events_of(state, "pass", "pass", "pub 3")
    assert [event.type for event in events] == [
        "passed",
        "passed",
        "phase_scored",
        "pub_bought",
        "supply_skipped",
        "phase_started",
    ]
    assert events[3] == PubBought(seat=1, vp=3, rubles=6)
    assert words(state, events[3:5]) == [
        "Boris buys 3 VP at the Pub for 6 rubles.",
        "Nobody took a card from the board in the building phase: "
        "no card from the aristocrats stack is dealt.",
    ]


def test_the_market_scoring_names_crates_income_majorities_and_jokers() -> None:
    state = position(2, phase=MARKET_PHASE, options=WITH_MARKET)
    state.round = 4
    give(state, 0, "m_apple_box", "m_fish_1", "ship_builder_joker")
    give(state, 1, "m_apple_3", "m_grain_box")
    market = state.market
    assert market is not None
    market.jokers[state.shape.joker_slot[c("ship_builder_joker")]] = GOODS.index("fish")
    state.players[1].rubles = 3
    events = events_of(state, "pass", "pass", "pay crate apple")
    assert [event.type for event in events] == [
        "passed",
        "passed",
        "crate_paid",
        "crate_unpaid",  # Boris cannot pay 4 rubles: nobody asks him
        "phase_scored",
        "supply_skipped",
        "phase_started",
    ]
    unpaid = next(event for event in events if isinstance(event, CrateUnpaid))
    assert unpaid == CrateUnpaid(
        seat=1, card=c("m_grain_box"), good=GOODS.index("grain"), discarded=True, asked=False
    )
    paid = next(event for event in events if isinstance(event, CratePaid))
    assert paid == CratePaid(seat=0, card=c("m_apple_box"), good=GOODS.index("apple"), rubles=4)
    scored = next(event for event in events if isinstance(event, PhaseScored))
    first, second = scored.incomes
    assert first.goods == (0, 0, 4, 2, 0) and second.goods == (0, 0, 3, 0, 0)
    assert first.majority_vp == (0, 0, 4, 4, 0) and second.majority_vp == (0, 0, 2, 0, 0)
    assert (first.cards, first.rubles, first.vp) == (2, 2, 8)
    assert first.jokers == ((c("ship_builder_joker"), GOODS.index("fish")),)
    assert words(state, [unpaid, paid, scored]) == [
        "Boris cannot pay for Grain sack box: it is discarded.",
        "Anna pays 4 rubles to keep Apple box.",
        "Market scoring: Anna +2 ₽ +8 VP (apple 4 VP, fish 4 VP; '?' on Ship Builder counts as fish), "
        "Boris +2 VP (apple 2 VP).",
    ]


def test_a_joker_named_and_a_crate_left_idle() -> None:
    options = GameOptions(edition="second", market=True, unpaid_crate="idle")
    state = position(2, upper=["ship_builder_joker"], options=options)
    assert events_of(state, "buy U1", "joker cabbage")[1] == JokerNamed(
        seat=0, card=c("ship_builder_joker"), good=GOODS.index("cabbage")
    )
    give(state, 1, "m_fish_box")
    state.phase = MARKET_PHASE
    state.markers[MARKET_PHASE] = 1
    state.to_act = 1
    unpaid = events_of(state, "pass", "pass", "skip crate fish")[2]
    assert unpaid == CrateUnpaid(
        seat=1, card=c("m_fish_box"), good=GOODS.index("fish"), discarded=False, asked=True
    )
    assert words(state, [unpaid]) == ["Boris does not pay for Fish box: it counts nothing at this scoring."]


# ---------------------------------------------------------------------------------------------
# The flow: supply, end of a round, end of the game


def test_cards_dealt_come_from_the_next_phase_stack_into_the_upper_row() -> None:
    state = position(2, upper=["lumberjack", "gold_miner"])
    top_seven = state.stacks[BUILDING][-7:][::-1]
    events = events_of(state, "buy U1", "pass", "pass")
    assert events[-3].type == "phase_scored"
    assert events[-2:] == [
        CardsDealt(deck=BUILDING, row=ROW_UPPER, cards=tuple(top_seven)),
        PhaseStarted(round=1, phase=BUILDING_PHASE, seat=0),
    ]
    assert words(state, events[-2:-1])[0].startswith("7 cards from the buildings stack enter the upper row: ")


def test_the_end_of_a_round_discards_moves_down_deals_and_passes_the_markers() -> None:
    state = position(2, phase=TRADING_PHASE, upper=["market", "pub"], lower=["author"])
    state.markers = [0, 1, 0, 1]
    workers = state.stacks[WORKER][-6:][::-1]
    names = state.shape.card_name
    events = events_of(state, "pass", "pass")
    assert events[2:] == [
        RoundEnded(round=1),
        LowerRowDiscarded(cards=(c("author"),)),
        UpperRowMovedDown(cards=(c("market"), c("pub"))),
        CardsDealt(deck=WORKER, row=ROW_UPPER, cards=tuple(workers)),
        MarkersPassed(markers=(1, 0, 1, 0)),
        RoundStarted(round=2),
        PhaseStarted(round=2, phase=WORKER_PHASE, seat=1),
    ]
    assert words(state, events[2:6]) == [
        "Round 1 ends.",
        "The lower row is discarded: Author.",
        "The upper row moves down: Market, Pub.",
        f"6 cards from the workers stack enter the upper row: {', '.join(names[w] for w in workers)}.",
    ]
    assert words(state, events[6:], 1) == [
        "The start-player markers pass to the left: "
        "worker Boris, building Anna, aristocrat Boris, trading Anna.",
        "Round 2 begins.",
        "Worker phase: Boris starts.",
    ]


def test_the_end_is_triggered_by_a_stack_and_names_the_last_round() -> None:
    state = position(1, phase=ARISTOCRAT_PHASE, upper=["author"])
    state.stacks[TRADING] = state.stacks[TRADING][:3]
    events = events_of(state, "hand U1", "pass")
    assert EndTriggered(deck=TRADING, round=1) in events
    # The worker deal at the end of a round belongs to the round that follows.
    state = position(1, phase=TRADING_PHASE, upper=["market"])
    state.stacks[WORKER] = state.stacks[WORKER][:4]
    events = events_of(state, "pass")
    triggered = events.index(EndTriggered(deck=WORKER, round=2))
    assert events[triggered - 1].type == "cards_dealt" and events[-2] == RoundStarted(round=2)
    assert words(state, [events[triggered]]) == [
        "The last card of the workers stack is on the board: round 2 is the last."
    ]
    state = position(1, phase=TRADING_PHASE, options=GameOptions(edition="second", market=True))
    state.stacks[MARKET_DECK] = state.stacks[MARKET_DECK][:1]
    state.phase = WORKER_PHASE
    state.upper = [c("lumberjack")]
    assert EndTriggered(deck=MARKET_DECK, round=1) in events_of(state, "buy U1", "pass")


def test_the_last_round_ends_with_the_final_scoring() -> None:
    state = position(2, phase=TRADING_PHASE)
    state.last_round = True
    give(state, 0, "author", "judge")
    hand(state, 1, "market")
    state.players[0].rubles = 37
    events = events_of(state, "pass", "pass")
    assert events[2:] == [
        RoundEnded(round=1),
        GameEnded(scores=tuple(final_scores(state)), winners=tuple(winners(state))),
    ]
    assert words(state, events[3:]) == [
        "Final scoring: Anna 6 VP (play 0, aristocrats +3, rubles +3, hand 0; 37 rubles left); "
        "Boris -3 VP (play 0, aristocrats +0, rubles +2, hand -5; 25 rubles left). Anna wins."
    ]


def test_the_set_up_says_who_starts_and_what_is_dealt() -> None:
    events: list[Event] = []
    state = new_game(3, 11, GameOptions(double_marker_seat=2), events)
    assert events == [
        GameStarted(players=3, edition="first", market=False, markers=tuple(state.markers)),
        RoundStarted(round=1),
        CardsDealt(deck=WORKER, row=ROW_UPPER, cards=tuple(state.upper)),
        PhaseStarted(round=1, phase=WORKER_PHASE, seat=state.markers[WORKER_PHASE]),
    ]
    assert words(state, events[:1])[0].startswith("A 3-player game of Sankt Petersburg (1st edition) begins.")
    solo: list[Event] = []
    new_game(1, 2, WITH_MARKET, solo)
    sentence = describe_event(solo[0], NAMES, new_game(1, 2, WITH_MARKET).shape, 0, second_person=True)
    assert sentence == (
        "A solo game of Sankt Petersburg (2nd edition with the Market) begins. "
        "Start players: worker you, market you, building you, aristocrat you, trading you."
    )


def test_second_person_speaks_to_the_reader_only() -> None:
    state = position(2)
    event = CardBought(seat=0, card=c("market"), row=ROW_UPPER, slot=2, price=5)
    assert describe_event(event, NAMES, state.shape, 0, second_person=True) == (
        "You buy Market from the upper row for 5 rubles."
    )
    assert describe_event(event, NAMES, state.shape, 1, second_person=True) == (
        "Anna buys Market from the upper row for 5 rubles."
    )
    assert describe_event(Passed(seat=1), NAMES, state.shape, 1, second_person=True) == "You pass."


def test_you_is_capitalised_only_where_it_starts_a_sentence() -> None:
    state, events = worker_scoring()
    scored = next(event for event in events if isinstance(event, PhaseScored))
    started = next(event for event in events if isinstance(event, PhaseStarted))
    as_clara = [describe_event(e, NAMES[:3], state.shape, 2, second_person=True) for e in (scored, started)]
    assert as_clara[0] == "Worker scoring: Boris nothing, you +9 ₽ +1 VP, Anna +6 ₽."
    assert (
        as_clara[1]
        == f"Building phase: {'you start' if started.seat == 2 else NAMES[started.seat] + ' starts'}."
    )
    lines = tuple(ScoreLine(seat, 5, 0, 0, 0, 5, 3) for seat in range(3))
    shared = GameEnded(scores=lines, winners=(0, 1, 2))
    ends = {seat: describe_event(shared, NAMES[:3], state.shape, seat, second_person=True) for seat in (0, 1)}
    assert ends[0].startswith("Final scoring: you 5 VP (") and ends[0].endswith(
        ". You, Boris and Clara share the win."
    )
    assert "; you 5 VP (" in ends[1] and ends[1].endswith(". Anna, you and Clara share the win.")
    won = describe_event(GameEnded(scores=lines, winners=(1,)), NAMES[:3], state.shape, 1, second_person=True)
    assert won.endswith(". You win.")
    passed = MarkersPassed(markers=(1, 1, 2, 0))
    assert describe_event(passed, NAMES[:3], state.shape, 1, second_person=True) == (
        "The start-player markers pass to the left: worker you, building you, aristocrat Clara, trading Anna."
    )
    assert describe_event(SupplySkipped(phase=0, deck=1), NAMES, state.shape).startswith("Nobody took")


# ---------------------------------------------------------------------------------------------
# JSON and records


def test_every_event_has_a_stable_json_form() -> None:
    event = CardBought(seat=2, card=c("wharf"), row=ROW_LOWER, slot=0, price=4, displaced=c("ship_builder"))
    assert event_to_json(event) == {
        "type": "card_bought",
        "seat": 2,
        "card": "wharf",
        "row": "lower",
        "slot": 0,
        "price": 4,
        "displaced": "ship_builder",
        "private_to": None,
    }
    drawn = ObservatoryUsed(seat=1, deck=ARISTOCRAT, card=c("author"), private_to=1)
    redacted = event_to_json(drawn.redacted())
    assert event_to_json(drawn)["private_to"] == 1
    assert redacted["type"] == "observatory_used" and redacted["card"] is None
    assert event_to_json(MarkersPassed(markers=(1, 0, 1, 0))) == {
        "type": "markers_passed",
        "markers": {"worker": 1, "building": 0, "aristocrat": 1, "trading": 0},
        "private_to": None,
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "'event' must be an object"),
        ({"type": "teleported"}, "Unknown event type 'teleported'"),
        ({"type": "passed"}, "A 'passed' event has no 'seat' field"),
        ({"type": "passed", "seat": "two"}, "'seat' must be a whole number"),
        (
            {"type": "card_taken", "seat": 0, "card": "unicorn", "row": "upper", "slot": 0},
            "'card' must be a card",
        ),
        (
            {"type": "card_taken", "seat": 0, "card": "market", "row": "middle", "slot": 0},
            "'row' must be one of",
        ),
        (
            {
                "type": "crate_unpaid",
                "seat": 0,
                "card": "m_fish_box",
                "good": "fish",
                "discarded": 1,
                "asked": True,
            },
            "'discarded' must be true or false",
        ),
        ({"type": "phase_started", "round": 1, "phase": "lunch", "seat": 0}, "'phase' must be one of"),
    ],
)
def test_bad_event_json_is_refused_with_a_sentence(data: object, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        event_from_json(data)


def test_a_record_replays_with_the_events_of_every_step() -> None:
    events: list[Event] = []
    state = new_game(2, 5, None, events)
    record = GameRecord(2, 5, names=["Anna", "Boris"])
    live = [events]
    while not state.is_over:
        action = legal_actions(state)[-1]
        record.actions.append(action)
        live.append(apply_with_events(state, action))
    replayed, steps = record.replay_events()
    assert steps == live and len(steps) == len(record.actions) + 1
    assert state_to_json(replayed) == state_to_json(state) == state_to_json(record.replay())
    assert [event_from_json(json.loads(json.dumps(event_to_json(e)))) for e in steps[-1]] == steps[-1]
    assert isinstance(steps[-1][-1], GameEnded) and list(steps[-1][-1].scores) == final_scores(state)
    bad = GameRecord(2, 5, actions=[parse_action("buy U1"), parse_action("buy U8")])
    with pytest.raises(StateFormatError, match="Action 2"):
        bad.replay_events()
