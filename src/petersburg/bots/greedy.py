"""Greedy: one-ply heuristic play that encodes what good players know.

Every legal action gets a gain in VP-equivalents from ``evaluation.Schedule`` (see docs/bots.md):

* **buy / play** a card: what it brings over the scorings of its colour likely left (VP, and its
  rubles at the falling worth of a ruble), plus the exact change of the aristocrat bonus, less its
  price in rubles; a trading card also loses what the displaced card would have brought, and the
  displacement with the best net is chosen. The lower row's discount is in the price.
* **take into hand**: part of the card's later value, less the risk of the hand penalty (high
  near the end), plus what keeping it from the best-placed opponent is worth. A card that can no
  longer be played (the last phase of the known last round, and not affordable from hand in it)
  is never taken: its penalty is certain (``NEVER_PLAYED_GAIN``).
* a board card taken opens a gap that the next phase's start player fills first: a small plus if
  that is us, a minus otherwise.
* **observe**: the expected best use (buy, hand or discard) of the stack's unseen cards, less the
  Observatory's VP this round.
* **pub**: VP at the Pub's price each, worth it once that many rubles are worth less than a VP.
* **the Market** (``market_outlook``): a card with goods also gains what its symbols change in the
  majorities still to come (a displaced card's symbols leave with it); a "?" is named, and a crate
  paid for or let go, by the same measure.
* **pass**: 0. Money kept keeps its ruble worth, which is how money for the trading phase is kept.

The greedy choice is the best gain. ``greedy_action`` works on any state whose acting player's own
data are known (a view's masked state or a determinized one) and is fast enough to be the playout
policy of ISMCTS (``lite=True`` skips the Observatory's expectation and opponent denial).
"""

from __future__ import annotations

import random

from petersburg.bots.base import decision_rng, require_turn
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Schedule, Weights, schedule
from petersburg.bots.market_outlook import MarketOutlook, decision_gain
from petersburg.cards import WORKER
from petersburg.cards_second_edition import ALL_DECK, ALL_IS_TRADING
from petersburg.engine import (
    PUB_PRICE_PER_VP,
    ActionId,
    GameState,
    View,
    affordable,
    card_price,
    hand_has_room,
    in_final_phase,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_JOKER,
    KIND_OBSERVE,
    KIND_PAY_CRATE,
    KIND_PLAY,
    KIND_PUB,
    KIND_TAKE,
    SOURCE_ROW,
    SOURCE_SLOT,
    UPPER_ROW,
    target_kind,
)
from petersburg.engine.rules import legal_actions
from petersburg.engine.shape import NO_PHASE
from petersburg.engine.state import NO_CARD, PlayerState
from petersburg.engine.views import unseen_cards


def _purchase_gain(
    sched: Schedule, player: PlayerState, kind: int, price: int, displaced: int, round_number: int
) -> float:
    """Net worth of putting ``kind`` into play for ``price``, displacing ``displaced`` (or NO_CARD)."""
    gain = sched.card_value(player, kind) + sched.aristocrat_gain(player, kind) - price * sched.ruble_now
    if displaced != NO_CARD:
        gain -= sched.card_value(player, displaced) + sched.aristocrat_loss(player, displaced)
    elif ALL_DECK[kind] == WORKER and round_number <= 2:
        owned = sum(player.area[k] for k in sched.shape.kinds_of_deck[WORKER])
        if owned < 2:
            gain += sched.weights.worker_rush
    return gain


def _deny_value(
    sched: Schedule,
    state: GameState,
    seat: int,
    kind: int,
    from_lower: bool,
    outlook: MarketOutlook | None = None,
) -> float:
    """What keeping ``kind`` from the opponent who would gain most from it is worth."""
    best = 0.0
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        value = sched.card_value(player, kind) + sched.aristocrat_gain(player, kind)
        if outlook is not None:
            value += outlook.card_gain(other, kind)
        if ALL_IS_TRADING[kind]:
            value *= 0.5
        else:
            value -= card_price(player, kind, from_lower, shape=sched.shape) * sched.ruble_now
        if value > best:
            best = value
    return sched.weights.deny * best


