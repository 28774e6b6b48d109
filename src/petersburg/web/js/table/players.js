// The other players (everyone, for a spectator or a replay): a one-line summary that opens to the
// whole play area. Each summary remembers whether it is open across updates; by default they are
// open on wide screens and closed on a phone.
import { COLOURS, GOODS, goodWord, incomeWords, kindWord, vpText } from "../catalogue.js";
import { t } from "../i18n.js";
import { figure, symbol } from "../art.js";
import { botBadge } from "../bot-levels.js";
import { renderChip } from "../card-view.js";
import { byId, el, spoken } from "../dom.js";
import { markerChips, renderArea, rublesChip } from "./area.js";

/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("../protocol.js").SeatJson} SeatJson */

/** Whether each seat's panel is open, as its viewer left it. @type {Map<number, boolean>} */
const openState = new Map();
// Open by default on a tablet only: on a desktop the summaries stand in a strip above the board
// (so everybody fits on one screen), on a phone in a list.
const tablet = window.matchMedia("(min-width: 600px) and (max-width: 1199px)");

/** Cards and income per scoring of one colour: "2" and the ruble and VP figures they pay.
 * @param {{ name: string, kind: string }} c @param {{ cards: number, rubles: number, vp: number }} income */
function incomeChip(c, income) {
  return el(
    "span",
    { class: `count-chip ${c.name}` },
    el("span", { "aria-hidden": "true" }, `${kindWord("letter", c.kind)} ${income.cards}`),
    spoken(t("page.table.count_of_kind", { count: income.cards, kind: kindWord("plural", c.kind) })),
    income.rubles ? figure("ruble", income.rubles, "figure chip-figure") : null,
    income.vp ? figure("vp", income.vp, "figure chip-figure") : null,
    income.rubles || income.vp ? spoken(t("page.table.paying", { income: incomeWords(income.rubles, income.vp) })) : null
  );
}

/** The goods a player holds with the Market: each good's symbol and count.
 * @param {SeatJson} p */
function goodsChips(p) {
  const goods = p.goods;
  if (!goods) return null;
  return el("span", { class: "goods-chips" }, GOODS.filter((good) => goods[good]).map((good) => el("span", { class: "goods-chip" }, symbol(`good-${good}`, `good-icon gi-${good}`), `${goods[good]}`, spoken(` ${goodWord(good)}`))));
}

/** @param {GameUpdate} m @param {number} seat @param {string[]} names */
function summaryLine(m, seat, names) {
  const v = m.view;
  const p = v.seats[seat];
  const s = m.summary[seat];
  const bot = m.table.seats[seat] && m.table.seats[seat].kind === "bot";
  const toAct = v.to_act === seat && v.stage !== "over";
  const counts = COLOURS.slice(0, s.income.length).map((c, colour) => incomeChip(c, s.income[colour]));
  return el(
    "summary",
    { dataset: { focusKey: `player:${seat}` } },
    el("span", { class: "summary-top" }, el("h3", { class: "player-name" }, names[seat], bot ? botBadge(names[seat]) : null), toAct ? el("span", { class: "to-act-badge" }, t("page.table.to_act_badge")) : null, markerChips(v, seat)),
    el("span", { class: "summary-figures" }, el("span", { class: "vp" }, vpText(p.vp)), rublesChip(p), el("span", { class: "hand-size" }, symbol("icon-hand", "icon"), t("page.table.hand_size", { count: p.hand_size })), el("span", { class: "counts" }, counts, goodsChips(p))),
    spoken(t("page.table.details"))
  );
}

/** The hand cards this viewer may name: the whole hand when hands are shown, else the cards the
 * player took from the board in everyone's sight (public_hand), with how many others are secret
 * (drawn with an Observatory).
 * @param {SeatJson} p */
function handCards(p) {
  const known = p.hand || p.public_hand || [];
  if (!known.length) return null;
  const secret = p.hand_size - known.length;
  const label = t(p.hand ? "page.table.hand_open" : "page.table.hand_known");
  const rest = secret ? el("span", { class: "muted" }, t("page.table.hand_unknown", { count: secret })) : null;
  return el("div", { class: "open-hand" }, el("span", {}, label), el("ul", { class: "chips" }, known.map((id) => renderChip(id))), rest);
}

/** @param {GameUpdate} m @param {number} seat @param {string[]} names */
function playerPanel(m, seat, names) {
  const v = m.view;
  const p = v.seats[seat];
  const toAct = v.to_act === seat && v.stage !== "over";
  const open = openState.has(seat) ? openState.get(seat) : tablet.matches;
  const details = el("details", { class: "player" + (toAct ? " to-act" : ""), dataset: { seat }, open }, summaryLine(m, seat, names), el("div", { class: "player-body" }, renderArea(p, m.summary[seat]), handCards(p)));
  details.addEventListener("toggle", () => openState.set(seat, details.open));
  return details;
}

/** @param {GameUpdate} m @param {string[]} names */
export function renderPlayers(m, names) {
  const section = byId("players");
  const list = byId("player-list");
  list.textContent = "";
  const everyone = [...Array(m.view.players).keys()];
  const others = m.you ? [...everyone.slice(m.you.seat + 1), ...everyone.slice(0, m.you.seat)] : everyone;
  byId("players-heading").textContent = t(m.you ? (others.length ? "page.table.other_players" : "page.table.solo_game") : "page.table.players");
  for (const seat of others) list.append(playerPanel(m, seat, names));
  section.hidden = false;
  byId("nav-players").hidden = !others.length;
}

// Where the game's sections stand in the page, by width. On a desktop the other players' strip
// stands above the board and the goods panel after your own; on a tablet or phone the board comes
// first, the goods panel before your own and the other players last. The sections are moved in
// the document itself (not only drawn elsewhere by CSS `order`), so that Tab and a screen reader
// go through them in the order they are seen (WCAG 2.4.3, focus order).
const desktop = window.matchMedia("(min-width: 1200px)");

/** Put the players' strip and the goods panel where this width shows them; the focus stays where
 * it was when it was inside a moved section. */
function place() {
  const board = byId("board");
  const me = byId("me");
  const players = byId("players");
  const market = byId("market");
  const focused = document.activeElement;
  if (desktop.matches) {
    board.before(players);
    me.after(market);
  } else {
    board.after(market);
    me.after(players);
  }
  if (focused instanceof HTMLElement && focused !== document.activeElement && focused.isConnected) {
    focused.focus({ preventScroll: true });
  }
}

/** Place the sections now and again whenever the width crosses the desktop's. */
export function followWidth() {
  place();
  desktop.addEventListener("change", place);
}
