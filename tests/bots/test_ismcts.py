"""ISMCTS: levels, budgets, reproducibility and the ruble guess from public information."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest

from petersburg.bots import VARIANT_SETTINGS, IsmctsBot, SearchConfig, make_bot, search_variant
from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.greedy import action_gains, greedy_action
from petersburg.bots.ismcts import (
    LEVELS,
    TableSettings,
    cutoff_weights,
    estimate_hidden_rubles,
    tree_candidates,
)
from petersburg.bots.levels import definition
from petersburg.engine import (
    GameOptions,
    GameState,
    apply_unchecked,
    hidden_rubles_view,
    legal_actions,
    new_game,
    view,
    winners,
)
from petersburg.engine.actions import ACTION_KIND, KIND_TAKE

from .helpers import random_states


def test_levels_grow_in_budget_and_plain_ismcts_is_medium() -> None:
    """The ladder's search levels (``ismcts:easy`` is kept for older seats and scripts only)."""
    medium, hard = LEVELS["medium"], LEVELS["hard"]
    assert medium.iterations < hard.iterations < LEVELS["expert"].iterations < LEVELS["master"].iterations
    bot = make_bot("ismcts", 1)
    assert isinstance(bot, IsmctsBot) and bot.config == medium
    hard_bot = make_bot("ismcts:hard", 1)
    assert isinstance(hard_bot, IsmctsBot) and hard_bot.config == hard and hard_bot.name == "ismcts:hard"


def test_every_table_keeps_the_levels_in_order_of_budget() -> None:
    """Medium searches more at 4-player tables (where with its own iterations it ranked under
    Easy), still under Hard there, and less in duels, where Hard plays a quarter of its own (with
    their own Expert won under 60 % of the duels against Hard); their 3-player games keep their
    own."""
    medium, hard = LEVELS["medium"], LEVELS["hard"]
    assert medium.at_table(4, market=False) == dataclasses.replace(medium, iterations=80, tables=())
    assert medium.at_table(4, market=True) == dataclasses.replace(medium, iterations=40, tables=())
    assert medium.at_table(2, market=False) == dataclasses.replace(medium, iterations=10, tables=())
    assert medium.at_table(2, market=True) == dataclasses.replace(medium, iterations=5, tables=())
    for market in (False, True):
        assert hard.at_table(2, market) == dataclasses.replace(hard, iterations=25, tables=())
        for players in (3, 5):
            assert medium.at_table(players, market) == dataclasses.replace(medium, tables=())
        for players in (3, 4, 5):
            assert hard.at_table(players, market) == dataclasses.replace(hard, tables=())
        for players in (2, 3, 4, 5):
            budgets = [
                LEVELS[level].at_table(players, market).budget(players) for level in LEVELS if level != "easy"
            ]
            assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets), (
                players,
                market,
                budgets,
            )
    assert definition("ismcts:medium", 4) == definition("ismcts:medium+iterations=80", 4)
    assert definition("ismcts:medium", 4, market=True) == definition(
        "ismcts:medium+iterations=40", 4, market=True
    )
    assert definition("ismcts:medium", 3) != definition("ismcts:medium", 2) != definition("ismcts:medium", 4)
    assert definition("ismcts:medium", 2) == definition("ismcts:medium+iterations=10", 2)
    assert definition("ismcts:medium", 2, market=True) == definition(
        "ismcts:medium+iterations=5", 2, market=True
    )
    for market in (False, True):
        assert definition("ismcts:hard", 2, market) == definition("ismcts:hard+iterations=25", 2, market)
        assert definition("ismcts:hard", 2, market) != definition("ismcts:hard", 3, market)


def test_a_search_variant_is_a_level_with_settings_changed() -> None:
    """``ismcts:<level>+setting=value``: a variant tried from the command line (tournaments, the
    evaluation protocol) without registering it."""
    assert search_variant("ismcts:expert+horizon=8+Lite=TRUE+value_model=none") == dataclasses.replace(
        LEVELS["expert"], horizon=8, lite=True, value_model=None
    )
    bot = make_bot("ismcts:hard+iterations=12+depth=2", 3)
    assert isinstance(bot, IsmctsBot) and bot.name == "ismcts:hard+iterations=12+depth=2"
    assert (bot.config.iterations, bot.config.depth, bot.config.width) == (12, 2, LEVELS["hard"].width)
    state = new_game(2, 4)
    assert bot.choose(view(state, state.current_player)) in legal_actions(state)
    assert set(VARIANT_SETTINGS) <= {field.name for field in dataclasses.fields(SearchConfig)}


