"""A reader's language: chosen by a link, the browser's cookie or ``Accept-Language``, an unknown
code read as English (never an error), and changed on an open socket, which is sent everything again
in the new language, the log worded anew from the game's events, without reconnecting."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from fastapi.testclient import TestClient

from petersburg.server.settings import Settings
from tests.server.helpers import error_of, is_update, recv_until, seated_game


def test_the_language_of_the_pages_words(client: TestClient) -> None:
    assert client.get("/api/words").json()["lang"] == "en"
    assert client.get("/api/words", headers={"accept-language": "ja-JP, en;q=0.5"}).json()["lang"] == "ja"
    assert client.get("/api/words?lang=de", headers={"accept-language": "ja"}).json()["lang"] == "de"
    client.cookies.set("pb_lang", "fr")
    assert client.get("/api/words").json()["lang"] == "fr"
    words = client.get("/api/words").json()
    assert [language["name"] for language in words["languages"]] == [
        "English",
        "Deutsch",
        "Français",
        "Italiano",
        "Español",
        "日本語",
    ]
    assert words["words"]["page.common.account"]
    # The cards come worded by /api/cards; a page takes only the goods' words of their catalogue.
    assert not any(i.startswith("card.") and not i.startswith("card.good_") for i in words["words"])


def test_a_refused_request_is_answered_in_the_readers_language(client: TestClient) -> None:
    """An HTTP refusal's sentence (a settings page's form shows it as it comes) reads in the
    language of the link, the cookie or ``Accept-Language``; in English without one."""
    assert client.get("/api/tables/999").json()["detail"] == "There is no table 999."
    assert client.get("/api/tables/999?lang=de").json()["detail"] == "Es gibt keinen Tisch 999."
    japanese = client.get("/api/tables/999", headers={"accept-language": "ja"})
    assert japanese.status_code == 404 and "999" in japanese.json()["detail"]
    assert "table" not in japanese.json()["detail"]
    client.cookies.set("pb_lang", "de")
    assert client.get("/api/tables/999").json()["detail"] == "Es gibt keinen Tisch 999."


def test_a_page_gets_the_shared_words_and_its_own(client: TestClient) -> None:
    every = client.get("/api/words").json()["words"]
    table = client.get("/api/words?page=table").json()["words"]
    assert any(i.startswith("page.help.") for i in every) and any(i.startswith("page.table.") for i in every)
    assert not any(i.startswith("page.help.") for i in table)
    assert {i for i in every if i.startswith(("page.table.", "page.common.", "bot.name_"))} <= set(table)
    assert client.get("/api/words?page=nonsense%00").json()["words"] == every  # unknown: every word


def test_words_a_page_needs_later_come_alone_when_it_asks(client: TestClient) -> None:
    """The final scores', the Market's, the seats', the analysis' and the keyboard overlay's words
    are not in a running table's first load; each group comes alone when the page needs it."""
    table = client.get("/api/words?page=table").json()["words"]
    for group in ("final", "market", "seats", "analysis", "keys", "mute", "leave", "replay"):
        alone = client.get(f"/api/words?page={group}").json()["words"]
        assert alone and all(i.startswith(f"page.{group}.") for i in alone), group
        assert not any(i.startswith(f"page.{group}.") for i in table), group


def test_the_words_are_answered_304_when_the_browser_has_them(client: TestClient) -> None:
    first = client.get("/api/words?page=table")
    etag = first.headers["etag"]
    assert "no-cache" in first.headers["cache-control"] and "Cookie" in first.headers["vary"]
    again = client.get("/api/words?page=table", headers={"if-none-match": etag})
    assert again.status_code == 304 and not again.content
    german = client.get("/api/words?page=table&lang=de", headers={"if-none-match": etag})
    assert german.status_code == 200 and german.json()["lang"] == "de" and german.headers["etag"] != etag


def test_an_unknown_language_reads_in_english_without_an_error(client: TestClient) -> None:
    for query in ("?lang=xx", "?lang=", "?lang=%00%FF", "?lang=qps", "?lang=" + "d" * 500):
        response = client.get("/api/words" + query)
        assert response.status_code == 200 and response.json()["lang"] == "en", query
    client.cookies.set("pb_lang", "klingon")
    assert client.get("/api/words").json()["lang"] == "en"
    assert client.get("/table/1?lang=xx").status_code == 200


def test_the_pseudo_language_only_where_the_server_offers_it(make_client: Callable[..., TestClient]) -> None:
    client = make_client(Settings(pseudo_language=True))
    words = client.get("/api/words?lang=qps").json()
    assert words["lang"] == "qps"
    assert all(form.startswith("⟦") for form in words["words"].values() if isinstance(form, str))
    pub = [card for card in client.get("/api/cards?lang=qps").json() if card["id"] == "pub"]
    assert pub and pub[0]["name"] == "⟦Püb⟧"


def test_changing_the_language_rewords_the_log_without_reconnecting(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Settings(pseudo_language=True))
    with ExitStack() as stack:
        _table, (ws,) = seated_game(client, stack, 1)
        started = recv_until(ws, lambda m: is_update(m) and bool(m.get("log")))
        assert not started["log"][0]["text"].startswith("⟦")
        ws.send_json({"type": "language", "lang": "qps"})
        reworded = recv_until(ws, lambda m: is_update(m) and m.get("log_from") == 0 and bool(m.get("log")))
        assert len(reworded["log"]) >= len(started["log"])
        assert all(entry["text"].startswith("⟦") for entry in reworded["log"])
        assert all(action["description"].startswith("⟦") for action in reworded["legal"])
        assert error_of(ws, {"type": "act", "token": "nope", "seq": 0, "action": 0}).startswith("⟦")
        ws.send_json({"type": "language", "lang": "xx"})
        english = recv_until(ws, lambda m: is_update(m) and m.get("log_from") == 0 and bool(m.get("log")))
        assert [entry["text"] for entry in english["log"]][: len(started["log"])] == [
            entry["text"] for entry in started["log"]
        ]
