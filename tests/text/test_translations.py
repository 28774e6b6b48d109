"""The gettext files of the translations agree with the catalogues: every message id is in every
language's file, ``locale/en.po`` is the catalogues' English as it is now, no translation asks for
other parameters than its English sentence, and a language or a translation that is not there reads
in English rather than failing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from petersburg.engine import GameOptions, apply_with_events, legal_actions, new_game
from petersburg.engine.events import Event
from petersburg.text import catalogues
from petersburg.text.bots import level_name, level_param
from petersburg.text.cards import card_text
from petersburg.text.languages import LANGUAGES, PSEUDO, SOURCE, choose, plural_categories
from petersburg.text.narration import describe_event, describe_move, legal_action_infos
from petersburg.text.notices import notice
from petersburg.text.refusals import refusal
from petersburg.text.translations import po_path, pseudo
from petersburg.text.wording import STORED_MARKER, from_stored, stored_texts


def _ids(language: str) -> set[str]:
    with po_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    return {str(m.id[0] if isinstance(m.id, (list, tuple)) else m.id) for m in catalog if m.id}


def test_every_message_id_is_in_every_language_file() -> None:
    expected = {full_id for full_id, _entry in catalogues.messages()}
    assert len(expected) > 400
    for language in LANGUAGES:
        assert _ids(language) == expected, f"{language}.po: run python -m petersburg.text.catalogues update"


def test_the_english_file_is_the_catalogues_as_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = po_path(SOURCE).read_bytes()
    monkeypatch.setattr("petersburg.text.translations.LOCALE_DIR", tmp_path)
    catalogues.write_language(SOURCE)
    assert (tmp_path / "en.po").read_bytes() == written, "run python -m petersburg.text.catalogues update"


def test_no_translation_asks_for_other_parameters() -> None:
    wrong = [
        line for language in LANGUAGES for line in catalogues.problems(language) if "placeholders" in line
    ]
    assert wrong == []


def test_no_message_is_missing_or_empty_in_any_language() -> None:
    missing = [line for language in LANGUAGES for line in catalogues.problems(language)]
    assert missing == [], f"{len(missing)} translations missing, first: {missing[:5]}"


def test_plural_forms_follow_cldr() -> None:
    assert plural_categories("en") == ("one", "other")
    assert plural_categories("fr") == ("one", "many", "other")
    assert plural_categories("ja") == ("other",)


def test_an_unknown_language_reads_in_english() -> None:
    assert choose(["xx", None, ""], "zz;q=0.9, tlh") == "en"
    assert choose([None], "fr-CH, de;q=0.8") == "fr"
    assert choose(["DE_at"], "ja") == "de"
    assert choose([PSEUDO]) == "en"
    assert choose([PSEUDO], pseudo=True) == PSEUDO
    assert refusal("seat_taken", seat=2).in_language("xx") == "Seat 2 is taken."


def test_the_pseudo_language_wraps_and_accents_and_keeps_placeholders() -> None:
    assert pseudo("Seat {seat} is taken.") == "⟦Šéåt {seat} îš tåkéñ.⟧"
    assert notice("idle_hours", count=2, level="Easy").in_language(PSEUDO).startswith("⟦Ñöbödý håš")
    assert "2" in notice("idle_hours", count=2, level="Easy").in_language(PSEUDO)


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_a_whole_game_is_worded_in_every_language(language: str) -> None:
    """Every event, move caption, legal action and card text of a Market game words itself in each
    language (CLDR's lists, plural categories and the translations' forms) without an error."""
    rng = random.Random(3)
    events: list[Event] = []
    state = new_game(4, 3, GameOptions(edition="second", market=True), sink=events)
    names = ["Ana", "Ben", "Cleo", "Dan"]
    worded = 0
    while True:
        for event in events:
            for seat in (None, 0):
                assert describe_event(event, names, state.shape, seat, seat is not None, language)
            describe_move(event, state.shape, 0, language)
            worded += 1
        if state.is_over:
            break
        assert all(info.description for info in legal_action_infos(state, language))
        events = apply_with_events(state, rng.choice(legal_actions(state)))
    assert worded > 100
    assert all(card_text(state.shape, kind, language) for kind in state.shape.kinds)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_handover_notice_names_the_level_as_the_menus_do(language: str) -> None:
    """The bot that plays on for a person who left is named by its level's own message, so the
    notice says what the lobby and the seat menus call it, in every language."""
    leaves = notice("leaves_to_bot", name="Ana", seat=1, level=level_param("easy"))
    idle = notice("idle_days", count=2, level=level_param("easy"))
    for sentence in (leaves, idle):
        assert level_name("easy", language) in sentence.in_language(language)


def test_a_line_stored_in_every_language_reads_in_the_readers() -> None:
    line = stored_texts({"en": "Ana bought Market.", "de": "Ana kauft Markt."})
    assert from_stored(line, "de") == "Ana kauft Markt."
    assert from_stored(line) == from_stored(line, "ja") == "Ana bought Market."  # no Japanese: English
    assert from_stored(STORED_MARKER + '{"texts": 3}', "de") == '{"texts": 3}'  # damaged: as stored
