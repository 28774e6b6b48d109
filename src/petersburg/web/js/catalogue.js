// The card catalogue (sent by the server), the shape of the game (colours, phases, stacks) and the
// words for their figures. The rules themselves stay on the server: prices come with the actions.

/** Card facts by id: name, colour, deck, cost, rubles, vp, trading, displaces, special. */
export const cards = {};

export async function loadCards() {
  const list = await (await fetch("/api/cards")).json();
  for (const card of list) cards[card.id] = card;
}

/** Card colours in catalogue order: the word shown beside the colour, and the phase whose
 * scoring pays the cards of that colour. */
export const COLOURS = [
  { name: "green", kind: "worker", plural: "Workers" },
  { name: "blue", kind: "building", plural: "Buildings" },
  { name: "red", kind: "aristocrat", plural: "Aristocrats" },
];

/** The phases of a round in order, each with its letter on start-player markers. */
export const PHASES = [
  { name: "worker", letter: "W" },
  { name: "building", letter: "B" },
  { name: "aristocrat", letter: "A" },
  { name: "trading", letter: "T" },
];

/** The draw stacks, as the server names them, with the words shown. */
export const STACKS = [
  { name: "workers", label: "Workers", colour: "green" },
  { name: "buildings", label: "Buildings", colour: "blue" },
  { name: "aristocrats", label: "Aristocrats", colour: "red" },
  { name: "trading", label: "Trading", colour: "trading" },
];

export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function rubleWords(amount) {
  return `${amount} ruble${amount === 1 ? "" : "s"}`;
}

/** Income as figures: "3₽ + 1 VP", or "—" for nothing. */
export function incomeText(rubles, vp) {
  const parts = [];
  if (rubles) parts.push(`${rubles}₽`);
  if (vp) parts.push(`${vp} VP`);
  return parts.length ? parts.join(" + ") : "—";
}

/** Income in words: "3 rubles and 1 victory point", or "nothing". */
export function incomeWords(rubles, vp) {
  const parts = [];
  if (rubles) parts.push(rubleWords(rubles));
  if (vp) parts.push(`${vp} victory point${vp === 1 ? "" : "s"}`);
  return parts.length ? parts.join(" and ") : "nothing";
}
