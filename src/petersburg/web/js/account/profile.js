// A profile: the account's rating, its rating history (a small line chart) and its games.
import * as i18n from "../i18n.js";
import { byId, el } from "../dom.js";
import { renderAccountNav } from "./nav.js";

/** @typedef {import("../protocol.js").ProfileResponse} ProfileResponse */
/** @typedef {import("../protocol.js").RatingPoint} RatingPoint */
/** @typedef {import("../protocol.js").HttpError} HttpError */

renderAccountNav(byId("account-nav"));
const name = decodeURIComponent(/** @type {string} */ (location.pathname.split("/").pop()));

// A game's date: "Nov 21" this year, "Nov 21, 2025" before, so the column stays narrow on a phone.
/** @param {number} epoch seconds */
function date(epoch) {
  const when = new Date(epoch * 1000);
  const thisYear = when.getFullYear() === new Date().getFullYear();
  /** @type {Intl.DateTimeFormatOptions} */
  const shape = thisYear ? { month: "short", day: "numeric" } : { year: "numeric", month: "short", day: "numeric" };
  if (i18n.language() === "qps") return when.toLocaleDateString("en-GB"); // digits: no English month's name
  return when.toLocaleDateString(i18n.language(), shape);
}

/** @param {RatingPoint[]} points */
function chart(points) {
  const box = byId("rating-chart");
  if (points.length === 0) {
    box.replaceChildren(el("p", { class: "muted" }, i18n.t("page.profile.no_rated_games")));
    return;
  }
  const values = [1500, ...points.map((p) => p.rating)];
  const low = Math.min(...values) - 20;
  const high = Math.max(...values) + 20;
  const width = 600;
  const height = 160;
  const x = (/** @type {number} */ i) => (values.length === 1 ? width / 2 : (i * width) / (values.length - 1));
  const y = (/** @type {number} */ v) => height - ((v - low) * height) / (high - low);
  const svgNs = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none"); // fill the box's width; the line keeps its stroke (CSS)
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", i18n.t("page.profile.chart_label", { first: "1500", last: String(values.at(-1)), count: points.length }));
  const line = document.createElementNS(svgNs, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i)},${y(v)}`).join(" "));
  line.setAttribute("class", "rating-line");
  svg.append(line);
  box.replaceChildren(svg, el("p", { class: "muted" }, `${low + 20} – ${high - 20}`));
}

async function load() {
  const response = await fetch(`/api/profile/${encodeURIComponent(name)}`);
  if (!response.ok) {
    /** @type {HttpError} */
    const refusal = await response.json();
    byId("profile-summary").textContent = refusal.detail;
    return;
  }
  /** @type {ProfileResponse} */
  const data = await response.json();
  document.title = i18n.t("page.profile.title_of", { name: data.name });
  byId("profile-heading").textContent = data.name;
  byId("profile-summary").replaceChildren(
    el("strong", {}, i18n.t("page.profile.rating_of", { rating: String(data.rating) })), ` ± ${data.deviation} · `,
    `${i18n.t("page.profile.rated_games", { count: data.rated_games })} · ${i18n.t("page.profile.games_played", { count: data.games.length })} · `,
    i18n.t("page.profile.member_since", { date: date(data.created) }),
  );
  chart(data.ratings);
  const rows = data.games.map((g) => {
    const link = g.status === "over" ? `/replay/${g.table}` : `/table/${g.table}`;
    const change = g.rating_change === null ? "—" : g.rating_change > 0 ? `+${g.rating_change}` : `${g.rating_change}`;
    return el("tr", {},
      el("td", {}, el("a", { href: link }, g.name)),
      el("td", { class: "seats" }, g.seats),
      el("td", {}, i18n.t(`page.profile.status_${g.status}`)),
      el("td", {}, g.place ?? "—"),
      el("td", {}, g.total ?? "—"),
      el("td", {}, g.rated ? change : i18n.t("page.profile.unrated")),
      el("td", { class: "date" }, date(g.created)));
  });
  byId("games").replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 7, class: "muted" }, i18n.t("page.profile.no_games_yet")))]));
}

load();
