"""The players as a resource: one account's profile (its games and rating history) and the leaderboard."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from petersburg.server.api.deps import AccountsDep
from petersburg.server.api.responses import json_response
from petersburg.server.protocol.http import LeaderboardResponse, ProfileResponse

router = APIRouter()


@router.get("/api/profile/{name}", response_model=ProfileResponse)
async def profile(name: str, accounts: AccountsDep) -> Response:
    """An account's profile; 404 if there is no such account."""
    return json_response(await accounts.profile(name))


@router.get("/api/leaderboard", response_model=LeaderboardResponse)
async def leaderboard(accounts: AccountsDep) -> Response:
    """Rated accounts, best first, and the bots' reference ratings."""
    return json_response(await accounts.leaderboard())
