"""The rules engine: pure, standard-library only, deterministic from a seed.

Public API (all re-exported here)::

    from petersburg.engine import new_game, legal_actions, apply_action, format_action

    state = new_game(2, seed=7)              # GameState; options=GameOptions(...) optional
    market = new_game(5, 7, GameOptions(edition="second", market=True))
    while not state.is_over:
        seat = state.current_player
        actions = legal_actions(state)       # sorted int ids from the fixed action space
        apply_action(state, actions[0])      # validated, in place; apply_unchecked() for search
    final_scores(state), winners(state)

``apply_with_events(state, action)`` applies an action and returns what happened (``Event``s: the
move with its price, scorings per seat, cards dealt, ...; ``new_game(..., sink=events)`` for the
set-up); ``events_for(events, seat)`` is what one seat may see of them, ``describe_event`` words
one in English, ``event.to_json()`` / ``event_from_json`` serialise it, ``GameRecord.replay_events``
gives the events of a whole game and ``score_breakdown(events)`` its score by source.
``phase_income(state, phase)`` is what a phase's scoring would pay every seat now (the one income
function; ``card_price`` / ``action_price`` the price functions).
Actions are ints (``ActionId``) with canonical text (``format_action`` / ``parse_action``);
``action_price`` gives what an action costs; ``view(state, seat)`` gives what a seat may see and
``determinize(view, rng)`` samples a full state consistent with it; ``state_to_json`` /
``state_from_json`` and ``GameRecord`` serialise states and games. What an edition decides (the
phases of a round, the stacks, the board size, the cards) is ``state.shape`` (``GameShape``);
``num_actions(options)`` is the size of a game's action space (559; 954 with the Market).

Rules asked outside the engine are asked here, never restated: the rule figures
(``petersburg.engine.constants``: ``STARTING_RUBLES``, ``HAND_PENALTY``, ``PUB_PRICE_PER_VP``, ...),
the predicates ``affordable``, ``hand_has_room``, ``may_displace``, ``rubles_known``,
``default_action`` (what a seat that does not act does), ``reveals_hidden`` (whether a move shows
hidden cards) and ``option_choices()`` (the rule options and which go together, as JSON).
"""

