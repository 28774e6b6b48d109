// The results page's analysis: every player's chance of winning phase by phase (a line each, also
// named in words), the game's three turning points, and each judged player's average loss per
// move with the marks of his moves. The analysis is made in the background after the game; while
// it is not ready the panel says so and asks again a little later.
import { byId, el } from "../dom.js";
import { curveChart } from "./curve.js";
import { inLanguage, t } from "../i18n.js";

/** @typedef {import("./types.js").GameAnalysis} GameAnalysis */

const tableId = Number(location.pathname.split("/")[2]);
/** How long to wait before asking again for an analysis still being made (ms), and how often. */
const RETRY = { delay: 3000, times: 60 };

/** @param {number} loss */
const vp = (loss) => t("page.analysis.vp", { vp: loss.toFixed(1) });

/** @param {GameAnalysis} analysis */
function summary(analysis) {
  return el("ul", { class: "analysis-summary" }, analysis.summary.map((line) =>
    el("li", {}, t("page.analysis.summary_line", { name: line.name, loss: vp(line.average_loss), decisions: line.decisions, blunders: line.blunders, mistakes: line.mistakes, inaccuracies: line.inaccuracies }))));
}

/** @param {GameAnalysis} analysis */
function draw(analysis) {
  const panel = byId("analysis-panel");
  panel.replaceChildren(
    el("h2", { id: "analysis-heading" }, t(analysis.solo ? "page.analysis.expected_heading" : "page.analysis.chance_heading")),
    ...curveChart(analysis),
    el("h3", {}, t("page.analysis.turning_points")),
    el("ol", { class: "turning-points", id: "turning-points" }, analysis.turning_points.map((point) => el("li", {}, point.text))),
    el("h3", {}, t("page.analysis.moves_judged")),
    summary(analysis),
    el("p", { class: "result-links" }, el("a", { class: "button", href: `/replay/${tableId}` }, t("page.analysis.replay_marked"))));
  panel.dataset.loaded = "1";
}

/** @param {number} left */
async function load(left) {
  const response = await fetch(inLanguage(`/api/tables/${tableId}/analysis`));
  const panel = byId("analysis-panel");
  if (response.status === 202 && left > 0) {
    panel.replaceChildren(el("h2", { id: "analysis-heading" }, t("page.analysis.analysis")), el("p", { class: "muted" }, t("page.analysis.being_made")));
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
