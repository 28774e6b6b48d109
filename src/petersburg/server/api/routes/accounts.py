"""The account API: sign up, sign in, sign out (here or everywhere), the password, the sessions,
the signed-in account. Translation only: what is refused is raised and answered
``{"detail": "<a sentence>"}`` with its status by ``api.handlers``.

The session cookie is set here: it holds only the session's random id (``Accounts`` keeps the
session as a row), with the flags every cookie of the server has (``api.security.set_cookie``:
HttpOnly, SameSite, Secure behind HTTPS). Cross-site and non-JSON posts never reach these routes
(``api.security.EdgeSecurity``).
It lasts as long as a session does without use (``Settings.session_lifetime``), and ``GET
/api/account`` sets it again, so a browser keeps it as long as the server keeps the session.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from petersburg.server.accounts.accounts import SESSION_COOKIE, Account, Accounts
from petersburg.server.api.deps import AccountsDep, AddressDep, SettingsDep
from petersburg.server.api.identity import guest_slot
from petersburg.server.api.responses import json_response
from petersburg.server.api.security import clear_cookie, set_cookie
from petersburg.server.protocol.http import AccountInfo, SessionInfo
from petersburg.server.protocol.parsing import (
    parse_account_body,
    parse_language_body,
    parse_password_change_body,
)
from petersburg.server.settings import Settings
from petersburg.text.languages import choose, known

router = APIRouter()


def with_session_cookie(response: Response, session_id: str, settings: Settings) -> Response:
    set_cookie(response, settings, SESSION_COOKIE, session_id, round(settings.session_lifetime))
    return response


def without_session_cookie(response: Response, settings: Settings) -> Response:
    clear_cookie(response, settings, SESSION_COOKIE)
    return response


async def signed_in(
    account: Account, request: Request, accounts: Accounts, settings: Settings, status: int = 200
) -> Response:
    """The account's ``AccountInfo``, with the cookie of its new session."""
    session_id = await accounts.start_session(account, request.headers.get("user-agent", ""))
    return with_session_cookie(json_response(account.info(), status), session_id, settings)


@router.post("/api/account/signup", status_code=201, response_model=AccountInfo)
async def sign_up(
    request: Request, address: AddressDep, accounts: AccountsDep, settings: SettingsDep
) -> Response:
    """Create an account (``AccountBody``) and sign in; the seats of the guest identity the
    request's cookie carries (``identity.py``) become its."""
    body = parse_account_body(await request.body())
    account = await accounts.sign_up(body["name"], body["password"], guest_slot(request).uid, address)
    return await signed_in(account, request, accounts, settings, 201)


@router.post("/api/account/signin", response_model=AccountInfo)
async def sign_in(
    request: Request, address: AddressDep, accounts: AccountsDep, settings: SettingsDep
) -> Response:
    body = parse_account_body(await request.body())
    account = await accounts.sign_in(body["name"], body["password"], address)
    return await signed_in(account, request, accounts, settings)


@router.post("/api/account/signout", response_model=dict[str, object])
async def sign_out(request: Request, accounts: AccountsDep, settings: SettingsDep) -> Response:
    """End this browser's session (its cookie, even copied, signs nobody in any more)."""
    await accounts.sign_out(request.cookies.get(SESSION_COOKIE))
    return without_session_cookie(json_response({}), settings)


@router.post("/api/account/signout-everywhere", response_model=dict[str, object])
async def sign_out_everywhere(request: Request, accounts: AccountsDep, settings: SettingsDep) -> Response:
    """End every session of the signed-in account, on every browser, this one included."""
    await accounts.sign_out_everywhere(request.cookies.get(SESSION_COOKIE))
    return without_session_cookie(json_response({}), settings)


@router.post("/api/account/password", response_model=dict[str, object])
async def change_password(request: Request, address: AddressDep, accounts: AccountsDep) -> Response:
    """Replace the password (``PasswordChangeBody``, the current one required); every other
    session of the account ends, this one goes on."""
    body = parse_password_change_body(await request.body())
    cookie = request.cookies.get(SESSION_COOKIE)
    await accounts.change_password(cookie, body["password"], body["new_password"], address)
    return json_response({})


@router.post("/api/account/language", response_model=dict[str, str])
async def choose_language(request: Request, accounts: AccountsDep) -> Response:
    """Remember the language a signed-in person chose in a page's picker (``LanguageBody``; the
    browser's own ``pb_lang`` cookie is the picker's): the account's pages, sockets and alerts read
    in it. Answers ``{"lang": code}``, ``en`` for a code that is not one of ours (then nothing is
    stored); 401 for a guest."""
    body = parse_language_body(await request.body())
    account = await accounts.required(request.cookies.get(SESSION_COOKIE))
    code = known(body["lang"])
    if code is not None:
        await accounts.set_language(account.id, code)
    return json_response({"lang": choose([code])})


@router.get("/api/account/sessions", response_model=list[SessionInfo])
async def sessions(request: Request, accounts: AccountsDep) -> Response:
    """The signed-in account's sessions (``SessionInfo``), most recently used first."""
    return json_response(await accounts.sessions(request.cookies.get(SESSION_COOKIE)))


@router.get("/api/account", response_model=AccountInfo | None)
async def me(request: Request, accounts: AccountsDep, settings: SettingsDep) -> Response:
    """The signed-in account (``AccountInfo``), or null for a guest; the session's cookie is set
    again with its full lifetime, as the session's end has moved on."""
    cookie = request.cookies.get(SESSION_COOKIE)
    account = await accounts.session(cookie)
    if account is None or cookie is None:
        return json_response(None)
    return with_session_cookie(json_response(account.info()), cookie, settings)
