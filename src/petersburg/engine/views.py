"""What one seat (or a spectator) may see, and determinization for search bots.

A ``View`` holds a masked copy of the state: stack cards, other players' secret hand cards and
the card another player drew with an Observatory are ``UNKNOWN``. Sizes stay true, so a view
answers every public question (stack sizes, hand sizes) and the viewer's legal actions exactly.

Views keep every seat's rubles: they are a public ledger. Every ruble earned or spent is public
(the start's 25, each price paid, each scoring's income, each Pub purchase and crate payment:
``petersburg.engine.ledger.RubleLedger`` rebuilds them from the public events alone, and the tests
check it against the true rubles at every step), so a player who remembers the game knows them,
and a view that forgot them would make a memoryless agent, or a search that guesses them, weaker
than the rules allow. The option ``show_rubles`` is a display choice for people:
``View.rubles_visible`` says whether a person's presentation of the view shows them (the server's
and the terminal's presenters ask it). Only a view made without that memory holds
``HIDDEN_RUBLES`` (``hidden_rubles_view``, for research; a view rebuilt from a presentation that
hid them): ``rubles_known`` tells, and ``determinize`` then guesses.

Views remember what everyone saw: a card taken from the board into a hand was seen by every
player, so it stays named in every view of that hand (``PlayerState.public_hand``); only the cards
drawn with an Observatory and taken into hand (``PlayerState.secret_hand``) are ``UNKNOWN`` to the
others, in both the hand and the secret hand of the masked state (unless ``show_hands``).
``determinize`` fills the masked parts with a random assignment consistent with everything the
view shows, for information-set search: known hand cards stay where they are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from petersburg.cards import Card
from petersburg.cards_second_edition import ALL_DECK
from petersburg.engine.actions import ActionId
from petersburg.engine.predicates import rubles_known
from petersburg.engine.rules import legal_actions
from petersburg.engine.shuffle import shuffle_in_place
from petersburg.engine.state import NO_CARD, UNKNOWN, GameState

SPECTATOR = None
"""Pass as the seat to get the public view."""
HIDDEN_RUBLES = -1
"""Rubles value of a player whose rubles a view does not know (``hidden_rubles_view``)."""
HIDDEN_SEED = -1
"""Seed value in a view of an unfinished game: the seed would reveal every stack's order."""


class View:
    """The game as seen from ``seat`` (``None``: a spectator). ``state`` is masked, never hidden data."""

    __slots__ = ("seat", "state")

    def __init__(self, seat: int | None, state: GameState) -> None:
        self.seat = seat
        self.state = state

    def __reduce__(self) -> tuple[type[View], tuple[int | None, GameState]]:
        """Pickle as a constructor call: compiled with mypyc, unpickling would otherwise call
        ``__init__`` without its arguments."""
        return (View, (self.seat, self.state))

    def legal_actions(self) -> list[ActionId]:
        """The viewer's legal actions if it is the viewer's turn, else an empty list."""
        if self.seat is None or self.state.current_player != self.seat:
            return []
        return legal_actions(self.state)

    def rubles_visible(self, seat: int) -> bool:
        """Whether a person shown this view sees ``seat``'s rubles: their own, or everyone's with the
        option ``show_rubles``. A display choice: the view itself knows every seat's rubles from the
        public ledger (``rubles_known``), and so do bots and agents."""
        return seat == self.seat or self.state.options.show_rubles

    def rubles_known(self, seat: int) -> bool:
        """Whether this view holds ``seat``'s exact rubles (always, but in ``hidden_rubles_view``)."""
        return rubles_known(self.state.players[seat])

    def hand_visible(self, seat: int) -> bool:
        """Whether this view shows every one of ``seat``'s hand cards (their number is always
        public, and so are the cards taken from the board: ``PlayerState.public_hand``)."""
        return seat == self.seat or self.state.options.show_hands


def view(state: GameState, seat: int | None) -> View:
    """The view of ``seat`` (0-based) or of a spectator (``None``)."""
    if seat is not None and not 0 <= seat < state.num_players:
        raise ValueError(f"There is no seat {seat} in a {state.num_players}-player game.")
    masked = state.copy()
    if not state.is_over:
        masked.seed = HIDDEN_SEED
    masked.stacks = [[UNKNOWN] * len(stack) for stack in state.stacks]
    options = state.options
    for other, player in enumerate(masked.players):
        if other == seat:
            continue
        secret = player.secret_hand
        if secret and not options.show_hands:
            player.hand = [UNKNOWN] * len(secret) + player.public_hand()  # still sorted: UNKNOWN < 0
            player.secret_hand = (UNKNOWN,) * len(secret)
    if state.drawn != NO_CARD and state.to_act != seat:
        masked.drawn = UNKNOWN
    return View(seat, masked)


