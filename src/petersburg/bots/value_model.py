"""The learned evaluation: every seat's final score predicted from features of a position.

The hand-written worth (``market_outlook.position_worths``) is a good first guess of what a seat
will end with, but its figures were set by hand. The value model learns, from self-play positions
and their final scores (``petersburg.learning``), how much to correct it: for each seat it computes
``FEATURES`` (the worth itself, VP, rubles, what a round of scorings pays it, its aristocrats, its
hand, how much game is left, its lead, and with the Market its goods, majorities and crates),
normalises them, and adds a small network's output (one hidden layer of tanh units) to the worth.
A model untrained or unsure thus falls back on the hand-written worth rather than on nothing.

One model per game setting (``model_key``: the shape's name and the number of players), all in one
JSON file shipped in the package (``value_weights.json``, written by ``petersburg train``). The file
names the feature layout it was trained for (``LAYOUT``: a digest of the feature names); a file of
another layout is refused with a sentence, as its numbers would mean other things. Inference is plain
Python lists (compiled with the bots by mypyc): no numpy at run time.
"""

from __future__ import annotations

import hashlib
import json
import math
from importlib import resources
from pathlib import Path

from petersburg.bots.evaluation import DEFAULT_WEIGHTS, Weights, distinct_red, schedule
from petersburg.bots.market_outlook import position_worths
from petersburg.cards_second_edition import CRATE_OF_GOOD, NUM_GOODS
from petersburg.engine import (
    MAX_ARISTOCRAT_BONUS_CARDS,
    GameState,
    aristocrat_bonus,
    goods_counts,
    phase_income,
)

FORMAT = "petersburg-value-model"
FEATURES: tuple[str, ...] = (
    "worth",
    "vp",
    "rubles",
    "income_rubles",
    "income_vp",
    "distinct_aristocrats",
    "bonus_step",
    "hand_cards",
    "rounds_after",
    "phases_left",
    "last_round",
    "worth_lead",
    "vp_lead",
    "goods",
    "majorities",
    "crates",
)
"""The features of one seat, in the order a model reads them (see ``seat_features``)."""
LAYOUT = hashlib.sha256(",".join(FEATURES).encode()).hexdigest()[:12]
"""The feature layout's id: a weights file trained for another layout is refused."""
SHIPPED = "shipped"
"""``SearchConfig.value_model`` naming the weights file shipped in the package."""
WEIGHTS_FILE = "value_weights.json"


class ValueModelError(ValueError):
    """A weights file that cannot be used (missing, malformed, or of another feature layout)."""


def model_key(state: GameState) -> str:
    """Which model plays a game: the shape's name (``first``, ``second``, ``market``) and the
    players (``first-4``); the 8-card Market board borrows the Market's."""
    name = state.shape.name
    if name.startswith("market"):
        name = "market"
    return f"{name}-{state.num_players}"


