// The sign-in and sign-up page. Signing up makes the games this browser played as a guest the
// account's (the server knows the guest by its cookie); either way the page then keeps the
// account's name, and goes on to the profile.
import { byId } from "../dom.js";
import { rememberAccount, renderAccountNav } from "./nav.js";

/** @typedef {import("../protocol.js").AccountBody} AccountBody */
/** @typedef {import("../protocol.js").AccountInfo} AccountInfo */
/** @typedef {import("../protocol.js").HttpError} HttpError */
/** The sign-in and sign-up forms' fields. @typedef {HTMLFormElement & { elements: { name: HTMLInputElement, password: HTMLInputElement } }} AccountForm */

renderAccountNav(byId("account-nav"));

/** @param {AccountForm} form @param {string} url */
function wire(form, url) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    /** @type {AccountBody} */
    const body = { name: form.elements.name.value, password: form.elements.password.value };
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      error.textContent = "The server cannot be reached; try again.";
      error.hidden = false;
      return;
    }
    if (!response.ok) {
      /** @type {HttpError} */
      const refusal = await response.json();
      error.textContent = refusal.detail;
      error.hidden = false;
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
