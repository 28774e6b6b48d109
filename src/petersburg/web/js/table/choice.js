// The choice box for a card or a stack: one button per possible action (buy, take into hand,
// play, and for a trading card one per card it may displace), each with its price.
import { renderCard } from "../card-view.js";
import { openDialog } from "../dialog.js";
import { el, goodMark } from "../dom.js";
import { symbol } from "../art.js";
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").Act} Act */

/** @type {import("../dialog.js").DialogHandle | null} */
let current = null;

/** A button for one action; used in the choice box and in the prompt panel.
 * @param {LegalAction} action @param {Act} act */
export function choiceButton(action, act) {
  const priced = action.kind === "buy" || action.kind === "play" || action.kind === "pay_crate";
  // What it costs later (a crate's keep-price, the hand penalty) is read with the choice itself.
  return el(
    "button",
    { type: "button", class: "choice k-" + action.kind, dataset: { action: action.id, text: action.text, focusKey: `choice:${action.text}` }, onclick: () => act(action.id) },
    el("span", { class: "choice-text" }, action.good && action.kind === "joker" ? goodMark(action.good, action.description) : action.description),
    priced ? el("span", { class: "choice-price" }, `${action.price}₽`) : null,
    action.note ? el("span", { class: "choice-note-line" + (action.warning ? " warning" : "") }, action.warning ? symbol("icon-warning", "icon warn-icon") : null, action.note) : null
  );
}

/** The actions in the order a player weighs them: putting the card into play before taking it
 * into hand (which costs VP at the end if it stays there).
 * @param {LegalAction[]} actions */
const buyFirst = (actions) => [...actions].sort((a, b) => Number(a.kind === "hand") - Number(b.kind === "hand"));

/** The choice box; `note` (words above the choices) and `closeLabel` are optional.
 * @param {string} title @param {string | null} card @param {LegalAction[]} actions @param {Act} act
 * @param {import("./types.js").ChoiceOptions} [options] */
export function openChoice(title, card, actions, act, { note, closeLabel = t("page.table.cancel"), side = false } = {}) {
  closeChoice();
  const handle = openDialog({
    title,
    className: "choice-dialog" + (side ? " side-dialog" : ""),
    closeLabel,
    body: [
      card ? el("div", { class: "dialog-card" }, renderCard(card, { size: "dialog" })) : null,
      el("div", { class: "choices" }, note ? el("p", { class: "choice-note" }, note) : null, buyFirst(actions).map((a) => choiceButton(a, act))),
    ],
    onClose: () => {
      if (current === handle) current = null;
    },
  });
  current = handle;
}

/** Close the choice box (its actions are stale once the game moved on). */
export function closeChoice() {
  if (current) current.close();
}
