// The profile's average loss per move: how much chance of winning, in VP of expected margin, the
// player's moves gave away against the best move found, over his last analysed games.
import { byId, el } from "../dom.js";
import { t } from "../i18n.js";

/** Decimals of the average loss shown. */
const DECIMALS = 2;
const name = decodeURIComponent(location.pathname.split("/")[2] || "");

async function load() {
  const response = await fetch(`/api/profile/${encodeURIComponent(name)}/loss`);
  if (!response.ok) return;
  /** @type {import("../protocol.js").LossResponse} */
  const loss = await response.json();
  const target = byId("average-loss");
  target.hidden = false;
  target.replaceChildren(loss.games
    ? el("span", {}, t("page.analysis.profile_loss", { loss: loss.average_loss.toFixed(DECIMALS), count: loss.games, decisions: loss.decisions }))
    : el("span", { class: "muted" }, t("page.analysis.no_analysed_games")));
}

load().catch(() => undefined);
