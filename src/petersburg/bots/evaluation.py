"""The heuristic evaluation shared by the greedy bot and ISMCTS's cut-off: everything in VP.

A position is worth, to a player, what he holds now plus what his cards will still bring:

* VP scored so far, plus the aristocrat bonus his different red cards give now;
* for every card in play, its VP and rubles at every scoring of its colour still to come;
* rubles, at a worth per ruble that falls as the game runs out (a ruble early buys a worker that
  pays back many times; in the last phase it is only a tenth of a VP at the final scoring);
* hand cards, at what playing them later is worth, less the risk of the hand penalty.

How many rounds are left is not known: it is estimated from the stack sizes (public) and the rate
at which good play empties each stack. ``Schedule`` holds, for one position, the numbers every card
value needs (scorings left per colour, the ruble worth at each of them), so valuing a card is a
couple of multiplications; the greedy bot and search playouts call it thousands of times.

Functions here take a ``GameState`` that may be a view's masked state: they only read the acting
player's own hand, the board, the play areas (public), stack *sizes* and VP; never a hidden card.
What phases a round has, which colour each scores and what cards cost come from the game's shape
(``state.shape``). In a Market game goods, majorities, crates and jokers are valued at nothing yet
(yellow cards count for their income only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import astuple, dataclass
from typing import TypeVar

from petersburg.cards import (
    BLUE,
    CARPENTER_WORKSHOP,
    GOLD_SMELTER,
    GREEN,
    MARIINSKIJ_THEATER,
    OBSERVATORY,
    POTJOMKINS_VILLAGE,
    PUB,
    RED,
    TAX_MAN,
    WAREHOUSE,
)
from petersburg.cards_second_edition import ALL_COLOUR, ALL_RUBLES, ALL_VP, YELLOW
from petersburg.engine import (
    HAND_PENALTY,
    MAX_ARISTOCRAT_BONUS_CARDS,
    PUB_PRICE_PER_VP,
    PUB_VP_PER_CARD,
    STAGE_PUB,
    GameShape,
    GameState,
    PlayerState,
    aristocrat_bonus,
    card_price,
)
from petersburg.engine.scoring import colour_count
from petersburg.engine.shape import BUILDING_PHASE, FIRST, NO_SCORING

NUM_COLOURS = YELLOW + 1


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable figures of the evaluation (defaults tuned by greedy-vs-greedy tournaments)."""

    ruble_base: float = 0.1
    """Worth of a ruble when no phase is left (1 VP per 10 rubles at the final scoring)."""
    ruble_slope: float = 0.075
    """Extra worth of a ruble per phase still to play."""
    ruble_cap: float = 3.0
    """A ruble is never worth more than this many VP."""
    diversity: float = 0.0
    """VP per round left added to each new different aristocrat (it raises later marginals)."""
    hand_keep: float = 0.7
    """Share of a hand card's later play value that counts while it waits in hand."""
    hand_slot: float = 1.0
    """VP charged for every card in hand (a slot of a 3-card hand, and tempo to play it)."""
    liability_risk: float = 0.3
    """Least share of the hand penalty counted for a hand card that would not pay for itself
    when played (it is likely to stay in hand, or be played at a loss); 1 counts the penalty as
    certain (``SearchConfig.certain_liabilities``)."""
    deny: float = 0.4
    """Share of the best opponent's gain from a board card that taking it away is worth."""
    gap: float = 0.3
    """VP for a board gap when the next phase's start player is us (negative share otherwise)."""
    worker_rush: float = 2.0
    """Bonus for each of the first two workers bought in the first two rounds."""
    market_decay: float = 1.0
    """The Market: share of its values that a market scoring ``j`` rounds ahead counts (``** j``)."""
    market_rival: float = 1.0
    """The Market: weight of the other players' majority loss that greedy counts as its gain (their
    summed loss divided by the square root of their number)."""

    def __reduce__(self) -> tuple[type[Weights], tuple[object, ...]]:
        """Pickle as a constructor call: compiled with mypyc, a frozen class cannot be restored
        field by field."""
        return (Weights, astuple(self))


