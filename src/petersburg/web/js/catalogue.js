// The card catalogue (sent by the server), the shape of the game (colours, phases, stacks) and the
// words for their figures. The rules themselves stay on the server: prices come with the actions.

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
  const key = `edition=${options.edition || "first"}&market=${options.market ? "true" : "false"}`;
  if (loadedFor === key) return;
  /** @type {CardInfo[]} */
  const list = await (await fetch(`/api/cards?${key}`)).json();
  for (const id of Object.keys(cards)) delete cards[id];
  for (const card of list) cards[card.id] = card;
  loadedFor = key;
}

/** Card colours in catalogue order: the word shown beside the colour, and the phase whose
 * scoring pays the cards of that colour. */
export const COLOURS = [
  { name: "green", kind: "worker", plural: "Workers" },
  { name: "blue", kind: "building", plural: "Buildings" },
  { name: "red", kind: "aristocrat", plural: "Aristocrats" },
  { name: "yellow", kind: "market", plural: "Market cards" },
];

/** Every phase, each with its letter on start-player markers. */
export const PHASES = [
  { name: "worker", letter: "W" },
  { name: "building", letter: "B" },
  { name: "aristocrat", letter: "A" },
  { name: "trading", letter: "T" },
  { name: "market", letter: "M" },
];

/** The phases of this game's round, in the order it plays them (the server says which).
 * @param {{ phases?: string[], view: { markers: { [phase: string]: number } } }} m an update of a started game
 * @returns {Array<{ name: string, letter: string }>} */
export function roundPhases(m) {
  const order = m.phases || PHASES.filter((p) => p.name in m.view.markers).map((p) => p.name);
  return order.map((name) => /** @type {{ name: string, letter: string }} */ (PHASES.find((p) => p.name === name)));
}

/** The draw stacks, as the server names them, with the words shown. */
export const STACKS = [
  { name: "workers", label: "Workers", colour: "green" },
  { name: "buildings", label: "Buildings", colour: "blue" },
  { name: "aristocrats", label: "Aristocrats", colour: "red" },
  { name: "trading", label: "Trading", colour: "trading" },
  { name: "market", label: "Market", colour: "yellow" },
];

/** The Market's five goods, in board order (each also has a coloured dot, always beside its word). */
export const GOODS = ["chicken", "grain", "apple", "fish", "cabbage"];

/** @param {string} text */
export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {number} amount */
export function rubleWords(amount) {
  return `${amount} ruble${amount === 1 ? "" : "s"}`;
}

/** Income as figures: "3₽ + 1 VP", or "—" for nothing.
 * @param {number} rubles @param {number} vp */
export function incomeText(rubles, vp) {
  const parts = [];
  if (rubles) parts.push(`${rubles}₽`);
  if (vp) parts.push(`${vp} VP`);
  return parts.length ? parts.join(" + ") : "—";
}

/** Income in words: "3 rubles and 1 victory point", or "nothing".
 * @param {number} rubles @param {number} vp */
export function incomeWords(rubles, vp) {
  const parts = [];
  if (rubles) parts.push(rubleWords(rubles));
  if (vp) parts.push(`${vp} victory point${vp === 1 ? "" : "s"}`);
  return parts.length ? parts.join(" and ") : "nothing";
}
