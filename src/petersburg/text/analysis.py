"""Every sentence of hints and game analysis, by message id: the reasons given for a move, the
marks, the turning points of a game, and the lines of ``petersburg analyse``.

A reason is spoken to the player who may make the move and has no subject ("buys income: ..."),
so a page can put it after the move's own words. Its figures (rubles, VP, scorings left, a chance)
come from the engine's events and the evaluation's parts as parameters: the words never restate
a rule. ``analysis_text("reason_income", rubles=3, count=4)`` words one.
"""

from __future__ import annotations

from petersburg.engine.shape import GameShape
from petersburg.text.cards import CARD_WORDS, card_message
from petersburg.text.languages import SOURCE
from petersburg.text.narration import NARRATION
from petersburg.text.wording import Catalogue, Message, Param, Plural, stored_form

ANALYSIS = Catalogue(
    "analysis",
    {
        # Why a move: one sentence each ----------------------------------------------------------
        "reason_income": Plural(
            "buys income: {rubles} ₽ at the {count} scoring likely left",
            "buys income: {rubles} ₽ at each of the {count} scorings likely left",
        ),
        "reason_points": Plural(
            "scores {vp} VP at the {count} scoring likely left",
            "scores {vp} VP at each of the {count} scorings likely left",
        ),
        "reason_aristocrat": "adds a different aristocrat: {bonus} VP more of the final bonus",
        "reason_denial": "denies {name} the {card}, worth about {worth} VP to them",
        "reason_ability": "{card}'s ability is worth about {worth} VP to you from here",
        "reason_displace": "replaces your {displaced} with something worth {worth} VP more",
        "reason_take": "keeps {card} in hand to play later ({penalty} VP if it is still there at the end)",
        "reason_keep": "keeps {rubles} ₽ for the phases to come",
        "reason_keep_pub": "keeps {rubles} ₽ instead of buying VP at the Pub",
        "reason_pub": "turns {rubles} ₽ into {vp} VP at the Pub",
        "reason_observe": "draws the top card of the {stack} stack with the Observatory",
        "reason_discard": "lets the drawn card go rather than pay for it",
        "reason_market": "settles the goods the way the search rates best",
        "seat_name": "Seat {seat}",
        # Marks by the drop in the chance of winning ---------------------------------------------
        "mark_inaccuracy": "Inaccuracy",
        "mark_mistake": "Mistake",
        "mark_blunder": "Blunder",
        # The turning points of a game -----------------------------------------------------------
        "turning_point": (
            "Round {round}, {phase} phase: {player} {moves}; "
            "{player}'s {measure} went from {before} to {after}."
        ),
        "measure_chance": "chance of winning",
        "measure_score": "expected score",
        "percent": "{percent} %",
        "points": "{vp} VP",
        "no_move": "made no move",
        "better_move": "Better: {move} ({value}).",
        # petersburg analyse ---------------------------------------------------------------------
        "cli_header": "Analysis of a {players}-player game ({decisions} decisions judged).",
        "cli_decision": (
            "Move {step}, round {round}, {phase} phase, {name}: {move} ({after}); "
            "best {best} ({before}); loss {loss} VP."
        ),
        "cli_mark": "{mark}.",
        "cli_average": (
            "{name}: average loss {loss} VP per move over {count} decisions; "
            "{blunders} blunders, {mistakes} mistakes, {inaccuracies} inaccuracies."
        ),
        "cli_turning_points": "Turning points:",
        "cli_hint": "{rank}. {move} ({value}): {reason}.",
        "cli_hint_header": "What the strongest bot would do here:",
        "chance": "{percent} % to win",
        "expected": "{vp} VP expected",
    },
)


PERCENT = 100
"""A chance of 1 written as a percentage."""


def analysis_text(message_id: str, /, **params: Param) -> Message:
    """The sentence ``message_id`` of hints and analysis, worded with ``params``."""
    return ANALYSIS.message(message_id, params)


def phase_param(phase: str) -> str:
    """A phase by its name (``worker``, ``PHASE_NAMES``) as a sentence's parameter: kept as its
    message id (``narration.phase_worker``), so that each reader's sentence names the phase in that
    reader's language (``wording.shown_params``), not in English."""
    return stored_form(NARRATION.message(f"phase_{phase}", {}))


def card_param(shape: GameShape, kind: int) -> str:
    """A card kind's name as printed in ``shape``'s edition, as a sentence's parameter, kept as its
    message id (``card.name_pub``) like ``phase_param``: a hint's reason names the card in each
    reader's language."""
    return stored_form(card_message(shape, kind))


def stack_param(stack: str) -> str:
    """A draw stack by its name (``workers``, ``GameShape.stack_names``) as a sentence's parameter,
    kept as its message id (``card.stack_workers``) like ``phase_param``."""
    return stored_form(CARD_WORDS.message(f"stack_{stack}", {}))


def value_text(value: float, solo: bool, language: str = SOURCE) -> str:
    """A move's estimate as people read it: a chance of winning, or, solo, the expected score."""
    if solo:
        return analysis_text("expected", vp=round(value, 1)).in_language(language)
    return analysis_text("chance", percent=round(PERCENT * value)).in_language(language)


def measure_param(solo: bool) -> str:
    """What a curve measures (the chance of winning, or, solo, the expected score), stored, so
    that the sentence it is a parameter of words it in the reader's language."""
    return stored_form(analysis_text("measure_score") if solo else analysis_text("measure_chance"))


def amount_param(value: float, solo: bool) -> str:
    """A point of the curve, stored as ``measure_param``: a chance (0..1) as a percentage, or,
    solo, VP (the number is formatted the reader's way where it is worded)."""
    return stored_form(
        analysis_text("points", vp=round(value))
        if solo
        else analysis_text("percent", percent=round(PERCENT * value))
    )


def mark_param(mark: str) -> str:
    """The word of a mark (``inaccuracy``, ``mistake``, ``blunder``), stored as ``measure_param``."""
    words = {
        "inaccuracy": analysis_text("mark_inaccuracy"),
        "mistake": analysis_text("mark_mistake"),
        "blunder": analysis_text("mark_blunder"),
    }
    return stored_form(words[mark])
