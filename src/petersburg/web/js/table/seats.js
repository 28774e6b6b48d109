// The seats before a game starts: take a seat, put a bot in one, leave, start.
import { moveTime } from "../move-time.js";
import { editionWords } from "../catalogue.js";
import { byId, el, spoken } from "../dom.js";
import { botBadge, botLevelList } from "../bot-levels.js";
import { identity } from "../identity.js";
import { toast } from "../toast.js";
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */
/** @typedef {import("../protocol.js").SeatInfo} SeatInfo */
/** Sends a request about the seats. @typedef {(message: import("../protocol.js").TableRequest) => unknown} Send */

/** The table's edition and options in words.
 * @param {import("../protocol.js").TableSummary} table */
export function optionWords(table) {
  const o = table.options;
  const market = o.market
    ? t("page.seats.opt_market", {
        board: o.market_board ?? "",
        joker: t(o.joker === "fixed" ? "page.seats.opt_joker_once" : "page.seats.opt_joker_each"),
        values: o.market_values ?? "",
        crate: t(o.unpaid_crate === "idle" ? "page.seats.opt_crate_idle" : "page.seats.opt_crate_discarded"),
        ties: t(o.market_ties === "share" ? "page.seats.opt_ties_first" : "page.seats.opt_ties_second"),
      })
    : null;
  const bot = table.deadline_bot ? t(`bot.name_${table.deadline_bot}`) : "";
  return [
    t("page.card.sentence", { part: editionWords(o) }),
    market,
    table.realtime ? (table.timer ? t("page.seats.opt_realtime_timer", { seconds: table.timer }) : t("page.seats.opt_realtime")) : table.move_deadline ? t("page.seats.opt_deadline", { time: moveTime(table.move_deadline), bot }) : t("page.seats.opt_turn_based"),
    t(table.allow_undo ? "page.seats.opt_undo" : "page.seats.opt_no_undo"),
    o.always_refill ? t("page.seats.opt_refill") : null,
    o.money === "traded" ? t("page.seats.opt_money") : null,
    o.show_rubles ? t("page.seats.opt_rubles") : null,
    o.show_hands ? t("page.seats.opt_hands") : null,
  ].filter(Boolean).join(" ");
}

// Only the table's creator manages bots and starts (the server refuses anyone else), so the
// controls are drawn for the creator alone; others may take a free seat or leave their own.
/** @param {UpdateMessage} m @param {SeatInfo} seat @param {number} i @param {Send} send */
function seatControls(m, seat, i, send) {
  const seated = m.you !== null;
  const controls = [];
  if (seat.kind === "empty") {
    if (!seated) controls.push(el("button", { type: "button", class: "primary", dataset: { sit: i }, onclick: () => send({ type: "sit", seat: i, name: identity().name }) }, t("page.seats.take_seat")));
    if (m.creator) controls.push(...botPicker(m, i, send));
  } else if (seat.you) {
    controls.push(el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, t("page.seats.leave_seat")));
  } else if (seat.kind === "bot" && m.creator) {
    controls.push(...botPicker(m, i, send, seat.bot), el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, t("page.seats.remove_bot")));
  }
  return controls;
}

/** A bot-level select and its button: put a bot in a free seat, or change a bot's level.
 * @param {UpdateMessage} m @param {number} i @param {Send} send @param {string | null} [current] */
function botPicker(m, i, send, current) {
  const levels = m.bots || [];
  const remembered = localStorage.getItem("pb_bot") ?? "";
  const chosen = current || (levels.includes(remembered) ? remembered : levels.includes("easy") ? "easy" : levels[0]);
  const select = el(
    "select",
    { dataset: { botlevel: i }, "aria-label": t("page.seats.bot_strength", { seat: i + 1 }), onchange: (e) => localStorage.setItem("pb_bot", /** @type {HTMLSelectElement} */ (e.target).value) },
    levels.map((b) => el("option", { value: b, selected: b === chosen }, botLabel(m, b)))
  );
  const words = t(current ? "page.seats.change_bot" : "page.seats.put_bot");
  return [select, el("button", { type: "button", dataset: { bot: i }, onclick: () => send({ type: "bot", seat: i, level: select.value }) }, words, current ? spoken(` ${t("page.seats.bot_of_seat", { seat: i + 1 })}`) : null)];
}

/** @param {UpdateMessage} m @param {string} level */
function botLabel(m, level) {
  const info = (m.bot_levels || []).find((b) => b.id === level);
  return info ? info.name : level;
}

/** Copy the table's address, and share it where the browser can (phones, mostly).
 * @param {import("../protocol.js").TableSummary} table */
function linkButtons(table) {
  const copy = el("button", { type: "button", id: "copy-link" }, t("page.seats.copy_link"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast(t("page.seats.link_copied"));
    } catch {
      toast(t("page.seats.copy_refused"), "error");
    }
  });
  const share = "share" in navigator ? el("button", { type: "button", id: "share-link", onclick: () => navigator.share({ title: table.name, url: location.href }).catch(() => {}) }, t("page.seats.share")) : null;
  return el("p", { class: "link-buttons" }, copy, share);
}

/** Who is at the table, one line per seat (the invitation before a name is chosen).
 * @param {import("../protocol.js").TableSummary} table */
export function seatLines(table) {
  return el("ul", { class: "seat-list invitation-seats" }, table.seats.map((s, i) => el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, t("page.table.seat", { seat: i + 1 })), el("span", { class: "seat-who" }, s.kind === "empty" ? el("span", { class: "muted" }, t("page.seats.free")) : s.kind === "bot" ? [s.name, botBadge(s.name)] : s.name))));
}

/** @param {UpdateMessage} m @param {Send} send */
export function renderSeats(m, send) {
  const panel = byId("seats-panel");
  const table = m.table;
  panel.hidden = table.status !== "open";
  if (panel.hidden) return;
  panel.textContent = "";
  const list = el("ul", { class: "seat-list" });
  table.seats.forEach((s, i) => {
    const who = s.kind === "empty" ? el("span", { class: "muted" }, t("page.seats.free")) : s.kind === "bot" ? [s.name, botBadge(s.name)] : s.name + (s.you ? ` ${t("page.table.you_mark")}` : "");
    list.append(el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, t("page.table.seat", { seat: i + 1 })), el("span", { class: "seat-who" }, who), el("span", { class: "seat-controls" }, seatControls(m, s, i, send))));
  });
  const full = table.seats.every((s) => s.kind !== "empty");
  const levels = m.creator && m.bot_levels ? el("details", { class: "bot-levels" }, el("summary", {}, t("page.seats.bot_levels")), botLevelList(m.bot_levels)) : null;
  const parts = [
    el("h2", { id: "seats-heading" }, t("page.seats.seats_heading", { table: table.name })),
    list,
    el("p", { class: "invite" }, `${t("page.seats.invite")} `, el("code", {}, location.href), ` ${t(m.creator ? "page.seats.invite_commands_creator" : "page.seats.invite_commands")}`),
    linkButtons(table),
    el("p", { class: "muted" }, optionWords(table)),
    levels,
    m.creator
      ? el("button", { type: "button", id: "start", class: "primary big", disabled: !full, dataset: { focusKey: "start" }, onclick: () => send({ type: "start" }) }, t(full ? "page.seats.start_game" : "page.seats.fill_seats"))
      : el("p", { class: "seat-wait muted", id: "start-wait" }, t("page.seats.start_wait")),
  ];
  panel.append(...parts.filter((part) => part !== null));
}
