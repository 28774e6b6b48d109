"""What a decision at the table costs later, said where it is taken, by message id: a crate's
keep-price and when it is due, the hand penalty, why a move is missing. The server words them for
the seat that decides (``server/view/advice.py``); the figures come from the engine.
"""

from __future__ import annotations

from petersburg.text.wording import Catalogue, Message, Param, Plural

ADVICE = Catalogue(
    "advice",
    {
        "crate_due_now": "Keeping a crate costs {price} ₽ at this round's market scoring, before the "
        "market's income, and again at every market scoring.",
        "crate_due_next": "Keeping a crate costs {price} ₽ at the market scoring of round {round}, before "
        "the market's income, and again at every market scoring.",
        "crate_short": Plural(
            "Warning: you would have {left} ₽, less than the {due} ₽ your {count} crate will cost "
            "then; a crate not paid for is lost or idle, as the table's options say.",
            "Warning: you would have {left} ₽, less than the {due} ₽ your {count} crates will cost "
            "then; a crate not paid for is lost or idle, as the table's options say.",
        ),
        "crates_short": Plural(
            "Warning: you have {left} ₽, less than the {due} ₽ your {count} crate will cost then.",
            "Warning: you have {left} ₽, less than the {due} ₽ your {count} crates will cost then.",
        ),
        "crates_held": Plural(
            "You hold {count} crate: keeping it costs {due} ₽ at the next market scoring.",
            "You hold {count} crates: keeping them costs {due} ₽ at the next market scoring.",
        ),
        "joker_effect": "You would count {count} {good}, worth {vp} VP if the market scoring were now.",
        "hand_penalty": "Each card still in your hand at the end costs {penalty} VP; your hand "
        "holds at most {limit}.",
        "hand_full": "Your hand is full ({held} of {limit}): no card can be taken into hand until "
        "you play one.",
    },
)
"""Every piece of advice by message id."""


def advice(message_id: str, /, **params: Param) -> Message:
    """The advice ``message_id`` with its parameters; ``str()`` of it is the English sentence."""
    return ADVICE.message(message_id, params)
