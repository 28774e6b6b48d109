"""Training the value model of each setting with numpy, deterministic from a seed.

The model (``bots.value_model.ValueModel``) adds a correction to the hand-written worth; it is fit
to the residual ``final score - worth`` of the self-play positions so that every seat's margin over
the other seats comes out right (mean squared error of the margin over their mean, with a tenth of
the score's own error: ``SCORE_SHARE``), with Adam on mini-batches of whole positions whose order
comes from the seed. The features are standardised with the
training positions' mean and spread, which the weights file keeps. A tenth of the games (chosen by
the seed) is held out: the report gives the error of the worth alone and of the model on them, so
that a model that does not help is seen before it is shipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from petersburg.bots.value_model import FEATURES, FORMAT, LAYOUT, ValueModel, models_from_json
from petersburg.learning.selfplay import read_setting

HIDDEN = 12
"""Hidden tanh units: a small network, cheap enough for a search's cut-off."""
BATCH_POSITIONS = 128
"""Positions per mini-batch (each with all its seats: the loss compares them)."""
SCORE_SHARE = 0.1
"""Weight of the final score's own error beside the margin's in the loss. The search compares
seats (its reward is a seat's margin over the best other), so the margin is what the model must
get right; a fit to the score alone spent itself on the shift every seat shares and barely moved
the margin (docs/bots.md, the learned evaluation). A little of the score's error keeps the output
anchored to the seat's score, which the margin alone leaves free to drift by a common shift."""
DIGITS = 6
"""Significant digits kept of each weight in the file (a file a person can diff)."""


def _rounded(values: Any) -> Any:
    return [float(f"{value:.{DIGITS}g}") for value in np.asarray(values, dtype=np.float64).ravel()]


