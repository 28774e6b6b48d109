"""What a phase scoring pays each player: rubles and VP, with every special card's part.

``phase_income(state, phase)`` is the one income function of the project. The scoring itself
(``rules.score_phase``) pays exactly what it returns, the scoring event carries it, and clients
ask it rather than adding up card figures themselves: the server's per-seat figures ("what your
green cards pay at the worker scoring now"), a bot's guess of hidden rubles. It reads only public
information (play areas, used Observatories, named jokers), so it answers the same on a view.

A colour phase pays each card of its colour its printed rubles and VP (trading cards by the colour
they count as), plus the Mariinsky/Mariinskij Theater at the building scoring (per red card: a
ruble in the 1st edition, a VP in the 2nd), the Tax Man at the aristocrat scoring (a ruble per
green card), less the VP of each Observatory turned face down this round. The market scoring of
*The Market* pays the rubles printed on yellow cards and the majorities of each good. The trading
phase pays nothing.

``ScoreLine`` is one seat's final scoring (``rules.final_scores``), the figures the game-end event
carries.
"""

from __future__ import annotations

from typing import NamedTuple

from petersburg.cards import BLUE, GREEN, MARIINSKIJ_THEATER, OBSERVATORY, RED, TAX_MAN, Card
from petersburg.cards_second_edition import ALL_RUBLES, ALL_VP, NO_GOOD, NUM_GOODS, YELLOW
from petersburg.engine.constants import MARIINSKY_PER_RED, TAX_MAN_PER_GREEN
from petersburg.engine.market import good_points, goods_counts
from petersburg.engine.shape import FIRST, NO_SCORING, GameShape
from petersburg.engine.state import GameState, PlayerState


class SeatIncome(NamedTuple):
    """What one phase scoring pays one seat, whole (``rubles``, ``vp``) and in its parts.

    ``rubles == card_rubles + mariinsky_rubles + tax_man_rubles`` and
    ``vp == card_vp + mariinsky_vp + observatory_vp + sum(majority_vp)``.
    """

    seat: int
    phase: int
    cards: int
    """Cards of the colour scored in the play area (yellow cards at the market scoring)."""
    card_rubles: int
    """Rubles printed on those cards (at the market scoring: the yellow cards' income)."""
    card_vp: int
    """VP printed on those cards (face-down Observatories included; see ``observatory_vp``)."""
    mariinsky_rubles: int
    """1st edition, building scoring: a ruble per red card for each Mariinskij Theater."""
    mariinsky_vp: int
    """2nd edition, building scoring: a VP per red card for each Mariinsky Theater."""
    tax_man_rubles: int
    """Aristocrat scoring: a ruble per green card for each Tax Man."""
    observatory_vp: int
    """Building scoring: minus the VP of each Observatory turned face down this round."""
    goods: tuple[int, ...]
    """Market scoring: the seat's count of each good (index = good); () at other scorings."""
    majority_vp: tuple[int, ...]
    """Market scoring: the VP won for each good's majority (index = good); () at other scorings."""
    jokers: tuple[tuple[Card, int], ...]
    """Market scoring: (card, good) of each of the seat's cards with "?" and the good it counts as."""
    rubles: int
    vp: int


class ScoreLine(NamedTuple):
    """One player's final scoring, as announced at the end of the game."""

    seat: int
    play_vp: int
    """VP scored during the game (cards, Pubs and market majorities)."""
    aristocrat_bonus: int
    money_vp: int
    hand_penalty: int
    """Negative: -5 per card still in hand."""
    total: int
    rubles: int
    """Rubles for the tie-break (all of them, or the remainder with the money option 'traded')."""


class ScoreBreakdown(NamedTuple):
    """One player's score by source, for a whole game (``events.score_breakdown``).

    ``green_vp + blue_vp + red_vp + market_vp + pub_vp`` is the final scoring's ``play_vp`` and the
    sum of every part the ``total``: the game's events add up exactly to its final scoring.
    """

    seat: int
    green_vp: int
    """VP of the worker scorings (green cards)."""
    blue_vp: int
    """VP of the building scorings: blue cards, Mariinsky Theater (2nd edition), less face-down
    Observatories."""
    red_vp: int
    """VP of the aristocrat scorings during the game (red cards)."""
    market_vp: int
    """The Market: VP of the goods' majorities."""
    pub_vp: int
    """VP bought at Pubs."""
    aristocrat_bonus: int
    money_vp: int
    hand_penalty: int
    total: int


