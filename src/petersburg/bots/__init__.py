"""Bots: each decides from its seat's view (``petersburg.engine.View``), never from the full state.

``make_bot("greedy", seed)`` builds a bot from a spec string; ``bot_specs()`` lists known specs:
``random``, ``greedy``, ``ismcts`` (= ``ismcts:medium``), ``ismcts:easy``, ``ismcts:medium``,
``ismcts:hard``. ``register_bot(spec, factory)`` adds your own (see docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable

from petersburg.bots.base import Bot, decision_rng
from petersburg.bots.greedy import GreedyBot
from petersburg.bots.ismcts import LEVELS, IsmctsBot, SearchConfig
from petersburg.bots.random_bot import RandomBot

BotFactory = Callable[[int], Bot]


def _ismcts_factory(level: str) -> BotFactory:
    """A factory for the named ISMCTS level (the bot's name is its spec)."""
    config = LEVELS[level]
    name = f"ismcts:{level}"

    def factory(seed: int) -> Bot:
        return IsmctsBot(seed, config, name=name)

    return factory


_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": _ismcts_factory("medium"),
}
for _level in LEVELS:
    _FACTORIES[f"ismcts:{_level}"] = _ismcts_factory(_level)


def register_bot(spec: str, factory: BotFactory) -> None:
    """Make ``make_bot(spec, seed)`` build bots with ``factory(seed)``."""
    _FACTORIES[spec.strip().lower()] = factory


def bot_specs() -> list[str]:
    """The bot specs ``make_bot`` knows, sorted."""
    return sorted(_FACTORIES)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from a spec such as ``"greedy"`` or ``"ismcts:hard"``; ValueError names the known specs."""
    factory = _FACTORIES.get(spec.strip().lower())
    if factory is None:
        raise ValueError(f"Unknown bot '{spec}'. Known bots: {', '.join(bot_specs())}.")
    return factory(seed)


__all__ = [
    "Bot",
    "BotFactory",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "SearchConfig",
    "bot_specs",
    "decision_rng",
    "make_bot",
    "register_bot",
]
