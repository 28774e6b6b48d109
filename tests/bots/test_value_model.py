"""The learned evaluation: its features, its weights file (written, read, refused) and its use."""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path

import pytest

from petersburg.bots.evaluation import DEFAULT_WEIGHTS
from petersburg.bots.levels import definition
from petersburg.bots.market_outlook import position_worths
from petersburg.bots.value_model import (
    FEATURES,
    FORMAT,
    LAYOUT,
    SHIPPED,
    WEIGHTS_FILE,
    ValueModel,
    ValueModelError,
    ValueModels,
    game_features,
    load_value_models,
    model_key,
    models_from_json,
)
from petersburg.engine import GameOptions, apply_action, legal_actions, new_game
from petersburg.engine.state import GameState


def _played(players: int, steps: int, options: GameOptions | None = None) -> GameState:
    state = new_game(players, 7, options or GameOptions())
    for _ in range(steps):
        apply_action(state, legal_actions(state)[-1])
    return state


def _model(hidden: int = 2, bias: float = 0.5) -> ValueModel:
    width = len(FEATURES)
    return ValueModel(
        [1.0] * width,
        [2.0] * width,
        [[0.01 * (i + unit) for i in range(width)] for unit in range(hidden)],
        [0.1] * hidden,
        [1.5] * hidden,
        bias,
    )


def _document(models: dict[str, ValueModel], layout: str = LAYOUT) -> dict[str, object]:
    return {"format": FORMAT, "layout": layout, "models": {k: m.to_json() for k, m in models.items()}}


def test_features_of_every_seat_follow_the_layout() -> None:
    for options, players in ((GameOptions(), 4), (GameOptions(edition="second", market=True), 3)):
        state = _played(players, 25, options)
        rows = game_features(state)
        worths = position_worths(state, DEFAULT_WEIGHTS)
        assert len(rows) == players
        for seat, row in enumerate(rows):
            assert len(row) == len(FEATURES)
            assert row[FEATURES.index("worth")] == worths[seat]
            assert row[FEATURES.index("vp")] == state.players[seat].vp
            assert row[FEATURES.index("hand_cards")] == len(state.players[seat].hand)
            lead = row[FEATURES.index("worth_lead")]
            assert lead == pytest.approx(worths[seat] - max(w for i, w in enumerate(worths) if i != seat))
    assert model_key(_played(4, 0)) == "first-4"
    assert model_key(_played(3, 0, GameOptions(edition="second", market=True, market_board=8))) == "market-3"


def test_a_model_written_and_read_back_predicts_the_same() -> None:
    model = _model()
    features = [float(i) for i in range(len(FEATURES))]
    read = models_from_json(json.loads(json.dumps(_document({"first-2": model}))), "test")
    assert read.models["first-2"].correction(features) == pytest.approx(model.correction(features))
    x = [(f - 1.0) / 2.0 for f in features]
    expected = 0.5 + sum(
        1.5 * math.tanh(0.1 + sum(0.01 * (i + u) * x[i] for i in range(len(x)))) for u in range(2)
    )
    assert model.correction(features) == pytest.approx(expected)


def test_weights_of_another_feature_layout_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_document({"first-2": _model()}, layout="0123456789ab")))
    with pytest.raises(
        ValueModelError, match=f"feature layout 0123456789ab.*layout {LAYOUT}.*petersburg train"
    ):
        load_value_models(str(path))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "not a value model weights file"),
        (lambda d: d["models"]["first-2"].update(mean=[0.0]), "mean is not"),
        (lambda d: d["models"]["first-2"].update(scale=[0.0] * len(FEATURES)), "scale is not positive"),
        (lambda d: d["models"]["first-2"].update(hidden=[[1.0] * len(FEATURES)]), "hidden is not 2 rows"),
        (lambda d: d["models"]["first-2"]["output"].__setitem__(0, "x"), "non-number"),
    ],
)
def test_damaged_weights_are_refused_with_a_sentence(change: object, words: str) -> None:
    document = json.loads(json.dumps(_document({"first-2": _model()})))
    assert callable(change)
    change(document)
    with pytest.raises(ValueModelError, match=words):
        models_from_json(document, "test")


def test_missing_or_invalid_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueModelError, match="Cannot read"):
        load_value_models(str(tmp_path / "absent.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(ValueModelError, match="not valid JSON"):
        load_value_models(str(broken))


def test_the_worth_is_corrected_by_the_model_and_kept_without_one() -> None:
    state = _played(2, 30)
    worths = position_worths(state, DEFAULT_WEIGHTS)
    rows = game_features(state)
    models = ValueModels({"first-2": _model()}, "test")
    learned = models.worths(state)
    assert learned == pytest.approx([w + _model().correction(r) for w, r in zip(worths, rows, strict=True)])
    assert models.worths(state, share=0.0) == pytest.approx(worths)
    assert models.worths(_played(3, 30)) == position_worths(
        _played(3, 30), DEFAULT_WEIGHTS
    )  # no first-3 model


def test_the_shipped_weights_load_for_every_learned_setting() -> None:
    shipped = load_value_models(SHIPPED)
    for shape in ("first", "second", "market"):
        for players in (2, 3, 4):
            model = shipped.models[f"{shape}-{players}"]
            assert model.positions > 0 and model.games > 0


def test_a_search_with_retrained_weights_is_another_bot(tmp_path: Path) -> None:
    """``levels.definition`` records the weights file's digest: figures measured with one file are
    never counted as another's (a resumed measurement refuses them, the table shows them stale)."""
    shipped = json.loads(
        resources.files("petersburg.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    )
    same, retrained = tmp_path / "same.json", tmp_path / "retrained.json"
    same.write_text(json.dumps(shipped), encoding="utf-8")
    shipped["models"]["first-2"]["output_bias"] += 1.0
    retrained.write_text(json.dumps(shipped), encoding="utf-8")
    with_same = definition(f"ismcts:expert+value_model={same}", 2)
    assert with_same == definition(f"ismcts:expert+value_model={same}", 2), "the same file, the same bot"
    assert with_same != definition(f"ismcts:expert+value_model={retrained}", 2)
    assert with_same != definition("ismcts:expert", 2), "the learned evaluation is a setting of its own"
    assert load_value_models(str(same)).digest != load_value_models(str(retrained)).digest
