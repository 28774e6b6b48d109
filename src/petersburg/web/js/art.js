// The card art: one sprite file (img/cards.svg) of original line drawings, fetched once and cached
// with the other static files, each symbol drawn where needed by <use>. Which emblem a card kind
// shows is decided here alone, from its id: the Market's goods cards show their good, its crates
// the crate, and the Market's editions of the Market and the Ship Builder the same emblem as theirs.
import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
/** The sprite's address, under the same versioned prefix as this module. */
export const SPRITE = new URL("../img/cards.svg", import.meta.url).pathname;

/** The id of the emblem symbol of a card kind.
 * @param {string} cardId */
export function emblemOf(cardId) {
  const [goodsCard, good, which] = /^m_([a-z]+)_(box|\d+)$/.exec(cardId) || [];
  if (goodsCard) return which === "box" ? "crate" : `good-${good}`;
  const withGood = /^(market|ship_builder)_[a-z]+$/.exec(cardId);
  return `e-${withGood ? withGood[1] : cardId}`;
}

/** A symbol of the sprite as a decorative picture (its meaning is always also in words nearby).
 * @param {string} symbol @param {string} [className] */
export function symbol(symbol, className = "icon") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${SPRITE}#${symbol}`);
  svg.append(use);
  return svg;
}

/** A figure with its icon: "3" beside the ruble sign, "1" beside the VP star.
 * @param {"ruble" | "vp" | "hand"} what @param {number | string} figure @param {string} [className] */
export const figure = (what, figure, className = "figure") => el("span", { class: `${className} ${what}` }, symbol(`icon-${what}`), String(figure));