def test_a_search_variants_setting_holds_at_tables_where_the_level_has_its_own() -> None:
    """A setting a variant names is its value at every table: Medium's own iterations at 4-player
    tables and in duels give way to the variant's, and what else those tables change stays."""
    medium = LEVELS["medium"]
    config = search_variant("ismcts:medium+iterations=5")
    for players, market in ((2, False), (2, True), (3, False), (4, False), (4, True)):
        assert config.at_table(players, market) == dataclasses.replace(
            medium.at_table(players, market), iterations=5
        ), (players, market)
    assert definition("ismcts:medium+iterations=5", 2) != definition("ismcts:medium", 2)
    assert definition("ismcts:medium+iterations=10", 2) == definition("ismcts:medium", 2), "its own there"
    master = search_variant("ismcts:master+iterations=40")
    assert master.at_table(4, market=False).weights == LEVELS["master"].at_table(4, market=False).weights
    assert master.at_table(3, market=True).certain_liabilities, "a table's other settings stay"


def test_a_search_variant_changes_the_evaluation_figures_it_names() -> None:
    """``weights.<name>=<number>`` changes that figure of the level's weights, the others kept,
    at every table (those where the level has figures of its own too); the variant is a bot of its
    own definition."""
    config = search_variant("ismcts:master+weights.diversity=0.3+Weights.Deny=0.6+iterations=40")
    master = LEVELS["master"]
    changed = dataclasses.replace(master.weights, diversity=0.3, deny=0.6)
    assert config == dataclasses.replace(master, iterations=40, weights=changed, tables=config.tables), (
        "the level's settings, but for those named"
    )
    for players, market in ((2, False), (4, False), (4, True)):
        table = master.at_table(players, market).weights
        assert config.at_table(players, market).weights == dataclasses.replace(table, diversity=0.3, deny=0.6)
    assert master.at_table(4, market=False).weights != master.weights, "Master has figures of its own there"
    assert cutoff_weights(config).diversity == 0.3, "the cut-off counts them too"
    assert definition("ismcts:master+weights.diversity=0.3") != definition("ismcts:master")
    assert definition(f"ismcts:master+weights.deny={DEFAULT_WEIGHTS.deny}") == definition("ismcts:master"), (
        "a default, unchanged"
    )


def test_table_settings_replace_the_levels_at_the_tables_they_fit() -> None:
    """The last of ``tables`` that fits a table gives its settings; no other table's change."""
    larger = dataclasses.replace(DEFAULT_WEIGHTS, diversity=1.0)
    market_four = dataclasses.replace(DEFAULT_WEIGHTS, deny=0.8)
    config = SearchConfig(
        tables=(
            TableSettings((3, 4), changes=(("weights", larger),)),
            TableSettings(
                (4,), market=True, changes=(("weights", market_four), ("certain_liabilities", True))
            ),
        )
    )
    assert config.at_table(2, market=False) == config.at_table(2, market=True) == SearchConfig()
    assert config.at_table(5, market=True) == SearchConfig()
    assert config.at_table(3, market=True) == config.at_table(4, market=False) == SearchConfig(weights=larger)
    assert config.at_table(4, market=True) == SearchConfig(weights=market_four, certain_liabilities=True)
    assert pickle.loads(pickle.dumps(config)) == config, "a process pool sends it to its workers"
    for level in LEVELS.values():
        for table in level.tables:
            assert {name for name, _ in table.changes} <= {
                field.name for field in dataclasses.fields(SearchConfig)
            }


def test_a_table_with_a_learned_evaluation_of_its_own_loads_it() -> None:
    """A table whose settings name a learned evaluation plays with it, the others without."""
    four_players = TableSettings((4,), changes=(("value_model", "shipped"),))
    bot = IsmctsBot(2, SearchConfig(iterations=8, width=3, horizon=1, tables=(four_players,)))
    for players, learned in ((4, True), (2, False), (4, True)):
        state = next(s for s in random_states(20, seed=41, players=(players,)) if len(legal_actions(s)) > 2)
        assert bot.choose(view(state, state.current_player)) in legal_actions(state)
        assert (bot.models is not None) == learned and bot.playing.value_model == (
            "shipped" if learned else None
        )


