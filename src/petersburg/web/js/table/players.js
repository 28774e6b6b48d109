// The other players (everyone, for a spectator or a replay): a one-line summary that opens to the
// whole play area. Each summary remembers whether it is open across updates; by default they are
// open on wide screens and closed on a phone.
import { COLOURS } from "../catalogue.js";
import { renderChip } from "../card-view.js";
import { byId, el, spoken } from "../dom.js";
import { markerChips, renderArea, rublesChip } from "./area.js";

/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("../protocol.js").SeatJson} SeatJson */

/** Whether each seat's panel is open, as its viewer left it. @type {Map<number, boolean>} */
const openState = new Map();
const wide = window.matchMedia("(min-width: 600px)");

/** @param {GameUpdate} m @param {number} seat @param {string[]} names */
function summaryLine(m, seat, names) {
  const v = m.view;
  const p = v.seats[seat];
  const s = m.summary[seat];
  const bot = m.table.seats[seat] && m.table.seats[seat].kind === "bot";
  const toAct = v.to_act === seat && v.stage !== "over";
  const counts = COLOURS.slice(0, s.income.length).map((c, colour) => el("span", { class: `count-chip ${c.name}` }, `${s.income[colour].cards} ${c.plural.toLowerCase()}`));
  return el(
    "summary",
    { dataset: { focusKey: `player:${seat}` } },
    el("span", { class: "summary-top" }, el("h3", { class: "player-name" }, names[seat], bot ? el("span", { class: "bot-badge" }, "bot") : null), toAct ? el("span", { class: "to-act-badge" }, "to act") : null, markerChips(v, seat)),
    el("span", { class: "summary-figures" }, el("span", { class: "vp" }, `${p.vp} VP`), rublesChip(p), el("span", { class: "hand-size" }, `hand ${p.hand_size}`), el("span", { class: "counts" }, counts)),
    spoken(". Details")
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
  const label = p.hand ? "Hand:" : "Hand, known:";
  const rest = secret ? el("span", { class: "muted" }, `+ ${secret} unknown`) : null;
  return el("div", { class: "open-hand" }, el("span", {}, label), el("ul", { class: "chips" }, known.map((id) => renderChip(id))), rest);
}

/** @param {GameUpdate} m @param {number} seat @param {string[]} names */
function playerPanel(m, seat, names) {
  const v = m.view;
  const p = v.seats[seat];
  const toAct = v.to_act === seat && v.stage !== "over";
  const open = openState.has(seat) ? openState.get(seat) : wide.matches;
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
  byId("players-heading").textContent = m.you ? (others.length ? "Other players" : "No other players: solo game") : "Players";
  for (const seat of others) list.append(playerPanel(m, seat, names));
  section.hidden = false;
  byId("nav-players").hidden = !others.length;
}
