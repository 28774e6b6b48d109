// The table page: seats before the game, the board during it, the final scoring, and replays.
// The server sends this browser only its own seat's view; every action goes back with the
// sequence number it was made against and the seat's secret token. Each update redraws the
// page's parts; keyboard focus stays on the same control (or its successor) across redraws.
import { loadCards } from "../catalogue.js";
import { Chat } from "../chat.js";
import { byId, el, focusByKey, keepFocus } from "../dom.js";
import { identity, setName } from "../identity.js";
import { boardPlaces, boardSnapshot, flyCards, lastMoveLine, lastMoves, markLastCard, scoringSummary, showSummary } from "./feedback.js";
import { confirmLeave } from "./leave.js";
import { addShortcut, installShortcuts } from "../shortcuts.js";
import { connectionIndicator, sendOrTell, Socket } from "../socket.js";
import { toast } from "../toast.js";
import { renderActionBar, turnWords } from "./action-bar.js";
import { drawAlertControls, turnAlert } from "./alerts.js";
import { drawMuteButton } from "./mute.js";
import { renderBoard } from "./board.js";
import { closeChoice, openChoice } from "./choice.js";
import { dropTarget, makeDraggable } from "./drag.js";
import { actionsBy } from "./legal.js";
import { GameLog } from "./log.js";
import { renderMarket } from "./market.js";
import { renderMe } from "./me.js";
import { GameNews } from "./news.js";
import { renderPhaseBar } from "./phase-bar.js";
import { followWidth, renderPlayers } from "./players.js";
import { renderPrompt } from "./prompt.js";
import { HintPanel } from "../analysis/hint.js";
import { optionWords, renderSeats, seatLines } from "./seats.js";
import { renderTimer } from "./timer.js";
import { inLanguage, needs, t } from "../i18n.js";

/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */
/** @typedef {import("../protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("../protocol.js").TableRequest} TableRequest */
/** @typedef {import("../protocol.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").GameUpdate} GameUpdate */

const path = location.pathname.split("/");
const replayMode = path[1] === "replay";
const tableId = Number(path[2]);

/** @type {Socket | null} */
let socket = null;
/** @type {UpdateMessage | null} */
let last = null; // the last update drawn
/** @type {number | null} */
let scoresShownFor = null;
const gameLog = new GameLog();
const news = new GameNews();

/** @param {TableRequest} message */
const send = (message) => sendOrTell(socket, message);
// "/leave" typed in the chat asks for the same confirmation as the Leave button during a game.
const chat = new Chat(byId("chat"), (message) => {
  if (/^\/leave\s*$/i.test(message.text) && last && last.table.status === "playing" && last.you) {
    confirmLeave(send);
    return true;
  }
  return send(message);
});
chat.ownName = () => identity().name;

/** @param {number} actionId */
function act(actionId) {
  if (!last || !last.you) return;
  closeChoice();
  send({ type: "act", token: last.you.token, seq: last.seq, action: actionId });
}

// The handlers below run from the controls of a drawn update: `last` is set, with a seat (`you`)
// for the action bar's.
const lastUpdate = () => /** @type {UpdateMessage} */ (last);
const yourToken = () => /** @type {import("../protocol.js").YouInfo} */ (lastUpdate().you).token;
const names = () => lastUpdate().names || lastUpdate().table.seats.map((s, i) => s.name || t("page.table.seat", { seat: i + 1 }));
/** @type {import("./types.js").OpenChoice} */
const choose = (title, card, actions, options) => openChoice(title, card, actions, act, options);
/** @type {import("./types.js").CardHandlers} */
const cardHandlers = { leave: () => confirmLeave(send), openChoice: choose, makeDraggable, dropTarget: (node, kinds, title) => dropTarget(node, kinds, title, { act, openChoice: choose }) };
/** @type {import("./types.js").BarHandlers} */
const barHandlers = {
  act,
  undo: () => send({ type: "undo", token: yourToken(), seq: lastUpdate().seq }),
  autopass: (on) => send({ type: "autopass", token: yourToken(), on }),
  explain: (text) => toast(text),
  showScores: () => openScores(lastUpdate(), names()),
};

