// The lobby page: name, tables, a new table, solo high scores, lobby chat.
import * as i18n from "../i18n.js";
import { Chat } from "../chat.js";
import { byId, el } from "../dom.js";
import { identity, setName } from "../identity.js";
import { installShortcuts, addShortcut } from "../shortcuts.js";
import { connectionIndicator, sendOrTell, Socket } from "../socket.js";
import { toast } from "../toast.js";
import { botLevelList } from "../bot-levels.js";
import { renderHighscores, renderTables } from "./tables.js";
import { renderAccountNav } from "../account/nav.js";

/** @typedef {import("../protocol.js").BotLevelInfo} BotLevelInfo */
/** @typedef {import("../protocol.js").LobbyRequest} LobbyRequest */
/** @typedef {import("../protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("../protocol.js").TableParams} TableParams */
/** @typedef {import("../protocol.js").OptionsJson} OptionsJson */
/** @typedef {import("../protocol.js").OptionChoices} OptionChoices */
/** @typedef {import("../protocol.js").HttpError} HttpError */
/**
 * The new-table form's fields (lobby.html), by name.
 * @typedef {object} CreateFields
 * @property {HTMLInputElement} title
 * @property {HTMLSelectElement} seats
 * @property {RadioNodeList} mode
 * @property {HTMLInputElement} timer
 * @property {HTMLSelectElement} move_deadline
 * @property {HTMLSelectElement} deadline_bot
 * @property {HTMLInputElement} allow_undo
 * @property {HTMLInputElement} hints
 * @property {HTMLSelectElement} edition
 * @property {HTMLInputElement} market
 * @property {HTMLSelectElement} market_board
 * @property {HTMLSelectElement} joker
 * @property {HTMLSelectElement} market_values
 * @property {HTMLSelectElement} unpaid_crate
 * @property {HTMLSelectElement} market_ties
 * @property {HTMLInputElement} always_refill
 * @property {HTMLSelectElement} money
 * @property {HTMLSelectElement} double_marker_seat
 * @property {HTMLInputElement} show_rubles
 * @property {HTMLInputElement} show_hands
 * @property {HTMLSelectElement} fill
 */

/** @type {HTMLInputElement} */
const nameInput = byId("name");
nameInput.value = identity().name;
/** @type {HTMLFormElement} */
const createForm = byId("create-form");
const createFields = /** @type {CreateFields} */ (/** @type {unknown} */ (createForm.elements));
/** @type {Socket | null} */
let socket = null;
let me = ""; // this browser's holder id: its seats in the lobby list carry it

// A new name is kept only once the server took it (it answers "named", or refuses a name that
// belongs to an account); offline it is kept at once and sent with the next connection's hello.
byId("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!socket || !socket.send({ type: "name", name: nameInput.value })) named(nameInput.value);
});

/** @param {string} name */
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

/** @param {LobbyRequest} message */
const send = (message) => sendOrTell(socket, message);

const chat = new Chat(byId("chat"), (message) => requireName() && send(message));
chat.ownName = () => identity().name;

/** @param {number} tableId */
function join(tableId) {
  if (requireName()) send({ type: "chat", text: `/join ${tableId}` });
}

/** The bot levels, in the measured ladder's order, in the form's "fill" select and, one sentence each, below it.
 * @param {BotLevelInfo[]} levels */
function fillBots(levels) {
  const select = createFields.fill;
  for (const level of levels) if (![...select.options].some((o) => o.value === level.id)) select.append(el("option", { value: level.id }, `yes: ${level.name} bots`));
  // The bot that plays a move whose time ran out (Easy, the Greedy bot, unless the creator picks another).
  const stand = createFields.deadline_bot;
  const first = stand.options.length === 0;
  for (const level of levels) if (![...stand.options].some((o) => o.value === level.id)) stand.append(el("option", { value: level.id }, `a ${level.name} bot`));
  if (first) stand.value = "easy";
  byId("bot-levels").replaceChildren(botLevelList(levels));
  const play = playLevel();
  for (const level of levels) if (![...play.options].some((o) => o.value === level.id)) play.append(el("option", { value: level.id, selected: level.id === PLAY_NOW.level }, level.name));
  play.disabled = false;
}

