"""Greedy: one-ply heuristic play that encodes what good players know.

Every legal action gets a gain in VP-equivalents from ``evaluation.Schedule`` (see docs/bots.md):

* **buy / play** a card: what it brings over the scorings of its colour likely left (VP, and its
  rubles at the falling worth of a ruble), plus the exact change of the aristocrat bonus, less its
  price in rubles; a trading card also loses what the displaced card would have brought, and the
  displacement with the best net is chosen. The lower row's discount is in the price.
* **take into hand**: part of the card's later value, less the -5 risk a hand card carries (high
  near the end), plus what keeping it from the best-placed opponent is worth.
* a board card taken opens a gap that the next phase's start player fills first: a small plus if
  that is us, a minus otherwise.
* **observe**: the expected best use (buy, hand or discard) of the stack's unseen cards, less the
  Observatory's VP this round.
* **pub**: VP at 2 rubles each, worth it once a ruble is worth less than half a VP.
* **pass**: 0. Money kept keeps its ruble worth, which is how money for the trading phase is kept.

The greedy choice is the best gain. ``greedy_action`` works on any state whose acting player's own
data are known (a view's masked state or a determinized one) and is fast enough to be the playout
policy of ISMCTS (``lite=True`` skips the Observatory's expectation and opponent denial).
"""

from __future__ import annotations

import random

from petersburg.bots.base import decision_rng, require_turn
from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Schedule, Weights, schedule
from petersburg.cards import WORKER
from petersburg.cards_second_edition import ALL_DECK, ALL_IS_TRADING
from petersburg.engine import ActionId, GameState, View, card_price
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_OBSERVE,
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


def _deny_value(sched: Schedule, state: GameState, seat: int, kind: int, from_lower: bool) -> float:
    """What keeping ``kind`` from the opponent who would gain most from it is worth."""
    best = 0.0
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        value = sched.card_value(player, kind) + sched.aristocrat_gain(player, kind)
        if ALL_IS_TRADING[kind]:
            value *= 0.5
        else:
            value -= card_price(player, kind, from_lower, shape=sched.shape) * sched.ruble_now
        if value > best:
            best = value
    return sched.weights.deny * best


def _drawn_value(sched: Schedule, state: GameState, player: PlayerState, kind: int) -> float:
    """Best use of a card drawn with the Observatory: buy it, keep it in hand, or discard it (0)."""
    best = 0.0
    if len(player.hand) < player.hand_limit:
        best = max(best, sched.hand_value(player, kind))
    shape = state.shape
    if ALL_IS_TRADING[kind]:
        for _, displaced in shape.targets_of[kind]:
            if player.area[displaced]:
                price = card_price(player, kind, False, displaced, shape)
                if price <= player.rubles:
                    gain = _purchase_gain(sched, player, kind, price, displaced, state.round)
                    best = max(best, gain)
    else:
        price = card_price(player, kind, False, shape=shape)
        if price <= player.rubles:
            best = max(best, _purchase_gain(sched, player, kind, price, NO_CARD, state.round))
    return best


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
    if deny is None:
        deny = not lite
    sched = schedule(state, weights)
    seat = state.to_act
    player = state.players[seat]
    shape = state.shape
    following = shape.next_phase[state.phase]
    gap = 0.0
    if following != NO_PHASE and state.num_players > 1:
        gap = weights.gap if state.markers[following] == seat else -0.5 * weights.gap
    gains: list[float] = []
    observe_pool: list[list[int]] | None = None
    for action in actions:
        kind = ACTION_KIND[action]
        arg = ACTION_ARG[action]
        if kind in (KIND_BUY, KIND_TAKE):
            from_lower = False
            on_board = True
            if arg == DRAWN_SOURCE:
                card = state.drawn
                on_board = False
            elif SOURCE_ROW[arg] == UPPER_ROW:
                card = state.upper[SOURCE_SLOT[arg]]
            else:
                card = state.lower[SOURCE_SLOT[arg]]
                from_lower = True
            if kind == KIND_TAKE:
                if lite and on_board:
                    # Playouts never take board cards into hand: cheaper, and rarely decisive.
                    gains.append(-1.0)
                    continue
                gain = sched.hand_value(player, card)
            else:
                target = ACTION_TARGET[action]
                displaced = target_kind(target) if target else NO_CARD
                price = card_price(player, card, from_lower, displaced, shape)
                gain = _purchase_gain(sched, player, card, price, displaced, state.round)
                if from_lower:
                    gain += 0.05
            if on_board:
                gain += gap
                if deny:
                    gain += _deny_value(sched, state, seat, card, from_lower)
        elif kind == KIND_PLAY:
            card = player.hand[arg]
            target = ACTION_TARGET[action]
            displaced = target_kind(target) if target else NO_CARD
            price = card_price(player, card, False, displaced, shape)
            gain = _purchase_gain(sched, player, card, price, displaced, state.round)
            gain -= sched.hand_value(player, card)
        elif kind == KIND_PUB:
            gain = arg * (1.0 - 2.0 * sched.ruble_now)
        elif kind == KIND_OBSERVE:
            if lite:
                gain = -1.0
            else:
                if observe_pool is None:
                    observe_pool = unseen_cards(state)
                pool = observe_pool[arg]
                if pool:
                    total = 0.0
                    counts: dict[int, int] = {}
                    for card in pool:
                        counts[card] = counts.get(card, 0) + 1
                    for card, count in counts.items():
                        total += count * _drawn_value(sched, state, player, card)
                    gain = total / len(pool) - 1.5
                else:
                    gain = -1.0
        else:  # pass, discard drawn; the Market's joker and crate decisions are neutral for now
            gain = 0.0
        gains.append(gain)
    return gains


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