// The final scores and the replay are loaded when first needed: most visits to a table are to a
// game in play, and each module left out is bytes off the first load.
/** @param {UpdateMessage} m @param {string[]} n */
async function openScores(m, n) {
  (await import("./final.js")).openScores(m, n);
}

const hints = new HintPanel(send, act);

/** Is this an update of a started game (with its view)?
 * @param {UpdateMessage} m @returns {m is GameUpdate} */
const started = (m) => !!m.view;

/** @param {UpdateMessage} m @param {LogEntry[]} fresh */
function draw(m, fresh) {
  byId("table-title").textContent = `#${m.table.id} ${m.table.name}`;
  renderSeats(m, send);
  const playing = started(m);
  for (const id of ["bars", "board", "players"]) byId(id).hidden = !playing;
  if (!playing) {
    for (const id of ["me", "prompt", "market"]) byId(id).hidden = true;
    return;
  }
  const n = names();
  const byKey = actionsBy(m.legal);
  const mine = !!m.you && m.view.to_act === m.you.seat && m.view.stage !== "over";
  byId("action-bar").hidden = replayMode;
  byId("nav-me").hidden = replayMode;
  renderPhaseBar(m, n);
  const you = m.you ? m.you.seat : null;
  // The final board shows the cards left, without the last moves' gaps (the game is over).
  const places = m.view.stage === "over" ? boardPlaces([], m.view) : boardPlaces(gameLog.lines, m.view);
  renderBoard(m, byKey, cardHandlers, places, (seat) => (seat === you ? t("page.table.you") : n[seat]));
  if (replayMode) byId("me").hidden = true;
  else {
    renderActionBar(m, n, byKey, barHandlers);
    hints.draw(m, mine);
    renderTimer(m, mine);
    renderMe(m, n, byKey, cardHandlers);
  }
  renderMarket(m, n);
  renderPlayers(m, n);
  renderPrompt(m, n, byKey, act, choose);
  if (!replayMode) {
    gameLog.render();
    news.tell(m, n, fresh);
  }
  document.title = (mine ? "● " : "") + t(mine ? "page.table.title_your_turn" : "page.table.title", { table: m.table.name });
  if (!replayMode) {
    drawAlertControls(!!m.you && m.view.stage !== "over");
    drawMuteButton(tableId, !!m.you && m.view.stage !== "over" && !replayMode);
    turnAlert(mine, t("page.table.your_turn"), `${m.table.name}: ${turnWords(m, n)}`);
  }
  if (m.result && scoresShownFor !== m.table.id && !replayMode) {
    scoresShownFor = m.table.id;
    openScores(m, n);
  }
  document.body.dataset.stage = m.view.stage;
  document.body.dataset.myturn = mine ? "1" : "0";
}

/** @param {UpdateMessage} m */
function render(m) {
  if (!last || last.seq !== m.seq) closeChoice(); // its actions belong to the old state
  last = m;
  const fresh = replayMode ? [] : gameLog.take(m);
  const board = fresh.length ? boardSnapshot() : null;
  keepFocus(() => draw(m, fresh));
  if (started(m)) showFeedback(m, fresh, board);
  document.body.dataset.seq = String(m.seq);
}

// Messages are handled in order; an update waits for the cards of its table's edition.
let handled = Promise.resolve();

/** What the game's events show on the table: each player's last move, the cards that flew from
 * the board, the last scoring's result for you.
 * @param {GameUpdate} m @param {LogEntry[]} fresh
 * @param {import("./feedback.js").BoardSnapshot | null} board */
function showFeedback(m, fresh, board) {
  const moves = lastMoves(gameLog.lines, m.view.players);
  moves.forEach((move, seat) => {
    const panel = m.you && seat === m.you.seat ? byId("me") : document.querySelector(`#player-list .player[data-seat="${seat}"]`);
    if (!(panel instanceof HTMLElement) || !move) return;
    const line = lastMoveLine(move);
    const summary = panel.querySelector("summary");
    if (line && summary) summary.append(line);
    else if (line) /** @type {Element} */ (panel.querySelector(".me-head")).after(line);
    markLastCard(panel, move);
  });
  if (board) flyCards(fresh, board, m.you ? m.you.seat : null);
  showSummary(scoringSummary(fresh, m.you ? m.you.seat : null));
}

