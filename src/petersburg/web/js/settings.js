// The settings page: the account's e-mail address (confirmed by an e-mailed link), turn alerts by
// e-mail, push notifications on this device and a webhook, each with a test; and the pages an
// e-mailed link opens (#confirm=…, #reset=…, #unsubscribe=…): the code after "#" never reaches
// a server log, this script posts it in a request body.
import * as i18n from "./i18n.js";
import { byId } from "./dom.js";
import { dateTime } from "./account/dates.js";
import { renderAccountNav } from "./account/nav.js";
import { postJson, submitForm } from "./account/submit.js";

/**
 * @typedef {{email: string | null, email_confirmed: boolean, email_alerts: boolean,
 *   email_available: boolean, push_available: boolean, push_key: string | null,
 *   push_endpoint: string | null, webhook_url: string | null, webhook_format: string,
 *   webhook_failure: string | null, interval: number, muted: number[],
 *   vacation_until: number | null, vacation_left: number, vacation_per_year: number}} AlertSettings
 */

renderAccountNav(byId("account-nav"));

/** @param {string} text */
function outcome(text) {
  const line = byId("link-outcome");
  line.textContent = text;
  line.hidden = false;
}

/** @param {Response} response */
async function refusal(response) {
  /** @type {{detail: string}} */
  const body = await response.json();
  return body.detail;
}

/** The page an e-mailed link opened: act on its code, then forget it from the address bar. */
async function followLink() {
  const found = /^#(confirm|reset|unsubscribe)=(.+)$/.exec(location.hash);
  if (!found) return;
  const [, kind, code] = found;
  history.replaceState(null, "", location.pathname);
  if (kind === "reset") {
    byId("reset-panel").hidden = false;
    const form = /** @type {HTMLFormElement} */ (byId("reset-form"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const password = /** @type {HTMLInputElement} */ (form.elements.namedItem("password")).value;
      const error = /** @type {HTMLElement} */ (form.querySelector(".form-error"));
      if (await submitForm("/api/account/reset", { code, password }, error)) {
        byId("reset-panel").hidden = true;
        outcome(i18n.t("page.settings.new_password_saved"));
      }
    });
    return;
  }
  const url = kind === "confirm" ? "/api/account/email/confirm" : "/api/alerts/unsubscribe";
  const response = await postJson(url, { code });
  if (!response.ok) outcome(await refusal(response));
  else outcome(i18n.t(kind === "confirm" ? "page.settings.address_confirmed" : "page.settings.email_alerts_off"));
}

/** @param {Partial<Record<string, unknown>>} change */
async function change(change) {
  const error = byId("settings-error");
  const response = await submitForm("/api/alerts/settings", change, error);
  if (response) show(await response.json());
  else await load();
  return response !== null;
}

