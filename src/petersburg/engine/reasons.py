"""Why the engine refuses an action or a game's set-up, as data: a reason id and its named parameters.

The engine decides; people read. A refusal is a ``Reason`` (``"too_expensive"`` with ``card``,
``price`` and ``rubles``), so the words of ``petersburg.text.rule_refusals`` can say it in a reader's
language, with the card's name as printed in that language's edition. ``Reason.text()`` is the
English sentence, for the engine's own users (``explain_illegal``, the errors it raises, research
code without the text package): the English of each reason is written once, here, and is the source
of the translated catalogue.

Parameters are figures (``price``), action texts as a player types them (``action``: command syntax
is the same in every language), and things the text layer names per language: ``card`` and
``displaced`` are card kinds, ``phase`` a phase's name (``worker``), ``stack`` a stack's name
(``workers``), ``edition`` the game's title (its English, which the text layer names anew from the
game's shape). The reason keeps the English names of its game's cards and its title, not the game's
shape, so that ``options`` (which the shape is built from) can refuse with a reason too.
"""

from __future__ import annotations

from typing import Final

Value = str | int
"""What a reason's parameter holds."""

CARD_PARAMS: Final = ("card", "displaced")
"""Parameters that hold a card kind (named as printed in the game's edition)."""

ENGLISH: Final[dict[str, str]] = {
    # The action number and the game it belongs to
    "game_over": "The game is over; no more actions can be played.",
    "no_such_action": "There is no action number {action}.",
    "market_action_without_market": (
        "'{action}' belongs to the Market, and this game ({edition}) is played without it."
    ),
    "no_market_stack": "This game ({edition}) has no market stack: it comes with the Market.",
    "no_goods_card": "There is no {card} with goods in this game ({edition}).",
    "no_board_slot": "The board of this game holds {size} cards: '{action}' names a slot it does not have.",
    # A Pub, a Market decision, a drawn card: what must be decided first
    "pub_first": (
        "'{action}' is not possible now: first decide how many VP to buy at your Pub (e.g. 'pub 0')."
    ),
    "pub_too_many": "You can buy at most {most} VP at your Pubs now ('{action}' is too many).",
    "joker_first": "First name the good your {card}'s '?' counts as: 'joker' and a good, e.g. '{example}'.",
    "crate_unaffordable": "Keeping your {card} costs {price} rubles and you have {rubles}.",
    "crate_first": "First decide whether to pay {price} rubles for your {card}: '{pay}' or '{skip}'.",
    "drawn_first": (
        "'{action}' is not possible now: decide what to do with the card you drew "
        "('buy drawn', 'hand drawn' or 'discard drawn')."
    ),
    # An ordinary turn
    "must_buy": (
        "In the first worker phase of the 2nd edition every player must buy a card on each of his "
        "turns while opening workers remain (no pass, no card into hand)."
    ),
    "pub_after_scoring_only": "You can buy VP at a Pub only right after a building scoring.",
    "no_drawn_card": "There is no drawn card: use an Observatory first ('observe ...').",
    "no_hand_card": "Your hand has no card {number} (you hold {held}).",
    "joker_on_entry_only": (
        "You decide the good of a card with '?' only when such a card enters your play area."
    ),
    "joker_at_scoring_only": "You decide the good of a card with '?' only at the market scoring.",
    "crate_at_scoring_only": "You decide whether to pay for a crate only at the market scoring.",
    "observatory_phase": "An Observatory can only be used during the {phase} phase.",
    "no_unused_observatory": "You have no unused Observatory in your play area.",
    "last_card_of_stack": "You may not draw the last card of the {stack} stack.",
    "no_lower_card": "The lower row has no card {number} (it holds {held}).",
    "no_upper_card": "The upper row has no card {number} (it holds {held}).",
    "hand_full": "Your hand is full ({held} of {limit} cards).",
    "trading_needs_target": "{card} is a trading card: say which card it displaces ('... over <card>').",
    "not_trading": "{card} is not a trading card; it displaces nothing.",
    "cannot_displace": "{card} cannot displace {displaced}.",
    "nothing_to_displace": "You have no {displaced} in your play area to displace.",
    "observatory_used": "An Observatory used this round cannot be displaced.",
    "too_expensive": "{card} costs you {price} rubles and you have {rubles}.",
    # A game's set-up (``check_options``)
    "option_value": "The option '{name}' is {listed}, not {value}.",
    "option_flag": "The option '{name}' is true or false, not {value}.",
    "market_needs_second": (
        "The Market needs the 2nd edition (edition 'second'): its goods are printed on "
        "2nd-edition cards only."
    ),
    "market_option_only": "The option '{name}' applies only to a game with the Market.",
    "players_not_whole": "The number of players must be a whole number, not {value}.",
    "five_need_market": (
        "5 players need the Market (edition 'second' with the Market); otherwise 1 to 4 play."
    ),
    "players_range": "A game has 1 to 4 players (1 to 5 with the Market), not {value}.",
    "five_need_big_board": (
        "5 players need the 10-card board (market_board 10): the opening deal places 10 workers."
    ),
    "deal_seat_range": "The seat that the deal of the start-player markers starts from must be 0 to {most}.",
    "double_marker_seat_range": "The seat that gets two start-player markers must be 0 to {most}.",
}
"""Every reason's English sentence by reason id, with its named ``{parameters}``."""


class Reason:
    """Why the engine refuses: ``reason`` (a key of ``ENGLISH``) and its named ``params``;
    ``card_names`` are the English names of the game's card kinds (``GameShape.card_name``), by
    which ``card`` and ``displaced`` are named in English."""

    __slots__ = ("card_names", "params", "reason")

    def __init__(self, reason: str, params: dict[str, Value], card_names: tuple[str, ...] = ()) -> None:
        self.reason = reason
        self.params = params
        self.card_names = card_names

    def english_params(self) -> dict[str, Value]:
        """The parameters as the English sentence names them (card kinds by their printed names)."""
        named = dict(self.params)
        for key in CARD_PARAMS:
            value = self.params.get(key)
            if isinstance(value, int) and 0 <= value < len(self.card_names):
                named[key] = self.card_names[value]
        return named

    def text(self) -> str:
        """The English sentence."""
        return ENGLISH[self.reason].format(**self.english_params())

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Reason({self.reason!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.reason, self.params) == (other.reason, other.params)

    def __hash__(self) -> int:
        return hash(self.reason)


class RefusedOptions(ValueError):
    """Options or a player count that make no game this engine can set up; ``str()`` is the English
    sentence, ``reason`` the ``Reason`` to word in another language."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text())
        self.reason = reason