/** @param {ServerMessage} m */
function onMessage(m) {
  handled = handled.then(() => handle(m)).catch((error) => console.error(error));
}

/** What an update is drawn with: the cards of its edition, and the words of what it shows beyond a
 * running game's (the Market, the seats before the start, the final scores).
 * @param {UpdateMessage} m */
async function prepare(m) {
  await loadCards(m.table.options);
  if (m.table.options.market) await needs("market");
  if (m.table.status === "open") await needs("seats");
  if (m.result) await needs("final");
}

/** @param {ServerMessage} m */
async function handle(m) {
  if (m.type === "update") {
    await prepare(m);
    render(m);
  }
  else if (m.type === "chat") chat.add(m, null, true);
  else if (m.type === "chat_history") {
    chat.clear();
    for (const line of m.chat) chat.add(line);
  } else if (m.type === "notice") chat.add({ text: m.text }, "notice", true);
  else if (m.type === "goto") location.href = `/table/${m.table}`;
  else if (m.type === "hint") hints.show(m);
  else if (m.type === "error") {
    if (m.request === "hint") hints.failed();
    toast(m.message, "error");
    chat.add({ text: m.message }, "error");
  }
}

const playing = () => !!(last && last.view);
const visibleButton = (/** @type {string} */ id) => () => playing() && !byId(id).hidden;
if (!replayMode) {
  addShortcut("p", "page.keys.pass", () => byId("pass").click(), visibleButton("pass"));
  addShortcut("n", "page.keys.autopass", () => byId("autopass").click(), visibleButton("autopass"));
  addShortcut("u", "page.keys.undo", () => byId("undo").click(), visibleButton("undo"));
  addShortcut("c", "page.keys.table_chat", () => chat.focus());
  addShortcut("h", "page.keys.hand", () => focusByKey("hand:0", false), playing);
  addShortcut("i", "page.keys.hint", () => hints.ask(), visibleButton("hint-button"));
}
addShortcut("b", "page.keys.board", () => focusByKey("upper:0", false), playing);
addShortcut("s", "page.keys.scores", () => byId("scores").click(), visibleButton("scores"));
installShortcuts();
followWidth();

if (replayMode) {
  await import("../analysis/replay-marks.js"); // the analysis' marks beside the replay's steps
  const { startReplay } = await import("./replay.js");
  startReplay(tableId, async (update, log) => {
    await prepare(update);
    gameLog.replace(log);
    gameLog.render();
    render(update);
  });
} else {
  askNameFirst(() => {
    socket = new Socket(`/ws/table/${tableId}`, onMessage, connectionIndicator(byId("status")));
  });
}

/** The invitation above the name form: who invites, the edition and options, the seats (from the
 * lobby's public summary of the table; nothing is connected before the name). */
async function showInvitation() {
  const response = await fetch(inLanguage(`/api/tables/${tableId}`));
  if (!response.ok) return;
  /** @type {import("../protocol.js").TableSummary} */
  const table = await response.json();
  await needs("seats");
  byId("table-title").textContent = `#${table.id} ${table.name}`;
  byId("invitation").replaceChildren(
    el("p", { class: "invitation-host", id: "invitation-host" }, table.host ? t("page.seats.invites", { host: table.host, table: table.name }) : `${table.name}.`),
    el("p", { class: "invitation-options", id: "invitation-options" }, optionWords(table)),
    seatLines(table)
  );
}

/** Someone who opens a table's address without a name (a friend following a link) chooses one
 * before anything else: seats, chat lines and the log show it.
 * @param {() => void} then */
function askNameFirst(then) {
  if (identity().name) {
    then();
    return;
  }
  const panel = byId("name-panel");
  /** @type {HTMLInputElement} */
  const input = byId("name-input");
  showInvitation();
  panel.hidden = false;
  document.body.dataset.naming = "1";
  byId("status").textContent = t("page.table.choose_a_name");
  input.focus();
  byId("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    setName(input.value);
    if (!identity().name) {
      toast(t("page.table.name_length"), "error");
      return;
    }
    panel.hidden = true;
    delete document.body.dataset.naming;
    then();
  });
}
