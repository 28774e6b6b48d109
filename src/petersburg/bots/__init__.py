"""Bots: each decides from its seat's view (``petersburg.engine.View``), never from the full state.

``make_bot("random", seed)`` builds a bot from a spec string; ``BOT_SPECS`` lists known specs.
"""

from __future__ import annotations

from collections.abc import Callable

from petersburg.bots.base import Bot, decision_rng
from petersburg.bots.random_bot import RandomBot

BotFactory = Callable[[int], Bot]

_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
}


def register_bot(spec: str, factory: BotFactory) -> None:
    """Make ``make_bot(spec, seed)`` build bots with ``factory(seed)``."""
    _FACTORIES[spec] = factory


def bot_specs() -> list[str]:
    """The bot specs ``make_bot`` knows, sorted."""
    return sorted(_FACTORIES)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from a spec such as ``"random"``; ValueError names the known specs."""
    factory = _FACTORIES.get(spec.strip().lower())
    if factory is None:
        raise ValueError(f"Unknown bot '{spec}'. Known bots: {', '.join(bot_specs())}.")
    return factory(seed)


__all__ = ["Bot", "BotFactory", "RandomBot", "bot_specs", "decision_rng", "make_bot", "register_bot"]
