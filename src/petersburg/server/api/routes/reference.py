"""What the software knows and a page or a client reads as it is: the rules' words, the cards' figures,
the bot levels, and the protocol's JSON Schema."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from petersburg.bots.levels import bot_levels
from petersburg.engine import PetersburgError, check_options, options_from_json, shape_of
from petersburg.engine.options import EDITION_FIRST
from petersburg.server.api.responses import json_response
from petersburg.server.errors import Refusal
from petersburg.server.game.chat import commands_help
from petersburg.server.protocol.http import CardInfo, RulesHelp
from petersburg.server.protocol.schema import protocol_schema
from petersburg.server.view.catalogue import all_edition_cards, card_catalogue
from petersburg.server.view.presenter import level_infos

router = APIRouter()


def rules_help() -> RulesHelp:
    """What the rules and help page shows that the software knows."""
    return {"editions": all_edition_cards(), "commands": commands_help(), "bot_levels": level_infos()}


@router.get("/api/rules", response_model=RulesHelp)
async def rules() -> Response:
    """The cards of each edition in words, the chat commands and the bot levels (``RulesHelp``)."""
    return json_response(rules_help())


@router.get("/api/cards", response_model=list[CardInfo])
async def cards(edition: str = EDITION_FIRST, market: str = "false") -> Response:
    """Every card kind of a game's edition with its printed figures (``CardInfo``):
    ``?edition=second`` for the 2nd edition's names and costs, ``&market=true`` for the
    Market's cards too."""
    try:
        options = options_from_json({"edition": edition, "market": market == "true"})
        check_options(options, 2)
    except (PetersburgError, ValueError) as error:
        raise Refusal("engine_refusal", reason=str(error)) from None
    catalogue: list[CardInfo] = card_catalogue(shape_of(options))
    return json_response(catalogue)


@router.get("/api/bots", response_model=list[str])
async def bots() -> Response:
    """The bot levels a seat can be given, weakest first."""
    return json_response([level.id for level in bot_levels()])


@router.get("/api/protocol", response_model=dict[str, object])
async def protocol() -> Response:
    """The JSON Schema of every request and message of the websockets and of this API."""
    return json_response(protocol_schema())
