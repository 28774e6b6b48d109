// DOM helpers for every page: building elements, and keeping keyboard focus on "the same" control
// when a part of the page is drawn anew from a server update.

/** An element with attributes and children. Attributes: class, dataset, on<event>, any other
 * attribute (true = present, false/null/undefined = absent). Children: nodes, strings, arrays. */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const byId = (id) => document.getElementById(id);

/** Text only a screen reader reads (the visual carries the same meaning another way). */
export const spoken = (text) => el("span", { class: "visually-hidden" }, text);

/** A good of the Market as a coloured dot and its word ("? any good" for a joker). */
export const goodMark = (good, words = good) =>
  el("span", { class: "good-mark" }, el("span", { class: `good-dot good-${good}`, "aria-hidden": "true" }, good === "joker" ? "?" : null), words);

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function shown(node) {
  return !!(node.offsetWidth || node.offsetHeight || node.getClientRects().length) && !node.closest("[inert]");
}

/** The controls inside `root` that Tab reaches, in document order. */
export function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter(shown);
}

/** Is the person typing (so that a letter is text, not a shortcut)? */
export function isTyping(target) {
  if (!target || !target.closest) return false;
  if (target.closest("textarea, select, [contenteditable=''], [contenteditable=true]")) return true;
  const input = target.closest("input");
  return !!input && !["checkbox", "radio", "button", "submit", "reset"].includes(input.type);
}

/** Focus a control identified by its data-focus-key; if it is gone, the first control of its zone
 * (the part before the colon names a [data-focus-zone]), else the zone itself. */
export function focusByKey(key, preventScroll = true) {
  const exact = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (exact && shown(exact) && !exact.disabled) {
    exact.focus({ preventScroll });
    return true;
  }
  const zone = document.querySelector(`[data-focus-zone="${CSS.escape(key.split(":")[0])}"]`);
  if (!zone || !shown(zone)) return false;
  const first = focusables(zone)[0];
  (first || zone).focus({ preventScroll });
  return true;
}

/** The focus key of the focused control, if it has one. */
export function focusedKey() {
  const active = document.activeElement;
  const keyed = active && active.closest ? active.closest("[data-focus-key]") : null;
  return keyed ? keyed.dataset.focusKey : null;
}

/** Run `draw` (which replaces parts of the page) without losing the keyboard focus: a control
 * that was replaced gets its focus back on its successor with the same key (or its zone). */
export function keepFocus(draw) {
  const key = focusedKey();
  draw();
  if (key && (!document.activeElement || document.activeElement === document.body)) focusByKey(key);
}