DEFAULT_WEIGHTS = Weights()

# Cards each stack (workers, buildings, aristocrats, trading) loses per round under good play, by
# number of players (index 1..4): measured from greedy self-play in the 1st edition (see
# docs/bots.md); used to estimate how many rounds are left.
_STACK_RATE: tuple[tuple[float, ...], ...] = (
    (1.0, 1.0, 1.0, 1.0),
    (2.7, 2.5, 3.7, 1.1),
    (2.4, 2.7, 3.9, 2.1),
    (2.9, 3.4, 3.4, 2.6),
    (2.9, 3.4, 3.4, 2.6),
)
# The same with the Market (workers, buildings, aristocrats, trading, market; 1..5 players),
# measured from greedy self-play of Market games: the 10-card board and the fifth phase draw
# faster from every stack, and the building stack usually runs out first.
_MARKET_STACK_RATE: tuple[tuple[float, ...], ...] = (
    (1.0, 1.0, 1.0, 1.0, 1.0),
    (3.7, 1.9, 0.6, 0.3, 4.4),
    (4.0, 4.2, 2.0, 1.3, 5.0),
    (4.4, 4.9, 2.2, 1.4, 5.6),
    (4.7, 4.8, 2.1, 1.4, 5.5),
    (4.9, 4.7, 2.3, 1.6, 5.3),
)


def rounds_after(state: GameState) -> int:
    """Estimated rounds still to play after the current one (0 in the known last round)."""
    if state.last_round:
        return 0
    table = _MARKET_STACK_RATE if state.shape.market else _STACK_RATE
    rates = table[min(state.num_players, len(table) - 1)]
    best = 99.0
    for deck in state.shape.decks:
        size = len(state.stacks[deck])
        rate = rates[deck]
        # The current round still draws from the stacks of the phases after this one.
        left = size / rate
        if left < best:
            best = left
    estimate = int(best)
    return estimate if estimate > 0 else 0


def _late_risk(phases_left: int) -> float:
    """The share of a hand card's worth at risk of never being played, by the phases left: tuned
    steps of the evaluation (high in the last phases, small with most of the game ahead), not a
    rule's figures."""
    left = phases_left
    return 0.9 if left <= 1 else 0.6 if left <= 2 else 0.35 if left <= 4 else 0.12 if left <= 8 else 0.04


