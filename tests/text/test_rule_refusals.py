"""The engine's refusals as reason ids: every reason the engine gives is a sentence of the ``rule``
catalogue with exactly its parameters, ``explain_illegal`` still answers the English, and a reason
is worded in a reader's language with its card named as that language's edition prints it."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from petersburg.engine import (
    NUM_ALL_ACTIONS,
    GameOptions,
    RefusedOptions,
    check_options,
    explain_illegal,
    legal_actions,
    new_game,
    why_illegal,
)
from petersburg.engine.reasons import ENGLISH, Reason
from petersburg.text.cards import card_name
from petersburg.text.rule_refusals import RULE_REFUSALS, rule_refusal
from petersburg.text.wording import placeholders

ENGINE = Path(__file__).resolve().parents[2] / "src" / "petersburg" / "engine"
REASON_CALLS = {"_reason": 2, "_refuse": 1}
"""The engine's helpers that make a ``Reason``, and the position of the reason id among their
arguments."""


def _reason_sites() -> list[tuple[str, str | None, frozenset[str] | None]]:
    sites: list[tuple[str, str | None, frozenset[str] | None]] = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            arity = REASON_CALLS.get(node.func.id)
            if arity is None or len(node.args) != arity:
                continue
            where = f"{path.name}:{node.lineno}"
            ids = [node.args[-1]]
            if isinstance(node.args[-1], ast.IfExp):
                ids = [node.args[-1].body, node.args[-1].orelse]
            params = frozenset(k.arg for k in node.keywords if k.arg is not None)
            for found in ids:
                literal = found.value if isinstance(found, ast.Constant) else None
                sites.append((where, literal if isinstance(literal, str) else None, params))
    return sites


SITES = _reason_sites()


def test_every_reason_the_engine_gives_is_a_sentence_with_exactly_its_parameters() -> None:
    assert len(SITES) > 40
    wrong = [
        f"{where}: {reason} {sorted(params or ())}"
        for where, reason, params in SITES
        if reason not in ENGLISH or params != placeholders(ENGLISH[reason])
    ]
    assert wrong == []
    assert sorted(set(ENGLISH) - {reason for _where, reason, _params in SITES}) == []
    assert RULE_REFUSALS.entries == ENGLISH


@pytest.mark.parametrize("options", [GameOptions(), GameOptions(edition="second", market=True)])
def test_explain_illegal_is_the_english_of_why_illegal(options: GameOptions) -> None:
    rng = random.Random(7)
    state = new_game(5 if options.market else 4, 3, options)
    seen: set[str] = set()
    for _ in range(60):
        if state.is_over:
            break
        legal = set(legal_actions(state))
        for action in range(NUM_ALL_ACTIONS):
            reason = why_illegal(state, action)
            assert (reason is None) == (action in legal)
            english = explain_illegal(state, action)
            assert english == ("" if reason is None else reason.text())
            if reason is not None:
                seen.add(reason.reason)
                assert str(rule_refusal(reason, state.shape)) == english
                assert "{" not in english
        from petersburg.engine import apply_action

        apply_action(state, rng.choice(sorted(legal)))
    assert len(seen) >= 8
    assert explain_illegal(state, "buy") == "There is no action number 'buy'."


def test_a_refusal_names_its_card_in_the_reader_language() -> None:
    state = new_game(2, 1)
    state.players[state.to_act].rubles = 0
    action = next(
        a for a in range(NUM_ALL_ACTIONS) if (r := why_illegal(state, a)) and r.reason == "too_expensive"
    )
    reason = why_illegal(state, action)
    assert reason is not None
    card = reason.params["card"]
    assert isinstance(card, int)
    pseudo = rule_refusal(reason, state.shape).in_language("qps")
    assert pseudo.startswith("⟦") and card_name(state.shape, card, "qps") in pseudo
    assert state.shape.card_name[card] in reason.text()
    assert rule_refusal(reason, state.shape).in_language("xx") == reason.text()  # unknown: English


def test_refused_options_carry_their_reason() -> None:
    with pytest.raises(RefusedOptions) as refused:
        check_options(GameOptions(), 5)
    assert refused.value.reason == Reason("five_need_market", {})
    assert str(refused.value) == ENGLISH["five_need_market"]
    assert isinstance(refused.value, ValueError)
    assert rule_refusal(refused.value.reason).in_language("qps").startswith("⟦5")
