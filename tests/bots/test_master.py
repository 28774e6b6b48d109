"""Master (``ismcts:master``): Expert's search, deeper and longer, with settings of its own at some
tables, legal and reproducible; the take guard, a search option Master does not use today
(docs/bots.md), which leaves no hand card that could have been avoided; and certain liabilities,
which it uses at 3-player Market tables."""

from __future__ import annotations

from dataclasses import replace

from petersburg.bots import Bot, GreedyBot, IsmctsBot, make_bot
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, schedule
from petersburg.bots.ismcts import (
    LEVELS,
    SearchConfig,
    cutoff_weights,
    guarded_candidates,
    last_phase_candidates,
)
from petersburg.bots.levels import definition, definitions
from petersburg.engine import (
    HAND_PENALTY,
    GameOptions,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
    view,
)
from petersburg.engine.actions import ACTION_KIND, KIND_PLAY, KIND_TAKE, PASS_ID, PLAY_IDS, TAKE_IDS
from petersburg.engine.state import TRADING_PHASE
from tests.engine.helpers import conserve_cards, give, hand, position

from .helpers import random_states

SMALL = replace(LEVELS["master"], iterations=16)
"""Master's search at a test's budget: the same tree, fewer iterations."""
GUARDED = replace(SMALL, take_guard=True)
"""The same search with the take guard."""
LAST_ROUND_GUARDED = replace(SMALL, last_round_guard=True)
"""The same search with the take guard in the known last round alone."""


def _game(seed: int, players: int, options: GameOptions, config: SearchConfig) -> tuple[list[int], list[str]]:
    """A game of the search ``config`` (seat 0) against greedy; its actions, and what the take
    guard keeps from happening: a card taken while one was held or in the known last round, or a
    card left in hand at the end though the search could have played it in the last round."""
    state = new_game(players, seed, options)
    bots: list[Bot] = [
        IsmctsBot(seed, config, name="master"),
        *(GreedyBot(seed + s) for s in range(1, players)),
    ]
    actions: list[int] = []
    problems: list[str] = []
    could_play = False
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        action = bots[seat].choose(seen)
        if seat == 0:
            if ACTION_KIND[action] == KIND_TAKE and state.last_round:
                problems.append(f"took a card into hand in the known last round at step {state.step}")
            elif ACTION_KIND[action] == KIND_TAKE and state.players[0].hand:
                problems.append(f"took a card into hand at step {state.step} holding {state.players[0].hand}")
            if state.last_round:
                could_play = could_play or any(ACTION_KIND[a] == KIND_PLAY for a in seen.legal_actions())
        apply_action(state, action)
        actions.append(action)
    if state.players[0].hand and could_play:
        problems.append(f"ended with {len(state.players[0].hand)} hand card(s) it could have played")
    return actions, problems


def test_master_is_experts_search_with_more_iterations_and_a_deeper_tree_in_part_of_them() -> None:
    master, expert = LEVELS["master"], LEVELS["expert"]
    assert master.depth > expert.depth and master.iterations > expert.iterations
    assert 0 < master.searched_replies < expert.searched_replies == 1
    assert master.last_phase_plays and not expert.last_phase_plays
    shallow = replace(
        master,
        depth=expert.depth,
        iterations=expert.iterations,
        searched_replies=expert.searched_replies,
        last_phase_plays=expert.last_phase_plays,
        tables=expert.tables,
    )
    assert shallow == expert
    assert make_bot("ismcts:master", 1).name == "ismcts:master"


def test_master_plays_the_tables_where_others_measured_better_with_those_settings() -> None:
    """The aristocrat figure at 4-player 1st-edition tables, certain liabilities and the shipped
    learned evaluation at 3-player Market tables, eight candidates at 2-player tables of both
    editions (where each was measured winning more games), the level's settings at every other."""
    master = LEVELS["master"]
    plain = replace(master, tables=())
    assert master.at_table(4, market=False) == replace(plain, weights=replace(DEFAULT_WEIGHTS, diversity=1.0))
    assert master.at_table(3, market=True) == replace(plain, certain_liabilities=True, value_model="shipped")
    for market in (False, True):
        assert master.at_table(2, market) == replace(plain, width=8)
    for players in (1, 3, 5):
        assert master.at_table(players, market=False) == plain
    for players in (1, 4, 5):
        assert master.at_table(players, market=True) == plain
    assert plain.weights == DEFAULT_WEIGHTS and not plain.certain_liabilities and plain.width == 6
    assert plain.value_model is None, "the learned evaluation nowhere else: elsewhere it cost games"


