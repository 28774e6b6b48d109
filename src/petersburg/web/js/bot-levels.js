// The bot levels in words: each level's name and one sentence on what it does and how strong it is.
import * as i18n from "./i18n.js";
import { el } from "./dom.js";

/** @typedef {import("./protocol.js").BotLevelInfo} BotLevelInfo */

/** A definition list of `levels` (``bot_levels`` of the server), weakest first.
 * @param {BotLevelInfo[]} levels */
export function botLevelList(levels) {
  return el("dl", { class: "bot-level-list" }, levels.map((level) => [el("dt", {}, level.name), el("dd", {}, level.text)]));
}

/** The "bot" badge after a seat's name, apart from it; a name that already says "bot" ("Greedy
 * bot") is not read twice ("Greedy bot bot") by a screen reader.
 * @param {string} name */
export const botBadge = (name) => [" ", el("span", { class: "bot-badge", "aria-hidden": /\bbot\b/i.test(name) ? "true" : null }, i18n.t("page.common.bot_badge"))];
