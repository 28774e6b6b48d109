// Whose turn it is and the buttons used most (Undo, Pass until next phase, Pass; Scores once the
// game is over). The buttons stay in the page; when they cannot be used they are aria-disabled
// rather than disabled, so keyboard focus stays on them between turns.
import { byId, el } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("./types.js").ActionsByKey} ActionsByKey */

/** @param {HTMLElement} button @param {boolean} available */
function setAvailable(button, available) {
  button.setAttribute("aria-disabled", available ? "false" : "true");
}

/** The stages that are not a plain turn, each with its words (`page.table.stage_<stage>`). */
const STAGES = new Set(["pub", "observed", "joker", "crate"]);

/** Whose turn it is, in words for the status line.
 * @param {GameUpdate} m @param {string[]} names */
export function turnWords(m, names) {
  const v = m.view;
  const mine = m.you && v.to_act === m.you.seat;
  if (v.stage === "over") return t("page.table.game_over");
  const what = STAGES.has(v.stage) ? t(`page.table.stage_${v.stage}`) : null;
  if (mine) return what ? t("page.table.your_turn_to", { what }) : t("page.table.your_turn");
  const name = names[/** @type {number} */ (v.to_act)];
  return what ? t("page.table.to_act_what", { name, what }) : t("page.table.to_act", { name });
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
  passButton.onclick = () => (pass ? handlers.act(pass[0].id) : handlers.explain(refused || t("page.table.cannot_pass")));
  if (refused && !pass) passButton.title = refused;
  else passButton.removeAttribute("title");
  const undo = byId("undo");
  undo.hidden = !(m.table.allow_undo && m.you) || over;
  setAvailable(undo, !!m.undo);
  undo.onclick = () => (m.undo ? handlers.undo() : handlers.explain(t("page.table.nothing_to_undo")));
  const autopass = byId("autopass");
  autopass.hidden = !m.you || over;
  autopass.setAttribute("aria-pressed", m.autopass ? "true" : "false");
  autopass.classList.toggle("on", !!m.autopass);
  autopass.onclick = () => handlers.autopass(!m.autopass);
  const scores = byId("scores");
  scores.hidden = !m.result;
  scores.onclick = handlers.showScores;
}