def test_master_plays_legal_reproducible_games() -> None:
    actions, _ = _game(1, 2, GameOptions(), SMALL)
    assert _game(1, 2, GameOptions(), SMALL)[0] == actions


def test_the_guarded_search_leaves_no_avoidable_hand_cards() -> None:
    for seed, players, options in ((1, 2, GameOptions()), (2, 3, GameOptions(edition="second", market=True))):
        assert _game(seed, players, options, GUARDED)[1] == []


def test_the_last_round_guard_takes_no_card_in_the_last_round() -> None:
    """It keeps only that promise: cards held from earlier rounds may outnumber the plays the last
    round leaves room for (in the first of these games it ends with three)."""
    for seed, players, options in ((1, 2, GameOptions()), (2, 3, GameOptions(edition="second", market=True))):
        problems = _game(seed, players, options, LAST_ROUND_GUARDED)[1]
        assert not [problem for problem in problems if "known last round" in problem]


def test_the_guard_drops_takes_and_adds_every_hand_play() -> None:
    state = new_game(2, 3)
    take, play_first, play_second = TAKE_IDS[0], PLAY_IDS[0][0], PLAY_IDS[1][0]
    actions = [PASS_ID, take, play_first, play_second]
    gains = [0.0, 3.0, 1.0, -2.0]
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [take, PASS_ID]  # empty hand
    state.players[state.to_act].hand.append(3)
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [PASS_ID]  # one card held
    state.last_round = True
    assert guarded_candidates(state, actions, gains, [take, PASS_ID]) == [PASS_ID, play_first, play_second]
    assert guarded_candidates(state, [take, TAKE_IDS[1]], [1.0, 2.0], [take]) == [take]  # nothing else


def test_the_last_round_guard_lets_a_second_card_be_held_before_the_last_round() -> None:
    state = new_game(2, 3)
    take, play_first = TAKE_IDS[0], PLAY_IDS[0][0]
    actions, gains = [PASS_ID, take, play_first], [0.0, 3.0, 1.0]
    state.players[state.to_act].hand.append(3)
    assert guarded_candidates(state, actions, gains, [take, PASS_ID], while_holding=False) == [take, PASS_ID]
    state.last_round = True
    assert guarded_candidates(state, actions, gains, [take, PASS_ID], while_holding=False) == [
        PASS_ID,
        play_first,
    ]


def test_in_the_final_phase_a_play_raising_the_score_replaces_a_pass_that_would_not_end_the_game() -> None:
    """``last_phase_plays``: the search's playouts let the opponents act as Greedy does, so a pass
    in the game's last phase looked as good as the play it would make on its next turn; opponents
    who pass end the game first. So there pass gives way to every play that raises the final score,
    unless the seat's own pass would end the game (the search then sees that end exactly)."""
    state = position(3, phase=TRADING_PHASE, upper=["author", "lumberjack"])
    state.last_round = True
    hand(state, 0, "lumberjack")  # any card may be played in any phase: its hand penalty is saved
    conserve_cards(state)
    actions = legal_actions(state)
    plays = [action for action in actions if ACTION_KIND[action] == KIND_PLAY]
    buy = next(action for action in actions if action not in plays and action != PASS_ID)
    after = state.copy()
    apply_action(after, plays[0])
    assert final_scores(after)[0].total == final_scores(state)[0].total + HAND_PENALTY
    assert last_phase_candidates(state, actions, [PASS_ID, buy]) == [buy, *plays]
    chooser = IsmctsBot(1, replace(SMALL, last_phase_plays=True))
    assert chooser.choose(view(state, 0)) != PASS_ID
    state.passes = 2  # both others passed: this pass ends the game, and the search sees it do so
    assert last_phase_candidates(state, actions, [PASS_ID, buy]) == [PASS_ID, buy]
    state.passes = 1
    assert last_phase_candidates(state, actions, [PASS_ID, buy]) == [buy, *plays]
    state.last_round = False  # the round's last phase, but another round follows
    assert last_phase_candidates(state, actions, [PASS_ID, buy]) == [PASS_ID, buy]
    state.last_round = True
    state.players[0].hand = []
    assert last_phase_candidates(state, legal_actions(state), [PASS_ID, buy]) == [PASS_ID, buy]


