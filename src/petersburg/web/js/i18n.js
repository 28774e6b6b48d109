// The reader's language on every page: the words of the pages from the server's catalogue
// (/api/words, chosen by ?lang=, the pb_lang cookie or Accept-Language), `t(id, params)` for the
// sentences scripts make, the language picker of the top bar (each language named in itself), and
// the page's `lang` attribute. Plural sentences come as { CLDR category: form } and are picked with
// Intl.PluralRules; numbers are written with Intl.NumberFormat.

/** @typedef {import("./protocol.js").PageWords} PageWords */

const COOKIE = "pb_lang";
const ESCAPES = /** @type {{ [char: string]: string }} */ ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" });
const INLINE = /&lt;(\/?)(b|i|kbd|code|a)&gt;/g;
const YEAR = 365 * 86400;

/** @type {PageWords} */
let catalogue = { lang: "en", languages: [], words: {} };

/** The language the page reads in. */
export const language = () => catalogue.lang;

/** Groups of words loaded later (`needs`), loaded again on a change of language. @type {Set<string>} */
const extras = new Set();

/** @param {string} page a page's `data-words`, or a group of words @returns {Promise<PageWords | null>} */
async function fetchWords(page) {
  const query = new URLSearchParams({ page });
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked) query.set("lang", asked);
  const response = await fetch(`/api/words?${query}`, { credentials: "same-origin" });
  return response.ok ? response.json() : null;
}

async function load() {
  const [own, ...more] = await Promise.all([document.documentElement.dataset.words || "", ...extras].map(fetchWords));
  if (own) catalogue = own;
  for (const group of more) if (group) Object.assign(catalogue.words, group.words);
  document.documentElement.lang = catalogue.lang === "qps" ? "en" : catalogue.lang;
  wordPage(document);
  return catalogue;
}

/** Load the words of `group` ("final", "market", "seats", "analysis", "keys") unless the page has
 * them: words needed only at a game's end or on a click do not weigh on the first load.
 * @param {string} group */
export async function needs(group) {
  if (extras.has(group) || Object.keys(catalogue.words).some((id) => id.startsWith(`page.${group}.`))) return;
  extras.add(group);
  const words = await fetchWords(group);
  if (words) Object.assign(catalogue.words, words.words);
}

/** The catalogue, once loaded. A module that imports this one runs only after it (the top-level
 * await below), so a script's `t()` never meets an empty catalogue; a failed fetch reads in English ids. */
export const ready = load().catch(() => catalogue);
await ready;

/** `url` asking for the page's language: a `?lang=` link holds for the API's worded answers too.
 * @param {string} url */
export const inLanguage = (url) => `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(catalogue.lang)}`;

/** The sentence `id` ("page.lobby_title") with its `{params}` filled in; a sentence with counts
 * takes its form by `params.count`. An id the catalogue lacks shows as itself (a test finds it).
 * @param {string} id @param {{ [name: string]: string | number }} [params] */
export function t(id, params = {}) {
  const entry = catalogue.words[id];
  let text = id;
  if (typeof entry === "string") text = entry;
  else if (entry) {
    const category = intl().plurals.select(Number(params.count ?? 0));
    text = entry[category] ?? entry.other ?? Object.values(entry)[0] ?? id;
  }
  return text.replace(/\{(\w+)(?::[^}]*)?\}/g, (whole, name) =>
    name in params ? formatted(params[name]) : whole,
  );
}

const pluralLocale = () => (catalogue.lang === "qps" ? "en" : catalogue.lang);

/** CLDR's rules of the language, made once per language (hundreds of sentences per update).
 * @type {{ lang: string, plurals: Intl.PluralRules, numbers: Intl.NumberFormat, and: Intl.ListFormat, or: Intl.ListFormat } | null} */
let made = null;
function intl() {
  if (!made || made.lang !== catalogue.lang) {
    const locale = pluralLocale();
    made = {
      lang: catalogue.lang,
      plurals: new Intl.PluralRules(locale),
      numbers: new Intl.NumberFormat(locale),
      and: new Intl.ListFormat(locale, { type: "conjunction" }),
      or: new Intl.ListFormat(locale, { type: "disjunction" }),
    };
  }
  return made;
}

