"""The API of e-mail addresses, password resets and turn alerts (the settings page's), and the
files that make the site an installable web app (its manifest and service worker, served from
the root so that the worker's scope is the whole site). Translation only: what is refused is
raised and answered ``{"detail": "<a sentence>"}`` by ``api.handlers``.

The codes of e-mailed links come in request bodies (the links carry them after ``#``, which a
browser never sends), so no code is ever in a URL the server or a proxy logs.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from petersburg.server.accounts.accounts import SESSION_COOKIE, Account
from petersburg.server.api.deps import AccountsDep, AddressDep, PreferencesDep, RecoveryDep
from petersburg.server.api.responses import json_response
from petersburg.server.api.static import web_dir
from petersburg.server.protocol.http import AlertSettingsInfo, TableWebhookInfo
from petersburg.server.protocol.parsing import (
    parse_alert_settings_body,
    parse_alert_test_body,
    parse_code_body,
    parse_email_body,
    parse_reset_body,
    parse_table_webhook_body,
)

router = APIRouter()


async def _account(request: Request, accounts: AccountsDep) -> Account:
    return await accounts.required(request.cookies.get(SESSION_COOKIE))


@router.get("/api/alerts/settings", response_model=AlertSettingsInfo)
async def alert_settings(request: Request, accounts: AccountsDep, preferences: PreferencesDep) -> Response:
    """The signed-in account's address and alerts (``AlertSettingsInfo``)."""
    return json_response(await preferences.info(await _account(request, accounts)))


@router.post("/api/alerts/settings", response_model=AlertSettingsInfo)
async def change_alert_settings(
    request: Request, accounts: AccountsDep, preferences: PreferencesDep
) -> Response:
    """Change the account's alerts (``AlertSettingsBody``), whole or not at all."""
    account = await _account(request, accounts)
    body = parse_alert_settings_body(await request.body())
    return json_response(await preferences.change(account, body))


@router.get("/api/alerts/table-webhook/{table_id}", response_model=TableWebhookInfo)
async def table_webhook(
    table_id: int, request: Request, accounts: AccountsDep, preferences: PreferencesDep
) -> Response:
    """The webhook of a table the signed-in account created (``TableWebhookInfo``)."""
    return json_response(await preferences.table_webhook(await _account(request, accounts), table_id))


@router.post("/api/alerts/table-webhook", response_model=TableWebhookInfo)
async def set_table_webhook(request: Request, accounts: AccountsDep, preferences: PreferencesDep) -> Response:
    """Set the webhook of a table the account created (``TableWebhookBody``; "" removes it)."""
    account = await _account(request, accounts)
    body = parse_table_webhook_body(await request.body())
    return json_response(await preferences.set_table_webhook(account, body))


@router.post("/api/alerts/test", response_model=dict[str, object])
async def test_alert(request: Request, accounts: AccountsDep, preferences: PreferencesDep) -> Response:
    """Send a test alert on one channel (``AlertTestBody``)."""
    account = await _account(request, accounts)
    body = parse_alert_test_body(await request.body())
    await preferences.test(account, body["channel"])
    return json_response({})


@router.post("/api/alerts/unsubscribe", response_model=dict[str, object])
async def unsubscribe(request: Request, preferences: PreferencesDep) -> Response:
    """Stop e-mail alerts (``CodeBody``: the code of an e-mail's unsubscribe link; no sign-in)."""
    await preferences.unsubscribe(parse_code_body(await request.body())["code"])
    return json_response({})


@router.post("/api/account/email", response_model=dict[str, object])
async def set_email(request: Request, accounts: AccountsDep, recovery: RecoveryDep) -> Response:
    """Give the account an address (``EmailBody``; "" removes it): a link to confirm it is e-mailed."""
    account = await _account(request, accounts)
    await recovery.set_email(account, parse_email_body(await request.body())["email"])
    return json_response({})


@router.post("/api/account/email/confirm", response_model=dict[str, object])
async def confirm_email(request: Request, recovery: RecoveryDep) -> Response:
    """Confirm an address (``CodeBody``: the code of the e-mailed link; no sign-in needed)."""
    await recovery.confirm_email(parse_code_body(await request.body())["code"])
    return json_response({})


@router.post("/api/account/reset/request", response_model=dict[str, object])
async def request_reset(request: Request, address: AddressDep, recovery: RecoveryDep) -> Response:
    """E-mail a reset link to the accounts with this confirmed address (``EmailBody``); the
    same answer whether there is one or not."""
    await recovery.request_reset(parse_email_body(await request.body())["email"], address)
    return json_response({})


@router.post("/api/account/reset", response_model=dict[str, object])
async def reset_password(request: Request, recovery: RecoveryDep) -> Response:
    """Choose a new password with a reset link's code (``ResetBody``); every session of the
    account ends, and the link is used up."""
    body = parse_reset_body(await request.body())
    name = await recovery.reset_password(body["code"], body["password"])
    return json_response({"name": name})


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    """The service worker, from the root: its scope is the whole site."""
    return FileResponse(
        web_dir() / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"}
    )


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> FileResponse:
    """The web app's manifest (name, icons, start URL, display)."""
    return FileResponse(
        web_dir() / "manifest.webmanifest",
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )
