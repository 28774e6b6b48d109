"""What the software knows and a page or a client reads as it is: the rules' words, the cards' figures,
the rule options a table may be given, the bot levels, and the protocol's JSON Schema."""

from __future__ import annotations

import hashlib
from functools import cache

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import TypeAdapter

from petersburg.bots.levels import bot_levels
from petersburg.engine import (
    PetersburgError,
    RefusedOptions,
    check_options,
    option_choices,
    options_from_json,
    shape_of,
)
from petersburg.engine.options import EDITION_FIRST
from petersburg.server.accounts.accounts import SESSION_COOKIE
from petersburg.server.api.deps import AccountsDep, SettingsDep
from petersburg.server.api.identity import reader_language
from petersburg.server.api.responses import json_response
from petersburg.server.errors import Refusal
from petersburg.server.game.chat import commands_help
from petersburg.server.protocol.http import CardInfo, OptionChoices, PageWords, RulesHelp
from petersburg.server.protocol.schema import protocol_schema
from petersburg.server.view.catalogue import all_edition_cards, card_catalogue
from petersburg.server.view.presenter import level_infos
from petersburg.text.catalogues import page_forms
from petersburg.text.languages import LANGUAGES, SOURCE, language_name
from petersburg.text.rule_refusals import rule_refusal

router = APIRouter()


@cache
def rules_help(language: str = SOURCE) -> RulesHelp:
    """What the rules and help page shows that the software knows, in ``language``."""
    return {
        "editions": all_edition_cards(language),
        "commands": commands_help(language),
        "bot_levels": level_infos(language),
    }


@router.get("/api/rules", response_model=RulesHelp)
async def rules(request: Request, settings: SettingsDep) -> Response:
    """The cards of each edition in words, the chat commands and the bot levels (``RulesHelp``),
    in the reader's language."""
    return json_response(rules_help(reader_language(request, settings.pseudo_language)))


PAGE_CATALOGUES = ("page", "bot", "card")
"""The catalogues a page words itself from (the cards themselves come worded by the server; a page
takes only the goods' words of the cards' catalogue, ``card.good_``)."""


PAGE_NAMES = frozenset(("lobby", "table", "results", "help", "leaderboard", "profile", "account", "settings"))
"""The pages' ``data-words`` names."""
SHARED_PAGE_WORDS = ("page.common.", "page.chat.", "page.language", "bot.name_")
"""The words every page may need (top bar, chat, picker, bot levels' names: their sentences come with
the lists of levels the server sends); the rest go to their own page."""
PAGE_GROUPS: dict[str, tuple[str, ...]] = {
    "table": ("page.table.", "page.card.", "card.good_"),
    "results": ("page.results.", "page.final.", "page.analysis."),
    "profile": ("page.profile.", "page.analysis."),
}
"""The words of a page beyond its own ``page.<page>.`` ones: those of the scripts it shares with
another (the cards' words on the table and the replay; the final scores' and the analysis' on the
results page, the analysis' on the profile)."""
LATER_GROUPS = frozenset(("final", "analysis", "keys", "seats", "market", "mute", "leave", "replay"))
"""Groups of words a page loads alone when it needs them (``i18n.needs``): the final scores at a
game's end, the analysis with a hint or a replay's marks, the keyboard overlay when it opens, a
table's seats and options before its game starts (and its invitation), the Market's goods and
decisions in a game with the Market, the per-game mute of a signed-in player, leaving a game, a replay's
steps. A running game's table page
does not carry them on its first load."""


@cache
def page_words(language: str, page: str = "") -> PageWords:
    """Every sentence a page words itself, in ``language``: a plain sentence as text, one with counts
    as its form per CLDR plural category, which the page picks with ``Intl.PluralRules``. With
    ``page`` (its ``data-words``, e.g. "table"), only the shared words and that page's own: the help
    page's rules need not travel with every table."""
    if page in LATER_GROUPS:
        own: tuple[str, ...] = (f"page.{page}.",)
    elif page.isidentifier():
        own = (*SHARED_PAGE_WORDS, *PAGE_GROUPS.get(page, (f"page.{page}.",)))
    else:
        own = ()
    words: dict[str, str | dict[str, str]] = {}
    for full_id, forms in page_forms(language, PAGE_CATALOGUES).items():
        if full_id.startswith(own or ("page.", "bot.", "card.good_")):
            words[full_id] = forms if isinstance(forms, str) else dict(forms)
    return {
        "lang": language,
        "languages": [{"code": code, "name": language_name(code)} for code in LANGUAGES],
        "words": words,
    }


@router.get("/api/words", response_model=PageWords)
async def words(request: Request, settings: SettingsDep, accounts: AccountsDep, page: str = "") -> Response:
    """The words of the pages in the reader's language (``?lang=``, the ``pb_lang`` cookie, the
    signed-in account's choice, else ``Accept-Language``; unknown codes read in English), and the
    languages a reader may choose; ``?page=`` keeps the shared words and that page's own (no page, or
    an unknown one: every word)."""
    account = await accounts.session(request.cookies.get(SESSION_COOKIE))
    remembered = account.language if account is not None else None
    known = page if page in PAGE_NAMES | LATER_GROUPS else ""
    body, etag = page_words_body(reader_language(request, settings.pseudo_language, remembered), known)
    # The words change only with a new version of the software: a browser asks again on each visit
    # (the language may have changed with a cookie or an account) and is answered 304 when its copy
    # is still right, so a second visit does not carry them again.
    headers = {"ETag": etag, "Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Language"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@cache
def page_words_body(language: str, page: str) -> tuple[bytes, str]:
    """``page_words`` as the bytes that go out, and their ETag (a hash of them)."""
    body = orjson.dumps(page_words(language, page))
    return body, f'"{hashlib.sha256(body).hexdigest()[:20]}"'


@router.get("/api/cards", response_model=list[CardInfo])
async def cards(
    request: Request, settings: SettingsDep, edition: str = EDITION_FIRST, market: str = "false"
) -> Response:
    """Every card kind of a game's edition with its printed figures (``CardInfo``):
    ``?edition=second`` for the 2nd edition's names and costs, ``&market=true`` for the
    Market's cards too; names and sentences in the reader's language."""
    try:
        options = options_from_json({"edition": edition, "market": market == "true"})
        check_options(options, 2)
    except RefusedOptions as refused:
        raise Refusal(rule_refusal(refused.reason)) from None
    except (PetersburgError, ValueError) as error:
        raise Refusal("engine_refusal", reason=str(error)) from None
    catalogue: list[CardInfo] = card_catalogue(
        shape_of(options), reader_language(request, settings.pseudo_language)
    )
    return json_response(catalogue)


@cache
def rule_options() -> OptionChoices:
    """The engine's ``option_choices()`` as the protocol declares it, checked once (strictly, no
    field left undeclared), so that the page is written against the figures it is sent."""
    return TypeAdapter(OptionChoices).validate_python(option_choices(), strict=True)


@router.get("/api/options", response_model=OptionChoices)
async def options() -> Response:
    """The rule options a new table may be given and which go together (``OptionChoices``): the
    lobby's form offers what this allows, and creating a table checks the same in the engine."""
    return json_response(rule_options())


@router.get("/api/bots", response_model=list[str])
async def bots() -> Response:
    """The bot levels a seat can be given: the measured ladder weakest first, then the rest."""
    return json_response([level.id for level in bot_levels()])


@router.get("/api/protocol", response_model=dict[str, object])
async def protocol() -> Response:
    """The JSON Schema of every request and message of the websockets and of this API."""
    return json_response(protocol_schema())