from petersburg.engine.actions import (
    NUM_ACTIONS,
    NUM_ALL_ACTIONS,
    PASS_ID,
    ActionId,
    format_action,
    parse_action,
)
from petersburg.engine.choices import option_choices
from petersburg.engine.constants import (
    ARISTOCRAT_BONUS,
    HAND_LIMIT,
    HAND_PENALTY,
    LOWER_ROW_DISCOUNT,
    MARIINSKY_PER_RED,
    MAX_ARISTOCRAT_BONUS_CARDS,
    MIN_PRICE,
    OPENING_WORKERS_PER_PLAYER,
    POTJOMKINS_VILLAGE_VALUE,
    PUB_PRICE_PER_VP,
    PUB_VP_PER_CARD,
    RUBLES_PER_VP,
    STARTING_RUBLES,
    TAX_MAN_PER_GREEN,
    WAREHOUSE_HAND_LIMIT,
    WORKSHOP_DISCOUNT,
    aristocrat_bonus,
)
from petersburg.engine.errors import (
    ActionParseError,
    IllegalActionError,
    PetersburgError,
    StateFormatError,
)
from petersburg.engine.events import (
    EVENT_TYPES,
    OMNISCIENT,
    PUBLIC,
    Event,
    event_from_json,
    event_to_json,
    events_for,
    score_breakdown,
)
from petersburg.engine.market import (
    good_points,
    goods_counts,
    majority_points,
    market_income,
    market_values,
)
from petersburg.engine.moves import (
    REVEALS_DEAL,
    REVEALS_DRAW,
    REVEALS_NOTHING,
    default_action,
    revealed_by,
    reveals_hidden,
)
from petersburg.engine.options import check_options
from petersburg.engine.predicates import affordable, hand_has_room, may_displace, rubles_known
from petersburg.engine.reasons import Reason, RefusedOptions
from petersburg.engine.records import (
    GameRecord,
    options_from_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from petersburg.engine.rules import (
    action_price,
    apply_action,
    apply_unchecked,
    apply_with_events,
    card_price,
    crate_price,
    deal_game,
    describe_state,
    explain_illegal,
    final_scores,
    in_final_phase,
    in_opening,
    is_legal,
    legal_actions,
    marker_deals,
    new_game,
    pass_ends_actions,
    places,
    why_illegal,
    winners,
)
from petersburg.engine.scoring import ScoreBreakdown, ScoreLine, SeatIncome, colour_scoring, phase_income
from petersburg.engine.shape import SHAPES, GameShape, num_actions, shape_of
from petersburg.engine.state import (
    PHASE_NAMES,
    STAGE_ACTIONS,
    STAGE_CRATE,
    STAGE_JOKER,
    STAGE_NAMES,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    GameOptions,
    GameState,
    MarketState,
    PlayerState,
)
from petersburg.engine.views import SPECTATOR, View, determinize, hidden_rubles_view, view

__all__ = [
    "ARISTOCRAT_BONUS",
    "EVENT_TYPES",
    "HAND_LIMIT",
    "HAND_PENALTY",
    "LOWER_ROW_DISCOUNT",
    "MARIINSKY_PER_RED",
    "MAX_ARISTOCRAT_BONUS_CARDS",
    "MIN_PRICE",
    "NUM_ACTIONS",
    "NUM_ALL_ACTIONS",
    "OMNISCIENT",
    "OPENING_WORKERS_PER_PLAYER",
    "PASS_ID",
    "PHASE_NAMES",
    "POTJOMKINS_VILLAGE_VALUE",
    "PUBLIC",
    "PUB_PRICE_PER_VP",
    "PUB_VP_PER_CARD",
    "REVEALS_DEAL",
    "REVEALS_DRAW",
    "REVEALS_NOTHING",
    "RUBLES_PER_VP",
    "SHAPES",
    "SPECTATOR",
    "STAGE_ACTIONS",
    "STAGE_CRATE",
    "STAGE_JOKER",
    "STAGE_NAMES",
    "STAGE_OBSERVED",
    "STAGE_OVER",
    "STAGE_PUB",
    "STARTING_RUBLES",
    "TAX_MAN_PER_GREEN",
    "WAREHOUSE_HAND_LIMIT",
    "WORKSHOP_DISCOUNT",
    "ActionId",
    "ActionParseError",
    "Event",
    "GameOptions",
    "GameRecord",
    "GameShape",
    "GameState",
    "IllegalActionError",
    "MarketState",
    "PetersburgError",
    "PlayerState",
    "Reason",
    "RefusedOptions",
    "ScoreBreakdown",
    "ScoreLine",
    "SeatIncome",
    "StateFormatError",
    "View",
    "action_price",
    "affordable",
    "apply_action",
    "apply_unchecked",
    "apply_with_events",
    "aristocrat_bonus",
    "card_price",
    "check_options",
    "colour_scoring",
    "crate_price",
    "deal_game",
    "default_action",
    "describe_state",
    "determinize",
    "event_from_json",
    "event_to_json",
    "events_for",
    "explain_illegal",
    "final_scores",
    "format_action",
    "good_points",
    "goods_counts",
    "hand_has_room",
    "hidden_rubles_view",
    "in_final_phase",
    "in_opening",
    "is_legal",
    "legal_actions",
    "majority_points",
    "marker_deals",
    "market_income",
    "market_values",
    "may_displace",
    "new_game",
    "num_actions",
    "option_choices",
    "options_from_json",
    "parse_action",
    "pass_ends_actions",
    "phase_income",
    "places",
    "revealed_by",
    "reveals_hidden",
    "rubles_known",
    "score_breakdown",
    "shape_of",
    "state_from_json",
    "state_to_json",
    "view",
    "view_to_json",
    "why_illegal",
    "winners",
]