def test_a_bot_plays_each_table_with_its_settings() -> None:
    """One bot, playing 2- and 4-player positions in turn, chooses at each as the search with
    that table's settings would: the settings change choices, so a bot ignoring them would not."""
    tuned = dataclasses.replace(DEFAULT_WEIGHTS, diversity=1.0, deny=1.5)
    base = SearchConfig(iterations=40, width=4, horizon=2, lite=False, deny=True)
    bot = IsmctsBot(
        5, dataclasses.replace(base, tables=(TableSettings((4,), changes=(("weights", tuned),)),))
    )
    changed = 0
    for state in random_states(24, seed=31, players=(2, 4)):
        seen = view(state, state.current_player)
        plain = IsmctsBot(5, base).choose(seen)
        with_tuned = IsmctsBot(5, dataclasses.replace(base, weights=tuned)).choose(seen)
        assert bot.choose(seen) == (with_tuned if state.num_players == 4 else plain)
        changed += state.num_players == 4 and plain != with_tuned
    assert changed, "no position whose choice the settings change"


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:expert+speed=3", "not setting=value with a setting among: iterations"),
        ("ismcts:expert+horizon", "not setting=value"),
        ("ismcts:expert+horizon=two", "'two' is not a value for the search setting horizon"),
        ("ismcts:expert+iterations=0", "'0' is not a value for the search setting iterations"),
        ("ismcts:expert+deny=maybe", "'maybe' is not a value for the search setting deny"),
        ("ismcts:master+searched_replies=2", "'2' is not a value for the search setting searched_replies"),
        ("ismcts:genius+horizon=2", "starts with an ISMCTS level (ismcts:easy|medium|hard|expert|master)"),
        ("ismcts:master+weights.speed=1", "or weights.<name> with a name among: ruble_base, ruble_slope"),
        ("ismcts:master+weights.deny=much", "'much' is not a finite number for the figure deny"),
        ("ismcts:master+weights.deny=nan", "'nan' is not a finite number for the figure deny"),
    ],
)
def test_a_wrong_search_variant_is_refused_with_a_sentence(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        make_bot(spec)


def test_iteration_budget_is_spent_exactly() -> None:
    state = random_states(1, seed=20, players=(3,))[0]
    config = SearchConfig(iterations=25, width=4, horizon=1)
    bot = IsmctsBot(1, config)
    bot.choose(view(state, state.current_player))
    assert config.budget(3) == 33  # 25 iterations for 4 players, scaled by 4 / 3
    assert 1 <= bot.last.iterations <= 33  # it may stop once the choice cannot change


def test_fewer_players_get_proportionally_more_iterations() -> None:
    config = SearchConfig(iterations=150)
    assert [config.budget(n) for n in (1, 2, 3, 4)] == [600, 300, 200, 150]
    state = new_game(2, 23)
    bot = IsmctsBot(1, SearchConfig(iterations=20, width=6, horizon=1))
    bot.choose(view(state, state.current_player))
    assert 20 < bot.last.iterations <= 40


def test_time_budget_stops_the_search() -> None:
    state = new_game(4, 21)
    bot = IsmctsBot(1, SearchConfig(seconds=0.05, width=6, horizon=2))
    bot.choose(view(state, state.current_player))
    assert bot.last.iterations >= 1
    assert bot.last.seconds < 1.0


def test_ruble_guess_uses_public_information_only() -> None:
    """Without the ruble ledger (``hidden_rubles_view``) the search guesses from the public table."""
    state = random_states(1, seed=22, players=(4,))[0]
    seat = state.current_player
    seen = hidden_rubles_view(state, seat)
    guesses = estimate_hidden_rubles(seen)
    assert guesses[seat] == state.players[seat].rubles
    assert all(guess >= 0 for guess in guesses)
    altered = state.copy()
    for other, player in enumerate(altered.players):
        if other != seat:
            player.rubles += 17
    assert estimate_hidden_rubles(hidden_rubles_view(altered, seat)) == guesses


def test_known_rubles_are_used_as_they_are() -> None:
    for options in (GameOptions(show_rubles=True), GameOptions()):
        state = new_game(3, 23, options)
        state.players[1].rubles = 3
        assert estimate_hidden_rubles(view(state, 0)) == [25, 3, 25]


@pytest.mark.parametrize("players", [1, 2])
def test_search_plays_whole_games(players: int) -> None:
    state = new_game(players, 24)
    bot = IsmctsBot(5, SearchConfig(iterations=10, width=4, horizon=1))
    random_bot = make_bot("random", 5)
    while not state.is_over:
        seat = state.current_player
        chooser = bot if seat == 0 else random_bot
        apply_unchecked(state, chooser.choose(view(state, seat)))
    assert 0 in winners(state) or players > 1


def test_candidates_keep_pass_and_drop_hopeless_actions() -> None:
    from petersburg.bots.ismcts import _candidates

    actions = [0, 5, 9, 12, 40]
    gains = [0.0, 12.0, 11.0, 1.0, -30.0]
    chosen = _candidates(actions, gains, width=3)
    assert chosen[:2] == [5, 9]
    assert 0 in chosen and 40 not in chosen
    assert 12 not in chosen  # more than 8 VP below the best


def test_rewards_are_centred_margins() -> None:
    from petersburg.bots.ismcts import _rewards, seat_margins

    margins = seat_margins([50.0, 40.0, 45.0])
    assert margins == [5.0, -10.0, -5.0]
    rewards = _rewards([0.0, 6.0, -6.0], scale=6.0)
    assert rewards[0] == 0.5 and rewards[1] > 0.7 and rewards[2] < 0.3


def _greedy_game(players: int, seed: int) -> list[GameState]:
    """Every state of a greedy game in which someone is to act."""
    state = new_game(players, seed)
    states = []
    while not state.is_over:
        states.append(state.copy())
        apply_unchecked(state, greedy_action(state))
    return states


def test_final_wins_weighs_the_game_won_once_the_last_round_is_known() -> None:
    """``final_wins``: at the real end of the game that share of the reward goes to the winners
    (a shared first place split), the rest to the margin. It acts only once the last round is
    known (a stack's last card dealt), where every playout reaches the end: until then every
    decision is the same as without it (``bots_master.py --endgame-of`` relies on that), from
    then on the search weighs the game won."""
    from petersburg.bots.ismcts import _with_wins

    assert _with_wins([0.6, 0.4], [1], 0.5) == pytest.approx([0.3, 0.7])
    assert _with_wins([0.6, 0.4, 0.5], [0, 2], 1.0) == pytest.approx([0.5, 0.0, 0.5])
    plain = dataclasses.replace(LEVELS["expert"], iterations=40)
    weighing = dataclasses.replace(plain, final_wins=1.0)
    before = changed = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        states = _greedy_game(players, seed)
        known = next(i for i, state in enumerate(states) if state.last_round)
        for number, state in enumerate(states[known - 8 : known + 12]):  # the turns nearest the flag
            seen = view(state, state.current_player)
            same = IsmctsBot(number, plain).choose(seen) == IsmctsBot(number, weighing).choose(seen)
            if not state.last_round:
                before += 1
                assert same, "the option changed a decision before the last round was known"
            else:
                changed += not same
    assert before == 24
    assert changed > 0, "in the known last round the game won is weighed"


@pytest.mark.parametrize("depth", [1, 3])
def test_deeper_trees_still_choose_legal_actions(depth: int) -> None:
    from petersburg.engine import legal_actions

    for number, state in enumerate(random_states(6, seed=25, players=(2, 4))):
        bot = IsmctsBot(number, SearchConfig(iterations=20, width=4, horizon=2, depth=depth))
        assert bot.choose(view(state, state.current_player)) in legal_actions(state)


def test_searched_replies_is_the_share_of_iterations_that_search_past_the_root() -> None:
    """``searched_replies``: in that share of a depth-2 search's iterations the tree chooses the
    next player's reply; in the others the playout policy does, as at depth 1. The default (all)
    draws nothing extra, so the levels' decisions stay as they were."""
    states = [s for s in random_states(12, seed=33, players=(2, 4)) if len(legal_actions(s)) > 3]
    base = dataclasses.replace(LEVELS["master"], iterations=60)
    deep: dict[float, int] = {}
    total: dict[float, int] = {}
    for share in (0.0, 0.5, 1.0):
        config = dataclasses.replace(base, searched_replies=share)
        deep[share] = total[share] = 0
        for number, state in enumerate(states):
            bot = IsmctsBot(number, config)
            assert bot.choose(view(state, state.current_player)) in legal_actions(state)
            deep[share] += bot.last.deep_iterations
            total[share] += bot.last.iterations
    assert deep[0.0] == 0
    assert 0.3 * total[0.5] < deep[0.5] < 0.7 * total[0.5]
    assert deep[1.0] > 0.7 * total[1.0]
    assert search_variant(
        "ismcts:expert+iterations=1600+depth=2+searched_replies=0.5+last_phase_plays=true"
    ) == dataclasses.replace(LEVELS["master"], tables=()), "Master, but for its figures at larger tables"


def test_below_the_root_the_tree_weighs_the_moves_its_playouts_would_play() -> None:
    """With ``tree_lite`` off, a node below the root ranks its candidates by the playout policy's
    own gains (full greedy with denial for Expert's and Master's searches), so the move a playout
    would make there is always among them; greedy-lite's ranking, the cheaper one, leaves out
    takes into hand that the playouts make."""
    full = dataclasses.replace(LEVELS["expert"], depth=2, tree_lite=False)
    lite = dataclasses.replace(full, tree_lite=True)
    takes_left_out = 0
    for state in random_states(80, seed=31, players=(2, 3, 4)):
        legal = legal_actions(state)
        gains = action_gains(state, legal, full.weights, full.lite, full.deny)
        best = max(gains)
        chosen = tree_candidates(state, full)
        assert set(chosen) <= set(legal) and len(chosen) <= full.width + 1
        assert max(gains[legal.index(action)] for action in chosen) == best
        playout_move = legal[gains.index(best)]
        if ACTION_KIND[playout_move] == KIND_TAKE and playout_move not in tree_candidates(state, lite):
            takes_left_out += 1
    assert takes_left_out > 0