def forgetful_view(state: GameState, seat: int | None) -> View:
    """The view of ``seat`` as if nobody remembered which cards were taken into hand: every other
    seat's hand is all ``UNKNOWN`` (unless ``show_hands``), as views were before they carried the
    public hand cards. Not what a player sees; for research (what recall is worth to an agent or a
    bot) and for checking that a bot's decisions change only where a public hand card matters."""
    seen = view(state, seat)
    if not state.options.show_hands:
        for other, player in enumerate(seen.state.players):
            if other != seat and player.hand:
                player.hand = [UNKNOWN] * len(player.hand)
                player.secret_hand = (UNKNOWN,) * len(player.hand)
    return seen


def hidden_rubles_view(state: GameState, seat: int | None) -> View:
    """The view of ``seat`` as if nobody kept the ruble ledger: every other seat's rubles are
    ``HIDDEN_RUBLES`` (unless ``show_rubles``), as views were before they kept them. Not what a
    player knows; for research (what exact rubles are worth to a bot: ``benchmarks/bots_rubles.py``)."""
    seen = view(state, seat)
    if not state.options.show_rubles:
        for other, player in enumerate(seen.state.players):
            if other != seat:
                player.rubles = HIDDEN_RUBLES
    return seen


def unseen_cards(masked: GameState) -> list[list[Card]]:
    """Per deck, the cards a view does not show anywhere (they are in stacks or hidden hands)."""
    shape = masked.shape
    remaining = list(shape.count)
    visible: list[Card] = [*masked.upper, *masked.lower, *masked.discards]
    if masked.drawn >= 0:
        visible.append(masked.drawn)
    for player in masked.players:
        visible.extend(card for card in player.hand if card != UNKNOWN)
        area = player.area
        for kind in shape.kinds:
            remaining[kind] -= area[kind]
    for card in visible:
        remaining[card] -= 1
    pools: list[list[Card]] = [[] for _ in shape.decks]
    for kind in shape.kinds:
        if remaining[kind] < 0:
            raise ValueError("The view shows more copies of a card than the game has.")
        pools[ALL_DECK[kind]].extend([kind] * remaining[kind])
    return pools


def determinize(
    seen: View,
    rng: random.Random,
    hidden_rubles: Sequence[int] | None = None,
    unseen: Sequence[Sequence[Card]] | None = None,
) -> GameState:
    """A full state consistent with ``seen``, drawn at random, for search from the viewer's seat.

    Stacks get the unseen cards of their deck; the hidden (secret) hand cards and a hidden drawn
    card get the rest, respecting how many cards of each deck must still be in the stacks; hand
    cards the view names stay in their hands. Rubles the view holds (every seat's, from the public
    ledger) are kept exactly; only a view without them (``hidden_rubles_view``) has them set from
    ``hidden_rubles`` (one guess per seat), or else to the viewer's own rubles, a neutral guess.
    ``unseen``: ``unseen_cards(seen.state)``, from a caller that draws many samples of one view (a
    search draws one an iteration), which then counts the unseen cards once; the samples are the
    same with it and without.
    """
    masked = seen.state
    state = masked.copy()
    pools = unseen if unseen is not None else unseen_cards(masked)
    hidden_hand_pool: list[Card] = []
    for deck in masked.shape.decks:
        pool = list(pools[deck])
        shuffle_in_place(pool, rng)
        needed = len(masked.stacks[deck])
        if masked.drawn == UNKNOWN and masked.drawn_deck == deck:
            needed += 1
        spare = len(pool) - needed
        if spare < 0:
            raise ValueError("The view is inconsistent: a stack is larger than its unseen cards.")
        hidden_hand_pool.extend(pool[:spare])
        rest = pool[spare:]
        if masked.drawn == UNKNOWN and masked.drawn_deck == deck:
            state.drawn = rest.pop()
        state.stacks[deck] = rest
    shuffle_in_place(hidden_hand_pool, rng)
    guess = masked.players[seen.seat].rubles if seen.seat is not None else 0
    for seat, player in enumerate(state.players):
        hidden = player.hand.count(UNKNOWN)
        if hidden:
            dealt = sorted(hidden_hand_pool[:hidden])
            del hidden_hand_pool[:hidden]
            player.hand = sorted([card for card in player.hand if card != UNKNOWN] + dealt)
            player.secret_hand = tuple(dealt)
        if not rubles_known(player):
            player.rubles = max(0, hidden_rubles[seat]) if hidden_rubles is not None else guess
    if hidden_hand_pool:
        raise ValueError("The view is inconsistent: unseen cards are left over.")
    return state