def _drawn_value(
    sched: Schedule, state: GameState, player: PlayerState, kind: int, outlook: MarketOutlook | None = None
) -> float:
    """Best use of a card drawn with the Observatory: buy it, keep it in hand, or discard it (0)."""
    best = 0.0
    if hand_has_room(player):
        best = max(best, sched.hand_value(player, kind))
    shape = state.shape
    if ALL_IS_TRADING[kind]:
        for _, displaced in shape.targets_of[kind]:
            if player.area[displaced]:
                price = card_price(player, kind, False, displaced, shape)
                if affordable(player, price):
                    gain = _purchase_gain(sched, player, kind, price, displaced, state.round)
                    if outlook is not None:
                        gain += outlook.card_gain(state.to_act, kind, displaced)
                    best = max(best, gain)
    else:
        price = card_price(player, kind, False, shape=shape)
        if affordable(player, price):
            gain = _purchase_gain(sched, player, kind, price, NO_CARD, state.round)
            if outlook is not None:
                gain += outlook.card_gain(state.to_act, kind)
            best = max(best, gain)
    return best


NEVER_PLAYED_GAIN = -20.0
"""The gain of taking into hand a card that can no longer be played: the hand penalty at the final scoring
is certain, and no denial is worth it. Not a measure of that penalty but a mark far below passing
(0) and below ISMCTS's candidate floor (the best gain or passing, less ``_candidates``' margin), so
neither greedy nor a search ever considers it."""


def _never_played(state: GameState, player: PlayerState, kind: int) -> bool:
    """Whether a card taken into hand now would stay there to the end: the phase is the last of
    the known last round, and the player cannot pay for playing it from hand in this phase (his
    rubles do not grow before the game ends; a trading card also needs a card to displace)."""
    if not in_final_phase(state):
        return False
    shape = state.shape
    rubles = player.rubles
    if ALL_IS_TRADING[kind]:
        return not any(
            player.area[displaced] and card_price(player, kind, False, displaced, shape) <= rubles
            for _, displaced in shape.targets_of[kind]
        )
    return card_price(player, kind, False, shape=shape) > rubles


