// The account page. For a guest: sign in and sign up. Signing up sends this browser's guest
// identity, so the games played here as a guest become the account's; either way the page then
// keeps the account's identity and name, and goes to the profile. Signed in: the account's
// sessions, "Sign out everywhere" and "Change password" (manage.js).
import { byId } from "../dom.js";
import { identity } from "../identity.js";
import { showAccount } from "./manage.js";
import { rememberAccount, renderAccountNav } from "./nav.js";
import { submitForm } from "./submit.js";

/** @typedef {import("../protocol.js").AccountBody} AccountBody */
/** @typedef {import("../protocol.js").AccountInfo} AccountInfo */
/** The sign-in and sign-up forms' fields. @typedef {HTMLFormElement & { elements: { name: HTMLInputElement, password: HTMLInputElement } }} AccountForm */

renderAccountNav(byId("account-nav")).then((account) => {
  if (account) showAccount(account);
});

/** @param {AccountForm} form @param {string} url @param {boolean} withUid */
function wire(form, url, withUid) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {AccountBody} */
    const body = { name: form.elements.name.value, password: form.elements.password.value };
    if (withUid) body.uid = identity().uid;
    const response = await submitForm(url, body, error);
    if (!response) {
      form.elements.password.focus();
      return;
    }
    /** @type {AccountInfo} */
    const answer = await response.json();
    rememberAccount(answer);
    location.href = `/profile/${encodeURIComponent(answer.name)}`;
  });
}

wire(byId("signin-form"), "/api/account/signin", false);
wire(byId("signup-form"), "/api/account/signup", true);
