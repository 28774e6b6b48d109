// The lobby's lists: open and running tables, finished games.
import * as i18n from "../i18n.js";
import { moveTime } from "../move-time.js";
import { byId, el, spoken } from "../dom.js";
import { editionWords } from "../catalogue.js";

/** @typedef {import("../protocol.js").TableSummary} TableSummary */
/** @typedef {import("../protocol.js").SeatInfo} SeatInfo */
/** @typedef {import("../protocol.js").HighScore} HighScore */

/** @param {SeatInfo} seat @param {string} me */
function seatChip(seat, me) {
  if (seat.kind === "empty") return el("li", { class: "seat empty" }, i18n.t("page.lobby.free_seat"));
  if (seat.kind === "bot") return el("li", { class: "seat bot" }, seat.name);
  const you = seat.you || (me && seat.holder === me);
  return el("li", { class: "seat human" + (you ? " you" : "") }, seat.name, you ? ` ${i18n.t("page.lobby.you_mark")}` : "");
}

/** Your tables first (those where it is your turn before the others), then the rest as listed.
 * @param {TableSummary[]} tables @param {string} me */
function ordered(tables, me) {
  const mine = (/** @type {TableSummary} */ t) => !!me && t.seats.some((s) => s.holder === me);
  const rank = (/** @type {TableSummary} */ t) => (yourTurn(t, me) ? 0 : mine(t) && t.status !== "over" ? 1 : 2);
  return tables
    .map((t, i) => /** @type {[number, number, TableSummary]} */ ([rank(t), i, t]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map((x) => x[2]);
}

/** @param {TableSummary} t @param {string} me */
const yourTurn = (t, me) => !!me && t.status === "playing" && t.to_act !== null && t.seats[t.to_act].holder === me;

/** @param {TableSummary} t */
function optionsText(t) {
  const o = t.options;
  const word = (/** @type {string} */ id, params = {}) => i18n.t(`page.lobby.opt_${id}`, params);
  const parts = [editionWords(o)];
  parts.push(t.realtime ? (t.timer ? word("realtime_timer", { seconds: t.timer }) : word("realtime")) : t.move_deadline ? word("deadline", { time: moveTime(t.move_deadline) }) : word("turn_based"));
  if (o.always_refill) parts.push(word("refill"));
  if (o.money === "traded") parts.push(word("money"));
  if (o.show_rubles) parts.push(word("rubles"));
  if (o.show_hands) parts.push(word("hands"));
  if (t.allow_undo) parts.push(word("undo"));
  return parts.join(" · ");
}

/** @param {TableSummary} t @param {number} free */
function statusText(t, free) {
  if (t.status === "open") return i18n.t("page.lobby.free_seats", { count: free });
  return t.status === "playing" ? i18n.t("page.lobby.playing_round", { round: t.round ?? 0 }) : i18n.t("page.lobby.finished");
}

/** Draw the tables, yours first; join(tableId) takes a free seat; me: this browser's holder id.
 * @param {TableSummary[]} tables @param {(tableId: number) => void} join @param {string} me */
export function renderTables(tables, join, me) {
  const live = byId("tables");
  const done = byId("finished");
  live.textContent = "";
  done.textContent = "";
  for (const t of ordered(tables, me)) {
    const free = t.seats.filter((s) => s.kind === "empty").length;
    const mine = t.seats.some((s) => s.you || (me && s.holder === me));
    const turn = yourTurn(t, me);
    const title = `#${t.id} ${t.name}`;
    const actions = [];
    const of = spoken(` ${i18n.t("page.lobby.of_table", { table: title })}`);
    if (t.status === "over") actions.push(el("a", { class: "button", href: `/results/${t.id}` }, i18n.t("page.lobby.results"), of), el("a", { class: "button", href: `/replay/${t.id}` }, i18n.t("page.lobby.replay"), of.cloneNode(true)));
    else if (t.status === "open" && free && !mine) {
      // Join = take a free seat at once (the same as typing /join <table> in the chat).
      actions.push(el("button", { type: "button", class: "primary", dataset: { join: t.id }, onclick: () => join(t.id) }, i18n.t("page.lobby.join"), spoken(` ${title}`)));
      actions.push(el("a", { class: "button", href: `/table/${t.id}` }, i18n.t("page.lobby.look"), spoken(` ${i18n.t("page.lobby.at_table", { table: title })}`)));
    } else actions.push(el("a", { class: "button", href: `/table/${t.id}` }, i18n.t(mine ? "page.lobby.open" : "page.lobby.watch"), spoken(` ${title}`)));
    const row = el(
      "li",
      { class: `table-row ${t.status}` + (mine ? " mine" : "") + (turn ? " your-turn" : ""), dataset: { table: t.id } },
      el("div", { class: "table-title" }, el("h3", {}, title), turn ? el("span", { class: "turn-badge" }, i18n.t("page.lobby.your_turn")) : null, el("span", { class: "table-status" }, statusText(t, free))),
      el("ul", { class: "table-seats", "aria-label": i18n.t("page.lobby.seats") }, t.seats.map((s) => seatChip(s, me))),
      el("p", { class: "table-options muted" }, optionsText(t)),
      el("div", { class: "table-actions" }, actions)
    );
    (t.status === "over" ? done : live).append(row);
  }
  if (!live.childNodes.length) live.append(el("li", { class: "muted empty-list" }, i18n.t("page.lobby.no_table_yet")));
  if (!done.childNodes.length) done.append(el("li", { class: "muted empty-list" }, i18n.t("page.lobby.no_finished_game_yet")));
}

/** The solo high-score list, best first, each with its replay.
 * @param {HighScore[]} lines */
export function renderHighscores(lines) {
  const list = byId("highscores");
  list.textContent = "";
  for (const l of lines) {
    list.append(
      el(
        "li",
        {},
        el("span", { class: "score-line" }, el("b", {}, i18n.t("page.lobby.score_vp", { count: l.total })), ` ${l.name} `, el("span", { class: "muted" }, i18n.t("page.lobby.score_rubles_rounds", { rubles: l.rubles, count: l.rounds ?? 0 }))),
        el("a", { class: "button small", href: `/replay/${l.table}` }, i18n.t("page.lobby.replay"), spoken(` ${i18n.t("page.lobby.replay_of_game", { name: l.name, count: l.total })}`))
      )
    );
  }
  if (!lines.length) list.append(el("li", { class: "muted empty-list" }, i18n.t("page.lobby.no_solo_game_yet")));
}
