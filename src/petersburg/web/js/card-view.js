// The one place that draws a card: a face with its colour also written as a word (and ⇄ for a
// trading card), and a sentence for screen readers that says what it is, what it costs you and
// what it pays. A card you can act on is a real <button>; other cards are plain elements.
import { cards, COLOURS, goodWord, incomeText, incomeWords, kindWord } from "./catalogue.js";
import { list, t } from "./i18n.js";
import { el, goodMark, spoken } from "./dom.js";
import { emblemOf, figure, symbol } from "./art.js";

/** @typedef {import("./protocol.js").CardInfo} CardInfo */
/** A card's id, or null/undefined for a card whose face is hidden. @typedef {string | null | undefined} CardId */
/**
 * @typedef {object} CardOptions
 * @property {"board" | "dialog"} [size]
 * @property {string} [where] where it lies, in words ("upper row")
 * @property {boolean} [old] a card of the lower row
 * @property {string | null} [badge] the price text on the card ("4₽", "hand")
 * @property {string | null} [offer] what you can do with it, in words
 * @property {(() => void) | null} [onActivate] makes the card a button
 * @property {string} [focusKey]
 * @property {number} [count]
 */

let detailsCount = 0;

/** What a card is and pays, in words: "Fur Trapper, worker card, upper row. Buy for 5 rubles or
 * take into hand. Pays 3 rubles at each worker scoring." `offer` says what you can do with it.
 * @param {CardId} id
 * @param {CardOptions} [options] */
export function cardSentence(id, { where, offer } = {}) {
  if (id === null || id === undefined) return where ? t("page.card.hidden_card_where", { where }) : t("page.card.hidden_card");
  const c = cards[id];
  const kind = COLOURS[c.colour].kind;
  const what = t(where ? "page.card.what_where" : "page.card.what", { name: c.name, kind: kindWord(c.trading ? "trading_card" : "card", kind), where: where ?? "" });
  const pays = c.rubles || c.vp ? t("page.card.pays", { income: incomeWords(c.rubles, c.vp), scoring: kindWord("scoring", kind) }) : t("page.card.pays_nothing");
  return [what, offer || t("page.card.printed_cost", { cost: c.cost }), pays, goodsWords(c)].filter(Boolean).map((part) => t("page.card.sentence", { part })).join(" ");
}

/** The goods a card carries with the Market, in words ("Carries 2 fish"), or "".
 * @param {CardInfo} c */
export function goodsWords(c) {
  if (!c.good) return "";
  if (c.good === "joker") return t("page.card.carries_joker");
  return t("page.card.carries", { goods: goodsWordsShort(c) });
}

/** The goods a card carries: "2 fish", "any good" for a "?".
 * @param {CardInfo} c */
const goodsWordsShort = (c) => (c.good === "joker" ? goodWord("joker") : t("page.card.goods", { count: c.symbols ?? 1, good: goodWord(c.good ?? "") }));

/** The goods a card carries, drawn: the good's symbol once per good it counts, and its word.
 * @param {CardInfo} c */
function goodsMark(c) {
  if (!c.good) return null;
  const count = c.good === "joker" ? 1 : c.symbols || 1;
  return el("span", { class: "card-goods" }, Array.from({ length: count }, () => symbol(`good-${c.good}`, `good-icon gi-${c.good}`)), el("span", { class: "card-goods-word" }, goodsWordsShort(c)));
}

/** What a trading card displaces, short: the card's name (or two), else the plural of its kind.
 * @param {CardInfo} c */
function displacesShort(c) {
  if (c.displaces.length <= 2) return c.displaces.map((d) => cards[d].name).join(" / ");
  return kindWord("plural", COLOURS[cards[c.displaces[0]].colour].kind);
}

/** The card's effect in one short line: its special text, or what a trading card displaces.
 * @param {CardInfo} c */
function effectLine(c) {
  if (c.special) return el("span", { class: "card-special" }, c.special);
  if (c.trading) return el("span", { class: "card-special trade-line" }, symbol("icon-trade", "icon trade-icon"), displacesShort(c));
  return null;
}

/** Income per scoring as icons: the ruble's and the VP's figures, "—" for nothing.
 * @param {CardInfo} c */
function incomeFigures(c) {
  if (!c.rubles && !c.vp) return el("span", { class: "card-income" }, "—");
  return el("span", { class: "card-income" }, c.rubles ? figure("ruble", c.rubles) : null, c.vp ? figure("vp", c.vp) : null);
}

