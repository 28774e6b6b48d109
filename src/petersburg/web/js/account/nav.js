// The account links of every page's top bar: "Sign in" for a guest, the account's name (its
// profile), "Account" (sessions, password) and "Sign out" once signed in, and the leaderboard.
// Signing out forgets the account's name here; the server then gives this browser a new guest
// identity (the old one is the account's).
import * as i18n from "../i18n.js";
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
  const links = [el("a", { href: "/leaderboard" }, i18n.t("page.common.leaderboard"))];
  if (account) {
    rememberAccount(account);
    const signOut = el("button", { type: "button", class: "link-button" }, i18n.t("page.common.sign_out"));
    signOut.addEventListener("click", async () => {
      await postJson("/api/account/signout");
      forgetIdentity();
      location.href = "/";
    });
    links.push(
      el("a", { href: `/profile/${encodeURIComponent(account.name)}` }, i18n.t("page.common.name_and_rating", { name: account.name, rating: account.rating })),
      el("a", { href: "/account" }, i18n.t("page.common.account")),
      el("a", { href: "/settings" }, i18n.t("page.common.settings")),
      signOut,
    );
  } else {
    links.push(el("a", { href: "/signin" }, i18n.t("page.common.sign_in")));
  }
  nav.replaceChildren(...links);
  return account;
}
