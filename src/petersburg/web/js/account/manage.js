// The signed-in part of the account page: the account's sessions (where it is signed in), "Sign
// out everywhere" (ends every session, this one too) and "Change password" (the current password
// required; every other session ends).
import * as i18n from "../i18n.js";
import { byId, el } from "../dom.js";
import { dateTime } from "./dates.js";
import { forgetIdentity } from "./nav.js";
import { postJson, submitForm } from "./submit.js";

/** @typedef {import("../protocol.js").AccountInfo} AccountInfo */
/** @typedef {import("../protocol.js").SessionInfo} SessionInfo */
/** @typedef {import("../protocol.js").PasswordChangeBody} PasswordChangeBody */
/** The password form's fields. @typedef {HTMLFormElement & { elements: { name: HTMLInputElement, password: HTMLInputElement, new_password: HTMLInputElement } }} PasswordForm */

async function listSessions() {
  const response = await fetch("/api/account/sessions", { credentials: "same-origin" });
  if (!response.ok) return;
  /** @type {SessionInfo[]} */
  const sessions = await response.json();
  byId("sessions").replaceChildren(...sessions.map((s) =>
    el("li", {},
      el("strong", {}, s.current ? i18n.t("page.account.this_browser") : s.user_agent || i18n.t("page.account.a_browser")),
      s.current && s.user_agent ? ` (${s.user_agent})` : "",
      el("span", { class: "muted" }, ` · ${i18n.t("page.account.session_times", { signed_in: dateTime(s.created), last_used: dateTime(s.last_seen) })}`))));
}

/** @param {PasswordForm} form */
function wirePasswordForm(form) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
  const done = /** @type {HTMLElement} */ (form.querySelector(".form-done"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    done.hidden = true;
    /** @type {PasswordChangeBody} */
    const body = { password: form.elements.password.value, new_password: form.elements.new_password.value };
    if (!(await submitForm("/api/account/password", body, error))) {
      form.elements.password.focus();
      return;
    }
    form.reset();
    done.hidden = false;
    listSessions();
  });
}

/** Show the signed-in part of the page (instead of the sign-in and sign-up forms).
 * @param {AccountInfo} account */
export function showAccount(account) {
  document.title = i18n.t("page.account.title_of", { name: account.name });
  byId("signin-panel").hidden = true;
  byId("signup-panel").hidden = true;
  byId("manage").hidden = false;
  byId("password-panel").hidden = false;
  byId("manage-summary").textContent = i18n.t("page.account.signed_in_as", { name: account.name });
  const form = /** @type {PasswordForm} */ (byId("password-form"));
  form.elements.name.value = account.name; // for password managers
  wirePasswordForm(form);
  byId("signout-everywhere").addEventListener("click", async () => {
    await postJson("/api/account/signout-everywhere");
    forgetIdentity();
    location.href = "/";
  });
  listSessions();
}
