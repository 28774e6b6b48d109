"""The one evaluation behind hints and game analysis: every candidate move's chance of winning.

``evaluate_decision(seen, budget)`` is the only place that decides how strong the analysis is.
Today it runs the search of the strongest bot (``ismcts:expert``: determinizations of the seat's
own view, the Expert playout policy for one round, the bots' cut-off evaluation), flat at the root
as the named ISMCTS levels are, with one change that matters for judging rather than playing:
every candidate is played out on the *same* determinizations with the same playout randomness
(common random numbers), so the differences between moves, which is what a loss is, are not
drowned by the noise of different samples. When a learned evaluation lands, it replaces the body
of this function and every hint, mark and curve improves with no other change.

A chance of winning is made from the cut-off worths (VP equivalents, ``position_worths``) by a
softmax whose temperature grows with the rounds still to come after the cut-off
(``WIN_TEMPERATURE``, fitted to greedy self-play): worth differences decide more the closer the
end is. At the real end of the game it is the result itself (a shared win shared). With one seat
(solo) there is no one to beat: the value is the expected final worth in VP instead of a chance.

It decides from the view alone (``seen``): hidden cards and rubles are sampled, never read.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from petersburg.bots.base import decision_rng
from petersburg.bots.evaluation import Weights, rounds_after
from petersburg.bots.greedy import action_gains, greedy_action
from petersburg.bots.ismcts import GUESS_SPREAD, LEVELS, _candidates, estimate_hidden_rubles, phase_count
from petersburg.bots.market_outlook import position_worths
from petersburg.engine import ActionId, GameState, View, determinize, final_scores, winners
from petersburg.engine.rules import apply_unchecked, legal_actions

STRONGEST = LEVELS["expert"]
"""The search whose playout policy and candidates the evaluation uses: the strongest bot's."""

WIN_TEMPERATURE = 4.0
"""VP of worth difference that makes one seat e (2.7) times as likely to win as another in the last
round; fitted to greedy self-play (``benchmarks/analysis_calibration.py``), not a rule figure."""
WIN_TEMPERATURE_PER_ROUND = 2.0
"""What each estimated round still to come adds to the temperature (more rounds, more can change);
fitted with ``WIN_TEMPERATURE``."""


PRECISION = 4
"""Decimals a chance is written with (in JSON: to a hundredth of a percentage point)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one decision gets."""

    determinizations: int = 12
    """Samples of the hidden cards and rubles; every candidate is played out on each."""
    width: int = STRONGEST.width
    """Candidates: the best by the greedy gain, plus pass (and any move asked for)."""
    seconds: float | None = None
    """A time bound: stop after this many seconds (at least one determinization is played)."""
    seed: int = 0


HINT_BUDGET = Budget(determinizations=40, seconds=1.0)
"""A hint's search: bounded in time, so an answer comes within the page's few seconds."""
ANALYSIS_BUDGET = Budget(determinizations=20)
"""One decision of a finished game's analysis: sized so a 4-player game takes under a minute
(benchmarks/analysis_speed.py)."""


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """One candidate move and what the search expects of it."""

    action: ActionId
    value: float
    """The deciding seat's chance of winning (0..1), or, solo, its expected final worth in VP."""
    margin: float
    """The deciding seat's expected worth minus the best other seat's, in VP (solo: its worth):
    what a loss is measured in, since it still tells moves apart where every chance is near 0 or 1."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A decision's candidates, best first, as judged from ``seat``'s view."""

    seat: int
    solo: bool
    moves: tuple[MoveEstimate, ...]
    samples: int
    """Determinizations played (each with every candidate)."""

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]

    def of(self, action: ActionId) -> MoveEstimate | None:
        """The estimate of ``action`` if it was among the candidates."""
        for move in self.moves:
            if move.action == action:
                return move
        return None


def seat_worths(state: GameState, weights: Weights) -> list[float]:
    """Every seat's worth in VP: the final totals once the game is over, else the cut-off evaluation."""
    if state.is_over:
        return [float(line.total) for line in final_scores(state)]
    return position_worths(state, weights)


