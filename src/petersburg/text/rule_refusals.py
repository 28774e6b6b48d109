"""The engine's refusals in words: why an action is not legal now, why a game cannot be set up.

The engine refuses with a ``Reason`` (``petersburg.engine.reasons``): a reason id and its named
parameters, card kinds among them. Its English sentences are the source of this catalogue (written
once, in the engine, so the engine alone still explains itself in English); here each reason is worded
in a reader's language, with the card named as that language's edition prints it, the phase, the
stack and the game's title in that language's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from petersburg.engine.reasons import CARD_PARAMS, ENGLISH, Reason
from petersburg.engine.shape import GameShape
from petersburg.text.cards import card_name, stack_word
from petersburg.text.narration import NARRATION
from petersburg.text.wording import Catalogue, Message, Param, word

RULE_REFUSALS = Catalogue("rule", ENGLISH)
"""Every reason the engine refuses with, by reason id (``rule.too_expensive``)."""


def _title(shape: GameShape, language: str) -> str:
    key = "title_first" if shape.edition != "second" else "title_market" if shape.market else "title_second"
    return NARRATION.message(key, {}).in_language(language)


def reason_params(reason: Reason, shape: GameShape | None, language: str) -> dict[str, Param]:
    """``reason``'s parameters as ``language`` names them: card kinds by the names printed in that
    language's edition, the phase, the stack and the game's title in its words."""
    params: dict[str, Param] = dict(reason.english_params())
    for key, value in reason.params.items():
        if key in CARD_PARAMS and shape is not None and isinstance(value, int):
            params[key] = card_name(shape, value, language)
        elif key == "phase":
            params[key] = NARRATION.message(f"phase_{value}", {}).in_language(language)
        elif key == "stack" and shape is not None and value in shape.stack_names:
            params[key] = stack_word(shape, shape.stack_names.index(str(value)), language)
        elif key == "edition" and shape is not None:
            params[key] = _title(shape, language)
    return params


@dataclass(frozen=True, slots=True)
class RuleRefusal(Message):
    """A refusal of the engine as a catalogue's message: worded in English like any other, and in a
    reader's language with its cards, phase, stack and title named in that language."""

    reason: Reason
    shape: GameShape | None

    def in_language(self, language: str) -> str:
        return word(self.full_id, reason_params(self.reason, self.shape, language), language) or self.text


def rule_refusal(reason: Reason, shape: GameShape | None = None) -> RuleRefusal:
    """The message of the engine's ``reason`` in the game ``shape`` (None for a game's set-up)."""
    english = RULE_REFUSALS.message(reason.reason, reason.english_params())
    return RuleRefusal(english.catalogue, english.message_id, english.params, english.text, reason, shape)