/** Items listed the language's way ("A, B and C"; "disjunction": "A or B"); the pseudo-language
 * wraps the English list (its "and" is in no catalogue).
 * @param {string[]} items @param {"conjunction" | "disjunction"} [type] */
export function list(items, type = "conjunction") {
  const joined = (type === "conjunction" ? intl().and : intl().or).format(items);
  return catalogue.lang === "qps" && items.length > 1 ? `⟦${joined}⟧` : joined;
}

/** A time of day the language's way ("14:05", "2:05 PM"; no "PM" in the pseudo-language).
 * @param {Date} date */
export const time = (date) =>
  date.toLocaleTimeString(catalogue.lang === "qps" ? "en-GB" : catalogue.lang, { hour: "2-digit", minute: "2-digit" });

/** @param {string | number} value */
function formatted(value) {
  return typeof value === "number" ? intl().numbers.format(value) : value;
}

/** Word every element of `root` that names its words by id: `data-i18n` (its text) and
 * `data-i18n-<attribute>` (title, aria-label, placeholder, alt), `data-i18n-html` (a sentence with
 * emphasis or a link: `withEmphasis`).
 * @param {ParentNode} root */
export function wordPage(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (node instanceof HTMLElement && node.dataset.i18n) node.textContent = t(`page.${node.dataset.i18n}`);
  }
  for (const node of root.querySelectorAll("[data-i18n-html]")) {
    if (node instanceof HTMLElement && node.dataset.i18nHtml) {
      node.innerHTML = withEmphasis(t(`page.${node.dataset.i18nHtml}`), node.dataset.i18nHref ?? "");
    }
  }
  for (const attribute of ["title", "aria-label", "placeholder", "alt"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      const id = node.getAttribute(`data-i18n-${attribute}`);
      if (id) node.setAttribute(attribute, t(`page.${id}`));
    }
  }
}

/** A sentence that keeps its emphasis and its one link (`<b>`, `<i>`, `<kbd>`, `<code>`, `<a>`) as
 * markup, everything else as text: a translation can move the emphasis but never add markup.
 * @param {string} sentence @param {string} href the link's address (the page's own, kept from its HTML) */
function withEmphasis(sentence, href) {
  const escaped = sentence.replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char);
  return escaped.replace(INLINE, (_whole, closing, tag) =>
    tag === "a" && !closing ? `<a href="${href.replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char)}">` : `<${closing}${tag}>`,
  );
}

/** Choose `code`: remembered in this browser's cookie; an open socket is asked to word everything
 * anew (the `pb-language` event, see socket.js), and the page's own words are loaded again.
 * @param {string} code */
export async function choose(code) {
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${YEAR}; SameSite=Lax`;
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
  await load();
  document.dispatchEvent(new CustomEvent("pb-language", { detail: catalogue.lang }));
}

/** The picker of the top bar: every language named in itself. On a phone's width the closed
 * picker shows the language's code ("DE") over the select, which still opens with every language
 * named in itself: a full name would cut the page's title, a cut one ("Deu") reads as nothing. */
function renderPicker() {
  const bar = document.querySelector("header.topbar");
  if (!bar || bar.querySelector(".language-picker")) return;
  const choice = document.createElement("span");
  choice.className = "language-choice";
  const code = document.createElement("span");
  code.className = "language-code";
  code.setAttribute("aria-hidden", "true");
  code.textContent = catalogue.lang.toUpperCase();
  document.addEventListener("pb-language", () => { code.textContent = catalogue.lang.toUpperCase(); });
  const select = document.createElement("select");
  select.className = "language-picker";
  select.setAttribute("aria-label", t("page.language"));
  for (const { code, name } of catalogue.languages) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.selected = code === catalogue.lang;
    select.append(option);
  }
  select.addEventListener("change", () => choose(select.value));
  choice.append(code, select);
  bar.append(choice);
}

ready.then(renderPicker);