def test_in_the_final_phase_a_play_that_lowers_the_score_leaves_pass_among_the_candidates() -> None:
    """A Pope played from hand over one of six different aristocrats saves the hand penalty (5)
    but leaves five for the aristocrat bonus (15 instead of 21): such a play is no reason not to
    pass."""
    state = position(3, phase=TRADING_PHASE, upper=["lumberjack"])
    state.last_round = True
    give(state, 0, "author", "administrator", "warehouse_manager", "secretary", "controller", "pope")
    hand(state, 0, "pope")
    conserve_cards(state)
    actions = legal_actions(state)
    plays = [action for action in actions if ACTION_KIND[action] == KIND_PLAY]
    assert plays, "the Pope can displace any of the five"
    for play in plays:
        after = state.copy()
        apply_action(after, play)
        assert final_scores(after)[0].total == final_scores(state)[0].total - 1
    assert last_phase_candidates(state, actions, [PASS_ID]) == [PASS_ID]


def test_certain_liabilities_count_a_card_that_would_not_pay_for_itself_as_a_certain_penalty() -> None:
    """The cut-off evaluation's hand value of a card not worth its price is the whole −5 (and its
    slot) under ``certain_liabilities``, a share of it otherwise; other hand cards keep their value."""
    certain = replace(SMALL, certain_liabilities=True)
    assert cutoff_weights(SMALL) == SMALL.weights, "off: the evaluation as it was"
    weights = cutoff_weights(certain)
    assert weights.liability_risk == 1.0
    assert replace(weights, liability_risk=SMALL.weights.liability_risk) == SMALL.weights, "nothing else"
    liabilities = kept = 0
    for state in random_states(40, seed=41, players=(2, 3, 4)):
        as_is, counted = schedule(state, SMALL.weights), schedule(state, weights)
        for player in state.players:
            for kind in state.shape.kinds:
                before, after = as_is.hand_value(player, kind), counted.hand_value(player, kind)
                if after == -HAND_PENALTY - weights.hand_slot:
                    liabilities += 1
                    assert before > after, "a share of the penalty before, all of it now"
                else:
                    kept += 1
                    assert before == after
    assert liabilities and kept


def test_certain_liabilities_is_a_variant_of_its_own() -> None:
    """Its games are never counted as Master's where Master plays without it: the spec changes the
    level's definition at those tables. Named false, it is false at every table, the 3-player
    Market tables where Master's own is true included."""
    variant = make_bot("ismcts:master+certain_liabilities=true")
    assert isinstance(variant, IsmctsBot) and variant.config.certain_liabilities
    assert definition("ismcts:master+certain_liabilities=true") != definition("ismcts:master")
    assert definition("ismcts:master+certain_liabilities=true", 2) != definition("ismcts:master", 2)
    assert definition("ismcts:master+certain_liabilities=true", 3, True) == definition(
        "ismcts:master", 3, True
    )
    assert definition("ismcts:master+certain_liabilities=false", 2) == definition("ismcts:master", 2)
    assert definition("ismcts:master+certain_liabilities=false", 3, True) != definition(
        "ismcts:master", 3, True
    )


def test_a_measurement_at_one_table_is_of_what_plays_there() -> None:
    """A table's definition digest is that of the search playing there, so that figures changed
    at 4-player 1st-edition tables leave Master's measurements at other tables standing, and a
    4-player game of the variant with those figures counts as Master's."""
    at = {
        (players, market): definition("ismcts:master", players, market)
        for players in (2, 3, 4)
        for market in (False, True)
    }
    assert at[2, False] == at[2, True]
    assert at[3, False] == at[4, True]
    assert len({at[2, False], at[3, False], at[4, False], at[3, True]}) == 4
    assert at[4, False] == definition("ismcts:master+weights.diversity=1.0", 4, market=False)
    assert at[3, True] == definition("ismcts:master+certain_liabilities=true", 3, market=True)
    assert at[3, True] == definition("ismcts:master+value_model=shipped", 3, market=True), (
        "the confirmation's games of the learned evaluation are today's Master's there"
    )
    assert definition("ismcts:master+value_model=none", 3, market=True) != at[3, True]
    assert definition("ismcts:master+value_model=shipped", 2) != at[2, False]
    assert at[2, False] == definition("ismcts:master+width=8", 2)
    assert definition("ismcts:master+width=6", 2) != at[2, False]
    assert definition("ismcts:master") not in at.values(), "the level as a whole: every table's figures"
    assert definitions(["greedy", "ismcts:master"]) == [definition("greedy"), at[2, False]]