def game_features(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> list[list[float]]:
    """``FEATURES`` of every seat (index = seat); the worth column is ``position_worths``."""
    return seat_features(state, position_worths(state, weights), weights)


def seat_features(state: GameState, worths: list[float], weights: Weights) -> list[list[float]]:
    """``FEATURES`` of every seat, given the seats' hand-written ``worths`` already computed."""
    sched = schedule(state, weights)
    seats = state.num_players
    income_rubles = [0.0] * seats
    income_vp = [0.0] * seats
    for phase in state.shape.phases:
        for income in phase_income(state, phase):
            income_rubles[income.seat] += income.rubles
            income_vp[income.seat] += income.vp
    market = state.shape.market
    goods = [goods_counts(state, seat) for seat in range(seats)] if market else []
    rows: list[list[float]] = []
    for seat in range(seats):
        player = state.players[seat]
        distinct = distinct_red(player, state.shape)
        step = 0
        if distinct < MAX_ARISTOCRAT_BONUS_CARDS:
            step = aristocrat_bonus(distinct + 1) - aristocrat_bonus(distinct)
        best_worth = -1e9
        best_vp = -1e9
        for other in range(seats):
            if other != seat:
                best_worth = max(best_worth, worths[other])
                best_vp = max(best_vp, float(state.players[other].vp))
        if seats == 1:
            best_worth = best_vp = 0.0
        held = 0.0
        majorities = 0.0
        crates = 0.0
        if market:
            mine = goods[seat]
            for good in range(NUM_GOODS):
                held += mine[good]
                top = max(goods[other][good] for other in range(seats))
                if mine[good] > 0 and mine[good] == top:
                    majorities += 1.0
                if player.area[CRATE_OF_GOOD[good]]:
                    crates += 1.0
        rows.append(
            [
                worths[seat],
                float(player.vp),
                float(player.rubles),
                income_rubles[seat],
                income_vp[seat],
                float(distinct),
                float(step),
                float(len(player.hand)),
                float(sched.rounds_after),
                float(sched.phases_left),
                1.0 if state.last_round else 0.0,
                worths[seat] - best_worth,
                float(player.vp) - best_vp,
                held,
                majorities,
                crates,
            ]
        )
    return rows


class ValueModel:
    """One setting's network: normalisation, one hidden tanh layer, a linear output.

    ``correction(features)`` is what it adds to the seat's hand-written worth.
    """

    __slots__ = ("games", "hidden", "hidden_bias", "mean", "output", "output_bias", "positions", "scale")

    def __init__(
        self,
        mean: list[float],
        scale: list[float],
        hidden: list[list[float]],
        hidden_bias: list[float],
        output: list[float],
        output_bias: float,
        positions: int = 0,
        games: int = 0,
    ) -> None:
        self.mean = mean
        self.scale = scale
        self.hidden = hidden
        self.hidden_bias = hidden_bias
        self.output = output
        self.output_bias = output_bias
        self.positions = positions
        self.games = games

    def correction(self, features: list[float]) -> float:
        """The network's output for one seat's features (VP to add to its worth)."""
        mean = self.mean
        scale = self.scale
        x = [(features[i] - mean[i]) / scale[i] for i in range(len(features))]
        total = self.output_bias
        output = self.output
        hidden_bias = self.hidden_bias
        for unit, row in enumerate(self.hidden):
            s = hidden_bias[unit]
            for i in range(len(x)):
                s += row[i] * x[i]
            total += output[unit] * math.tanh(s)
        return total

    def to_json(self) -> dict[str, object]:
        return {
            "mean": self.mean,
            "scale": self.scale,
            "hidden": self.hidden,
            "hidden_bias": self.hidden_bias,
            "output": self.output,
            "output_bias": self.output_bias,
            "positions": self.positions,
            "games": self.games,
        }


class ValueModels:
    """A weights file: one ``ValueModel`` per setting (``model_key``)."""

    __slots__ = ("digest", "models", "source")

    def __init__(self, models: dict[str, ValueModel], source: str, digest: str = "") -> None:
        self.models = models
        self.source = source
        self.digest = digest
        """A short digest of the file's text ("" when not read from a file): what a bot's
        definition records of its weights (``levels.definition``), so that figures measured
        with one file are not taken for another's."""

    def worths(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS, share: float = 1.0) -> list[float]:
        """Every seat's predicted final score: its hand-written worth plus ``share`` of the
        model's correction (the worth alone in a setting the file has no model for)."""
        worths = position_worths(state, weights)
        model = self.models.get(model_key(state))
        if model is None:
            return worths
        rows = seat_features(state, worths, weights)
        return [worths[seat] + share * model.correction(rows[seat]) for seat in range(len(worths))]


def _numbers(data: object, length: int, what: str, source: str) -> list[float]:
    if not isinstance(data, list) or len(data) != length:
        raise ValueModelError(
            f"The value model weights in {source} are damaged: {what} is not {length} numbers."
        )
    numbers: list[float] = []
    for item in data:
        if not isinstance(item, int | float) or isinstance(item, bool) or not math.isfinite(item):
            raise ValueModelError(
                f"The value model weights in {source} are damaged: {what} holds a non-number."
            )
        numbers.append(float(item))
    return numbers


def models_from_json(data: object, source: str) -> ValueModels:
    """The models of a weights file's JSON; ``ValueModelError`` with a sentence if unusable."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueModelError(f"{source} is not a value model weights file (format {FORMAT}).")
    layout = data.get("layout")
    if layout != LAYOUT:
        raise ValueModelError(
            f"The value model weights in {source} were trained for feature layout {layout}, but this "
            f"petersburg computes layout {LAYOUT}: train them again with petersburg train (docs/bots.md)."
        )
    models_data = data.get("models")
    if not isinstance(models_data, dict):
        raise ValueModelError(f"The value model weights in {source} are damaged: no models.")
    width = len(FEATURES)
    models: dict[str, ValueModel] = {}
    for key, entry in models_data.items():
        if not isinstance(entry, dict):
            raise ValueModelError(f"The value model weights in {source} are damaged: model {key}.")
        output = _numbers(entry.get("output"), len(entry.get("output") or []), f"{key} output", source)
        rows = entry.get("hidden")
        if not isinstance(rows, list) or len(rows) != len(output):
            raise ValueModelError(
                f"The value model weights in {source} are damaged: {key} hidden is not {len(output)} rows."
            )
        bias = entry.get("output_bias")
        if not isinstance(bias, int | float) or isinstance(bias, bool):
            raise ValueModelError(f"The value model weights in {source} are damaged: {key} output_bias.")
        scale = _numbers(entry.get("scale"), width, f"{key} scale", source)
        if any(s <= 0.0 for s in scale):
            raise ValueModelError(
                f"The value model weights in {source} are damaged: {key} scale is not positive."
            )
        positions = entry.get("positions", 0)
        games = entry.get("games", 0)
        models[str(key)] = ValueModel(
            _numbers(entry.get("mean"), width, f"{key} mean", source),
            scale,
            [_numbers(row, width, f"{key} hidden row", source) for row in rows],
            _numbers(entry.get("hidden_bias"), len(output), f"{key} hidden_bias", source),
            output,
            float(bias),
            positions if isinstance(positions, int) else 0,
            games if isinstance(games, int) else 0,
        )
    return ValueModels(models, source)


_LOADED: dict[str, ValueModels] = {}


def load_value_models(where: str = SHIPPED) -> ValueModels:
    """The models of a weights file (``SHIPPED``: the package's own), read once per process."""
    found = _LOADED.get(where)
    if found is not None:
        return found
    try:
        if where == SHIPPED:
            text = resources.files("petersburg.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
            source = f"the package's {WEIGHTS_FILE}"
        else:
            text = Path(where).read_text(encoding="utf-8")
            source = where
    except OSError as error:
        raise ValueModelError(f"Cannot read the value model weights {where}: {error.strerror}.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueModelError(f"{source} is not valid JSON ({error.msg}).") from None
    found = _LOADED[where] = models_from_json(data, source)
    found.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return found


__all__ = [
    "FEATURES",
    "LAYOUT",
    "SHIPPED",
    "ValueModel",
    "ValueModelError",
    "ValueModels",
    "game_features",
    "load_value_models",
    "model_key",
    "seat_features",
]
