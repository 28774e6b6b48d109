// The leaderboard: accounts with rated games, best first, and the bots' reference ratings.
import * as i18n from "../i18n.js";
import { byId, el } from "../dom.js";
import { renderAccountNav } from "./nav.js";

/** @typedef {import("../protocol.js").LeaderboardResponse} LeaderboardResponse */

renderAccountNav(byId("account-nav"));

async function load() {
  /** @type {LeaderboardResponse} */
  const data = await (await fetch("/api/leaderboard")).json();
  const rows = data.players.map((p) =>
    el("tr", {},
      el("td", {}, p.place),
      el("td", {}, el("a", { href: `/profile/${encodeURIComponent(p.name)}` }, p.name)),
      el("td", {}, `${p.rating} ± ${p.deviation}`),
      el("td", {}, p.rated_games)));
  const none = el("tr", {}, el("td", { colspan: 4, class: "muted" }, i18n.t("page.leaderboard.no_rated_games")));
  byId("players").replaceChildren(...(rows.length ? rows : [none]));
  byId("bots").replaceChildren(...data.bots.map((b) => el("li", {}, i18n.t("page.leaderboard.bot_rating", { name: i18n.t(`bot.name_${b.level}`), rating: b.rating }))));
}

load();
