"""The heuristic evaluation shared by the greedy bot and ISMCTS's cut-off: everything in VP.

A position is worth, to a player, what he holds now plus what his cards will still bring:

* VP scored so far, plus the aristocrat bonus his different red cards give now;
* for every card in play, its VP and rubles at every scoring of its colour still to come;
* rubles, at a worth per ruble that falls as the game runs out (a ruble early buys a worker that
  pays back many times; in the last phase it is only a tenth of a VP at the final scoring);
* hand cards, at what playing them later is worth, less the risk of the -5 penalty.

How many rounds are left is not known: it is estimated from the stack sizes (public) and the rate
at which good play empties each stack. ``Schedule`` holds, for one position, the numbers every card
value needs (scorings left per colour, the ruble worth at each of them), so valuing a card is a
couple of multiplications; the greedy bot and search playouts call it thousands of times.

Functions here take a ``GameState`` that may be a view's masked state: they only read the acting
player's own hand, the board, the play areas (public), stack *sizes* and VP; never a hidden card.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from petersburg.cards import (
    ARISTOCRAT_BONUS,
    BLUE,
    CARPENTER_WORKSHOP,
    COLOUR,
    COST,
    GOLD_SMELTER,
    GREEN,
    MARIINSKIJ_THEATER,
    NUM_KINDS,
    OBSERVATORY,
    POTJOMKINS_VILLAGE,
    PUB,
    RED,
    RUBLES,
    TAX_MAN,
    VP,
    WAREHOUSE,
)
from petersburg.engine import STAGE_PUB, GameState, PlayerState

RED_KINDS = tuple(k for k in range(NUM_KINDS) if COLOUR[k] == RED)
GREEN_KINDS = tuple(k for k in range(NUM_KINDS) if COLOUR[k] == GREEN)
KINDS_OF_COLOUR = tuple(tuple(k for k in range(NUM_KINDS) if COLOUR[k] == c) for c in range(3))


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
    deny: float = 0.4
    """Share of the best opponent's gain from a board card that taking it away is worth."""
    gap: float = 0.3
    """VP for a board gap when the next phase's start player is us (negative share otherwise)."""
    worker_rush: float = 2.0
    """Bonus for each of the first two workers bought in the first two rounds."""

    def __reduce__(self) -> tuple[type[Weights], tuple[object, ...]]:
        """Pickle as a constructor call: compiled with mypyc, a frozen class cannot be restored
        field by field."""
        return (Weights, astuple(self))


DEFAULT_WEIGHTS = Weights()

# Cards each stack loses per round under good play, by number of players (index 1..4): measured
# from greedy self-play (see docs/bots.md); used to estimate how many rounds are left.
_STACK_RATE: tuple[tuple[float, float, float, float], ...] = (
    (1.0, 1.0, 1.0, 1.0),
    (2.7, 2.5, 3.7, 1.1),
    (2.4, 2.7, 3.9, 2.1),
    (2.9, 3.4, 3.4, 2.6),
    (2.9, 3.4, 3.4, 2.6),
)


def rounds_after(state: GameState) -> int:
    """Estimated rounds still to play after the current one (0 in the known last round)."""
    if state.last_round:
        return 0
    rates = _STACK_RATE[min(state.num_players, 4)]
    best = 99.0
    for deck in range(4):
        size = len(state.stacks[deck])
        rate = rates[deck]
        # The current round still draws from the stacks of the phases after this one.
        left = size / rate
        if left < best:
            best = left
    estimate = int(best)
    return estimate if estimate > 0 else 0


