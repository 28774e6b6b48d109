// The replay's marks: each judged move of the game's analysis that lost enough chance of winning
// is listed (inaccuracy, mistake, blunder) with a link to its step; at that step the replay says
// what was played and what was better, and outlines the better move's card on the board.
import { byId, el } from "../dom.js";
import { valueWords } from "./hint.js";
import { inLanguage, needs, t } from "../i18n.js";

/** @typedef {import("./types.js").GameAnalysis} GameAnalysis */
/** @typedef {import("./types.js").JudgedDecision} JudgedDecision */

const tableId = Number(location.pathname.split("/")[2]);
await needs("analysis");
/** @type {GameAnalysis | null} */
let analysis = null;
let currentStep = 0;

/** @param {JudgedDecision} d */
const markWord = (d) => (d.mark ? t(`page.analysis.mark_${d.mark}`) : "");

/** Ask the replay for a step. @param {number} step */
function goTo(step) {
  document.dispatchEvent(new CustomEvent("replay-go", { detail: { step } }));
}

function drawList() {
  if (!analysis) return;
  const marked = analysis.decisions.filter((d) => d.mark);
  const names = analysis.names;
  const panel = byId("analysis-marks");
  panel.hidden = false;
  panel.replaceChildren(
    el("h2", { id: "analysis-marks-heading" }, t("page.analysis.marked_moves")),
    marked.length
      ? el("ol", { class: "marked-moves" }, marked.map((d) => el("li", { class: `marked ${d.mark}` },
        el("button", { type: "button", class: "link-button", onclick: () => goTo(d.step) }, t("page.analysis.step", { step: d.step })),
        ` ${t("page.analysis.marked_line", { mark: markWord(d), name: names[d.seat], played: d.played_text, best: d.best_text })}`)))
      : el("p", { class: "muted" }, t("page.analysis.no_marks")));
}

/** What the move after this step was worth, and the better move on the board. */
function drawStep() {
  document.querySelectorAll(".better-move").forEach((node) => node.classList.remove("better-move"));
  const note = byId("analysis-step");
  const d = analysis ? analysis.decisions.find((decision) => decision.step === currentStep) : undefined;
  if (!analysis || !d || !d.mark) {
    note.hidden = true;
    return;
  }
  note.hidden = false;
  note.className = `panel analysis-step ${d.mark}`;
  note.replaceChildren(
    el("strong", { class: "mark-word" }, t("page.card.sentence", { part: markWord(d) })),
    ` ${t("page.analysis.chose", { name: analysis.names[d.seat], played: d.played_text, value: valueWords(d.after, analysis.solo) })} `,
    el("span", { class: "better" }, t("page.analysis.better", { best: d.best_text, value: valueWords(d.before, analysis.solo) })));
  if (d.best_place) {
    const card = document.querySelector(`[data-focus-key="${d.best_place}"]`);
    if (card) card.classList.add("better-move");
  }
}

async function load() {
  const response = await fetch(inLanguage(`/api/tables/${tableId}/analysis`));
  if (response.status !== 200) return;
  analysis = (await response.json()).analysis;
  drawList();
  drawStep();
  document.body.dataset.analysis = "1";
}

if (location.pathname.split("/")[1] === "replay") {
  byId("replay-text").after(el("p", { id: "analysis-step", class: "panel analysis-step", role: "status", hidden: true }));
  document.addEventListener("replay-step", (event) => {
    currentStep = /** @type {CustomEvent<{ step: number }>} */ (event).detail.step;
    drawStep();
  });
  load().catch(() => undefined);
}
