// The bot levels in words: each level's name and one sentence on what it does and how strong it is.
import { el } from "./dom.js";

/** @typedef {import("./protocol.js").BotLevelInfo} BotLevelInfo */

/** A definition list of `levels` (``bot_levels`` of the server), weakest first.
 * @param {BotLevelInfo[]} levels */
export function botLevelList(levels) {
  return el("dl", { class: "bot-level-list" }, levels.map((level) => [el("dt", {}, level.name), el("dd", {}, level.text)]));
}