class Schedule:
    """What remains of the game from one position: scorings per colour and ruble worths.

    ``phases_left`` counts the phases whose actions are still to come, the current one included.
    A ruble received when ``q`` phases follow is worth ``ruble(q)`` VP. The phases of a round, in
    order, and the colour each scores come from the game's shape.
    """

    __slots__ = (
        "hand_risk",
        "mariinsky_vp",
        "phases_left",
        "pub_value",
        "rounds_after",
        "ruble_now",
        "ruble_sum",
        "scorings",
        "shape",
        "weights",
    )

    def __init__(
        self,
        rounds_left: int,
        phase: int,
        after_scoring: bool,
        weights: Weights = DEFAULT_WEIGHTS,
        shape: GameShape = FIRST,
    ) -> None:
        self.weights = weights
        self.shape = shape
        self.mariinsky_vp = shape.mariinsky_vp
        per_round = shape.num_phases
        now = shape.position[phase]
        k = rounds_left
        self.rounds_after = k
        self.phases_left = k * per_round + (per_round - now)
        self.ruble_now = self.ruble(self.phases_left)
        scorings = [0] * NUM_COLOURS
        ruble_sum = [0.0] * NUM_COLOURS
        pub_value = 0.0
        for scored in shape.phases:
            colour = shape.scoring[scored]
            if colour == NO_SCORING:
                continue
            at = shape.position[scored]
            this_round = at > now or (at == now and not after_scoring)
            for j in range(0 if this_round else 1, k + 1):
                scorings[colour] += 1
                q = (k - j) * per_round + (per_round - 1 - at)
                worth = self.ruble(q)
                ruble_sum[colour] += worth
                if scored == shape.pub_phase:
                    # A Pub sells its VP after each building scoring: worth it when a ruble is
                    # worth less than a VP's price.
                    pub_rubles = PUB_VP_PER_CARD * PUB_PRICE_PER_VP
                    pub_value += pub_rubles * max(0.0, 1.0 / PUB_PRICE_PER_VP - worth)
        self.scorings = scorings
        self.ruble_sum = ruble_sum
        self.pub_value = pub_value
        self.hand_risk = _late_risk(self.phases_left)

    def ruble(self, phases_after: int) -> float:
        """VP worth of a ruble held when ``phases_after`` phases remain."""
        w = self.weights
        worth = w.ruble_base + w.ruble_slope * phases_after
        return worth if worth < w.ruble_cap else w.ruble_cap

    def _mariinsky_worth(self) -> float:
        """What one red card is worth to a Mariinsky Theater: a ruble (1st edition) or a VP (2nd)
        at every building scoring to come."""
        return float(self.scorings[BLUE]) if self.mariinsky_vp else self.ruble_sum[BLUE]

    def card_value(self, player: PlayerState, kind: int) -> float:
        """What one more ``kind`` in ``player``'s area brings from now on (no price, no bonus)."""
        colour = ALL_COLOUR[kind]
        value = ALL_VP[kind] * self.scorings[colour] + ALL_RUBLES[kind] * self.ruble_sum[colour]
        area = player.area
        if colour == GREEN and area[TAX_MAN]:
            value += area[TAX_MAN] * self.ruble_sum[RED]
        elif colour == RED and area[MARIINSKIJ_THEATER]:
            value += area[MARIINSKIJ_THEATER] * self._mariinsky_worth()
        if kind == PUB:
            value += self.pub_value
        elif kind == OBSERVATORY:
            value += 0.5 * self.scorings[BLUE]
        elif kind == WAREHOUSE:
            value += 1.0 if self.phases_left > 3 else 0.0
        elif kind == POTJOMKINS_VILLAGE:
            value += 1.5 if self.phases_left > 2 else 0.0
        elif kind in (CARPENTER_WORKSHOP, GOLD_SMELTER):
            value += self.rounds_after * 0.8 * self.ruble_now
        elif kind == MARIINSKIJ_THEATER:
            value += colour_count(player, RED, self.shape) * self._mariinsky_worth()
        elif kind == TAX_MAN:
            value += colour_count(player, GREEN, self.shape) * self.ruble_sum[RED]
        return value

    def aristocrat_gain(self, player: PlayerState, kind: int) -> float:
        """Exact change of the final aristocrat bonus if ``kind`` enters play, plus diversity."""
        if ALL_COLOUR[kind] != RED or player.area[kind]:
            return 0.0
        distinct = distinct_red(player, self.shape)
        return _bonus_step(distinct) + self.weights.diversity * self.rounds_after

    def aristocrat_loss(self, player: PlayerState, kind: int) -> float:
        """Bonus lost if the only ``kind`` card leaves play (displaced by a trading card)."""
        if ALL_COLOUR[kind] != RED or player.area[kind] != 1:
            return 0.0
        distinct = distinct_red(player, self.shape)
        return _bonus_step(distinct - 1) + self.weights.diversity * self.rounds_after

    def hand_value(self, player: PlayerState, kind: int) -> float:
        """A card kept in hand: part of its later play value, less the risk of the hand penalty.

        A card that would not pay for itself when played later is a pure liability (it is likely
        to stay in hand, or be played at a loss), and every hand card takes a slot of a small
        hand, which ``hand_slot`` charges.
        """
        weights = self.weights
        risk = self.hand_risk
        price = card_price(player, kind, False, shape=self.shape)
        later = (
            self.card_value(player, kind)
            - ALL_VP[kind]
            - ALL_RUBLES[kind] * self.ruble_now
            - price * self.ruble_now
        )
        later += self.aristocrat_gain(player, kind)
        if later <= 0.0:
            floor = weights.liability_risk
            return -HAND_PENALTY * (risk if risk > floor else floor) - weights.hand_slot
        return (1.0 - risk) * weights.hand_keep * later - HAND_PENALTY * risk - weights.hand_slot

    def evaluate(self, state: GameState, seat: int) -> float:
        """The whole position's worth to ``seat`` in VP (needs the seat's hand and rubles)."""
        player = state.players[seat]
        area = player.area
        shape = self.shape
        distinct = distinct_red(player, shape)
        value = float(player.vp) + aristocrat_bonus(distinct)
        value += distinct * self.weights.diversity * self.rounds_after
        for kind in shape.kinds:
            count = area[kind]
            if count:
                value += count * self.card_value(player, kind)
        building_to_come = shape.position[state.phase] <= shape.position[BUILDING_PHASE]
        if player.observatories_used and self.scorings[BLUE] and building_to_come:
            value -= player.observatories_used * (ALL_VP[OBSERVATORY] + 0.5)
        value += player.rubles * self.ruble_now
        for kind in player.hand:
            value += self.hand_value(player, kind)
        return value


