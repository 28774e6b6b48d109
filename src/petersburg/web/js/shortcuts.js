// Keyboard shortcuts of a page, and the help overlay that lists them ("?"). Pages register their
// shortcuts here; the overlay is drawn from the same list, so it never forgets one. Single-key
// shortcuts can be switched off on the overlay (kept in localStorage), as WCAG 2.1.4 asks.
import { dialogOpen, openDialog } from "./dialog.js";
import { el, isTyping } from "./dom.js";
import { needs, t } from "./i18n.js";

/** @typedef {{ key: string, label: string, run: (event: KeyboardEvent) => unknown, when: () => boolean }} Shortcut */

/** @type {Shortcut[]} */
const shortcuts = [];
const STORAGE = "pb_shortcuts";

export const shortcutsOn = () => localStorage.getItem(STORAGE) !== "off";

/** key: the KeyboardEvent.key (a letter is matched in either case); label: the message id of the
 * words on the overlay (worded when the overlay opens, so in the language chosen last); run(event);
 * when(): is it available now (default always).
 * @param {string} key @param {string} label
 * @param {(event: KeyboardEvent) => unknown} run
 * @param {() => boolean} [when] */
export function addShortcut(key, label, run, when = () => true) {
  shortcuts.push({ key, label, run, when });
}

/** @param {string} key */
function keyName(key) {
  /** @type {{ [key: string]: string }} */
  const names = { ArrowLeft: "←", ArrowRight: "→", Escape: "Esc" };
  return names[key] || key.toUpperCase();
}

export async function openHelp() {
  await needs("keys");
  if (dialogOpen()) return;
  const rows = shortcuts.map((s) => el("tr", {}, el("th", { scope: "row" }, el("kbd", {}, keyName(s.key))), el("td", {}, t(s.label))));
  const toggle = el("input", {
    type: "checkbox",
    id: "shortcuts-on",
    checked: shortcutsOn(),
    onchange: (event) => localStorage.setItem(STORAGE, /** @type {HTMLInputElement} */ (event.target).checked ? "on" : "off"),
  });
  openDialog({
    title: t("page.keys.keyboard"),
    className: "help-dialog",
    body: [
      el("p", {}, t("page.keys.tab")),
      el(
        "table",
        { class: "shortcut-table" },
        el("caption", { class: "visually-hidden" }, t("page.keys.shortcuts")),
        el("tbody", {}, rows, el("tr", {}, el("th", { scope: "row" }, el("kbd", {}, "?")), el("td", {}, t("page.keys.this_help"))))
      ),
      el("label", { class: "check-line" }, toggle, ` ${t("page.keys.single_key")}`),
      el("p", {}, el("a", { href: "/help", id: "rules-link-help", class: "button" }, t("page.keys.rules_link"))),
    ],
  });
}

/** Listen for the registered keys on the whole page. */
export function installShortcuts() {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || dialogOpen()) return;
    if (event.key === "?") {
      event.preventDefault();
      openHelp();
      return;
    }
    if (!shortcutsOn()) return;
    const found = shortcuts.find((s) => s.key.toLowerCase() === event.key.toLowerCase() && s.when());
    if (!found) return;
    event.preventDefault();
    found.run(event);
  });
  const button = document.getElementById("help-button");
  if (button) button.addEventListener("click", openHelp);
}
