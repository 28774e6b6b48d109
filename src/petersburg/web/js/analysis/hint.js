// The hint panel of the table page: in games that allow hints (solo, unrated, practice; the
// table's `hints`), a "Hint" button on your turn asks the server what the strongest bot would do;
// the answer lists its three best moves with their chance of winning (solo: the expected score)
// and one reason each, and a button to play each. A hint belongs to the state it was asked for:
// the next update takes it away, and so does choosing another language.
import { announce } from "../announcer.js";
import { byId, el } from "../dom.js";
import { needs, t } from "../i18n.js";

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
  return solo ? t("page.analysis.vp_expected", { vp: value.toFixed(1) }) : t("page.analysis.percent_to_win", { percent: percent(value) });
}

export class HintPanel {
  /** @param {(message: TableRequest) => void} send @param {(action: number) => void} act */
  constructor(send, act) {
    this.send = send;
    this.act = act;
    /** @type {UpdateMessage | null} */
    this.update = null;
    this.button = el("button", { type: "button", id: "hint-button", class: "hint-button", "aria-keyshortcuts": "i", dataset: { focusKey: "action:hint" }, onclick: () => this.ask() }, t("page.table.hint"));
    this.panel = el("section", { id: "hint-panel", class: "panel hint-panel", "aria-labelledby": "hint-heading", hidden: true });
    // A hint is worded by the server in the language it was asked in: another language takes it
    // away (asked again, it comes in the new one) rather than leave one panel in the old words.
    document.addEventListener("pb-language", () => { this.panel.hidden = true; });
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

  async ask() {
    const m = this.update;
    if (!m || !m.you) return;
    this.button.disabled = true;
    await needs("analysis");
    this.panel.hidden = false;
    this.panel.replaceChildren(el("h2", { id: "hint-heading" }, t("page.table.hint")), el("p", { class: "muted" }, t("page.analysis.thinking")));
    this.send({ type: "hint", token: m.you.token, seq: m.seq });
  }

  /** The server's answer (or its refusal: `failed`). @param {HintMessage} hint */
  show(hint) {
    this.button.disabled = false;
    if (!this.update || hint.seq !== this.update.seq) return;
    const items = hint.moves.map((move, i) =>
      el("li", { class: "hint-move", dataset: { action: move.action } },
        el("div", { class: "hint-line" }, el("strong", { class: "hint-rank" }, `${i + 1}.`), " ", el("span", { class: "hint-text" }, move.move), " ", el("span", { class: "hint-value" }, valueWords(move.value, hint.solo))),
        el("p", { class: "hint-reason" }, t("page.analysis.why", { reason: move.reason })),
        el("button", { type: "button", class: "hint-play", onclick: () => this.act(move.action) }, t("page.analysis.play_this"))));
    this.panel.replaceChildren(
      el("h2", { id: "hint-heading" }, t("page.analysis.hint_heading")),
      el("ol", { class: "hint-moves" }, items),
      el("p", { class: "muted hint-note" }, t("page.analysis.hint_note")));
    this.panel.hidden = false;
    const moves = hint.moves.map((m) => t("page.analysis.move_value", { move: m.move, value: valueWords(m.value, hint.solo) }));
    announce(t("page.analysis.hint_spoken", { moves: moves.join(t("page.analysis.moves_separator")) }));
  }

  failed() {
    this.button.disabled = false;
    this.panel.hidden = true;
  }
}
