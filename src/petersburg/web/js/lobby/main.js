// The lobby page: name, tables, a new table, solo high scores, lobby chat.
import { Chat } from "../chat.js";
import { byId, el } from "../dom.js";
import { identity, setName } from "../identity.js";
import { installShortcuts, addShortcut } from "../shortcuts.js";
import { connectionIndicator, sendOrTell, Socket } from "../socket.js";
import { toast } from "../toast.js";
import { botLevelList } from "../bot-levels.js";
import { renderHighscores, renderTables } from "./tables.js";

const nameInput = byId("name");
nameInput.value = identity().name;
let socket = null;
let me = ""; // this browser's holder id: its seats in the lobby list carry it

// A new name is kept only once the server took it (it answers "named", or refuses a name that
// belongs to an account); offline it is kept at once and sent with the next connection's hello.
byId("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!socket || !socket.send({ type: "name", name: nameInput.value })) named(nameInput.value);
});

function named(name) {
  setName(name);
  nameInput.value = identity().name;
  toast(`You are ${identity().name}.`);
}

function requireName() {
  if (identity().name) return true;
  nameInput.focus();
  toast("Choose a name first.", "error");
  return false;
}

const send = (message) => sendOrTell(socket, message);

const chat = new Chat(byId("chat"), (message) => requireName() && send(message));
chat.ownName = () => identity().name;

function join(tableId) {
  if (requireName()) send({ type: "chat", text: `/join ${tableId}` });
}

/** The bot levels, weakest first, in the form's "fill" select and, one sentence each, below it. */
function fillBots(levels) {
  const select = document.querySelector("select[name=fill]");
  for (const level of levels) if (![...select.options].some((o) => o.value === level.id)) select.append(el("option", { value: level.id }, `yes: ${level.name} bots`));
  byId("bot-levels").replaceChildren(botLevelList(levels));
}

const MARKET_OPTIONS = ["market_board", "joker", "market_values", "unpaid_crate", "market_ties"];

/** Offer only what applies: the Market with the 2nd edition, its options and 5 seats with the
 * Market, the 8-card board below 5 seats, the marker seat at 3 seats (any with the Market). The
 * server checks the same with the engine and refuses what does not go together. */
function updateForm() {
  const f = byId("create-form").elements;
  const second = f.edition.value === "second";
  f.market.disabled = !second;
  if (!second) f.market.checked = false;
  const market = f.market.checked;
  byId("market-options").hidden = !market;
  for (const name of MARKET_OPTIONS) f[name].disabled = !market;
  const five = [...f.seats.options].find((o) => o.value === "5");
  five.disabled = !market;
  if (!market && f.seats.value === "5") f.seats.value = "4";
  const seats = Number(f.seats.value);
  const eight = [...f.market_board.options].find((o) => o.value === "8");
  eight.disabled = seats === 5;
  if (seats === 5) f.market_board.value = "10";
  f.double_marker_seat.disabled = !market && seats !== 3;
  for (const option of f.double_marker_seat.options) option.disabled = option.value !== "" && Number(option.value) >= seats;
  if (f.double_marker_seat.selectedOptions[0].disabled) f.double_marker_seat.value = "";
  byId("marker-seat-label").textContent = market ? "Seat the deal of the five start markers starts from" : "3 players: seat with two start markers";
  byId("marker-seat-hint").textContent = market ? "The markers go one at a time round the table from this seat." : "Only at 3-seat tables.";
}

byId("create-form").addEventListener("change", updateForm);
updateForm();

byId("create-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!requireName()) return;
  const f = event.target.elements;
  const dms = f.double_marker_seat.value;
  const options = {
    always_refill: f.always_refill.checked,
    double_marker_seat: dms !== "" && !f.double_marker_seat.disabled ? Number(dms) : null,
    show_rubles: f.show_rubles.checked,
    show_hands: f.show_hands.checked,
  };
  if (f.money.value) options.money = f.money.value;
  if (f.edition.value === "second") {
    options.edition = "second";
    options.market = f.market.checked;
    if (f.market.checked) for (const name of MARKET_OPTIONS) options[name] = name === "market_board" ? Number(f[name].value) : f[name].value;
  }
  const params = {
    title: f.title.value.trim() || undefined,
    seats: Number(f.seats.value),
    realtime: f.mode.value === "realtime",
    timer: Number(f.timer.value) || 0,
    allow_undo: f.allow_undo.checked,
    fill: f.fill.value || undefined,
    options,
  };
  send({ type: "create", name: identity().name, params });
});

function onMessage(m) {
  if (m.type === "lobby") {
    me = m.you;
    renderTables(m.tables, join, me);
    renderHighscores(m.highscores);
    fillBots(m.bot_levels);
    chat.clear();
    for (const line of m.chat) chat.add(line);
  } else if (m.type === "tables") {
    renderTables(m.tables, join, me);
    renderHighscores(m.highscores);
  } else if (m.type === "chat") chat.add(m, null, true);
  else if (m.type === "notice") chat.add({ text: m.text }, "notice", true);
  else if (m.type === "named") named(m.name);
  else if (m.type === "created" || m.type === "goto") location.href = `/table/${m.table}`;
  else if (m.type === "error") {
    chat.add({ text: m.message }, "error");
    toast(m.message, "error");
  }
}

addShortcut("c", "Write in the lobby chat", () => chat.focus());
addShortcut("n", "Create a new table (go to the form)", () => {
  byId("create-panel").scrollIntoView({ block: "start" });
  byId("create-form").elements.title.focus();
});
installShortcuts();
socket = new Socket("/ws/lobby", onMessage, connectionIndicator(byId("status")));
