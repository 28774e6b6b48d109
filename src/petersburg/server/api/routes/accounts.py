"""The account pages and API: sign up, sign in, sign out, the signed-in account, profiles, the
leaderboard. Translation only: every refusal is ``{"detail": "<a sentence>"}`` with its status.

The session cookie is set here: HttpOnly (scripts cannot read it), SameSite=Lax (other sites'
forms do not carry it), signed by ``Accounts``; ``Secure`` when the server is told it is served
over HTTPS (``ServerConfig.secure_cookies``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from petersburg.server.accounts.accounts import SESSION_AGE, SESSION_COOKIE, Account
from petersburg.server.api.routes.http import json_response, refused, web_dir
from petersburg.server.errors import Refusal
from petersburg.server.protocol.parsing import BadRequest, parse_account_body

if TYPE_CHECKING:
    from petersburg.server.app import Server


def account_router(server: Server) -> APIRouter:
    router = APIRouter()
    static = web_dir()
    no_cache = {"Cache-Control": "no-cache"}
    accounts = server.accounts

    def signed_in(account: Account, status: int = 200) -> Response:
        response = json_response(account.info(), status)
        response.set_cookie(
            SESSION_COOKIE,
            accounts.cookie_for(account),
            max_age=SESSION_AGE,
            httponly=True,
            samesite="lax",
            secure=server.config.secure_cookies,
        )
        return response

    @router.get("/signin", include_in_schema=False)
    async def signin_page() -> FileResponse:
        return FileResponse(static / "account.html", headers=no_cache)

    @router.get("/profile/{name}", include_in_schema=False)
    async def profile_page(name: str) -> FileResponse:
        return FileResponse(static / "profile.html", headers=no_cache)

    @router.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> FileResponse:
        return FileResponse(static / "leaderboard.html", headers=no_cache)

    @router.post("/api/account/signup")
    async def sign_up(request: Request) -> Response:
        """Create an account (``AccountBody``) and sign in; the browser's guest seats become its."""
        try:
            body = parse_account_body(await request.body())
            account = await accounts.sign_up(body["name"], body["password"], body.get("uid"))
        except (BadRequest, Refusal) as error:
            return refused(str(error), error.status if isinstance(error, Refusal) else 400)
        return signed_in(account, 201)

    @router.post("/api/account/signin")
    async def sign_in(request: Request) -> Response:
        try:
            body = parse_account_body(await request.body())
            address = request.client.host if request.client is not None else "unknown"
            account = await accounts.sign_in(body["name"], body["password"], address)
        except (BadRequest, Refusal) as error:
            return refused(str(error), error.status if isinstance(error, Refusal) else 400)
        return signed_in(account)

    @router.post("/api/account/signout")
    async def sign_out() -> Response:
        response = json_response({})
        response.delete_cookie(
            SESSION_COOKIE, httponly=True, samesite="lax", secure=server.config.secure_cookies
        )
        return response

    @router.get("/api/account")
    async def me(request: Request) -> Response:
        """The signed-in account (``AccountInfo``), or null for a guest."""
        account = await accounts.session(request.cookies.get(SESSION_COOKIE))
        return json_response(account.info() if account is not None else None)

    @router.get("/api/profile/{name}")
    async def profile(name: str) -> Response:
        try:
            return json_response(await accounts.profile(name))
        except Refusal as refusal:
            return refused(str(refusal), refusal.status)

    @router.get("/api/leaderboard")
    async def leaderboard() -> Response:
        return json_response(await accounts.leaderboard())

    return router
