// The winning-chance curve of a game's analysis: one line per player over the phases of the game,
// on a 0–100 % scale (solo: the expected score in VP), with the turning points marked.
import { el } from "../dom.js";
import { percent } from "./hint.js";
import { list, t } from "../i18n.js";

/** @typedef {import("./types.js").GameAnalysis} GameAnalysis */

const SVG = "http://www.w3.org/2000/svg";
const STYLES = [["#7c2128", ""], ["#2b5a9a", "6 4"], ["#2f7a3b", "2 3"], ["#8a6d1f", "10 3 2 3"], ["#5b3b7a", "1 4"]];
/** The chart's geometry in SVG units. */
const CHART = { width: 640, height: 260, pad: { left: 44, right: 16, top: 12, bottom: 28 }, lineWidth: 3, mark: 5, labelGap: 6 };

/** @param {string} tag @param {{ [name: string]: string | number }} attrs @param {Array<Node | string>} children */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** The chart and its legend. @param {GameAnalysis} analysis @returns {Element[]} */
export function curveChart(analysis) {
  const { width, height, pad } = CHART;
  const points = analysis.curve;
  const values = points.flatMap((p) => p.chances);
  const top = analysis.solo ? Math.max(1, ...values) : 1;
  const x = (/** @type {number} */ i) => pad.left + (points.length < 2 ? 0 : (i * (width - pad.left - pad.right)) / (points.length - 1));
  const y = (/** @type {number} */ v) => height - pad.bottom - (v * (height - pad.top - pad.bottom)) / top;
  const grid = [];
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    const v = share * top;
    grid.push(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: pad.left - CHART.labelGap, y: y(v) + 4, "text-anchor": "end" }, analysis.solo ? String(Math.round(v)) : `${percent(share)}%`));
  }
  points.forEach((p, i) => {
    if (i === 0 || p.round !== points[i - 1].round) grid.push(svg("text", { x: x(i), y: height - 8, "text-anchor": "middle" }, t("page.results.round_short", { round: p.round })));
  });
  const turning = new Set(analysis.turning_points.map((t) => t.end));
  const marks = points.flatMap((p, i) => (turning.has(p.step) ? [svg("line", { x1: x(i), x2: x(i), y1: pad.top, y2: height - pad.bottom, class: "turning" })] : []));
  const lines = analysis.names.map((_name, seat) => {
    const [colour, dash] = STYLES[seat % STYLES.length];
    const line = points.map((p, i) => `${x(i)},${y(p.chances[seat])}`).join(" ");
    return svg("polyline", { points: line, fill: "none", stroke: colour, "stroke-width": CHART.lineWidth, "stroke-dasharray": dash });
  });
  const last = points[points.length - 1];
  const words = list(analysis.names.map((name, seat) => t(analysis.solo ? "page.analysis.ends_at_vp" : "page.analysis.ends_at_percent", { name, value: analysis.solo ? Math.round(last.chances[seat]) : percent(last.chances[seat]) })));
  const label = t(analysis.solo ? "page.analysis.expected_label" : "page.analysis.chance_label", { lines: words });
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chance-chart", id: "chance-chart" }, ...grid, ...marks, ...lines);
  const legend = el("ul", { class: "legend" }, analysis.names.map((name, seat) => {
    const [colour, dash] = STYLES[seat % STYLES.length];
    return el("li", {}, el("span", { class: "swatch", style: `border-top: ${CHART.lineWidth}px ${dash ? "dashed" : "solid"} ${colour}`, "aria-hidden": "true" }), name);
  }));
  return [picture, legend];
}