/** "Play now": one click deals a real-time game of these settings, the bots at the level chosen
 * (the middle of the ladder unless changed); with no name yet the player is "Guest" until he
 * chooses one. */
const PLAY_NOW = { level: "medium", edition: "first" };
/** @type {HTMLFormElement} */
const playForm = byId("play-form");
const playLevel = () => /** @type {HTMLSelectElement} */ (playForm.elements.namedItem("level"));
playLevel().disabled = true;
playForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!identity().name) setName("Guest");
  const seats = Number(/** @type {HTMLSelectElement} */ (playForm.elements.namedItem("players")).value);
  /** @type {TableParams} */
  const params = { seats, realtime: true, fill: playLevel().value, start: true, options: { edition: PLAY_NOW.edition } };
  send({ type: "create", name: identity().name, params });
});

/** The form's fields of the Market's options.
 * @type {Array<"market_board" | "joker" | "market_values" | "unpaid_crate" | "market_ties">} */
const MARKET_OPTIONS = ["market_board", "joker", "market_values", "unpaid_crate", "market_ties"];

/**
 * Which choices go together, given the edition, the Market and the seats chosen, as the engine's
 * `option_choices()` says (`GET /api/options`): an option is offered where the options it
 * `requires` have those values (the Market with the 2nd edition, its options with the Market); the
 * seats from `players.min` to `players.max`, or `max_with_market` with the Market (`seats` comes
 * back within them); each Market board up to its `max_players`; the marker seat at the counts in
 * `players_without_market`, at any with the Market. The page states none of these figures itself,
 * and the server checks the same with the engine and refuses what does not go together.
 *
 * @param {OptionChoices} choices
 * @param {{ edition: string, market: boolean, seats: number }} chosen
 */
function optionsThatGoTogether(choices, { edition, market, seats }) {
  const byName = new Map(choices.options.map((option) => [option.name, option]));
  const option = (/** @type {string} */ name) => {
    const found = byName.get(name);
    if (!found) throw new Error(`The server offers no option "${name}".`);
    return found;
  };
  /** @type {{ [name: string]: string | boolean | number }} */
  const chosen = { edition, market: false };
  const allowed = (/** @type {string} */ name) => Object.entries(option(name).requires).every(([other, value]) => chosen[other] === value);
  const marketAllowed = allowed("market");
  const withMarket = marketAllowed && market;
  chosen.market = withMarket;
  const { players } = choices;
  const maxSeats = withMarket ? players.max_with_market : players.max;
  const seatCount = Math.max(players.min, Math.min(seats, maxSeats));
  const board = option("market_board");
  const boardsMax = board.max_players || [];
  const boards = (Array.isArray(board.values) ? board.values : []).filter((_, i) => seatCount <= boardsMax[i]).map(String);
  const unevenCounts = option("double_marker_seat").players_without_market || [];
  return {
    market: marketAllowed,
    withMarket,
    minSeats: players.min,
    maxSeats,
    seats: seatCount,
    /** @type {{ [name: string]: boolean }} */
    marketOptions: Object.fromEntries(MARKET_OPTIONS.map((name) => [name, allowed(name)])),
    boards,
    defaultBoard: String(board.default),
    markerSeat: withMarket || unevenCounts.includes(seatCount),
    unevenCounts,
  };
}

/** The rule options and which go together, as the server sends them; null until they arrive (the
 * form waits for them, every control off). @type {OptionChoices | null} */
let choices = null;

/** Offer only what applies (optionsThatGoTogether), and only the seats the table has for the
 * marker seat. */