class _Gains:
    """What ``action_gains`` prices each action with, for one position: the schedule, the gap a
    board card opens, the Market's outlook, and the denial and Observatory values already
    computed (a board card is bought with several displacements, or taken: one value each)."""

    __slots__ = (
        "denial",
        "deny",
        "gap",
        "lite",
        "observe_pool",
        "outlook",
        "player",
        "sched",
        "seat",
        "shape",
        "state",
    )

    def __init__(self, state: GameState, weights: Weights, lite: bool, deny: bool) -> None:
        self.sched = schedule(state, weights)
        self.state = state
        self.seat = state.to_act
        self.player = state.players[self.seat]
        self.shape = state.shape
        self.lite = lite
        self.deny = deny
        following = self.shape.next_phase[state.phase]
        self.gap = 0.0
        if following != NO_PHASE and state.num_players > 1:
            self.gap = weights.gap if state.markers[following] == self.seat else -0.5 * weights.gap
        self.outlook = MarketOutlook(state, self.sched) if self.shape.market else None
        self.denial: dict[int, float] = {}
        """Denial value of each board source already priced."""
        self.observe_pool: list[list[int]] | None = None

    def gain(self, action: ActionId) -> float:
        """The greedy gain of one legal action."""
        kind = ACTION_KIND[action]
        arg = ACTION_ARG[action]
        if kind in (KIND_BUY, KIND_TAKE):
            return self.board_gain(action, kind, arg)
        if kind == KIND_PLAY:
            return self.play_gain(action, arg)
        if kind == KIND_PUB:
            return arg * (1.0 - PUB_PRICE_PER_VP * self.sched.ruble_now)
        if kind == KIND_OBSERVE:
            return -1.0 if self.lite else self.observe_gain(arg)
        if self.outlook is not None and kind in (KIND_JOKER, KIND_PAY_CRATE):
            return decision_gain(self.outlook, kind, arg, kind == KIND_PAY_CRATE)
        return 0.0  # pass, discard drawn, leaving a crate unpaid: the measure of the others

    def board_gain(self, action: ActionId, kind: int, arg: int) -> float:
        """Buying or taking into hand a card of the board or the drawn card."""
        state = self.state
        sched = self.sched
        player = self.player
        from_lower = False
        on_board = arg != DRAWN_SOURCE
        if not on_board:
            card = state.drawn
        elif SOURCE_ROW[arg] == UPPER_ROW:
            card = state.upper[SOURCE_SLOT[arg]]
        else:
            card = state.lower[SOURCE_SLOT[arg]]
            from_lower = True
        if kind == KIND_TAKE:
            if self.lite and on_board:
                return -1.0  # playouts never take board cards into hand: cheaper, and rarely decisive
            if _never_played(state, player, card):
                return NEVER_PLAYED_GAIN
            gain = sched.hand_value(player, card)
        else:
            gain = self.purchase(action, card, from_lower)
            if from_lower:
                gain += 0.05
        if on_board:
            gain += self.gap
            if self.deny:
                denied = self.denial.get(arg)
                if denied is None:
                    denied = _deny_value(sched, state, self.seat, card, from_lower, self.outlook)
                    self.denial[arg] = denied
                gain += denied
        return gain

    def purchase(self, action: ActionId, card: int, from_lower: bool) -> float:
        """Putting ``card`` into play as ``action`` says, at its price."""
        target = ACTION_TARGET[action]
        displaced = target_kind(target) if target else NO_CARD
        price = card_price(self.player, card, from_lower, displaced, self.shape)
        gain = _purchase_gain(self.sched, self.player, card, price, displaced, self.state.round)
        if self.outlook is not None:
            gain += self.outlook.card_gain(self.seat, card, displaced)
        return gain

    def play_gain(self, action: ActionId, arg: int) -> float:
        """Playing hand card ``arg``: its purchase, less what keeping it was worth."""
        card = self.player.hand[arg]
        return self.purchase(action, card, False) - self.sched.hand_value(self.player, card)

    def observe_gain(self, deck: int) -> float:
        """The expected best use of the unseen cards of ``deck``, less the Observatory's VP."""
        if self.observe_pool is None:
            self.observe_pool = unseen_cards(self.state)
        pool = self.observe_pool[deck]
        if not pool:
            return -1.0
        counts: dict[int, int] = {}
        for card in pool:
            counts[card] = counts.get(card, 0) + 1
        total = 0.0
        for card, count in counts.items():
            total += count * _drawn_value(self.sched, self.state, self.player, card, self.outlook)
        return total / len(pool) - 1.5


def action_gains(
    state: GameState,
    actions: list[ActionId],
    weights: Weights = DEFAULT_WEIGHTS,
    lite: bool = False,
    deny: bool | None = None,
) -> list[float]:
    """The greedy gain (VP-equivalents) of each of ``actions`` for the player to act.

    ``lite`` skips taking board cards into hand and the Observatory's expectation; ``deny``
    (default: not ``lite``) counts what a board card is worth to the best-placed opponent.
    """
    gains = _Gains(state, weights, lite, not lite if deny is None else deny)
    return [gains.gain(action) for action in actions]


def greedy_action(
    state: GameState,
    rng: random.Random | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
    lite: bool = False,
    actions: list[ActionId] | None = None,
    deny: bool | None = None,
) -> ActionId:
    """The greedy choice for the player to act in ``state`` (ties broken by ``rng``, else lowest id)."""
    if actions is None:
        actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    gains = action_gains(state, actions, weights, lite, deny)
    best = max(gains)
    ties = [a for a, g in zip(actions, gains, strict=True) if g >= best - 1e-9]
    if len(ties) == 1 or rng is None:
        return ties[0]
    return ties[rng.randrange(len(ties))]


class GreedyBot:
    """The greedy heuristic player (see the module docstring and docs/bots.md)."""

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS, name: str = "greedy") -> None:
        self.name = name
        self.seed = seed
        self.weights = weights

    def choose(self, seen: View) -> ActionId:
        """The best action by the greedy evaluation; ties broken by the seeded decision rng."""
        actions = require_turn(seen)
        return greedy_action(seen.state, decision_rng(self.seed, seen), self.weights, actions=actions)
