// DOM helpers for every page: building elements, and keeping keyboard focus on "the same" control
// when a part of the page is drawn anew from a server update.

/** data-* attributes by their dataset name (`focusKey` for data-focus-key). @typedef {{ [key: string]: string | number | undefined }} DataMap */
/** An attribute's value; a function is a listener (onclick: the "click" event).
 * @typedef {string | number | boolean | null | undefined | DataMap | ((event: Event) => unknown)} AttributeValue */
/** @typedef {{ [key: string]: AttributeValue }} Attributes */
/** A child of `el`: a node, text (a number is written as text), nothing, or a list of children.
 * @typedef {Node | string | number | boolean | null | undefined | Children} Child */
/** @typedef {Child[]} Children */

/** An element with attributes and children. Attributes: class, dataset, style, on<event>, any other
 * attribute (true = present, false/null/undefined = absent). Children: nodes, strings, arrays.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes | null} [attrs]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    // Through the CSSOM, never a style attribute: the Content-Security-Policy refuses inline styles.
    else if (key === "style") node.style.cssText = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  // Flattened as plain values (a node or anything written as text): the depth is any.
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The element with this id. The pages' modules ask only for the elements their page has, so a
 * missing one is a page's mistake (it fails where it is used, as before types).
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
export const byId = (id) => /** @type {E} */ (document.getElementById(id));

/** Text only a screen reader reads (the visual carries the same meaning another way).
 * @param {string} text */
export const spoken = (text) => el("span", { class: "visually-hidden" }, text);

/** A good of the Market as a coloured dot and its word ("? any good" for a joker).
 * @param {string} good
 * @param {string} words the good's word in the reader's language (catalogue.js `goodWord`) */
export const goodMark = (good, words) =>
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

/** @param {Element} node */
function shown(node) {
  if (!(node instanceof HTMLElement)) return !!node.getClientRects().length && !node.closest("[inert]");
  return !!(node.offsetWidth || node.offsetHeight || node.getClientRects().length) && !node.closest("[inert]");
}

/** The controls inside `root` that Tab reaches, in document order.
 * @param {ParentNode} root
 * @returns {HTMLElement[]} */
export function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter(shown).map((node) => /** @type {HTMLElement} */ (node));
}

/** Is the person typing (so that a letter is text, not a shortcut)?
 * @param {EventTarget | null} target */
export function isTyping(target) {
  if (!(target instanceof Element)) return false;
  if (target.closest("textarea, select, [contenteditable=''], [contenteditable=true]")) return true;
  const input = target.closest("input");
  return !!input && !["checkbox", "radio", "button", "submit", "reset"].includes(input.type);
}

/** Focus a control identified by its data-focus-key; if it is gone, the first control of its zone
 * (the part before the colon names a [data-focus-zone]), else the zone itself.
 * @param {string} key
 * @returns {boolean} */
export function focusByKey(key, preventScroll = true) {
  const exact = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (exact instanceof HTMLElement && shown(exact) && !(/** @type {HTMLButtonElement} */ (exact).disabled)) {
    exact.focus({ preventScroll });
    return true;
  }
  const zone = document.querySelector(`[data-focus-zone="${CSS.escape(key.split(":")[0])}"]`);
  if (!(zone instanceof HTMLElement) || !shown(zone)) return false;
  const first = focusables(zone)[0];
  (first || zone).focus({ preventScroll });
  return true;
}

/** The focus key of the focused control, if it has one.
 * @returns {string | null} */
export function focusedKey() {
  const active = document.activeElement;
  const keyed = active && active.closest ? active.closest("[data-focus-key]") : null;
  return keyed instanceof HTMLElement ? keyed.dataset.focusKey ?? null : null;
}

/** Run `draw` (which replaces parts of the page) without losing the keyboard focus: a control
 * that was replaced gets its focus back on its successor with the same key (or its zone).
 * @param {() => void} draw */
export function keepFocus(draw) {
  const key = focusedKey();
  draw();
  if (key && (!document.activeElement || document.activeElement === document.body)) focusByKey(key);
}
