"""Bots: each decides from its seat's view (``petersburg.engine.View``), never from the full state.

``make_bot("greedy", seed)`` builds a bot from a spec string; ``bot_specs()`` lists known specs:
``random``, ``beginner``, ``greedy``, ``ismcts`` (= ``ismcts:medium``), ``ismcts:easy``,
``ismcts:medium``, ``ismcts:hard``, ``ismcts:expert``, ``ismcts:master``; a level with some of its
search settings changed, for research, is ``ismcts:expert+horizon=8+iterations=1600``
(``search_variant``). ``register_bot(spec, factory)`` adds your own (see docs/bots.md);
``import_bot_module(name)`` imports a module or ``.py`` file that does, which is how the tournament
and the web server (``--import``) bring such bots into every process that plays them.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import math
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from petersburg.bots.base import Bot, decision_rng
from petersburg.bots.beginner import BeginnerBot
from petersburg.bots.evaluation import Weights
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
    "beginner": BeginnerBot,
    "greedy": GreedyBot,
    "ismcts": _ismcts_factory("medium"),
}
for _level in LEVELS:
    _FACTORIES[f"ismcts:{_level}"] = _ismcts_factory(_level)


def register_bot(spec: str, factory: BotFactory) -> None:
    """Make ``make_bot(spec, seed)`` build bots with ``factory(seed)``."""
    _FACTORIES[spec.strip().lower()] = factory


_IMPORTED_FILES: set[Path] = set()
"""The ``.py`` files ``import_bot_module`` has run in this process (a dotted module is imported once
by Python itself)."""


def import_bot_module(name: str) -> None:
    """Import a module (dotted name or ``.py`` path) that registers bots with ``register_bot``, once
    per process; ValueError with a sentence if it cannot be found or imported. A process started
    afresh (a worker that plays the bots) must import it again: registrations live in the process."""
    if name.endswith(".py"):
        path = Path(name).resolve()
        if path in _IMPORTED_FILES:
            return
        if not path.is_file():
            raise ValueError(f"Bot module file {name} does not exist.")
        module_spec = importlib.util.spec_from_file_location(f"_petersburg_user_{path.stem}", path)
        if module_spec is None or module_spec.loader is None:
            raise ValueError(f"Cannot load bot module {name}.")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[module_spec.name] = module
        module_spec.loader.exec_module(module)
        _IMPORTED_FILES.add(path)
        return
    try:
        importlib.import_module(name)
    except ImportError as error:
        raise ValueError(f"Cannot import bot module {name}: {error}.") from None


def import_bot_modules(names: Iterable[str]) -> None:
    """``import_bot_module`` of each name, in order."""
    for name in names:
        import_bot_module(name)


def bot_specs() -> list[str]:
    """The bot specs ``make_bot`` knows, sorted."""
    return sorted(_FACTORIES)


VARIANT_SEPARATOR = "+"
"""Joins a level and its changed settings in a spec (not a comma: tournaments list bots with commas)."""


def _flag(text: str) -> bool:
    return {"true": True, "1": True, "false": False, "0": False}[text.lower()]


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def _share(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise ValueError(text)
    return value


def _optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: None if text.lower() == "none" else parse(text)


VARIANT_SETTINGS: dict[str, Callable[[str], Any]] = {
    "iterations": _positive,
    "seconds": _optional(float),
    "width": _positive,
    "horizon": _positive,
    "depth": _positive,
    "exploration": float,
    "lite": _flag,
    "deny": _flag,
    "epsilon": float,
    "scale": float,
    "centred": _flag,
    "value_model": _optional(str),
    "value_share": float,
    "take_guard": _flag,
    "last_round_guard": _flag,
    "last_phase_plays": _flag,
    "certain_liabilities": _flag,
    "tree_lite": _flag,
    "searched_replies": _share,
    "final_wins": _share,
}
"""The ``SearchConfig`` settings a variant may change, and how each is read from its text (a
test checks they are the config's fields)."""
WEIGHTS_PREFIX = "weights."
"""A variant's setting ``weights.<name>=<number>`` changes one of the evaluation's figures
(``Weights``, the config's ``weights``: its playouts' greedy policy, its candidates, and its cut-off
unless the level sets ``eval_weights`` apart), e.g. ``ismcts:master+weights.deny=0.6``."""
WEIGHT_NAMES = tuple(field.name for field in dataclasses.fields(Weights))
"""The names of the evaluation's figures (``Weights``' fields)."""


def changed_weights(weights: Weights, changes: Iterable[tuple[str, str]]) -> Weights:
    """``weights`` with each named figure set to its number, read from text: the one reader of
    the figure changes people type, in search variants (``weights.<name>=<number>``) and in
    benchmarks/greedy_weights.py. ValueError with a sentence naming a wrong name or number."""
    figures: dict[str, float] = {}
    for name, text in changes:
        if name not in WEIGHT_NAMES:
            raise ValueError(f"'{name}' is not one of the evaluation's figures: {', '.join(WEIGHT_NAMES)}.")
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise ValueError(f"'{text}' is not a finite number for the figure {name}.")
        figures[name] = value
    return dataclasses.replace(weights, **figures)


def search_variant(spec: str) -> SearchConfig:
    """The search of ``ismcts:<level>+<setting>=<value>+…``: the level's ``SearchConfig`` with
    those settings changed, so that a variant is tried from the command line (a tournament, the
    evaluation protocol) without registering it. ValueError names what is wrong."""
    base, *changes = spec.strip().split(VARIANT_SEPARATOR)
    base = base.lower()
    level = base.removeprefix("ismcts:")
    if not base.startswith("ismcts:") or level not in LEVELS:
        raise ValueError(
            f"A search variant starts with an ISMCTS level (ismcts:{'|'.join(LEVELS)}), not '{base}'."
        )
    values: dict[str, Any] = {}
    figures: list[tuple[str, str]] = []
    for change in changes:
        name, equals, text = change.partition("=")
        name = name.lower()
        weight = name.removeprefix(WEIGHTS_PREFIX) if name.startswith(WEIGHTS_PREFIX) else None
        if not equals or (name not in VARIANT_SETTINGS and weight not in WEIGHT_NAMES):
            raise ValueError(
                f"'{change}' in '{spec}' is not setting=value with a setting among:"
                f" {', '.join(VARIANT_SETTINGS)}, or {WEIGHTS_PREFIX}<name> with a name among:"
                f" {', '.join(WEIGHT_NAMES)}."
            )
        if weight is not None:
            figures.append((weight, text))
            continue
        try:
            values[name] = VARIANT_SETTINGS[name](text)
        except (ValueError, KeyError):
            raise ValueError(f"'{text}' is not a value for the search setting {name} in '{spec}'.") from None
    config = LEVELS[level]
    if figures:
        try:
            values["weights"] = changed_weights(config.weights, figures)
        except ValueError as error:
            raise ValueError(f"{error} ('{spec}')") from None
    # A setting changed is changed at every table: a table's own value of it gives way (so that
    # ismcts:medium+iterations=5 plays 5 in the duels where Medium's own is 10); a figure changed
    # is changed in every table's weights too, those of tables with weights of their own included.
    tables = tuple(
        dataclasses.replace(
            table,
            changes=tuple(
                (name, changed_weights(value, figures) if figures and name == "weights" else value)
                for name, value in table.changes
                if name == "weights" or name not in values
            ),
        )
        for table in config.tables
    )
    return dataclasses.replace(config, **values, tables=tables)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from a spec such as ``"greedy"``, ``"ismcts:hard"`` or a search variant
    (``search_variant``); ValueError names the known specs."""
    key = spec.strip().lower()
    factory = _FACTORIES.get(key)
    if factory is not None:
        return factory(seed)
    if VARIANT_SEPARATOR in key and key.startswith("ismcts:"):
        return IsmctsBot(seed, search_variant(spec), name=spec.strip())
    raise ValueError(f"Unknown bot '{spec}'. Known bots: {', '.join(bot_specs())}.")


__all__ = [
    "BeginnerBot",
    "Bot",
    "BotFactory",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "SearchConfig",
    "bot_specs",
    "changed_weights",
    "decision_rng",
    "import_bot_module",
    "import_bot_modules",
    "make_bot",
    "register_bot",
    "search_variant",
]
