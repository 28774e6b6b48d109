// The account links of every page's top bar: "Sign in" for a guest, the account's name (its
// profile), "Account" (sessions, password) and "Sign out" once signed in, and the leaderboard.
// Signing out forgets the account's name here; the server then gives this browser a new guest
// identity (the old one is the account's).
import { el } from "../dom.js";
import { postJson } from "./submit.js";

/** @typedef {import("../protocol.js").AccountInfo} AccountInfo */

/** @returns {Promise<AccountInfo | null>} */
export async function currentAccount() {
  const response = await fetch("/api/account", { credentials: "same-origin" });
  return response.ok ? response.json() : null;
}

export function forgetIdentity() {
  localStorage.removeItem("pb_name");
}

/** @param {AccountInfo} account */
export function rememberAccount(account) {
  localStorage.setItem("pb_name", account.name);
}

/** @param {HTMLElement} nav */
export async function renderAccountNav(nav) {
  const account = await currentAccount();
  /** @type {HTMLElement[]} */
  const links = [el("a", { href: "/leaderboard" }, "Leaderboard")];
  if (account) {
    rememberAccount(account);
    const signOut = el("button", { type: "button", class: "link-button" }, "Sign out");
    signOut.addEventListener("click", async () => {
      await postJson("/api/account/signout");
      forgetIdentity();
      location.href = "/";
    });
    links.push(
      el("a", { href: `/profile/${encodeURIComponent(account.name)}` }, `${account.name} (${account.rating})`),
      el("a", { href: "/account" }, "Account"),
      el("a", { href: "/settings" }, "Settings"),
      signOut,
    );
  } else {
    links.push(el("a", { href: "/signin" }, "Sign in"));
  }
  nav.replaceChildren(...links);
  return account;
}
