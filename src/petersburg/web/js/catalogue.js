// The card catalogue (sent by the server), the shape of the game (colours, phases, stacks) and the
// words for their figures. The rules themselves stay on the server: prices come with the actions.
import { inLanguage, language, t } from "./i18n.js";

/** @typedef {import("./protocol.js").CardInfo} CardInfo */
/** @typedef {import("./protocol.js").OptionsJson} OptionsJson */

/** Card facts by id: name, colour, deck, cost, rubles, vp, trading, displaces, special, and with
 * the Market good and symbols: the catalogue of the table's edition.
 * @type {{ [id: string]: CardInfo }} */
export const cards = {};
/** @type {string | null} */
let loadedFor = null;

/** Load the cards of a game with these options (the 1st edition's by default); again only when
 * the edition changes.
 * @param {Partial<OptionsJson>} options */
export async function loadCards(options = {}) {
  const query = `/api/cards?edition=${options.edition || "first"}&market=${options.market ? "true" : "false"}`;
  const key = `${query} ${language()}`; // the cards' words are the reader's: loaded again in another language
  if (loadedFor === key) return;
  /** @type {CardInfo[]} */
  const list = await (await fetch(inLanguage(query))).json();
  for (const id of Object.keys(cards)) delete cards[id];
  for (const card of list) cards[card.id] = card;
  loadedFor = key;
}

/** Card colours in catalogue order, each with the kind whose scoring pays it (words: `kindWord`). */
export const COLOURS = [
  { name: "green", kind: "worker" },
  { name: "blue", kind: "building" },
  { name: "red", kind: "aristocrat" },
  { name: "yellow", kind: "market" },
];

/** A word of a kind or its phase: `plural` ("Workers"), `label` (a card's face), `card` ("worker
 * card"), `trading_card`, `scoring` ("worker scoring"), `phase`, `phase_name` (the phase bar), `letter`.
 * @param {"plural" | "label" | "card" | "trading_card" | "scoring" | "phase" | "phase_name" | "letter"} what
 * @param {string} kind worker, building, aristocrat, trading or market */
export const kindWord = (what, kind) => t(`page.card.${what}_${kind}`);

/** Every phase (its words: `kindWord(…, name)`). */
export const PHASES = [{ name: "worker" }, { name: "building" }, { name: "aristocrat" }, { name: "trading" }, { name: "market" }];

/** The phases of this game's round, in the order it plays them (the server says which).
 * @param {{ phases?: string[], view: { markers: { [phase: string]: number } } }} m an update of a started game
 * @returns {Array<{ name: string }>} */
export function roundPhases(m) {
  const order = m.phases || PHASES.filter((p) => p.name in m.view.markers).map((p) => p.name);
  return order.map((name) => /** @type {{ name: string }} */ (PHASES.find((p) => p.name === name)));
}

/** The draw stacks, as the server names them, with the colour drawn (their words: `stackWord`). */
export const STACKS = [
  { name: "workers", colour: "green" },
  { name: "buildings", colour: "blue" },
  { name: "aristocrats", colour: "red" },
  { name: "trading", colour: "trading" },
  { name: "market", colour: "yellow" },
];

/** A stack's name as its tile shows it ("Workers"). @param {string} stack */
export const stackWord = (stack) => t(`page.card.stack_${stack}`);

/** The Market's five goods, in board order (each also has a coloured dot, always beside its word). */
export const GOODS = ["chicken", "grain", "apple", "fish", "cabbage"];

/** A good's word ("fish"), from the cards' catalogue; `joker` (a "?") is "any good".
 * @param {string} good */
export const goodWord = (good) => t(`card.good_${good === "joker" ? "any" : good}`);

/** @param {number} amount */
export const rubleWords = (amount) => t("page.card.rubles", { count: amount });

/** A figure of VP, short ("3 VP"). @param {number} vp */
export const vpText = (vp) => t("page.card.vp", { count: vp });

/** Income as figures: "3₽ + 1 VP", or "—" for nothing.
 * @param {number} rubles @param {number} vp */
export function incomeText(rubles, vp) {
  const parts = [];
  if (rubles) parts.push(`${rubles}₽`);
  if (vp) parts.push(vpText(vp));
  return parts.length ? parts.join(" + ") : "—";
}

/** Income in words: "3 rubles and 1 victory point", or "nothing".
 * @param {number} rubles @param {number} vp */
export function incomeWords(rubles, vp) {
  if (rubles && vp) return t("page.card.income_both", { rubles: rubleWords(rubles), vp: t("page.card.victory_points", { count: vp }) });
  if (rubles) return rubleWords(rubles);
  if (vp) return t("page.card.victory_points", { count: vp });
  return t("page.card.nothing");
}

/** "2nd edition with the Market". @param {{ market?: boolean, edition?: string }} o */
export const editionWords = (o) => t(o.market ? "page.common.edition_market" : o.edition === "second" ? "page.common.edition_second" : "page.common.edition_first");
