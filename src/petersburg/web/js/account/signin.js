// The account page. For a guest: sign in and sign up. Signing up makes the games this browser
// played as a guest the account's (the server knows the guest by its cookie); either way the page
// then keeps the account's name and goes to the profile. Signed in: the account's sessions, "Sign
// out everywhere" and "Change password" (manage.js).
import { byId } from "../dom.js";
import { showAccount } from "./manage.js";
import { rememberAccount, renderAccountNav } from "./nav.js";
import { submitForm } from "./submit.js";

/** @typedef {import("../protocol.js").AccountBody} AccountBody */
/** @typedef {import("../protocol.js").AccountInfo} AccountInfo */
/** The sign-in and sign-up forms' fields. @typedef {HTMLFormElement & { elements: { name: HTMLInputElement, password: HTMLInputElement } }} AccountForm */

renderAccountNav(byId("account-nav")).then((account) => {
  if (account) showAccount(account);
});

/** @param {AccountForm} form @param {string} url */
function wire(form, url) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {AccountBody} */
    const body = { name: form.elements.name.value, password: form.elements.password.value };
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

wire(byId("signin-form"), "/api/account/signin");
wire(byId("signup-form"), "/api/account/signup");
