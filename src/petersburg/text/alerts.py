"""Every word of an alert that reaches a player away from the page: e-mail subjects and bodies,
push notifications and webhook messages, by message id.

The server queues an alert with its facts (the table's name, its link, what happened since the
player's last move) and words it when it is sent, with ``alert_text``; a translation replaces each
whole sentence here.
"""

from __future__ import annotations

from petersburg.text.wording import Catalogue, Message, Param, Plural

ALERTS = Catalogue(
    "alert",
    {
        # A turn ---------------------------------------------------------------------------------
        "turn_title": "Your turn at {table}",
        "turn_body": "It is your turn at {table}.",
        "turn_changes": "Since your last move:",
        "turn_link": "Play your turn: {link}",
        "turn_webhook": "{player}, it is your turn at {table}: {link}",
        "turn_webhook_title": "Your turn, {player}",
        # A move deadline ------------------------------------------------------------------------
        "reminder_title": "Half your time is gone at {table}",
        "reminder_body": Plural(
            "Half of your time for this move at {table} is gone: {count} hour is left.",
            "Half of your time for this move at {table} is gone: {count} hours are left.",
        ),
        "bot_moved_title": "A bot played your turn at {table}",
        "bot_moved_body": Plural(
            "Your time for the move at {table} ran out, so {bot} played it for you. If {count} more turn "
            "in a row runs out, {bot} takes your seat for good.",
            "Your time for the move at {table} ran out, so {bot} played it for you. If {count} more turns "
            "in a row run out, {bot} takes your seat for good.",
        ),
        "handed_title": "A bot took your seat at {table}",
        "handed_body": Plural(
            "You let {count} turn in a row run out at {table}: {bot} plays your seat to the end of the "
            "game, and the result counts as yours.",
            "You let {count} turns in a row run out at {table}: {bot} plays your seat to the end of "
            "the game, and the result counts as yours.",
        ),
        "unsubscribe": (
            "You get this e-mail because you asked for turn alerts. Stop them in one click: {link}"
        ),
        # The account's address and password --------------------------------------------------------
        "confirm_subject": "Confirm your e-mail address for Sankt Petersburg",
        "confirm_body": (
            "Someone (we hope you) gave this address to the Sankt Petersburg account {name}. Open this "
            "link to confirm it; it works for {hours} hours:\n\n{link}\n\nIf it was not you, do nothing: "
            "the address stays unconfirmed and gets no more e-mail."
        ),
        "reset_subject": "Choose a new password for Sankt Petersburg",
        "reset_body": (
            "Someone (we hope you) asked for a new password for the Sankt Petersburg account {name}. "
            "Open this link to choose one; it works once, for {minutes} minutes:\n\n{link}\n\nIf it "
            "was not you, do nothing: your password stays as it is."
        ),
        # A test of a channel ------------------------------------------------------------------------
        "test_title": "Sankt Petersburg: a test alert",
        "test_body": "This is the test you asked for: alerts of your turns will arrive here.",
    },
)
"""Every sentence of an alert by message id."""


def alert_text(message_id: str, /, **params: Param) -> Message:
    """The alert sentence ``message_id`` with its parameters; ``str()`` of it is the English."""
    return ALERTS.message(message_id, params)