def margin(values: list[float], seat: int) -> float:
    """``seat``'s worth minus the best other seat's (solo: its worth)."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - max(others) if others else values[seat]


def win_distribution(state: GameState, weights: Weights, values: list[float] | None = None) -> list[float]:
    """Every seat's chance of winning from a position (solo: its worth in VP); ``values`` are the
    seats' ``worths`` if already known."""
    n = state.num_players
    if state.is_over and n > 1:
        first = winners(state)
        return [1.0 / len(first) if seat in first else 0.0 for seat in range(n)]
    found = values if values is not None else seat_worths(state, weights)
    if n == 1:
        return found
    temperature = WIN_TEMPERATURE + WIN_TEMPERATURE_PER_ROUND * rounds_after(state)
    top = max(found)
    exps = [math.exp((w - top) / temperature) for w in found]
    total = sum(exps)
    return [e / total for e in exps]


def evaluate_decision(
    seen: View,
    budget: Budget = ANALYSIS_BUDGET,
    include: tuple[ActionId, ...] = (),
    least: int = 1,
    alike: Callable[[ActionId], Hashable] | None = None,
) -> Evaluation:
    """Every candidate move of the seat whose turn it is in ``seen``, with its chance, best first.

    ``include`` adds moves to the candidates (the move a player made, to measure its loss); a move
    that is not legal is ignored. ``least``: at least this many candidates where there are as many
    legal moves (a hint shows three, even where the greedy gain finds only two worth a look).
    ``alike``, if given, says which moves are one to the player (the same card twice on the board
    has one wording): ``least`` then counts candidates it tells apart, so that three copies of one
    card at the top of the greedy order do not stand in for three moves.
    ValueError if it is not the viewer's turn.
    """
    seat = seen.seat
    actions = seen.legal_actions()
    if seat is None or not actions:
        raise ValueError("The analysis was asked about a position where the seat does not decide.")
    config = STRONGEST
    root = seen.state
    if len(actions) == 1:
        candidates = list(actions)
    else:
        gains = action_gains(root, actions, config.weights)
        candidates = _candidates(actions, gains, budget.width)
        by_gain = sorted(range(len(actions)), key=lambda i: -gains[i])
        told_apart = {alike(action) if alike else action for action in candidates}
        for index in by_gain:
            if len(told_apart) >= least:
                break
            action = actions[index]
            if action not in candidates:
                candidates.append(action)
                told_apart.add(alike(action) if alike else action)
    for action in include:
        if action in actions and action not in candidates:
            candidates.append(action)
    rng = decision_rng(budget.seed, seen)
    guesses = estimate_hidden_rubles(seen)
    target = phase_count(root) + config.horizon
    chances = dict.fromkeys(candidates, 0.0)
    margins = dict.fromkeys(candidates, 0.0)
    start = time.perf_counter()
    samples = 0
    while samples < budget.determinizations:
        if samples and budget.seconds is not None and time.perf_counter() - start >= budget.seconds:
            break
        noisy = [
            max(0, r + rng.randint(-GUESS_SPREAD, GUESS_SPREAD)) if not seen.rubles_visible(i) else r
            for i, r in enumerate(guesses)
        ]
        sample = determinize(seen, rng, hidden_rubles=noisy)
        playout_seed = rng.getrandbits(32)
        for action in candidates:
            state = sample.copy()
            apply_unchecked(state, action)
            _playout(state, random.Random(playout_seed), target)
            values = seat_worths(state, config.weights)
            chances[action] += win_distribution(state, config.weights, values)[seat]
            margins[action] += margin(values, seat)
        samples += 1
    moves = [
        MoveEstimate(action, chances[action] / samples, margins[action] / samples) for action in candidates
    ]
    # Chances a hair apart (every move hopeless, or every move winning) are told apart by the margin.
    moves.sort(key=lambda m: (-round(m.value, 3), -m.margin))
    return Evaluation(seat, root.num_players == 1, tuple(moves), samples)


def _playout(state: GameState, rng: random.Random, target: int) -> None:
    """The strongest bot's playout policy up to the horizon, in place."""
    config = STRONGEST
    while not state.is_over and phase_count(state) < target:
        legal = legal_actions(state)
        action = (
            legal[0]
            if len(legal) == 1
            else greedy_action(state, rng, config.weights, lite=config.lite, actions=legal, deny=config.deny)
        )
        apply_unchecked(state, action)
