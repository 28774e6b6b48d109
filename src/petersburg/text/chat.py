"""The chat's own words: the help that ``/help`` answers and the lobby and the rules page show.

The bot levels it lists are the caller's (``petersburg.bots.levels``): words know the engine, not the
bots, so the level ids come in as a parameter, weakest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from petersburg.text.wording import Catalogue, Message, Param

CHAT = Catalogue(
    "chat",
    {
        "help": (
            "Commands: /join [seat] takes a seat (in the lobby: /join <table number>), /leave gives it up "
            "(during a game a bot takes over), /bot <level> [seat] puts a bot in a free seat or changes a "
            "bot's level (the table's creator only; levels, weakest first: {levels}), /start starts the "
            "game when every seat is filled (the creator only), /help shows this."
        ),
    },
)
"""The chat's sentences by message id."""


def chat_text(message_id: str, /, **params: Param) -> Message:
    """The chat sentence ``message_id`` with its parameters (English by ``str()``)."""
    return CHAT.message(message_id, params)


def level_list(level_ids: Sequence[str]) -> str:
    """Bot levels as a person types them, in the order given (``random, greedy, easy``)."""
    return ", ".join(level_ids)


def help_text(level_ids: Sequence[str]) -> Message:
    """The chat commands in one paragraph, naming ``level_ids`` (weakest first)."""
    return chat_text("help", levels=level_list(level_ids))
