"""Every word a person reads: the narration of events and moves, card texts, the bot levels, and the
sentences of refusals, of table notices and of the chat's help (``refusals``, ``notices``, ``chat``:
whole sentences by message id with named parameters, ``wording``).

The engine decides and reports what happened as data (events, refusal reasons with their figures);
this package words it for people. Nothing here restates a rule: every figure it names is read from the
engine's constants, card tables and events, so a rule changed in the engine is worded anew here.
"""

from petersburg.text.narration import (
    ActionInfo,
    describe_action,
    describe_event,
    describe_events,
    describe_move,
    describe_played_for,
    legal_action_infos,
)

__all__ = [
    "ActionInfo",
    "describe_action",
    "describe_event",
    "describe_events",
    "describe_move",
    "describe_played_for",
    "legal_action_infos",
]