function updateForm() {
  if (!choices) return;
  const f = createFields;
  const allowed = optionsThatGoTogether(choices, { edition: f.edition.value, market: f.market.checked, seats: Number(f.seats.value) });
  f.market.disabled = !allowed.market;
  if (!allowed.market) f.market.checked = false;
  const market = allowed.withMarket;
  byId("market-options").hidden = !market;
  byId("market-fieldset").hidden = !market;
  for (const name of MARKET_OPTIONS) f[name].disabled = !allowed.marketOptions[name];
  for (const option of f.seats.options) option.disabled = Number(option.value) < allowed.minSeats || Number(option.value) > allowed.maxSeats;
  if (Number(f.seats.value) !== allowed.seats) f.seats.value = String(allowed.seats);
  const seats = allowed.seats;
  for (const option of f.market_board.options) option.disabled = !allowed.boards.includes(option.value);
  if (!allowed.boards.includes(f.market_board.value)) f.market_board.value = allowed.defaultBoard;
  f.double_marker_seat.disabled = !allowed.markerSeat;
  for (const option of f.double_marker_seat.options) option.disabled = option.value !== "" && Number(option.value) >= seats;
  if (f.double_marker_seat.selectedOptions[0].disabled) f.double_marker_seat.value = "";
  const uneven = allowed.unevenCounts.join(" or ");
  byId("marker-seat-label").textContent = market ? i18n.t("page.lobby.market_marker_seat") : i18n.t("page.lobby.marker_seat", { count: uneven });
  byId("marker-seat-hint").textContent = market ? i18n.t("page.lobby.market_marker_hint") : i18n.t("page.lobby.marker_hint", { count: uneven });
}

/** Every control of the form, which waits for the rule options with all of them off. */
const formControls = /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>} */ (createForm.querySelectorAll("input, select, button"));
for (const control of formControls) control.disabled = true;

/** The rule options from the server; then the form offers what goes together. */
async function loadChoices() {
  const response = await fetch("/api/options");
  if (!response.ok) {
    /** @type {HttpError} */
    const refusal = await response.json();
    toast(refusal.detail || "The table options could not be loaded: reload the page.", "error");
    return;
  }
  choices = /** @type {OptionChoices} */ (await response.json());
  for (const control of formControls) control.disabled = false;
  updateForm();
}

createForm.addEventListener("change", updateForm);
loadChoices();

createForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!requireName()) return;
  const f = createFields;
  const dms = f.double_marker_seat.value;
  /** @type {Partial<OptionsJson>} */
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
    if (f.market.checked) for (const name of MARKET_OPTIONS) Object.assign(options, { [name]: name === "market_board" ? Number(f[name].value) : f[name].value });
  }
  // An empty title or fill is left out: the server's default applies.
  const title = f.title.value.trim();
  /** @type {TableParams} */
  const params = {
    ...(title ? { title } : {}),
    seats: Number(f.seats.value),
    realtime: f.mode.value === "realtime",
    timer: Number(f.timer.value) || 0,
    allow_undo: f.allow_undo.checked,
    hints: f.hints.checked,
    ...(f.mode.value !== "realtime" && f.move_deadline.value !== "0"
      ? { move_deadline: /** @type {0 | 43200 | 86400 | 259200} */ (Number(f.move_deadline.value)), deadline_bot: f.deadline_bot.value || null }
      : {}),
    ...(f.fill.value ? { fill: f.fill.value } : {}),
    options,
  };
  send({ type: "create", name: identity().name, params });
});

/** @param {ServerMessage} m */
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

addShortcut("c", "page.keys.lobby_chat", () => chat.focus());
addShortcut("n", "page.keys.new_table", () => {
  byId("create-panel").scrollIntoView({ block: "start" });
  createFields.title.focus();
});
installShortcuts();
renderAccountNav(byId("account-nav"));
socket = new Socket("/ws/lobby", onMessage, connectionIndicator(byId("status")));
