// The hint panel of the table page: in games that allow hints (solo, unrated, practice; the
// table's `hints`), a "Hint" button on your turn asks the server what the strongest bot would do;
// the answer lists its three best moves with their chance of winning (solo: the expected score)
// and one reason each, and a button to play each. A hint belongs to the state it was asked for:
// the next update takes it away.
import { announce } from "../announcer.js";
import { byId, el } from "../dom.js";

/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */
/** @typedef {import("../protocol.js").HintMessage} HintMessage */
/** @typedef {import("../protocol.js").TableRequest} TableRequest */

/** A chance of 1 as a percentage. */
export const PERCENT = 100;

/** A chance in percent. @param {number} chance */
export const percent = (chance) => Math.round(chance * PERCENT);

/** A move's estimate in words: a chance of winning, or, solo, the expected score (one decimal).
 * @param {number} value @param {boolean} solo */
export function valueWords(value, solo) {
  return solo ? `${value.toFixed(1)} VP expected` : `${percent(value)} % to win`;
}

export class HintPanel {
  /** @param {(message: TableRequest) => void} send @param {(action: number) => void} act */
  constructor(send, act) {
    this.send = send;
    this.act = act;
    /** @type {UpdateMessage | null} */
    this.update = null;
    this.button = el("button", { type: "button", id: "hint-button", class: "hint-button", "aria-keyshortcuts": "i", dataset: { focusKey: "action:hint" }, onclick: () => this.ask() }, "Hint");
    this.panel = el("section", { id: "hint-panel", class: "panel hint-panel", "aria-labelledby": "hint-heading", hidden: true });
  }

  /** Show the button on your turn where hints are allowed; drop a hint of an older state.
   * @param {UpdateMessage} m @param {boolean} mine */
  draw(m, mine) {
    const buttons = document.querySelector("#action-bar .action-buttons");
    if (buttons && !this.button.isConnected) buttons.prepend(this.button);
    if (!this.panel.isConnected) byId("prompt").before(this.panel);
    this.button.hidden = !(m.table.hints && mine && m.you);
    if (this.update && this.update.seq !== m.seq) this.panel.hidden = true;
    this.update = m;
  }

  ask() {
    const m = this.update;
    if (!m || !m.you) return;
    this.button.disabled = true;
    this.panel.hidden = false;
    this.panel.replaceChildren(el("h2", { id: "hint-heading" }, "Hint"), el("p", { class: "muted" }, "Thinking…"));
    this.send({ type: "hint", token: m.you.token, seq: m.seq });
  }

  /** The server's answer (or its refusal: `failed`). @param {HintMessage} hint */
  show(hint) {
    this.button.disabled = false;
    if (!this.update || hint.seq !== this.update.seq) return;
    const items = hint.moves.map((move, i) =>
      el("li", { class: "hint-move", dataset: { action: move.action } },
        el("div", { class: "hint-line" }, el("strong", { class: "hint-rank" }, `${i + 1}.`), " ", el("span", { class: "hint-text" }, move.move), " ", el("span", { class: "hint-value" }, valueWords(move.value, hint.solo))),
        el("p", { class: "hint-reason" }, `Why: ${move.reason}.`),
        el("button", { type: "button", class: "hint-play", onclick: () => this.act(move.action) }, "Play this")));
    this.panel.replaceChildren(
      el("h2", { id: "hint-heading" }, "What the strongest bot would do"),
      el("ol", { class: "hint-moves" }, items),
      el("p", { class: "muted hint-note" }, "Everyone at the table sees that you asked for a hint."));
    this.panel.hidden = false;
    announce(`Hint: ${hint.moves.map((m) => `${m.move}, ${valueWords(m.value, hint.solo)}`).join("; ")}.`);
  }

  failed() {
    this.button.disabled = false;
    this.panel.hidden = true;
  }
}
