// A player's play area: one column per colour, headed by the colour's word, how many cards and
// what they pay at their scoring, then the cards as compact lines; and the seat's figures.
import { cards, COLOURS, GOODS, goodWord, incomeText, incomeWords, kindWord, PHASES, vpText } from "../catalogue.js";
import { list, t } from "../i18n.js";
import { renderChip } from "../card-view.js";
import { el, spoken } from "../dom.js";

/** @typedef {import("../protocol.js").SeatJson} SeatJson */
/** @typedef {import("../protocol.js").SeatFigures} SeatFigures */
/** @typedef {import("../protocol.js").ViewJson} ViewJson */

/** Each colour's cards of a play area (public: every card is named), with how many of each.
 * @param {Array<string | null>} area @param {unknown[]} colours
 * @returns {Array<Map<string, number>>} */
function byColour(area, colours) {
  const groups = colours.map(() => /** @type {Map<string, number>} */ (new Map()));
  for (const id of /** @type {string[]} */ (area)) {
    const group = groups[cards[id].colour];
    group.set(id, (group.get(id) || 0) + 1);
  }
  return groups;
}

/** @param {SeatJson} player @param {SeatFigures} summary */
export function renderArea(player, summary) {
  // One column per colour the game scores (yellow only with the Market).
  const groups = byColour(player.area, COLOURS.slice(0, summary.income.length));
  const columns = groups.map((group, colour) => {
    const c = COLOURS[colour];
    const income = summary.income[colour];
    return el(
      "div",
      { class: `area-col ${c.name}` },
      el(
        "p",
        { class: "area-head" },
        el("span", { class: "area-kind" }, kindWord("plural", c.kind), el("span", { "aria-hidden": "true" }, ` ×${income.cards}`), spoken(t("page.table.area_cards", { count: income.cards }))),
        el("span", { class: "pays" }, el("span", { "aria-hidden": "true" }, t("page.table.area_pays", { income: incomeText(income.rubles, income.vp) })), spoken(t("page.table.area_paying", { income: incomeWords(income.rubles, income.vp), scoring: kindWord("scoring", c.kind) })))
      ),
      group.size ? el("ul", { class: "chips" }, [...group.entries()].map(([id, count]) => renderChip(id, count))) : null
    );
  });
  const extras = [t("page.table.aristocrat_bonus", { count: summary.distinct_red, vp: vpText(summary.aristocrat_bonus) })];
  const goods = player.goods;
  if (goods) {
    const held = GOODS.filter((good) => goods[good]).map((good) => t("page.card.goods", { count: goods[good], good: goodWord(good) }));
    extras.push(held.length ? t("page.market.goods_held", { goods: list(held) }) : t("page.market.no_goods"));
  }
  if (player.observatories_used) extras.push(t("page.table.observatories_used", { count: player.observatories_used }));
  return [el("div", { class: "area" }, columns), el("p", { class: "player-extra" }, extras.join(" · "))];
}

/** The start-player markers a seat holds, as letters with their phase in words.
 * @param {ViewJson} view @param {number} seat */
export function markerChips(view, seat) {
  return PHASES.filter((p) => view.markers[p.name] === seat).map((p) =>
    el("span", { class: `marker ${p.name}`, title: t("page.table.start_player_of", { phase: kindWord("phase", p.name) }) }, el("span", { "aria-hidden": "true" }, kindWord("letter", p.name)), spoken(t("page.table.starts_phase", { phase: kindWord("phase", p.name) })))
  );
}

/** Rubles as shown: a figure, or "?₽" when they are secret.
 * @param {SeatJson} player */
export function rublesChip(player) {
  const secret = player.rubles === null;
  return el("span", { class: "rubles" + (secret ? " secret" : ""), title: t(secret ? "page.table.rubles_are_secret" : "page.table.rubles") }, secret ? el("span", { "aria-hidden": "true" }, "?₽") : `${player.rubles}₽`, secret ? spoken(t("page.table.rubles_secret")) : null);
}
