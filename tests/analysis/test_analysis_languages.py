"""An analysis is stored once and read in every language: ``analysis_in_language`` makes its words
again from the record, and in English gives exactly what ``analyse_game`` stored; in another
language every move, turning point and name is that language's (the pseudo-language shows that no
part of a sentence, the phase or the measure inside it included, stays in English)."""

from __future__ import annotations

import re

import pytest

from petersburg.analysis import Budget, analyse_game, analysis_in_language, hint
from petersburg.analysis.game import AnalysisJson
from petersburg.analysis.reasons import reason
from petersburg.bots import make_bot
from petersburg.engine import GameOptions, GameRecord, apply_action, new_game, view
from petersburg.engine.options import EDITION_SECOND
from petersburg.text.analysis import analysis_text
from petersburg.text.languages import LANGUAGES, PSEUDO, SOURCE
from petersburg.text.narration import describe_action
from tests.analysis.test_game import PUB_SEED, greedy_game

NAMES = ("Anna", "Boris")


@pytest.fixture(scope="module")
def stored() -> tuple[GameRecord, AnalysisJson]:
    record = greedy_game(2, PUB_SEED, {})
    return record, analyse_game(record, [0, 1], Budget(determinizations=2)).to_json()


def outside_brackets(text: str) -> str:
    """What of a pseudo-language text is not inside ``⟦…⟧``, the players' names taken out."""
    depth, out = 0, []
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            out.append(char)
    rest = "".join(out)
    for name in NAMES:
        rest = rest.replace(name, " ")
    return rest


def test_read_in_english_a_stored_analysis_is_the_one_stored(stored: tuple[GameRecord, AnalysisJson]) -> None:
    record, data = stored
    assert analysis_in_language(data, record, SOURCE) == data


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != SOURCE])
def test_every_word_of_an_analysis_is_the_readers(
    stored: tuple[GameRecord, AnalysisJson], language: str
) -> None:
    record, data = stored
    worded = analysis_in_language(data, record, language)
    assert [point["step"] for point in worded["turning_points"]] == [
        p["step"] for p in data["turning_points"]
    ]
    measure = analysis_text("measure_chance").in_language(language)
    for point, english in zip(worded["turning_points"], data["turning_points"], strict=True):
        assert measure in point["text"] and NAMES[point["player"]] in point["text"]
        assert point["text"] != english["text"]
    state = new_game(record.num_players, record.seed, record.options)
    decisions = {d["step"]: d for d in worded["decisions"]}
    for step, action in enumerate(record.actions):
        if step in decisions:
            seen = view(state, decisions[step]["seat"]).state
            assert decisions[step]["played_text"] == describe_action(seen, action, language)
            assert decisions[step]["best_text"] == describe_action(seen, decisions[step]["best"], language)
        apply_action(state, action)
    # The figures are those stored.
    assert [d["after"] for d in worded["decisions"]] == [d["after"] for d in data["decisions"]]
    assert worded["curve"] == data["curve"]


def test_in_the_pseudo_language_no_part_of_an_analysis_sentence_is_left_in_english(
    stored: tuple[GameRecord, AnalysisJson],
) -> None:
    record, data = stored
    worded = analysis_in_language(data, record, PSEUDO)
    pairs = [
        (p["text"], e["text"]) for p, e in zip(worded["turning_points"], data["turning_points"], strict=True)
    ]
    for key in ("played_text", "best_text"):
        pairs += [(p[key], e[key]) for p, e in zip(worded["decisions"], data["decisions"], strict=True)]
    for pseudo_text, english in pairs:
        assert outside_brackets(pseudo_text).strip(" ,.;:%0123456789") == "", pseudo_text
        # Every English word is accented: a phase or a measure worded in English inside a
        # wrapped sentence would still show its English letters.
        english_words = set(re.findall(r"[A-Za-z]{3,}", english)) - set(NAMES)
        assert english_words.isdisjoint(re.findall(r"[A-Za-z]{3,}", pseudo_text)), pseudo_text


def test_a_hint_is_worded_in_the_language_asked_for() -> None:
    state = new_game(2, 11)
    seen = view(state, state.current_player)
    english = hint(seen, Budget(determinizations=2), list(NAMES))
    japanese = hint(seen, Budget(determinizations=2), list(NAMES), language="ja")
    assert [m.action for m in japanese.moves] == [m.action for m in english.moves]
    for move, data in zip(japanese.moves, japanese.to_json()["moves"], strict=True):
        assert data["move"] == describe_action(seen.state, move.action, "ja")
        assert data["reason"] == move.reason.in_language("ja") != str(move.reason)
        assert data["reason_id"] == move.reason.message_id


def test_every_reason_names_its_cards_and_stacks_in_the_readers_language() -> None:
    """Every legal move's reason along two greedy games (1st edition, and the 2nd with the Market),
    worded in the pseudo-language: no English word is left in it, a card's name included."""
    checked = 0
    for options in (GameOptions(), GameOptions(edition=EDITION_SECOND, market=True)):
        state = new_game(3, 5, options)
        bots = [make_bot("greedy", seat) for seat in range(3)]
        while not state.is_over and state.round <= 2:
            seen = view(state, state.current_player)
            for action in seen.legal_actions():
                why = reason(seen, action, [*NAMES, "Carla"])
                english_words = set(re.findall(r"[A-Za-z]{3,}", str(why))) - {*NAMES, "Carla"}
                pseudo_words = re.findall(r"[A-Za-z]{3,}", why.in_language(PSEUDO))
                assert english_words.isdisjoint(pseudo_words), why.in_language(PSEUDO)
                checked += 1
            apply_action(state, bots[state.current_player].choose(seen))
    assert checked > 100