/** The rest of a card: its special effect and, for a trading card, what it may displace.
 * @param {string} id */
export function cardDetails(id) {
  const c = cards[id];
  const parts = [];
  if (c.special) parts.push(t("page.card.sentence", { part: c.special }));
  if (c.trading) parts.push(t("page.card.displaces", { cards: list(c.displaces.map((d) => cards[d].name), "disjunction") }));
  return parts.join(" ");
}

// A name with a word this long is set smaller, so that narrow cards need not break the word.
const LONG_WORD = 11;
/** @param {string} name */
const longestWord = (name) => Math.max(...name.split(/\s+/).map((word) => word.length));

/** @param {CardInfo} c */
function kindLabel(c) {
  if (c.id.endsWith("_box")) return t("page.card.crate_label");
  return [c.trading ? symbol("icon-trade", "icon trade-icon") : null, kindWord("label", COLOURS[c.colour].kind)];
}

/** @param {CardId} id @param {CardOptions} options */
function face(id, { old, count = 1 }) {
  if (id === null || id === undefined) return el("span", { class: "card-face", "aria-hidden": "true" }, symbol("good-joker", "card-back-mark"));
  const c = cards[id];
  return el(
    "span",
    { class: "card-face", "aria-hidden": "true" },
    el("span", { class: "card-band" }, el("span", { class: "cost" }, c.cost), el("span", { class: "card-kind" }, kindLabel(c))),
    symbol(emblemOf(c.id), "emblem"),
    el("span", { class: "card-name" + (longestWord(c.name) >= LONG_WORD ? " long-word" : "") }, c.name),
    effectLine(c),
    goodsMark(c),
    incomeFigures(c),
    count > 1 ? el("span", { class: "count" }, `×${count}`) : null,
    old ? el("span", { class: "old-mark" }, "−1") : null
  );
}

/**
 * A card. opts: size ("board" | "dialog"), where (words: "upper row"), old (lower row),
 * badge (price text on the card: "4₽", "hand"), offer (what you can do, in words),
 * onActivate (makes it a button), focusKey, count.
 * @param {CardId} id
 * @param {CardOptions} [opts]
 */
export function renderCard(id, opts = {}) {
  const hidden = id === null || id === undefined;
  const c = hidden ? null : cards[id];
  const classes = ["card", `size-${opts.size || "board"}`, c ? COLOURS[c.colour].name : "back"];
  if (c && c.trading) classes.push("trading");
  if (opts.old) classes.push("old");
  if (opts.onActivate) classes.push("actionable");
  const details = hidden ? "" : cardDetails(id);
  const detailsId = details ? `card-details-${++detailsCount}` : null;
  const attrs = {
    class: classes.join(" "),
    dataset: { card: hidden ? "" : id, ...(opts.focusKey ? { focusKey: opts.focusKey } : {}) },
    title: c ? t("page.card.title", { name: c.name, income: incomeText(c.rubles, c.vp) }) + (details ? ` ${details}` : "") : t("page.card.hidden_card"),
  };
  const sentence = cardSentence(id, opts);
  const parts = [face(id, opts), opts.badge ? el("span", { class: "price", "aria-hidden": "true" }, symbol("icon-tag", "icon tag-icon"), opts.badge) : null];
  if (opts.onActivate) {
    return el(
      "button",
      { ...attrs, type: "button", "aria-describedby": detailsId, onclick: opts.onActivate },
      spoken(sentence),
      parts,
      details ? el("span", { id: detailsId, class: "visually-hidden", "aria-hidden": "true" }, details) : null
    );
  }
  return el("div", attrs, spoken(details ? `${sentence} ${details}` : sentence), parts);
}

/** A compact line for a card in a play area or an open hand: name and count, colour as a stripe
 * beside the column's written colour.
 * @param {CardId} id */
export function renderChip(id, count = 1) {
  if (id === null || id === undefined) return el("li", { class: "chip back" }, t("page.card.hidden_card"));
  const c = cards[id];
  return el(
    "li",
    { class: `chip ${COLOURS[c.colour].name}` + (c.trading ? " trading" : ""), dataset: { card: id }, title: cardSentence(id) },
    el("span", { class: "chip-name" }, c.name),
    c.good ? el("span", { class: "chip-goods", "aria-hidden": "true" }, goodMark(c.good, goodsWordsShort(c))) : null,
    count > 1 ? [el("span", { class: "chip-count", "aria-hidden": "true" }, `×${count}`), spoken(t("page.card.copies", { count }))] : null
  );
}
