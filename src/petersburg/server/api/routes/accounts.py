"""The account API: sign up, sign in, sign out, the signed-in account. Translation only: what is
refused is raised and answered ``{"detail": "<a sentence>"}`` with its status by ``api.handlers``.

The session cookie is set here: HttpOnly (scripts cannot read it), SameSite=Lax (other sites'
forms do not carry it), signed by ``Accounts``; ``Secure`` when the server is told it is served
over HTTPS (``Settings.secure_cookies``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from petersburg.server.accounts.accounts import SESSION_AGE, SESSION_COOKIE, Account, Accounts
from petersburg.server.api.deps import AccountsDep, AddressDep, SettingsDep
from petersburg.server.api.identity import guest_slot
from petersburg.server.api.responses import json_response
from petersburg.server.protocol.http import AccountInfo
from petersburg.server.protocol.parsing import parse_account_body
from petersburg.server.settings import Settings

router = APIRouter()


def signed_in(account: Account, accounts: Accounts, settings: Settings, status: int = 200) -> Response:
    """The account's ``AccountInfo``, with the cookie of its new session."""
    response = json_response(account.info(), status)
    response.set_cookie(
        SESSION_COOKIE,
        accounts.cookie_for(account),
        max_age=SESSION_AGE,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


@router.post("/api/account/signup", status_code=201, response_model=AccountInfo)
async def sign_up(request: Request, accounts: AccountsDep, settings: SettingsDep) -> Response:
    """Create an account (``AccountBody``) and sign in; the seats of the guest identity the
    request's cookie carries (``identity.py``) become its."""
    body = parse_account_body(await request.body())
    account = await accounts.sign_up(body["name"], body["password"], guest_slot(request).uid)
    return signed_in(account, accounts, settings, 201)


@router.post("/api/account/signin", response_model=AccountInfo)
async def sign_in(
    request: Request, address: AddressDep, accounts: AccountsDep, settings: SettingsDep
) -> Response:
    body = parse_account_body(await request.body())
    account = await accounts.sign_in(body["name"], body["password"], address)
    return signed_in(account, accounts, settings)


@router.post("/api/account/signout", response_model=dict[str, object])
async def sign_out(settings: SettingsDep) -> Response:
    response = json_response({})
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax", secure=settings.secure_cookies)
    return response


@router.get("/api/account", response_model=AccountInfo | None)
async def me(request: Request, accounts: AccountsDep) -> Response:
    """The signed-in account (``AccountInfo``), or null for a guest."""
    account = await accounts.session(request.cookies.get(SESSION_COOKIE))
    return json_response(account.info() if account is not None else None)
