"""Typed errors of the engine: each carries a sentence a player understands."""

from __future__ import annotations


class PetersburgError(ValueError):
    """Base class of every error the engine raises for bad input."""


class IllegalActionError(PetersburgError):
    """An action that is well formed but not allowed in this state; the state is unchanged."""


class ActionParseError(PetersburgError):
    """Action text (or an action id) that does not name any action."""


class StateFormatError(PetersburgError):
    """A serialised state or record that is malformed or inconsistent."""