/** @param {string} base64 */
function keyBytes(base64) {
  const padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function pushSubscription() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** @param {AlertSettings} settings */
async function togglePush(settings) {
  const mine = await pushSubscription();
  if (mine && mine.endpoint === settings.push_endpoint) {
    await mine.unsubscribe();
    await change({ push_subscription: null });
    return;
  }
  if (Notification.permission !== "granted" && (await Notification.requestPermission()) !== "granted") {
    byId("push-state").textContent = i18n.t("page.settings.notifications_blocked");
    return;
  }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const key = keyBytes(settings.push_key || "");
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await change({ push_subscription: subscription.toJSON() });
}

/** @type {AlertSettings | null} */
let current = null;

/** @param {AlertSettings} settings */
async function show(settings) {
  current = settings;
  for (const id of ["email-panel", "push-panel", "webhook-panel", "vacation-panel", "table-hook-panel", "often-panel"]) byId(id).hidden = false;
  const emailForm = /** @type {HTMLFormElement} */ (byId("email-form"));
  const address = /** @type {HTMLInputElement} */ (emailForm.elements.namedItem("email"));
  if (document.activeElement !== address) address.value = settings.email || "";
  const alerts = /** @type {HTMLInputElement} */ (byId("email-alerts"));
  alerts.checked = settings.email_alerts;
  alerts.disabled = !settings.email_available || !settings.email_confirmed;
  byId("email-state").textContent = !settings.email_available
    ? i18n.t("page.settings.no_email_here")
    : settings.email === null ? i18n.t("page.settings.no_address_yet")
      : i18n.t(settings.email_confirmed ? "page.settings.address_is_confirmed" : "page.settings.address_is_waiting", { address: settings.email });
  emailForm.hidden = !settings.email_available;
  /** @param {string} channel @param {boolean} ready */
  const testable = (channel, ready) => {
    const button = /** @type {HTMLButtonElement} */ (document.querySelector(`button.test[data-channel=${channel}]`));
    button.disabled = !ready;
  };
  testable("email", settings.email_available && settings.email_confirmed);
  testable("push", settings.push_available && settings.push_endpoint !== null);
  testable("webhook", settings.webhook_url !== null);
  const mine = await pushSubscription();
  const here = Boolean(mine && mine.endpoint === settings.push_endpoint);
  byId("push-toggle").textContent = i18n.t(here ? "page.settings.turn_off_notifications_here" : "page.settings.turn_on_notifications_here");
  /** @type {HTMLButtonElement} */ (byId("push-toggle")).disabled = !settings.push_available || !("PushManager" in window);
  byId("push-state").textContent = i18n.t(!settings.push_available ? "page.settings.no_push_here"
    : here ? "page.settings.notifications_on_here" : "page.settings.notifications_off_here");
  const hook = /** @type {HTMLFormElement} */ (byId("webhook-form"));
  const url = /** @type {HTMLInputElement} */ (hook.elements.namedItem("url"));
  if (document.activeElement !== url) url.value = settings.webhook_url || "";
  /** @type {HTMLSelectElement} */ (hook.elements.namedItem("format")).value = settings.webhook_format;
  const failure = byId("webhook-failure");
  failure.hidden = settings.webhook_failure === null;
  failure.textContent = settings.webhook_failure ? i18n.t("page.settings.last_alert_failed", { failure: settings.webhook_failure }) : "";
  /** @type {HTMLSelectElement} */ (byId("interval")).value = String(settings.interval);
  const until = settings.vacation_until;
  const left = i18n.t("page.settings.vacation_days_left", { count: settings.vacation_left, total: settings.vacation_per_year });
  byId("vacation-state").textContent = until
    ? i18n.t("page.settings.on_vacation_until", { until: dateTime(until), days_left: left })
    : i18n.t("page.settings.not_on_vacation", { days_left: left });
  byId("vacation-end").hidden = !until;
  byId("muted-games").textContent = settings.muted.length
    ? i18n.t("page.settings.muted_games", { tables: i18n.list(settings.muted.map(String)) }) : "";
}

async function load() {
  const response = await fetch("/api/alerts/settings", { credentials: "same-origin" });
  if (response.status === 401) {
    byId("signed-out").hidden = false;
    return;
  }
  if (response.ok) await show(await response.json());
}

function wire() {
  const emailForm = /** @type {HTMLFormElement} */ (byId("email-form"));
  emailForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const email = /** @type {HTMLInputElement} */ (emailForm.elements.namedItem("email")).value;
    const done = /** @type {HTMLElement} */ (emailForm.querySelector(".form-done"));
    done.hidden = true;
    if (await submitForm("/api/account/email", { email }, /** @type {HTMLElement} */ (emailForm.querySelector(".form-error")))) {
      done.hidden = email.trim() === "";
      await load();
    }
  });
  byId("email-alerts").addEventListener("change", (event) => {
    change({ email_alerts: /** @type {HTMLInputElement} */ (event.target).checked });
  });
  byId("push-toggle").addEventListener("click", () => { if (current) togglePush(current); });
  const hook = /** @type {HTMLFormElement} */ (byId("webhook-form"));
  hook.addEventListener("submit", async (event) => {
    event.preventDefault();
    const url = /** @type {HTMLInputElement} */ (hook.elements.namedItem("url")).value;
    const format = /** @type {HTMLSelectElement} */ (hook.elements.namedItem("format")).value;
    const error = /** @type {HTMLElement} */ (hook.querySelector(".form-error"));
    const done = /** @type {HTMLElement} */ (hook.querySelector(".form-done"));
    const response = await submitForm("/api/alerts/settings", { webhook_url: url, webhook_format: format }, error);
    done.hidden = !response;
    if (response) await show(await response.json());
  });
  const vacation = /** @type {HTMLFormElement} */ (byId("vacation-form"));
  const vacationError = /** @type {HTMLElement} */ (vacation.querySelector(".form-error"));
  vacation.addEventListener("submit", async (event) => {
    event.preventDefault();
    const typed = /** @type {HTMLInputElement} */ (vacation.elements.namedItem("days")).value.trim();
    // Not a whole number: sent as typed, so the server's sentence says what it takes.
    const days = /^[0-9]+$/.test(typed) ? Number(typed) : typed;
    const response = await submitForm("/api/alerts/settings", { vacation_days: days }, vacationError);
    if (response) await show(await response.json());
  });
  byId("vacation-end").addEventListener("click", async () => {
    const response = await submitForm("/api/alerts/settings", { vacation_days: 0 }, vacationError);
    if (response) await show(await response.json());
  });
  const tableHook = /** @type {HTMLFormElement} */ (byId("table-hook-form"));
  tableHook.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @param {string} name */
    const field = (name) => /** @type {HTMLInputElement} */ (tableHook.elements.namedItem(name)).value.trim();
    const table = /^[0-9]+$/.test(field("table")) ? Number(field("table")) : field("table");
    const done = /** @type {HTMLElement} */ (tableHook.querySelector(".form-done"));
    const body = { table, url: field("url"), format: field("format") };
    const response = await submitForm("/api/alerts/table-webhook", body, /** @type {HTMLElement} */ (tableHook.querySelector(".form-error")));
    done.hidden = !response;
    if (response) {
      /** @type {{table: number, url: string | null, failure: string | null}} */
      const saved = await response.json();
      const table = String(saved.table);
      done.textContent = saved.url ? i18n.t("page.settings.table_hook_set", { table, url: saved.url }) : i18n.t("page.settings.table_hook_none", { table });
      if (saved.failure) done.textContent += ` ${i18n.t("page.settings.table_hook_failed", { failure: saved.failure })}`;
    }
  });
  byId("interval").addEventListener("change", (event) => {
    change({ interval: Number(/** @type {HTMLSelectElement} */ (event.target).value) });
  });
  for (const button of document.querySelectorAll("button.test")) {
    button.addEventListener("click", async () => {
      const line = byId("test-outcome");
      const channel = /** @type {HTMLElement} */ (button).dataset.channel;
      const response = await submitForm("/api/alerts/test", { channel }, byId("settings-error"));
      line.textContent = response ? i18n.t("page.settings.test_sent") : "";
      line.hidden = !response;
    });
  }
  const forgot = /** @type {HTMLFormElement} */ (byId("forgot-form"));
  forgot.addEventListener("submit", async (event) => {
    event.preventDefault();
    const email = /** @type {HTMLInputElement} */ (forgot.elements.namedItem("email")).value;
    const done = /** @type {HTMLElement} */ (forgot.querySelector(".form-done"));
    done.hidden = !(await submitForm("/api/account/reset/request", { email }, /** @type {HTMLElement} */ (forgot.querySelector(".form-error"))));
  });
}

wire();
followLink().then(load);
