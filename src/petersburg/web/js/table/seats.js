// The seats before a game starts: take a seat, put a bot in one, leave, start.
import { moveTime } from "../move-time.js";
import { byId, el, spoken } from "../dom.js";
import { botBadge, botLevelList } from "../bot-levels.js";
import { identity } from "../identity.js";
import { toast } from "../toast.js";

/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */
/** @typedef {import("../protocol.js").SeatInfo} SeatInfo */
/** Sends a request about the seats. @typedef {(message: import("../protocol.js").TableRequest) => unknown} Send */

/** The table's edition and options in words.
 * @param {import("../protocol.js").TableSummary} t */
export function optionWords(t) {
  const o = t.options;
  const market = o.market
    ? ` ${o.market_board}-card board; "?" named ${o.joker === "fixed" ? "once" : "at every market scoring"}; place values ${o.market_values}; an unpaid crate is ${o.unpaid_crate === "idle" ? "idle" : "discarded"}; tied leaders ${o.market_ties === "share" ? "each score first" : "each score second"}.`
    : "";
  return [
    o.market ? "2nd edition with the Market." : o.edition === "second" ? "2nd edition." : "1st edition.",
    market,
    " ",
    t.realtime ? (t.timer ? `Real time, ${t.timer} s per turn.` : "Real time.") : t.move_deadline ? `Turn based, ${moveTime(t.move_deadline)} per move (then the ${t.deadline_bot} bot plays it).` : "Turn based: leave and come back any time.",
    t.allow_undo ? " Undo allowed." : " No undo.",
    o.always_refill ? " Board always refilled." : "",
    o.money === "traded" ? " Money traded at the end." : "",
    o.show_rubles ? " Rubles public." : "",
    o.show_hands ? " Hands public." : "",
  ].join("");
}

// Only the table's creator manages bots and starts (the server refuses anyone else), so the
// controls are drawn for the creator alone; others may take a free seat or leave their own.
/** @param {UpdateMessage} m @param {SeatInfo} seat @param {number} i @param {Send} send */
function seatControls(m, seat, i, send) {
  const seated = m.you !== null;
  const controls = [];
  if (seat.kind === "empty") {
    if (!seated) controls.push(el("button", { type: "button", class: "primary", dataset: { sit: i }, onclick: () => send({ type: "sit", seat: i, name: identity().name }) }, "Take this seat"));
    if (m.creator) controls.push(...botPicker(m, i, send));
  } else if (seat.you) {
    controls.push(el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, "Leave seat"));
  } else if (seat.kind === "bot" && m.creator) {
    controls.push(...botPicker(m, i, send, seat.bot), el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, "Remove bot"));
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
    { dataset: { botlevel: i }, "aria-label": `Bot strength for seat ${i + 1}`, onchange: (e) => localStorage.setItem("pb_bot", /** @type {HTMLSelectElement} */ (e.target).value) },
    levels.map((b) => el("option", { value: b, selected: b === chosen }, botLabel(m, b)))
  );
  const words = current ? "Change" : "Put a bot here";
  return [select, el("button", { type: "button", dataset: { bot: i }, onclick: () => send({ type: "bot", seat: i, level: select.value }) }, words, current ? spoken(` the bot of seat ${i + 1}`) : null)];
}

/** @param {UpdateMessage} m @param {string} level */
function botLabel(m, level) {
  const info = (m.bot_levels || []).find((b) => b.id === level);
  return info ? info.name : level;
}

/** Copy the table's address, and share it where the browser can (phones, mostly).
 * @param {import("../protocol.js").TableSummary} t */
function linkButtons(t) {
  const copy = el("button", { type: "button", id: "copy-link" }, "Copy link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast("Link copied.");
    } catch {
      toast("Copying is not allowed here: select the address above.", "error");
    }
  });
  const share = "share" in navigator ? el("button", { type: "button", id: "share-link", onclick: () => navigator.share({ title: t.name, url: location.href }).catch(() => {}) }, "Share…") : null;
  return el("p", { class: "link-buttons" }, copy, share);
}

/** Who is at the table, one line per seat (the invitation before a name is chosen).
 * @param {import("../protocol.js").TableSummary} t */
export function seatLines(t) {
  return el("ul", { class: "seat-list invitation-seats" }, t.seats.map((s, i) => el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i + 1}`), el("span", { class: "seat-who" }, s.kind === "empty" ? el("span", { class: "muted" }, "free") : s.kind === "bot" ? [s.name, botBadge(s.name)] : s.name))));
}

/** @param {UpdateMessage} m @param {Send} send */
export function renderSeats(m, send) {
  const panel = byId("seats-panel");
  const t = m.table;
  panel.hidden = t.status !== "open";
  if (panel.hidden) return;
  panel.textContent = "";
  const list = el("ul", { class: "seat-list" });
  t.seats.forEach((s, i) => {
    const who = s.kind === "empty" ? el("span", { class: "muted" }, "free") : s.kind === "bot" ? [s.name, botBadge(s.name)] : s.name + (s.you ? " (you)" : "");
    list.append(el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i + 1}`), el("span", { class: "seat-who" }, who), el("span", { class: "seat-controls" }, seatControls(m, s, i, send))));
  });
  const full = t.seats.every((s) => s.kind !== "empty");
  const levels = m.creator && m.bot_levels ? el("details", { class: "bot-levels" }, el("summary", {}, "The bot levels, weakest first"), botLevelList(m.bot_levels)) : null;
  const parts = [
    el("h2", { id: "seats-heading" }, `Seats — ${t.name}`),
    list,
    el("p", { class: "invite" }, "Invite people with this page's address: ", el("code", {}, location.href), m.creator ? ". In the chat: /join, /bot <level>, /start, /leave, /help." : ". In the chat: /join, /leave, /help."),
    linkButtons(t),
    el("p", { class: "muted" }, optionWords(t)),
    levels,
    m.creator
      ? el("button", { type: "button", id: "start", class: "primary big", disabled: !full, dataset: { focusKey: "start" }, onclick: () => send({ type: "start" }) }, full ? "Start the game" : "Fill every seat to start")
      : el("p", { class: "seat-wait muted", id: "start-wait" }, "The player who created this table puts bots in its seats and starts the game."),
  ];
  panel.append(...parts.filter((part) => part !== null));
}
