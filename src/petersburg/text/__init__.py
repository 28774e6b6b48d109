"""Every word a person reads: the narration of events and moves, card texts, the figures shown beside
the log, and the sentences of refusals.

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
    legal_action_infos,
)

__all__ = [
    "ActionInfo",
    "describe_action",
    "describe_event",
    "describe_events",
    "describe_move",
    "legal_action_infos",
]
