// The results page of a finished game: each player's score by source (a table adding up to the
// total) and a chart of VP at the end of every round (SVG, each line also named in words).
import { byId, el } from "../dom.js";
import { placementWords } from "../table/final.js";
import { playAgainButton } from "../again.js";
import { inLanguage, list, t } from "../i18n.js";
import { winnerWords } from "../table/news.js";

/** @typedef {import("../protocol.js").GameStory} GameStory */
/** @typedef {import("../protocol.js").HttpError} HttpError */

const tableId = Number(location.pathname.split("/")[2]);
const SVG = "http://www.w3.org/2000/svg";
const LINE_STYLES = [
  ["#7c2128", ""],
  ["#2b5a9a", "6 4"],
  ["#2f7a3b", "2 3"],
  ["#8a6d1f", "10 3 2 3"],
  ["#5b3f8c", "1 4"],
];
/** The chart's geometry in SVG units: its size, the margins round the plot, the least top of its
 * scale (so that a low score still reads on a sensible scale), where the labels sit, the lines'
 * width and the dots' radius. */
const CHART = { width: 640, height: 300, pad: { left: 40, right: 16, top: 12, bottom: 32 }, leastTop: 10, labelGap: 6, labelDrop: 4, roundLabelRise: 10, lineWidth: 3, dotRadius: 4 };

/** An SVG element with attributes and children.
 * @param {string} tag @param {{ [name: string]: string | number }} attrs @param {Array<Node | string>} children */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** @param {GameStory} story */
function sourcesTable(story) {
  // A solo game has a score, not a winner.
  const best = new Set(story.seats.length > 1 ? story.winners : []);
  const seats = story.seats;
  const head = el("tr", {}, el("th", { scope: "col" }, t("page.results.source")), seats.map((s) => el("th", { scope: "col", class: best.has(s.seat) ? "best" : "" }, best.has(s.seat) ? "★ " : "", s.name)));
  const rows = seats[0].sources.map((source, i) => el("tr", {}, el("th", { scope: "row" }, source.source), seats.map((s) => el("td", {}, s.sources[i].vp))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("page.final.column_total")), seats.map((s) => el("td", {}, s.total)));
  const rubles = el("tr", {}, el("th", { scope: "row" }, t("page.results.rubles_ties")), seats.map((s) => el("td", {}, `${s.rubles}₽`)));
  return el("table", { class: "sources", id: "sources-table" }, el("caption", { class: "visually-hidden" }, t("page.results.score_by_source")), el("thead", {}, head), el("tbody", {}, rows, total, rubles));
}

/** A line per player: VP at the end of each round, on a grid with the rounds and the VP marked.
 * @param {GameStory} story */
function chart(story) {
  const { width, height, pad } = CHART;
  const rounds = Math.max(1, ...story.seats.map((s) => s.vp_by_round.length));
  const top = Math.max(CHART.leastTop, ...story.seats.flatMap((s) => s.vp_by_round));
  const x = (/** @type {number} */ i) => pad.left + (rounds === 1 ? 0 : (i * (width - pad.left - pad.right)) / (rounds - 1));
  const y = (/** @type {number} */ vp) => height - pad.bottom - (vp * (height - pad.top - pad.bottom)) / top;
  const step = top > 100 ? 25 : top > 40 ? 10 : 5;
  const grid = [];
  for (let vp = 0; vp <= top; vp += step) grid.push(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(vp), y2: y(vp), class: "grid" }), svg("text", { x: pad.left - CHART.labelGap, y: y(vp) + CHART.labelDrop, "text-anchor": "end" }, String(vp)));
  for (let i = 0; i < rounds; i++) grid.push(svg("text", { x: x(i), y: height - CHART.roundLabelRise, "text-anchor": "middle" }, t("page.results.round_short", { round: i + 1 })));
  const lines = story.seats.map((s, n) => {
    const [colour, dash] = LINE_STYLES[n % LINE_STYLES.length];
    const points = s.vp_by_round.map((vp, i) => `${x(i)},${y(vp)}`).join(" ");
    return svg("g", { class: "series" }, svg("polyline", { points, fill: "none", stroke: colour, "stroke-width": CHART.lineWidth, "stroke-dasharray": dash }), ...s.vp_by_round.map((vp, i) => svg("circle", { cx: x(i), cy: y(vp), r: CHART.dotRadius, fill: colour })));
  });
  const words = list(story.seats.map((s) => t("page.results.chart_line", { name: s.name, vp: list(s.vp_by_round.map(String)) })));
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("page.results.chart_label", { lines: words }), class: "vp-chart", id: "vp-chart" }, ...grid, ...lines);
  // The legend draws each line as the chart does: the same colour, dashes and dot.
  const swatch = (/** @type {number} */ n) => {
    const [colour, dash] = LINE_STYLES[n % LINE_STYLES.length];
    const sample = svg("svg", { class: "swatch", viewBox: "0 0 36 10", width: 36, height: 10, "aria-hidden": "true" }, svg("line", { x1: 1, x2: 35, y1: 5, y2: 5, stroke: colour, "stroke-width": CHART.lineWidth, "stroke-dasharray": dash }), svg("circle", { cx: 18, cy: 5, r: CHART.dotRadius, fill: colour }));
    return sample;
  };
  const legend = el("ul", { class: "legend" }, story.seats.map((s, n) => el("li", {}, swatch(n), t("page.results.legend_line", { name: s.name, vp: s.vp_by_round[s.vp_by_round.length - 1] ?? 0, total: s.total }))));
  return [picture, legend];
}

async function load() {
  const response = await fetch(inLanguage(`/api/tables/${tableId}/story`));
  if (!response.ok) {
    /** @type {HttpError} */
    const refusal = await response.json();
    byId("sources").textContent = refusal.detail || t("page.results.cannot_be_shown");
    return;
  }
  /** @type {GameStory} */
  const story = await response.json();
  byId("results-title").textContent = t("page.results.title", { table: tableId });
  byId("winner-heading").textContent = story.seats.length === 1 ? t("page.results.solo_heading", { name: story.names[0], vp: story.seats[0].total, count: story.rounds }) : `★ ${t("page.results.winner_heading", { winners: winnerWords(story, story.names), count: story.rounds })}`;
  if (story.placement) {
    byId("placement").hidden = false;
    byId("placement").textContent = placementWords(story.placement);
  }
  byId("sources").replaceChildren(sourcesTable(story));
  byId("chart").replaceChildren(...chart(story));
  /** @type {HTMLAnchorElement} */ (byId("replay-link")).href = `/replay/${tableId}`;
  /** @type {HTMLAnchorElement} */ (byId("table-link")).href = `/table/${tableId}`;
  byId("result-links").prepend(playAgainButton(tableId), " ");
  document.body.dataset.loaded = "1";
}

load().catch(() => {
  byId("sources").textContent = t("page.results.not_loaded");
});
