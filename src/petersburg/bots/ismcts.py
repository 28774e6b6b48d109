"""ISMCTS: single-observer information-set Monte Carlo tree search from the bot's own view.

Each iteration samples a fresh determinization of the bot's view (``determinize``: stack order and
opponents' hand cards drawn at random among the cards the view does not show; opponents' rubles
exact, as the view keeps them from the public ledger, or, in a view without them, an estimate from
public information), then walks one shared tree:

* **selection** by UCT over the actions legal in *this* determinization, each child's exploration
  term counted from how often it was available (ISMCTS-SO, Cowling, Powley and Whitehouse 2012);
* **expansion** of the untried candidate with the best greedy gain first; candidates at a node are
  the ``width`` best actions by the greedy evaluation (plus pass), which keeps the branching of
  a 30-action turn small enough for a hundred or so iterations to matter;
* **playout** with the greedy-lite policy for ``horizon`` phases (4: a round of the 1st edition,
  four of the five phases of a round with the Market), then a **cut-off
  evaluation** of every seat's worth (``evaluation.Schedule``); seat ``i``'s reward is a sigmoid of
  its margin over the best other seat, *centred* on that margin in the same determinization before
  any move, so that it measures what the moves change instead of saturating on a lead; at the real
  end of the game the final totals are used;
* **backpropagation** of each seat's reward to the nodes where that seat moved.

The tree depth is limited by ``depth`` (the named levels but Master use 1: the root's candidates,
with every later move, ours and the opponents', from the playout policy; with a few hundred
iterations deeper trees played worse, see docs/bots.md). Below the root, candidates are ranked by
greedy-lite gains unless ``tree_lite`` is off. The choice is the root child with the most visits.
The budget is a number of iterations (the default, so a seed makes every decision reproducible) or
a time limit.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from petersburg.bots.base import decision_rng, require_turn
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Weights
from petersburg.bots.greedy import action_gains, greedy_action
from petersburg.bots.market_outlook import position_worths
from petersburg.bots.value_model import ValueModels, load_value_models
from petersburg.engine import (
    PASS_ID,
    STAGE_PUB,
    STARTING_RUBLES,
    ActionId,
    GameState,
    View,
    determinize,
    final_scores,
    in_final_phase,
    pass_ends_actions,
    phase_income,
    rubles_known,
    winners,
)
from petersburg.engine.actions import ACTION_KIND, KIND_PLAY, KIND_TAKE
from petersburg.engine.rules import apply_unchecked, legal_actions
from petersburg.engine.views import unseen_cards

MASTER_ITERATIONS: Final = 1600
"""Iterations of ``ismcts:master`` in a 4-player game (3,200 with 2 players): four times Expert's,
which its deeper tree needs to pay (with a few hundred iterations deeper trees played worse); about
half a second of one core per move compiled (median), under the second a move allowed
(benchmarks/bots_speed.py measures it on positions, benchmarks/bots_master.py in games). Twice
as many won no more duels against Expert on the same deals (docs/bots.md, Master): the search is
not short of iterations there."""
MASTER_DEPTH: Final = 2
"""Master's tree depth: the move after its own (the next player's reply, as a rule) is searched in
the tree too, not left to the playout policy; the one change to Expert's search measured above
Expert (docs/bots.md, Master)."""
MASTER_SEARCHED_REPLIES: Final = 0.5
"""Share of Master's iterations in which its second tree level chooses the next player's reply
(``SearchConfig.searched_replies``); in the others Greedy's policy replies. Measured against the
whole tree (the reply always searched): as many games won against Expert (67 of 100 against 118
of 186), more against Greedy (37 of 40 against 31 of 40), and fewer hand cards left than Expert's
(docs/bots.md, Master)."""
GUESS_SPREAD: Final = 4
"""Rubles each determinization's guess of a seat's hidden money may stray from the estimate, either
way: a tuned spread of the search, so that no single guess decides it (not a rule)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """Search settings a level plays with at some tables only.

    Settings tuned at one table are not right at another: greedy self-play measured the aristocrat
    figure (``Weights.diversity``) costing games at 2 players and winning them at 4
    (benchmarks/greedy_weights.py, docs/bots.md), so a level may keep its 2-player settings and
    play other tables with others.
    """

    players: tuple[int, ...]
    """The numbers of players of the tables these settings are for."""
    market: bool | None = None
    """Only in games with the Market (True), only without it (False), or in both (None)."""
    changes: tuple[tuple[str, Any], ...] = ()
    """(name, value) of each ``SearchConfig`` setting changed there, e.g. ``("weights", …)``."""

    def fits(self, num_players: int, market: bool) -> bool:
        """Whether a table of ``num_players``, with the Market or not, plays with these settings."""
        return num_players in self.players and self.market in (None, market)

    def __reduce__(self) -> tuple[type[TableSettings], tuple[object, ...]]:
        """Pickle as a constructor call (see ``Weights.__reduce__``)."""
        return (TableSettings, (self.players, self.market, self.changes))


