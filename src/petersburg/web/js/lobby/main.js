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

byId("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setName(nameInput.value);
  if (socket) socket.send({ type: "name", name: identity().name }); // sent again on reconnecting anyway
  toast(`You are ${identity().name}.`);
});

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

byId("create-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!requireName()) return;
  const f = event.target.elements;
  const dms = f.double_marker_seat.value;
  const params = {
    title: f.title.value.trim() || undefined,
    seats: Number(f.seats.value),
    realtime: f.mode.value === "realtime",
    timer: Number(f.timer.value) || 0,
    allow_undo: f.allow_undo.checked,
    fill: f.fill.value || undefined,
    options: {
      always_refill: f.always_refill.checked,
      money: f.money.value,
      double_marker_seat: dms !== "" && Number(f.seats.value) === 3 ? Number(dms) : null,
      show_rubles: f.show_rubles.checked,
      show_hands: f.show_hands.checked,
    },
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
