// The Market's goods and majorities: for every good, each player's count and who would score
// first and second place if the market scoring were now, with what the places pay this round.
// The server sends the standing (the engine computes it); this only draws it. Places are written
// ("1st +4"), not shown by colour alone.
import { byId, el, goodMark, spoken } from "../dom.js";
import { symbol } from "../art.js";
import { goodWord } from "../catalogue.js";
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").MarketStanding} MarketStanding */
/** @typedef {import("../protocol.js").GoodStanding} GoodStanding */

/** @param {number} points @param {MarketStanding} standing */
function placeOf(points, standing) {
  if (!points) return null;
  return points === standing.first ? "1st" : "2nd";
}

/** @param {MarketStanding} standing @param {GoodStanding} good @param {number} seat @param {string[]} names */
function cell(standing, good, seat, names) {
  const count = good.counts[seat];
  const points = good.points[seat];
  const place = placeOf(points, standing);
  return el(
    "td",
    { class: "goods-cell" + (place === "1st" ? " lead" : place === "2nd" ? " second" : "") + (count ? "" : " none") },
    el("span", { class: "goods-count", "aria-hidden": "true" }, count),
    place ? el("span", { class: "goods-place", "aria-hidden": "true" }, t(place === "1st" ? "page.market.place_first_short" : "page.market.place_second_short", { points })) : null,
    spoken(t(place ? (place === "1st" ? "page.market.goods_first" : "page.market.goods_second") : "page.market.goods_none", { name: names[seat], goods: t("page.card.goods", { count, good: goodWord(good.good) }), count: points }))
  );
}

/** Draw the goods and majorities panel (hidden in a game without the Market).
 * @param {import("./types.js").GameUpdate} m @param {string[]} names */
export function renderMarket(m, names) {
  const panel = byId("market");
  const standing = m.market;
  const nav = byId("nav-market");
  panel.hidden = !standing;
  if (nav) nav.hidden = !standing;
  if (!standing) return;
  panel.textContent = "";
  const v = m.view;
  const seats = [...Array(v.players).keys()];
  const you = m.you ? m.you.seat : null;
  const total = seats.map((seat) => standing.goods.reduce((sum, g) => sum + g.points[seat], 0));
  const values = { round: v.round, first: standing.first, second: standing.second };
  panel.append(
    el("h2", { id: "market-heading" }, t("page.market.goods_heading")),
    el(
      "p",
      { class: "market-values" },
      el("b", {}, t(standing.second ? "page.market.place_values" : "page.market.place_values_no_second", values)),
      // After the end no crate is kept any more: the final board says nothing of its price.
      v.stage === "over" ? null : ` ${t("page.market.crate_price", { price: standing.first })}`
    ),
    ...(m.advice && m.advice.crates
      ? [el("p", { class: "crate-note" + (m.advice.crates_short ? " warning" : ""), id: "crate-note" }, symbol(m.advice.crates_short ? "icon-warning" : "crate", "icon crate-icon"), m.advice.crates)]
      : []),
    el(
      "div",
      { class: "goods-wrap" },
      el(
        "table",
        { class: "goods-table" },
        el("caption", { class: "visually-hidden" }, t("page.market.goods_caption")),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col", class: "goods-player" }, t("page.market.player")),
            standing.goods.map((good) => el("th", { scope: "col", dataset: { good: good.good } }, goodMark(good.good, goodWord(good.good)))),
            el("th", { scope: "col" }, t("page.market.vp_now"))
          )
        ),
        el(
          "tbody",
          {},
          seats.map((seat) =>
            el(
              "tr",
              { class: seat === you ? "you" : "", dataset: { seat } },
              el("th", { scope: "row", class: "goods-player", title: names[seat] }, el("span", { class: "goods-name" }, names[seat]), seat === you ? spoken(` ${t("page.table.you_mark")}`) : null),
              standing.goods.map((good) => cell(standing, good, seat, names)),
              el("td", { class: "goods-total" }, `+${total[seat]}`)
            )
          )
        )
      )
    )
  );
}
