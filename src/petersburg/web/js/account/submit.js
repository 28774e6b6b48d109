// Sending an account form's JSON body: the server's answer, or its refusal's sentence shown in the
// form's error line (and no answer).
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").HttpError} HttpError */

/**
 * POST ``body`` to ``url`` as JSON, as the server asks of every request that changes something
 * (``api/security.py``): anything else is refused.
 * @param {string} url @param {object} [body]
 * @returns {Promise<Response>}
 */
export function postJson(url, body = {}) {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * POST ``body`` to ``url``; the response if it succeeded, else null with the sentence shown in
 * ``error`` (the refusal's, or that the server cannot be reached).
 * @param {string} url @param {object} body @param {HTMLElement} error
 * @returns {Promise<Response | null>}
 */
export async function submitForm(url, body, error) {
  error.hidden = true;
  let response;
  try {
    response = await postJson(url, body);
  } catch {
    error.textContent = t("page.common.server_unreachable");
    error.hidden = false;
    return null;
  }
  if (!response.ok) {
    /** @type {HttpError} */
    const refusal = await response.json();
    error.textContent = refusal.detail;
    error.hidden = false;
    return null;
  }
  return response;
}