class Schedule:
    """What remains of the game from one position: scorings per colour and ruble worths.

    ``phases_left`` counts the phases whose actions are still to come, the current one included.
    A ruble received when ``q`` phases follow is worth ``ruble(q)`` VP.
    """

    __slots__ = (
        "hand_risk",
        "phases_left",
        "pub_value",
        "rounds_after",
        "ruble_now",
        "ruble_sum",
        "scorings",
        "weights",
    )

    def __init__(
        self, rounds_left: int, phase: int, after_scoring: bool, weights: Weights = DEFAULT_WEIGHTS
    ) -> None:
        self.weights = weights
        k = rounds_left
        self.rounds_after = k
        self.phases_left = k * 4 + (4 - phase)
        self.ruble_now = self.ruble(self.phases_left)
        scorings = [0, 0, 0]
        ruble_sum = [0.0, 0.0, 0.0]
        pub_value = 0.0
        for colour in range(3):
            this_round = colour > phase or (colour == phase and not after_scoring)
            for j in range(0 if this_round else 1, k + 1):
                scorings[colour] += 1
                q = (k - j) * 4 + (3 - colour)
                worth = self.ruble(q)
                ruble_sum[colour] += worth
                if colour == BLUE:
                    # A Pub turns up to 10 rubles into 5 VP after each building scoring.
                    pub_value += 10.0 * max(0.0, 0.5 - worth)
        self.scorings = scorings
        self.ruble_sum = ruble_sum
        self.pub_value = pub_value
        left = self.phases_left
        self.hand_risk = (
            0.9 if left <= 1 else 0.6 if left <= 2 else 0.35 if left <= 4 else 0.12 if left <= 8 else 0.04
        )

    def ruble(self, phases_after: int) -> float:
        """VP worth of a ruble held when ``phases_after`` phases remain."""
        w = self.weights
        worth = w.ruble_base + w.ruble_slope * phases_after
        return worth if worth < w.ruble_cap else w.ruble_cap

    def card_value(self, player: PlayerState, kind: int) -> float:
        """What one more ``kind`` in ``player``'s area brings from now on (no price, no bonus)."""
        colour = COLOUR[kind]
        value = VP[kind] * self.scorings[colour] + RUBLES[kind] * self.ruble_sum[colour]
        area = player.area
        if colour == GREEN and area[TAX_MAN]:
            value += area[TAX_MAN] * self.ruble_sum[RED]
        elif colour == RED and area[MARIINSKIJ_THEATER]:
            value += area[MARIINSKIJ_THEATER] * self.ruble_sum[BLUE]
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
            value += _colour_count(player, RED) * self.ruble_sum[BLUE]
        elif kind == TAX_MAN:
            value += _colour_count(player, GREEN) * self.ruble_sum[RED]
        return value

    def aristocrat_gain(self, player: PlayerState, kind: int) -> float:
        """Exact change of the final aristocrat bonus if ``kind`` enters play, plus diversity."""
        if COLOUR[kind] != RED or player.area[kind]:
            return 0.0
        distinct = distinct_red(player)
        return _bonus_step(distinct) + self.weights.diversity * self.rounds_after

    def aristocrat_loss(self, player: PlayerState, kind: int) -> float:
        """Bonus lost if the only ``kind`` card leaves play (displaced by a trading card)."""
        if COLOUR[kind] != RED or player.area[kind] != 1:
            return 0.0
        distinct = distinct_red(player)
        return _bonus_step(distinct - 1) + self.weights.diversity * self.rounds_after

    def hand_value(self, player: PlayerState, kind: int) -> float:
        """A card kept in hand: part of its later play value, less the risk of the -5 penalty.

        A card that would not pay for itself when played later is a pure liability (it is likely
        to stay in hand, or be played at a loss), and every hand card takes a slot of a small
        hand, which ``hand_slot`` charges.
        """
        weights = self.weights
        risk = self.hand_risk
        price = price_of(player, kind, False)
        later = (
            self.card_value(player, kind) - VP[kind] - RUBLES[kind] * self.ruble_now - price * self.ruble_now
        )
        later += self.aristocrat_gain(player, kind)
        if later <= 0.0:
            return -5.0 * (risk if risk > 0.3 else 0.3) - weights.hand_slot
        return (1.0 - risk) * weights.hand_keep * later - 5.0 * risk - weights.hand_slot

    def evaluate(self, state: GameState, seat: int) -> float:
        """The whole position's worth to ``seat`` in VP (needs the seat's hand and rubles)."""
        player = state.players[seat]
        area = player.area
        value = float(player.vp) + ARISTOCRAT_BONUS[min(distinct_red(player), 10)]
        value += distinct_red(player) * self.weights.diversity * self.rounds_after
        for kind in range(NUM_KINDS):
            count = area[kind]
            if count:
                value += count * self.card_value(player, kind)
        if player.observatories_used and self.scorings[BLUE] and state.phase <= 1:
            value -= player.observatories_used * (VP[OBSERVATORY] + 0.5)
        value += player.rubles * self.ruble_now
        for kind in player.hand:
            value += self.hand_value(player, kind)
        return value


_SCHEDULES: dict[tuple[int, int, bool, Weights], Schedule] = {}


def schedule(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> Schedule:
    """The (cached) schedule of ``state``: it depends only on rounds left, phase and stage."""
    key = (rounds_after(state), state.phase, state.stage == STAGE_PUB, weights)
    found = _SCHEDULES.get(key)
    if found is None:
        if len(_SCHEDULES) > 4096:
            _SCHEDULES.clear()
        found = _SCHEDULES[key] = Schedule(key[0], key[1], key[2], weights)
    return found


def _bonus_step(distinct: int) -> float:
    """Extra bonus VP of one more different red card when ``distinct`` are in play."""
    if distinct >= 10:
        return 0.0
    return float(ARISTOCRAT_BONUS[distinct + 1] - ARISTOCRAT_BONUS[distinct])


def distinct_red(player: PlayerState) -> int:
    """Different red cards in the play area."""
    area = player.area
    return sum(1 for kind in RED_KINDS if area[kind])


def _colour_count(player: PlayerState, colour: int) -> int:
    area = player.area
    return sum(area[kind] for kind in KINDS_OF_COLOUR[colour])


def price_of(player: PlayerState, kind: int, from_lower: bool) -> int:
    """Price of an ordinary card (no displacement), as the rules compute it."""
    area = player.area
    price = COST[kind] - area[kind] - (1 if from_lower else 0)
    colour = COLOUR[kind]
    if (colour == BLUE and area[CARPENTER_WORKSHOP]) or (colour == RED and area[GOLD_SMELTER]):
        price -= 1
    return price if price > 1 else 1


def ruble_income(player: PlayerState) -> int:
    """Rubles a player's play area brings per round (public information)."""
    area = player.area
    total = 0
    for kind in range(NUM_KINDS):
        if area[kind]:
            total += RUBLES[kind] * area[kind]
    if area[MARIINSKIJ_THEATER]:
        total += area[MARIINSKIJ_THEATER] * _colour_count(player, RED)
    if area[TAX_MAN]:
        total += area[TAX_MAN] * _colour_count(player, GREEN)
    return total


__all__ = [
    "DEFAULT_WEIGHTS",
    "Schedule",
    "Weights",
    "distinct_red",
    "price_of",
    "rounds_after",
    "ruble_income",
    "schedule",
]
