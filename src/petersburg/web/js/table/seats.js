// The seats before a game starts: take a seat, put a bot in one, leave, start.
import { byId, el } from "../dom.js";
import { identity } from "../identity.js";

function optionWords(t) {
  const o = t.options;
  const market = o.market
    ? ` ${o.market_board}-card board; "?" named ${o.joker === "fixed" ? "once" : "at every market scoring"}; place values ${o.market_values}; an unpaid crate is ${o.unpaid_crate === "idle" ? "idle" : "discarded"}; tied leaders ${o.market_ties === "share" ? "each score first" : "each score second"}.`
    : "";
  return [
    o.market ? "2nd edition with the Market." : o.edition === "second" ? "2nd edition." : "1st edition.",
    market,
    " ",
    t.realtime ? (t.timer ? `Real time, ${t.timer} s per turn.` : "Real time.") : "Turn based: leave and come back any time.",
    t.allow_undo ? " Undo allowed." : " No undo.",
    o.always_refill ? " Board always refilled." : "",
    o.money === "traded" ? " Money traded at the end." : "",
    o.show_rubles ? " Rubles public." : "",
    o.show_hands ? " Hands public." : "",
  ].join("");
}

function seatControls(m, seat, i, send) {
  const mine = m.you !== null;
  const controls = [];
  if (seat.kind === "empty") {
    if (!mine) controls.push(el("button", { type: "button", class: "primary", dataset: { sit: i }, onclick: () => send({ type: "sit", seat: i, name: identity().name || "Guest" }) }, "Take this seat"));
    const levels = m.bots || [];
    const remembered = localStorage.getItem("pb_bot");
    const chosen = levels.includes(remembered) ? remembered : levels.includes("greedy") ? "greedy" : levels[0];
    const select = el(
      "select",
      { dataset: { botlevel: i }, "aria-label": `Bot strength for seat ${i + 1}`, onchange: (e) => localStorage.setItem("pb_bot", e.target.value) },
      levels.map((b) => el("option", { value: b, selected: b === chosen }, b))
    );
    controls.push(select, el("button", { type: "button", dataset: { bot: i }, onclick: () => send({ type: "bot", seat: i, level: select.value }) }, "Put a bot here"));
  } else if (seat.kind === "bot" || seat.you) {
    controls.push(el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, seat.you ? "Leave seat" : "Remove bot"));
  }
  return controls;
}

export function renderSeats(m, send) {
  const panel = byId("seats-panel");
  const t = m.table;
  panel.hidden = t.status !== "open";
  if (panel.hidden) return;
  panel.textContent = "";
  const list = el("ul", { class: "seat-list" });
  t.seats.forEach((s, i) => {
    const who = s.kind === "empty" ? el("span", { class: "muted" }, "free") : s.kind === "bot" ? [s.name, " ", el("span", { class: "bot-badge" }, "bot")] : s.name + (s.you ? " (you)" : "");
    list.append(el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i + 1}`), el("span", { class: "seat-who" }, who), el("span", { class: "seat-controls" }, seatControls(m, s, i, send))));
  });
  const full = t.seats.every((s) => s.kind !== "empty");
  panel.append(
    el("h2", { id: "seats-heading" }, `Seats — ${t.name}`),
    list,
    el("p", { class: "invite" }, "Invite people with this page's address: ", el("code", {}, location.href), ". In the chat: /join, /bot <level>, /start, /leave, /help."),
    el("p", { class: "muted" }, optionWords(t)),
    el("button", { type: "button", id: "start", class: "primary big", disabled: !full || m.you === null, dataset: { focusKey: "start" }, onclick: () => send({ type: "start" }) }, full ? "Start the game" : "Fill every seat to start")
  );
  if (!identity().name) panel.append(el("p", { class: "error-text" }, "Choose a name in the lobby first, or you will play as Guest."));
}