MEDIUM_TABLES: Final = (
    TableSettings(players=(4,), market=False, changes=(("iterations", 80),)),
    TableSettings(players=(4,), market=True, changes=(("iterations", 40),)),
    TableSettings(players=(2,), market=False, changes=(("iterations", 10),)),
    TableSettings(players=(2,), market=True, changes=(("iterations", 5),)),
)
"""Medium's iterations at 4-player tables: 80 without the Market, 40 with it (its own 20
elsewhere; Hard has 100). With 20 there (five playouts a candidate) Medium ranked under Easy, whose
policy its playouts follow, in the ladder's 4-player fits. On the ladder's deals of the two lowest
windows (docs/bots.md, "Medium at 4-player tables"), 80 put it above Easy and under Hard in the
1st edition's fit and above Hard in the Market's; 40 put it under Easy in the 1st edition's fit
and between them in the Market's. (The 2nd edition without the Market, which the ladder does not
measure, plays as the 1st.) In duels it plays 10, 5 with the Market, to make room under Hard,
itself brought under Expert there (``HARD_TABLES``): it won 159 of the ladder's 200 1st-edition
duels over Easy and 123 of 200 with the Market (docs/bots.md, "Hard and Medium in
duels"). Its 3-player games keep the level's iterations, where it is measured over Easy and
under Hard."""

HARD_TABLES: Final = (TableSettings(players=(2,), changes=(("iterations", 25),)),)
"""Hard's iterations in duels: 25 (50 playouts a decision, ten a candidate). With its own 100
Expert won 102 of 172 of the ladder's 1st-edition duels over it and 94 of 171 with the Market
(59.3 % and 55.0 %, under the ladder's 60 %), and with 50 no more in the 1st edition (118 of
200): past a hundred playouts more of them hardly pay, so Hard has to play where they still do to
sit a rung under Expert's 800 playouts and a rung over Medium's 20 (10 with the Market)
(docs/bots.md, "Hard and Medium in duels")."""

