// The legal actions the server sent, grouped by what they concern (a board slot, a hand card, a
// stack, the drawn card, the Pub) and summed up in figures and words for the card they belong to.
import { rubleWords } from "../catalogue.js";
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").ActionsByKey} ActionsByKey */

const PRICED = new Set(["buy", "play"]);

/** Map from "upper:2", "lower:0", "hand:1", "drawn", "stack:workers", "pass", "pub", "discard"
 * to the actions with that key.
 * @param {LegalAction[] | undefined} legal
 * @returns {ActionsByKey} */
export function actionsBy(legal) {
  /** @type {ActionsByKey} */
  const map = new Map();
  for (const a of legal || []) {
    let key = a.kind;
    if (a.source === "upper" || a.source === "lower" || a.source === "hand") key = `${a.source}:${a.index}`;
    else if (a.source === "drawn") key = "drawn";
    else if (a.kind === "observe") key = `stack:${a.stack}`;
    const same = map.get(key) || [];
    if (!map.has(key)) map.set(key, same);
    same.push(a);
  }
  return map;
}

/** @param {LegalAction[]} actions @returns {[number, number] | null} */
function priceRange(actions) {
  const prices = actions.filter((a) => PRICED.has(a.kind)).map((a) => a.price);
  return prices.length ? [Math.min(...prices), Math.max(...prices)] : null;
}

/** The badge on a card: the cheapest price, or "hand" if it can only be taken into hand.
 * @param {LegalAction[] | undefined} actions */
export function priceBadge(actions) {
  if (!actions) return null;
  const range = priceRange(actions);
  if (range) return `${range[0]}₽`;
  return actions.some((a) => a.kind === "hand") ? t("page.table.badge_hand") : null;
}

/** What you can do with a card, in words: "Buy for 5 rubles or take into hand".
 * @param {LegalAction[] | undefined} actions */
export function offerWords(actions) {
  if (!actions) return null;
  const range = priceRange(actions);
  const hand = actions.some((a) => a.kind === "hand");
  if (!range) return hand ? t("page.table.offer_hand") : "";
  const displacing = actions.some((a) => PRICED.has(a.kind) && a.over);
  const price = range[0] === range[1] ? rubleWords(range[0]) : t("page.table.price_range", { low: range[0], high: rubleWords(range[1]) });
  const verb = actions.some((a) => a.kind === "play") ? "play" : "buy";
  return t(`page.table.offer_${verb}${displacing ? "_displacing" : ""}${hand ? "_or_hand" : ""}`, { price });
}