def colour_count(player: PlayerState, colour: int, shape: GameShape = FIRST) -> int:
    """How many cards of ``colour`` (trading cards by the colour they count as) are in play."""
    area = player.area
    return sum(area[kind] for kind in shape.kinds_of_colour[colour])


def phase_income(state: GameState, phase: int) -> list[SeatIncome]:
    """What the scoring of ``phase`` would pay every seat now (index = seat).

    Valid at any time, on a state or a view's masked state; the scoring after ``phase``'s actions
    pays exactly this (the market scoring after its crates are decided).
    """
    shape = state.shape
    colour = shape.scoring[phase]
    if colour == YELLOW:
        return _market_incomes(state, phase)
    return [
        colour_income(seat, phase, colour_scoring(player, colour, shape))
        for seat, player in enumerate(state.players)
    ]


ColourScoring = tuple[int, int, int, int, int, int, int, int, int]
"""(rubles, vp, then the parts of ``SeatIncome`` from ``cards`` to ``observatory_vp``)."""


def colour_scoring(player: PlayerState, colour: int, shape: GameShape) -> ColourScoring:
    """What a green, blue or red scoring (``NO_SCORING``: none) pays ``player``: the rule itself.

    A plain tuple, so that the scoring on the search path builds nothing more (``colour_income``
    makes it a ``SeatIncome``).
    """
    area = player.area
    cards = 0
    rubles = 0
    vp = 0
    mariinsky_rubles = 0
    mariinsky_vp = 0
    tax_man = 0
    observatory = 0
    if colour != NO_SCORING:
        for kind in shape.kinds_of_colour[colour]:
            count = area[kind]
            if count:
                cards += count
                rubles += ALL_RUBLES[kind] * count
                vp += ALL_VP[kind] * count
        if colour == BLUE:
            observatory = -player.observatories_used * ALL_VP[OBSERVATORY]
            if area[MARIINSKIJ_THEATER]:
                bonus = area[MARIINSKIJ_THEATER] * colour_count(player, RED, shape) * MARIINSKY_PER_RED
                if shape.mariinsky_vp:
                    mariinsky_vp = bonus
                else:
                    mariinsky_rubles = bonus
        elif colour == RED and area[TAX_MAN]:
            tax_man = area[TAX_MAN] * colour_count(player, GREEN, shape) * TAX_MAN_PER_GREEN
    return (
        rubles + mariinsky_rubles + tax_man,
        vp + mariinsky_vp + observatory,
        cards,
        rubles,
        vp,
        mariinsky_rubles,
        mariinsky_vp,
        tax_man,
        observatory,
    )


def colour_income(seat: int, phase: int, scoring: ColourScoring) -> SeatIncome:
    """The ``SeatIncome`` of a colour scoring (``colour_scoring``) of ``seat``."""
    rubles, vp, cards, card_rubles, card_vp, mariinsky_rubles, mariinsky_vp, tax_man, observatory = scoring
    return SeatIncome(
        seat,
        phase,
        cards,
        card_rubles,
        card_vp,
        mariinsky_rubles,
        mariinsky_vp,
        tax_man,
        observatory,
        (),
        (),
        (),
        rubles,
        vp,
    )


def _market_incomes(state: GameState, phase: int) -> list[SeatIncome]:
    """The market scoring of every seat: yellow cards' income, then each good's majority."""
    shape = state.shape
    market = state.market
    assert market is not None
    num_players = state.num_players
    counts = [goods_counts(state, seat) for seat in range(num_players)]
    points = good_points(state)
    majority = [[points[good][seat] for good in range(NUM_GOODS)] for seat in range(num_players)]
    incomes = []
    for seat in range(num_players):
        area = state.players[seat].area
        cards = 0
        rubles = 0
        for kind in shape.kinds_of_colour[YELLOW]:
            count = area[kind]
            cards += count
            rubles += ALL_RUBLES[kind] * count
        jokers = tuple(
            (kind, market.jokers[slot])
            for slot, kind in enumerate(shape.joker_kinds)
            if area[kind] and market.jokers[slot] != NO_GOOD
        )
        vp = sum(majority[seat])
        goods = tuple(counts[seat])
        won = tuple(majority[seat])
        incomes.append(SeatIncome(seat, phase, cards, rubles, 0, 0, 0, 0, 0, goods, won, jokers, rubles, vp))
    return incomes


__all__ = [
    "ColourScoring",
    "ScoreBreakdown",
    "ScoreLine",
    "SeatIncome",
    "colour_count",
    "colour_income",
    "colour_scoring",
    "phase_income",
]
