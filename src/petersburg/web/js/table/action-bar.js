// Whose turn it is and the buttons used most (Undo, Pass until next phase, Pass; Scores once the
// game is over). The buttons stay in the page; when they cannot be used they are aria-disabled
// rather than disabled, so keyboard focus stays on them between turns.
import { byId, el } from "../dom.js";

/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("./types.js").ActionsByKey} ActionsByKey */

/** @param {HTMLElement} button @param {boolean} available */
function setAvailable(button, available) {
  button.setAttribute("aria-disabled", available ? "false" : "true");
}

/** What a seat to act decides at a stage that is not a plain turn, in words. @type {{ [stage: string]: string }} */
const STAGE_WORDS = { pub: "the Pub", observed: "the drawn card", joker: "name a good", crate: "a crate" };

/** Whose turn it is, in words for the status line.
 * @param {GameUpdate} m @param {string[]} names */
export function turnWords(m, names) {
  const v = m.view;
  const mine = m.you && v.to_act === m.you.seat;
  if (v.stage === "over") return "Game over";
  const what = STAGE_WORDS[v.stage] || null;
  if (mine) return what ? `Your turn: ${what}` : "Your turn";
  return `${names[/** @type {number} */ (v.to_act)]} to act` + (what ? ` (${what})` : "");
}

/** @param {GameUpdate} m @param {string[]} names @param {ActionsByKey} byKey
 * @param {import("./types.js").BarHandlers} handlers */
export function renderActionBar(m, names, byKey, handlers) {
  const v = m.view;
  const mine = m.you && v.to_act === m.you.seat && v.stage !== "over";
  const turn = byId("turn");
  turn.textContent = "";
  turn.append(el("span", { class: mine ? "your-turn" : "their-turn" }, mine ? el("span", { "aria-hidden": "true" }, "● ") : null, turnWords(m, names)));
  const over = v.stage === "over";
  const pass = byKey.get("pass");
  const passButton = byId("pass");
  passButton.hidden = !m.you || over;
  setAvailable(passButton, !!pass);
  const refused = (m.advice && m.advice.pass_refused) || (mine ? null : turnWords(m, names));
  passButton.onclick = () => (pass ? handlers.act(pass[0].id) : handlers.explain(refused || "You cannot pass now."));
  if (refused && !pass) passButton.title = refused;
  else passButton.removeAttribute("title");
  const undo = byId("undo");
  undo.hidden = !(m.table.allow_undo && m.you) || over;
  setAvailable(undo, !!m.undo);
  undo.onclick = () => (m.undo ? handlers.undo() : handlers.explain("Nothing of yours to take back now."));
  const autopass = byId("autopass");
  autopass.hidden = !m.you || over;
  autopass.setAttribute("aria-pressed", m.autopass ? "true" : "false");
  autopass.classList.toggle("on", !!m.autopass);
  autopass.onclick = () => handlers.autopass(!m.autopass);
  const scores = byId("scores");
  scores.hidden = !m.result;
  scores.onclick = handlers.showScores;
}
