"""A turn alert's words are made in its account's language when it is sent: the lines of what
happened since the player's last move are stored worded in every language (``stored_texts``), and
the alert, its plain JSON webhook's facts included, carries the reader's lines only."""

from __future__ import annotations

from petersburg.engine import Event, new_game
from petersburg.server.alerts.channels import webhook_body
from petersburg.server.alerts.outbox import word
from petersburg.server.persistence.alerts import QueuedAlert
from petersburg.text.alerts import alert_text
from petersburg.text.narration import describe_event
from petersburg.text.wording import stored_texts

LINK = "https://example.org/table/7"


def turn_alert(changes: list[str]) -> QueuedAlert:
    return QueuedAlert(1, 1, 7, "webhook", "turn", {"name": "Duel", "link": LINK, "changes": changes}, 0)


def test_the_lines_since_the_last_move_read_in_the_accounts_language() -> None:
    sink: list[Event] = []
    state = new_game(2, 4, sink=sink)
    event, names = sink[-1], ["Anna", "Bea"]
    line = stored_texts(
        {code: describe_event(event, names, state.shape, 1, True, code) for code in ("en", "de")}
    )
    german = word(turn_alert([line]), "https://example.org", "de")
    said = describe_event(event, names, state.shape, 1, True, "de")
    assert f"- {said}" in german.body.splitlines()
    assert alert_text("turn_changes").in_language("de") in german.body
    assert german.facts["changes"] == [said]
    assert "\x1e" not in str(webhook_body("json", german))  # no stored form reaches a receiver
    english = word(turn_alert([line]), "https://example.org", "ja")  # no Japanese stored: English
    assert english.facts["changes"] == [describe_event(event, names, state.shape, 1, True)]


def test_an_alert_queued_with_plain_lines_reads_as_it_was_queued() -> None:
    worded = word(turn_alert(["Anna bought Market."]), "https://example.org", "de")
    assert "- Anna bought Market." in worded.body.splitlines()