MASTER_TABLES: Final = (
    TableSettings(
        players=(4,), market=False, changes=(("weights", replace(DEFAULT_WEIGHTS, diversity=1.0)),)
    ),
    TableSettings(
        players=(3,),
        market=True,
        changes=(("certain_liabilities", True), ("value_model", "shipped")),
    ),
    TableSettings(players=(2,), changes=(("width", 8),)),
)
"""Master's settings at the tables where others measured better (docs/bots.md, Master); the
level's everywhere else, where they are not measured.

- 2 players, both editions: eight candidates a node where the level weighs six. Landed by a rule
  set before the games: its first 400 paired duels against Expert, both editions, won 6 points more
  than six (95 % interval above zero), and it then kept at least 180 of 200 against Greedy (190)
  and 120 of the ladder's 200 1st-edition duels (127). Over all 600 paired duels it wins 3.7 points
  more (interval −1.0 to +8.3) with a lead 3.9 VP a game higher (+0.4 to +7.4). At 3-player Market
  tables a pilot of eight won fewer games than six (below); elsewhere it is not measured.

- 4 players, 1st edition: a new aristocrat counted with the worth of its later aristocrat
  scorings (``Weights.diversity`` 1, the default 0). Greedy self-play found it costing games at 2
  players, changing none at 3 and winning some at 4; Master's search with it won more 4-player
  games against three Experts than with the level's figures, on the same deals.
- 3 players, Market: a hand card that would not pay for itself counted as a certain −5 at the
  cut-off (``certain_liabilities``): half the hand penalty, and more games won against two
  Experts than the level's settings on the same deals. And the shipped learned evaluation at the
  cut-off (``value_model``), beside the hand-written worth: the only one of the pilots measured
  there (eight candidates, a sharper tree, a third tree level, playouts of three or five phases,
  the learned evaluation) that won more games than Master on the same deals, and adopted by a
  rule set before its confirmation: on 402 fresh deals it won or shared 202 games to Master's 158,
  10.9 points more (90 % interval +5.3 to +16.6), with a lead 4.0 VP a game higher. It is no
  setting at other tables: in 1st-edition duels and at 4-player 1st-edition tables it cost games
  (there 54 of 200 against three Experts to Master's 81)."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Strength and cost of an ISMCTS bot."""

    iterations: int = 150
    """Iterations per decision in a 4-player game (ignored when ``seconds`` is set); see ``budget``."""
    seconds: float | None = None
    """Time budget per decision instead of an iteration count (not reproducible)."""
    width: int = 6
    """Candidate actions per node: the best by greedy gain, plus pass."""
    horizon: int = 4
    """Playouts stop this many phases after the root's phase (then the position is evaluated): 4 is a
    round of the 1st edition, four of the five phases of a round with the Market."""
    depth: int = 1
    """Tree depth limit: below it the playout policy decides (1 = flat search of the root)."""
    exploration: float = 0.7
    """UCT exploration constant (rewards are in 0..1)."""
    lite: bool = True
    """Playouts use greedy-lite (no hand cards from the board, no Observatory); False: full greedy."""
    deny: bool = False
    """Playout moves count denial (what a card is worth to the best-placed opponent), as greedy does."""
    epsilon: float = 0.0
    """Chance that a playout move is uniformly random instead of greedy-lite."""
    scale: float = 6.0
    """VP margin that makes the reward sigmoid move from 0.5 to about 0.73."""
    weights: Weights = DEFAULT_WEIGHTS
    """Weights of the greedy policy used for candidates and playouts."""
    centred: bool = True
    """Centre each seat's reward on its margin in the determinized root position, so that the
    sigmoid measures what the actions change rather than saturating on a lead or deficit."""
    eval_weights: Weights | None = None
    """Weights of the cut-off evaluation (None: the same as ``weights``)."""
    value_model: str | None = None
    """The learned evaluation at the cut-off (``value_model``): ``"shipped"`` (the package's
    weights) or a weights file's path; None: the hand-written worth alone."""
    value_share: float = 1.0
    """Share of the learned correction added to the hand-written worth (1: the model's prediction)."""
    tree_lite: bool = True
    """Candidates at the tree's nodes below the root ranked by greedy-lite gains (no takes into hand,
    no denial: cheap); False: by the playout policy's own gains (``lite``, ``deny``), so that the
    moves the tree weighs for every seat are those its playouts would play. Only a tree deeper than
    the root (``depth`` > 1) has such nodes."""
    searched_replies: float = 1.0
    """Share of the iterations in which the tree goes below the root's move (``depth`` > 1), so that
    the next player's reply is chosen by UCT as the reply best for that player; in the others the
    playout policy replies, as at depth 1. Below 1 the search weighs both kinds of opponent, one
    who searches as this bot does and one who plays as its playouts do (greedy): a depth-2 tree
    that assumes the first loses duels to the second (docs/bots.md, Master)."""
    take_guard: bool = False
    """Take no card into hand while one is held or in the known last round, and in the last round
    consider every play of a hand card (``guarded_candidates``)."""
    last_round_guard: bool = False
    """The take guard in the known last round alone: no card taken into hand then, and every play
    of a hand card considered; earlier, a second card may be held (``guarded_candidates``)."""
    final_wins: float = 0.0
    """In the known last round (a stack's last card dealt: ``GameState.last_round``), the share of
    the reward that goes to winning the game (a first place shared by ``k`` seats: ``1 / k`` of it),
    the rest to the margin as elsewhere. The margin's reward values every VP alike, a point that
    turns a loss into a win no more than one added to a lead of twenty; once every playout reaches
    the final scoring the search can weigh what a game is measured by, the game won. Before the
    last round is known it changes nothing (``bots_master.py --endgame-of`` relies on it)."""
    last_phase_plays: bool = False
    """In the game's last phase (the known last round's last phase), while its own pass would not
    end the game, pass is no candidate at the root as long as a play from hand raises its final
    score (``last_phase_candidates``). The playouts' opponents act as Greedy does, so there the
    search expected another turn after a pass and valued the pass as the play it would make then;
    opponents who pass end the game with the card in hand, 5 VP lost (docs/bots.md, Master). Where
    its pass would end the game the search sees that end exactly and decides as before. Master
    plays with it: on the kept games of its targets it left fewer such cards, as many games won."""
    certain_liabilities: bool = False
    """The cut-off evaluation counts the hand penalty of a hand card that would not pay for itself
    as certain (``Weights.liability_risk`` 1), not as a risk of 0.3: a one-round playout never
    reaches the final scoring, so a take for denial alone looked cheap to the search, and such
    cards were most of the search levels' hand penalty (docs/bots.md). Candidates and playouts
    keep their weights."""

    tables: tuple[TableSettings, ...] = ()
    """Settings in place of these at the tables they fit (the last that fits), e.g. other figures
    at 4-player tables; these at every other table (``at_table``)."""

    def at_table(self, num_players: int, market: bool) -> SearchConfig:
        """The search as it plays at a table of ``num_players``, with the Market or not: the
        changes of the last of ``tables`` that fits, if one does, and no settings for other tables
        left (so that it equals a search made for that table alone)."""
        if not self.tables:
            return self
        for table in reversed(self.tables):
            if table.fits(num_players, market):
                return replace(self, **dict(table.changes), tables=())
        return replace(self, tables=())

    def __reduce__(self) -> tuple[type[SearchConfig], tuple[object, ...]]:
        """Pickle as a constructor call (see ``Weights.__reduce__``); fields one by one, as
        ``astuple`` would turn the weights into tuples."""
        return (SearchConfig, tuple(getattr(self, field.name) for field in fields(self)))

    def budget(self, num_players: int) -> int:
        """Iterations per decision with ``num_players``: ``iterations`` scaled by 4 / players.

        A playout covers ``horizon`` phases, whose turns grow with the number of players; with fewer
        players each iteration is that much cheaper, so a level runs proportionally more of them
        and keeps about the same time per decision (and gets the stronger for it).
        """
        return max(1, self.iterations * 4 // max(1, num_players))


LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=30, width=4, horizon=2),
    "medium": SearchConfig(iterations=20, width=4, horizon=4, lite=False, deny=True, tables=MEDIUM_TABLES),
    "hard": SearchConfig(iterations=100, width=5, horizon=4, lite=False, deny=True, tables=HARD_TABLES),
    "expert": SearchConfig(iterations=400, width=6, horizon=4, lite=False, deny=True),
    "master": SearchConfig(
        iterations=MASTER_ITERATIONS,
        width=6,
        horizon=4,
        depth=MASTER_DEPTH,
        lite=False,
        deny=True,
        searched_replies=MASTER_SEARCHED_REPLIES,
        last_phase_plays=True,
        tables=MASTER_TABLES,
    ),
}
"""Named strengths, the rungs of the ladder (``petersburg/bots/ladder.json`` measures them):
``ismcts:medium`` (plain ``ismcts``), ``ismcts:hard`` and ``ismcts:expert`` play out four phases (a
round; four of the five with the Market) with the full greedy policy, denial counted, on a growing
budget (Medium's own at some tables: larger at 4 players, smaller in duels, ``MEDIUM_TABLES``;
Hard's smaller in duels, ``HARD_TABLES``); ``ismcts:master`` is Expert's search with four times the
iterations, a tree two moves deep in half of them, settings of its own at 2-player, 4-player
1st-edition and 3-player Market tables (``MASTER_TABLES``), and no pass in the game's last phase
while a play from hand would raise its score (``last_phase_plays``; the take guard, measured on
top of it, cost it games against Expert, and so did the learned evaluation in duels and at
4-player tables: it plays that at 3-player Market tables alone, where it won more games:
docs/bots.md);
``ismcts:easy`` (short lite playouts) is kept for older seats and scripts, whose "easy" level is
Greedy now."""


