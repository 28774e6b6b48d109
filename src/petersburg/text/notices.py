"""What a table announces to everyone at it (a line of its chat without a speaker), by message id.

A seat taken or given up, a bot put in a seat, the start, an undo, the turn timer, a game handed to
bots: ``TableService.announce(table, notice("sits_down", name=..., seat=2))``. Seats are named as
people read them (from 1). A bot is announced by its seat's name (``Expert bot``), the name the log
and the chat call it by afterwards, so no sentence needs an article that depends on the level's name.
"""

from __future__ import annotations

from petersburg.text.wording import Catalogue, Message, Param, Plural

NOTICES = Catalogue(
    "notice",
    {
        "sits_down": "{name} sits down in seat {seat}.",
        "bot_replaced": "{old} in seat {seat} is replaced by {name}.",
        "leaves_seat": "{name} leaves seat {seat}.",
        "leaves_to_bot": "{name} leaves; from now on the {level} bot plays seat {seat}, as for a player "
        "who stays away: it plays sensibly for the others and never keeps them waiting.",
        "game_starts": "The game starts.",
        "takes_back": "{name} takes back their last action: {move}",
        "takes_back_with_later": Plural(
            "{name} takes back their last action and the {count} move after it: {move}",
            "{name} takes back their last action and the {count} moves after it: {move}",
        ),
        "time_up": "Time is up for {name}.",
        "hint_used": "{name} asked for a hint.",
        "deadline_bot_move": "{name}'s time for this move ran out: {bot} plays it for them.",
        "deadline_handed": Plural(
            "{name} let {count} turn in a row run out: {bot} plays seat {seat} from now on.",
            "{name} let {count} turns in a row run out: {bot} plays seat {seat} from now on.",
        ),
        "idle_days": Plural(
            "Nobody has been at this table for {count} day: {level} bots finish the game.",
            "Nobody has been at this table for {count} days: {level} bots finish the game.",
        ),
        "idle_hours": Plural(
            "Nobody has been at this table for {count} hour: {level} bots finish the game.",
            "Nobody has been at this table for {count} hours: {level} bots finish the game.",
        ),
        "idle_minutes": Plural(
            "Nobody has been at this table for {count} minute: {level} bots finish the game.",
            "Nobody has been at this table for {count} minutes: {level} bots finish the game.",
        ),
        "idle_seconds": Plural(
            "Nobody has been at this table for {count:g} second: {level} bots finish the game.",
            "Nobody has been at this table for {count:g} seconds: {level} bots finish the game.",
        ),
    },
)
"""Every notice of a table by message id."""


def notice(message_id: str, /, **params: Param) -> Message:
    """The notice ``message_id`` with its parameters; ``str()`` of it is the English sentence."""
    return NOTICES.message(message_id, params)
