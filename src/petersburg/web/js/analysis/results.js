// The results page's analysis: every player's chance of winning phase by phase (a line each, also
// named in words), the game's three turning points, and each judged player's average loss per
// move with the marks of his moves. The analysis is made in the background after the game; while
// it is not ready the panel says so and asks again a little later.
import { byId, el } from "../dom.js";
import { curveChart } from "./curve.js";

/** @typedef {import("./types.js").GameAnalysis} GameAnalysis */

const tableId = Number(location.pathname.split("/")[2]);
/** How long to wait before asking again for an analysis still being made (ms), and how often. */
const RETRY = { delay: 3000, times: 60 };

/** @param {number} loss */
const vp = (loss) => `${loss.toFixed(1)} VP`;

/** @param {GameAnalysis} analysis */
function summary(analysis) {
  return el("ul", { class: "analysis-summary" }, analysis.summary.map((line) =>
    el("li", {}, `${line.name}: average loss ${vp(line.average_loss)} per move over ${line.decisions} decisions — `,
      `${line.blunders} blunders, ${line.mistakes} mistakes, ${line.inaccuracies} inaccuracies`)));
}

/** @param {GameAnalysis} analysis */
function draw(analysis) {
  const panel = byId("analysis-panel");
  panel.replaceChildren(
    el("h2", { id: "analysis-heading" }, analysis.solo ? "Expected score, phase by phase" : "Chance of winning, phase by phase"),
    ...curveChart(analysis),
    el("h3", {}, "Turning points"),
    el("ol", { class: "turning-points", id: "turning-points" }, analysis.turning_points.map((point) => el("li", {}, point.text))),
    el("h3", {}, "Moves judged"),
    summary(analysis),
    el("p", { class: "result-links" }, el("a", { class: "button", href: `/replay/${tableId}` }, "The replay with its marked moves")));
  panel.dataset.loaded = "1";
}

/** @param {number} left */
async function load(left) {
  const response = await fetch(`/api/tables/${tableId}/analysis`);
  const panel = byId("analysis-panel");
  if (response.status === 202 && left > 0) {
    panel.replaceChildren(el("h2", { id: "analysis-heading" }, "Analysis"), el("p", { class: "muted" }, "The analysis of this game is being made…"));
    setTimeout(() => load(left - 1), RETRY.delay);
    return;
  }
  if (!response.ok) {
    panel.hidden = true;
    return;
  }
  draw((await response.json()).analysis);
}

load(RETRY.times).catch(() => {
  byId("analysis-panel").hidden = true;
});