def fit(
    features: list[list[float]],
    targets: list[float],
    games: list[int],
    seed: int,
    epochs: int,
    seats: int,
    hidden: int = HIDDEN,
) -> tuple[ValueModel, dict[str, float]]:
    """The model of one setting and its held-out errors: RMSE in VP of the final score and of the
    final margin over the best other seat, by the worth alone and by the model (the positions'
    rows come ``seats`` at a time, one per seat, as self-play writes them)."""
    rng = np.random.default_rng(seed)
    x_all = np.asarray(features, dtype=np.float64)
    y_all = np.asarray(targets, dtype=np.float64) - x_all[:, 0]
    game_ids = np.asarray(games)
    distinct = np.unique(game_ids)
    held = set(rng.choice(distinct, size=max(1, len(distinct) // 10), replace=False).tolist())
    held_mask = np.array([g in held for g in game_ids]) if len(distinct) > 1 else np.zeros(len(games), bool)
    x, y = x_all[~held_mask], y_all[~held_mask]
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    target_scale = float(y.std()) or 1.0
    z = ((x - mean) / scale).reshape(-1, seats, x.shape[1])  # positions, seats, features
    t = (y / target_scale).reshape(-1, seats)
    width = z.shape[2]
    w1 = rng.normal(0.0, 1.0 / np.sqrt(width), size=(hidden, width))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), size=hidden)
    b2 = np.array(0.0)
    params = [w1, b1, w2, b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    rate, beta1, beta2, decay = 3e-3, 0.9, 0.999, 1e-4
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(z))
        for start in range(0, len(z), BATCH_POSITIONS):
            rows = order[start : start + BATCH_POSITIONS]
            zb, tb = z[rows], t[rows]
            h = np.tanh(zb @ w1.T + b1)  # positions, seats, hidden
            out = h @ w2 + b2  # positions, seats
            size = out.size
            margin_error = _over_others(out) - _over_others(tb)
            g_margin = 2.0 * margin_error / size
            # d/d out_k of sum_j g_j (out_j - mean of the others of j) = g_k - mean of the others' g
            g_out = _over_others(g_margin) + SCORE_SHARE * 2.0 * (out - tb) / size
            g_w2 = np.einsum("ps,psh->h", g_out, h) + decay * w2
            g_b2 = np.array(g_out.sum())
            g_h = g_out[..., None] * w2 * (1.0 - h * h)
            g_w1 = np.einsum("psh,psf->hf", g_h, zb) + decay * w1
            g_b1 = g_h.sum(axis=(0, 1))
            step += 1
            for i, grad in enumerate((g_w1, g_b1, g_w2, g_b2)):
                moments[i] = beta1 * moments[i] + (1 - beta1) * grad
                squares[i] = beta2 * squares[i] + (1 - beta2) * grad * grad
                corrected = moments[i] / (1 - beta1**step)
                params[i] -= rate * corrected / (np.sqrt(squares[i] / (1 - beta2**step)) + 1e-8)
    model = ValueModel(
        _rounded(mean),
        _rounded(scale),
        [_rounded(row) for row in w1],
        _rounded(b1),
        _rounded(w2 * target_scale),
        float(f"{float(b2) * target_scale:.{DIGITS}g}"),
        positions=len(z),
        games=len(distinct),
    )
    report = {"positions": float(len(x_all)), "games": float(len(distinct))}
    if held_mask.any():
        x_held, y_held = x_all[held_mask], y_all[held_mask]
        hidden_out = np.tanh(
            ((x_held - model.mean) / np.asarray(model.scale)) @ np.asarray(model.hidden).T + model.hidden_bias
        )
        predicted = hidden_out @ np.asarray(model.output) + model.output_bias
        report["held_out_rmse_worth"] = float(np.sqrt(np.mean(y_held**2)))
        report["held_out_rmse_model"] = float(np.sqrt(np.mean((y_held - predicted) ** 2)))
        final = (y_held + x_held[:, 0]).reshape(-1, seats)
        worth = x_held[:, 0].reshape(-1, seats)
        report["held_out_margin_rmse_worth"] = _margin_rmse(worth, final)
        report["held_out_margin_rmse_model"] = _margin_rmse(worth + predicted.reshape(-1, seats), final)
    return model, report


def _over_others(values: Any) -> Any:
    """Each seat's value less the mean of the other seats' (rows: positions, columns: seats): the
    margin the training fits, a smooth stand-in for the margin over the best other seat, which it
    equals at 2 players."""
    seats = values.shape[1]
    return values - (values.sum(axis=1, keepdims=True) - values) / (seats - 1)


def _margin_rmse(predicted: Any, final: Any) -> float:
    """RMSE of every seat's margin over the best other seat (rows: positions, columns: seats)."""
    if predicted.shape[1] < 2:
        return float("nan")

    def margins(values: Any) -> Any:
        others = np.stack(
            [np.delete(values, seat, axis=1).max(axis=1) for seat in range(values.shape[1])], axis=1
        )
        return values - others

    return float(np.sqrt(np.mean((margins(predicted) - margins(final)) ** 2)))


def train(
    data: Path, settings: list[str], seed: int, epochs: int, weights: Path, command: str
) -> dict[str, dict[str, float]]:
    """Fit every setting's model from the shards in ``data`` and write the weights file."""
    models: dict[str, object] = {}
    reports: dict[str, dict[str, float]] = {}
    for setting in settings:
        features, targets, games = read_setting(data, setting)
        if not features:
            raise ValueError(f"{data / setting} holds no self-play positions: generate them first.")
        if len(features[0]) != len(FEATURES):
            raise ValueError(
                f"The positions in {data / setting} have {len(features[0])} features, not {len(FEATURES)}:"
                " they were generated for another feature layout; generate them again."
            )
        seats = int(setting.rsplit("-", 1)[1])
        model, reports[setting] = fit(features, targets, games, seed, epochs, seats)
        models[setting] = model.to_json()
    document = {
        "format": FORMAT,
        "layout": LAYOUT,
        "features": list(FEATURES),
        "seed": seed,
        "command": command,
        "models": models,
    }
    models_from_json(document, str(weights))  # what is written must load
    weights.parent.mkdir(parents=True, exist_ok=True)
    weights.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return reports