Owned = TypeVar("Owned")
Memo = TypeVar("Memo")

MEMO_OWNERS = 64
"""How many owners ``memo_of`` keeps memos for before it starts again (a process plays with a few
sets of weights; a tuning run makes many, one after the other)."""


def memo_of(memos: dict[int, tuple[Owned, Memo]], owner: Owned, new: Callable[[], Memo]) -> Memo:
    """The memo ``memos`` keeps for ``owner`` (made by ``new`` the first time), found by the
    owner's identity rather than its hash. A ``Weights`` hashes every one of its figures, in
    Python, and the searches ask for figures cached by weights at every step of every playout:
    found by identity, the lookup costs one integer's hash. The entry holds the owner, so its
    identity cannot pass to another object while the memo lives."""
    entry = memos.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(memos) >= MEMO_OWNERS:
            memos.clear()
        entry = memos[id(owner)] = (owner, new())
    return entry[1]


_SCHEDULES: dict[int, tuple[Weights, dict[tuple[int, int, bool, str], Schedule]]] = {}
"""The schedules of each set of weights (``memo_of``), by rounds left, phase, stage and shape."""


def schedule(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> Schedule:
    """The (cached) schedule of ``state``: it depends only on rounds left, phase, stage and shape."""
    schedules = memo_of(_SCHEDULES, weights, dict)
    key = (rounds_after(state), state.phase, state.stage == STAGE_PUB, state.shape.name)
    found = schedules.get(key)
    if found is None:
        if len(schedules) > 4096:
            schedules.clear()
        found = schedules[key] = Schedule(key[0], key[1], key[2], weights, state.shape)
    return found


def _bonus_step(distinct: int) -> float:
    """Extra bonus VP of one more different red card when ``distinct`` are in play."""
    if distinct >= MAX_ARISTOCRAT_BONUS_CARDS:
        return 0.0
    return float(aristocrat_bonus(distinct + 1) - aristocrat_bonus(distinct))


def distinct_red(player: PlayerState, shape: GameShape = FIRST) -> int:
    """Different red cards in the play area."""
    area = player.area
    return sum(1 for kind in shape.red_kinds if area[kind])


__all__ = [
    "DEFAULT_WEIGHTS",
    "Schedule",
    "Weights",
    "distinct_red",
    "memo_of",
    "rounds_after",
    "schedule",
]