class _Node:
    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[ActionId, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.mover = mover
        """The seat whose action led to this node (its reward is credited here)."""


def estimate_hidden_rubles(seen: View) -> list[int]:
    """A guess of every seat's rubles from public information only.

    Hidden rubles are guessed as the viewer's own rubles, corrected by how much more (or less)
    income that seat's play area brings per round (the engine's ``phase_income`` over a round's
    scorings); visible rubles are kept.
    """
    state = seen.state
    seat = seen.seat if seen.seat is not None else 0
    mine = state.players[seat]
    own = mine.rubles if rubles_known(mine) else STARTING_RUBLES
    per_round = [0] * state.num_players
    for phase in state.shape.phases:
        for income in phase_income(state, phase):
            per_round[income.seat] += income.rubles
    guesses = []
    for other, player in enumerate(state.players):
        if rubles_known(player):
            guesses.append(player.rubles)
        else:
            guesses.append(max(0, own + per_round[other] - per_round[seat]))
    return guesses


class SearchStats:
    """What the last decision cost: iterations run and seconds spent, and how many of those
    iterations searched past the root's move (``SearchConfig.searched_replies``)."""

    __slots__ = ("deep_iterations", "iterations", "seconds")

    def __init__(self) -> None:
        self.iterations = 0
        self.seconds = 0.0
        self.deep_iterations = 0


class IsmctsBot:
    """Information-set MCTS over determinizations of the bot's own view (see module docstring)."""

    def __init__(self, seed: int = 0, config: SearchConfig | None = None, name: str = "ismcts") -> None:
        self.name = name
        self.seed = seed
        self.config = config if config is not None else LEVELS["medium"]
        """The level's search, as given (its ``tables`` included)."""
        self.last = SearchStats()
        self.models: ValueModels | None = None
        """The learned evaluation of the table's search (``value_model``), if it has one."""
        if self.config.value_model is not None:
            self.models = load_value_models(self.config.value_model)
        self.playing = self.config
        """The search at the table of the decision under way (``SearchConfig.at_table``)."""
        self.eval_weights = cutoff_weights(self.config)
        """The cut-off's weights at that table."""
        self.table: tuple[int, bool] | None = None
        """(players, Market or not) of the table ``playing`` was set for; None before a decision."""

    def _sit_at(self, state: GameState) -> SearchConfig:
        """Set ``playing`` and ``eval_weights`` for ``state``'s table and return the search.

        A bot keeps its table from one decision to the next, so the table's search is worked out
        (``at_table``) only when the table changes, not at every decision."""
        table = (state.num_players, state.market is not None)
        if table == self.table:
            return self.playing
        self.table = table
        playing = self.config.at_table(*table)
        if playing != self.playing:
            if playing.value_model != self.playing.value_model:
                self.models = load_value_models(playing.value_model) if playing.value_model else None
            self.playing = playing
            self.eval_weights = cutoff_weights(playing)
        return playing

    def choose(self, seen: View) -> ActionId:
        """The most visited root action after the search budget is spent."""
        actions = require_turn(seen)
        start = time.perf_counter()
        self.last = SearchStats()
        if len(actions) == 1:
            return actions[0]
        config = self._sit_at(seen.state)
        rng = decision_rng(self.seed, seen)
        if seen.state.stage == STAGE_PUB:
            # Buying VP at the Pub changes nothing the opponents see before the next phase: the
            # evaluation's ruble worth decides it as well as a search would.
            return greedy_action(seen.state, rng, config.weights, actions=actions)
        root_state = seen.state
        root_gains = action_gains(root_state, actions, config.weights)
        root_cands = _candidates(actions, root_gains, config.width)
        if config.take_guard or config.last_round_guard:
            root_cands = guarded_candidates(
                root_state, actions, root_gains, root_cands, while_holding=config.take_guard
            )
        if config.last_phase_plays:
            root_cands = last_phase_candidates(root_state, actions, root_cands)
        if len(root_cands) == 1:
            return root_cands[0]
        rubles = estimate_hidden_rubles(seen)
        # Views know every seat's rubles (the public ledger): only a view without them
        # (``hidden_rubles_view``) leaves guesses to spread.
        guessed = [i for i, player in enumerate(root_state.players) if not rubles_known(player)]
        unseen = unseen_cards(root_state)
        root = _Node(-1)
        deadline = start + config.seconds if config.seconds is not None else None
        limit = config.budget(root_state.num_players) if deadline is None else 1 << 30
        target = phase_count(root_state) + config.horizon
        wins = config.final_wins if root_state.last_round else 0.0
        done = 0
        children = root.children
        while done < limit:
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= 16 and done % 8 == 0 and _decided(children, limit - done):
                break
            if guessed:
                noisy = list(rubles)
                for i in guessed:
                    noisy[i] = max(0, rubles[i] + rng.randint(-GUESS_SPREAD, GUESS_SPREAD))
                state = determinize(seen, rng, hidden_rubles=noisy, unseen=unseen)
            else:
                state = determinize(seen, rng, unseen=unseen)
            baseline = seat_margins(self._values(state)) if config.centred else None
            depth = config.depth
            if config.searched_replies < 1.0 and rng.random() >= config.searched_replies:
                depth = 1
            if self._iterate(root, state, rng, target, root_cands, baseline, depth, wins) > 1:
                self.last.deep_iterations += 1
            done += 1
        self.last.iterations = done
        self.last.seconds = time.perf_counter() - start
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
        return best[0] if best[0] in actions else root_cands[0]

    def _iterate(
        self,
        root: _Node,
        state: GameState,
        rng: random.Random,
        target: int,
        root_cands: list[ActionId],
        baseline: list[float] | None,
        depth: int,
        wins: float,
    ) -> int:
        """One iteration: down the tree at most ``depth`` moves, a playout, the rewards back up
        (``wins`` of them to the game won if the playout ends it: ``final_wins``). Returns how many
        tree moves it made (more than 1: it searched past the root's move)."""
        config = self.playing
        node = root
        path = [root]
        first = True
        depth_left = depth
        while not state.is_over and phase_count(state) < target and depth_left > 0:
            depth_left -= 1
            if first:
                cands = root_cands
                first = False
            else:
                cands = tree_candidates(state, config)
            mover = state.to_act
            children = node.children
            untried = None
            for action in cands:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = action
                else:
                    child.avail += 1
            if untried is not None:
                child = _Node(mover)
                children[untried] = child
                apply_unchecked(state, untried)
                path.append(child)
                break
            log_scale = config.exploration
            best_score = -1.0
            chosen = cands[0]
            for action in cands:
                child = children[action]
                score = child.reward / child.visits + log_scale * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score = score
                    chosen = action
            node = children[chosen]
            apply_unchecked(state, chosen)
            path.append(node)
        self._playout(state, rng, target)
        margins = seat_margins(self._values(state))
        if baseline is not None:
            margins = [m - b for m, b in zip(margins, baseline, strict=True)]
        rewards = _rewards(margins, config.scale)
        if wins and state.is_over:
            rewards = _with_wins(rewards, winners(state), wins)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
        return len(path) - 1

    def _playout(self, state: GameState, rng: random.Random, target: int) -> None:
        """Play the playout policy (greedy-lite or full greedy, ``epsilon`` of random moves) up to the
        horizon, in place."""
        config = self.playing
        weights = config.weights
        epsilon = config.epsilon
        while not state.is_over and phase_count(state) < target:
            action = policy_action(state, rng, weights, epsilon, config.lite, config.deny)
            apply_unchecked(state, action)

    def _values(self, state: GameState) -> list[float]:
        """Every seat's worth: final totals when the game is over, else the heuristic evaluation."""
        if state.is_over:
            return [float(line.total) + line.rubles * 1e-3 for line in final_scores(state)]
        if self.models is not None:
            return self.models.worths(state, self.eval_weights, self.playing.value_share)
        return position_worths(state, self.eval_weights)


def cutoff_weights(config: SearchConfig) -> Weights:
    """The weights of the cut-off evaluation: ``eval_weights`` (else the policy's), with a hand
    card that would not pay for itself counted as a certain penalty under
    ``certain_liabilities``."""
    weights = config.eval_weights if config.eval_weights is not None else config.weights
    if config.certain_liabilities:
        weights = replace(weights, liability_risk=1.0)
    return weights


def policy_action(
    state: GameState, rng: random.Random, weights: Weights, epsilon: float, lite: bool, deny: bool
) -> ActionId:
    """A move of the playout policy: the only legal action, else with chance ``epsilon`` a uniformly
    random one, else greedy's (``lite`` and ``deny`` as ``greedy_action`` takes them). Self-play
    (``petersburg.learning``) plays the same policy, so the positions it learns from look like the
    ones a search evaluates."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return legal[rng.randrange(len(legal))]
    return greedy_action(state, rng, weights, lite=lite, actions=legal, deny=deny)


def phase_count(state: GameState) -> int:
    """Phases played since a start before round 1 (the horizon of a playout counts phases)."""
    shape = state.shape
    return state.round * shape.num_phases + shape.position[state.phase]


def tree_candidates(state: GameState, config: SearchConfig) -> list[ActionId]:
    """The actions a node below the root weighs for the seat to act (``SearchConfig.tree_lite``):
    the ``width`` best by greedy-lite gains, or by the playout policy's own gains."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal
    if config.tree_lite:
        gains = action_gains(state, legal, config.weights, lite=True)
    else:
        gains = action_gains(state, legal, config.weights, config.lite, config.deny)
    return _candidates(legal, gains, config.width)


def _decided(children: dict[ActionId, _Node], remaining: int) -> bool:
    """Whether the most visited root child can no longer be overtaken in ``remaining`` iterations."""
    first = second = 0
    for child in children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def _candidates(
    actions: list[ActionId], gains: list[float], width: int, margin: float = 8.0
) -> list[ActionId]:
    """The ``width`` actions with the best gains (best first), with pass always among them.

    Actions more than ``margin`` VP below the best (or below passing) are left out: a search of a
    few hundred iterations would only spend visits on them.
    """
    order = sorted(range(len(actions)), key=lambda i: -gains[i])
    floor = max(gains[order[0]], 0.0) - margin
    chosen = [actions[i] for i in order[:width] if gains[i] >= floor]
    if PASS_ID in actions and PASS_ID not in chosen:
        chosen.append(PASS_ID)
    if not chosen:
        chosen.append(actions[order[0]])
    return chosen


def guarded_candidates(
    state: GameState,
    actions: list[ActionId],
    gains: list[float],
    cands: list[ActionId],
    *,
    while_holding: bool = True,
) -> list[ActionId]:
    """The root's candidates under the take guard (``SearchConfig.take_guard``).

    A card taken into hand is a bet that it will be played before the end; the search's one-round
    horizon does not see the final scoring's penalty for losing it, and greedy's worth of a hand
    card only guesses the risk. So no card is taken while one is already held, nor in the known
    last round (nothing later would play it); and in the last round every way of playing a hand
    card is considered (each saves its penalty, which the search, reaching the final scoring,
    then sees). When only takes were candidates, the best other action stands in for them.
    ``while_holding`` False keeps only the last round's guard (``SearchConfig.last_round_guard``):
    holding a second card for a later round is often good play.
    """
    player = state.players[state.to_act]
    no_takes = state.last_round or (while_holding and len(player.hand) > 0)
    kept = [action for action in cands if not (no_takes and ACTION_KIND[action] == KIND_TAKE)]
    if state.last_round:
        for action in actions:
            if ACTION_KIND[action] == KIND_PLAY and action not in kept:
                kept.append(action)
    if not kept:
        others = [i for i in range(len(actions)) if ACTION_KIND[actions[i]] != KIND_TAKE]
        if not others:
            return cands
        kept.append(actions[max(others, key=lambda i: gains[i])])
    return kept


def last_phase_candidates(state: GameState, actions: list[ActionId], cands: list[ActionId]) -> list[ActionId]:
    """The root's candidates under ``SearchConfig.last_phase_plays``: in the game's last phase,
    while the seat's pass would not end it, every play from hand that raises the seat's final score
    replaces pass among ``cands``; anywhere else ``cands`` as they are.

    A pass there is a bet that some opponent will act again and give the seat another turn; a play
    banks its points now (the hand penalty saved, less any money VP its price costs) and takes
    nothing from what a later turn could do. Where the pass would end the game, the search reaches
    the final scoring after it and weighs it exactly."""
    if not in_final_phase(state) or pass_ends_actions(state):
        return cands
    seat = state.to_act
    now = final_scores(state)[seat].total
    raising = []
    for action in actions:
        if ACTION_KIND[action] != KIND_PLAY:
            continue
        after = state.copy()
        apply_unchecked(after, action)
        if final_scores(after)[seat].total > now:
            raising.append(action)
    if not raising:
        return cands
    kept = [action for action in cands if action != PASS_ID]
    return kept + [action for action in raising if action not in kept]


def seat_margins(values: list[float]) -> list[float]:
    """Per seat, its worth minus the best other seat's (one player: its own worth): what the
    search's reward measures, and what benchmarks/value_model_fit.py scores evaluations on."""
    if len(values) == 1:
        return list(values)
    margins = []
    for seat, value in enumerate(values):
        best_other = max(v for i, v in enumerate(values) if i != seat)
        margins.append(value - best_other)
    return margins


def _with_wins(rewards: list[float], won: list[int], share: float) -> list[float]:
    """``rewards`` at the end of a game with ``share`` of each moved to the win: the winning seats
    (``won``, the engine's winners: a tie on VP goes to the rubles) split a reward of ``share``."""
    prize = share / len(won)
    return [(1.0 - share) * reward + (prize if seat in won else 0.0) for seat, reward in enumerate(rewards)]


def _rewards(margins: list[float], scale: float) -> list[float]:
    """Rewards in 0..1: a sigmoid of each seat's margin (already centred on the root's if asked)."""
    rewards = []
    for margin in margins:
        x = max(-30.0, min(30.0, margin / scale))
        rewards.append(1.0 / (1.0 + math.exp(-x)))
    return rewards
