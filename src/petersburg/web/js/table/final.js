// The final scoring: a dialog with every player's points (the winner marked by ★ and words, not
// only by colour), opened once when the game ends and again from the Scores button.
import { openDialog } from "../dialog.js";
import { el, spoken } from "../dom.js";
import { playAgainButton } from "../again.js";
import { winnerWords } from "./news.js";
import { needs, t } from "../i18n.js";

/** @typedef {import("../protocol.js").GameResult} GameResult */
/** @typedef {import("../protocol.js").SoloPlacement} SoloPlacement */
/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */


await needs("final");

/** A solo game's place in the high-score list, in words ("your 3rd best of 7, 12th of 40 overall");
 * a place is a number in every language ("place 3 of 7"), not an English ordinal.
 * @param {SoloPlacement} p */
export function placementWords(p) {
  const yours = p.yours === 1 ? (p.yours_of === 1 ? t("page.final.first_solo_game") : t("page.final.your_best", { count: p.yours_of })) : t("page.final.your_place", { place: p.yours, count: p.yours_of });
  return t("page.final.high_scores", { yours, place: p.overall, count: p.overall_of });
}

/** @param {UpdateMessage} m an update of a game that is over (with its result) @param {string[]} names */
export function openScores(m, names) {
  const result = /** @type {GameResult} */ (m.result);
  const n = result.names || names;
  const solo = result.scores.length === 1;
  // A solo game has a score, not a winner.
  const best = new Set(solo ? [] : result.winners);
  // Column names, and the short forms a phone shows (a screen reader always hears the long ones).
  /** @type {Array<[string, string]>} */
  const headings = ["player", "play_vp", "aristocrats", "money", "hand", "total", "rubles"].map((column) => /** @type {[string, string]} */ ([t(`page.final.column_${column}`), t(`page.final.short_${column}`)]));
  const heading = (/** @type {[string, string]} */ [long, short]) => el("th", { scope: "col" }, el("span", { class: "long" }, long), el("span", { class: "short", "aria-hidden": "true" }, short));
  const table = el(
    "table",
    { class: "scores" },
    el("caption", { class: "visually-hidden" }, t("page.final.final_scoring")),
    el("thead", {}, el("tr", {}, headings.map(heading))),
    el(
      "tbody",
      {},
      result.scores.map((line) =>
        el(
          "tr",
          { class: best.has(line.seat) ? "best" : "" },
          el("th", { scope: "row" }, best.has(line.seat) ? el("span", { "aria-hidden": "true" }, "★ ") : null, n[line.seat], best.has(line.seat) ? spoken(t("page.final.winner")) : null),
          el("td", {}, line.play_vp),
          el("td", {}, `+${line.aristocrat_bonus}`),
          el("td", {}, `+${line.money_vp}`),
          el("td", {}, line.hand_penalty),
          el("td", { class: "total" }, line.total),
          el("td", {}, line.rubles)
        )
      )
    )
  );
  const line = result.scores[0];
  const place = result.placement ? el("p", { class: "placement", id: "placement" }, placementWords(result.placement)) : null;
  return openDialog({
    title: solo ? t("page.final.solo_score", { name: n[0], count: line.total }) : `★ ${t("page.final.winner_title", { winners: winnerWords(result, n) })}`,
    className: "final-dialog",
    closeLabel: t("page.final.look_at_the_board"),
    body: [place, el("div", { class: "scores-wrap" }, table), el("p", { class: "muted" }, t("page.final.after_rounds", { count: result.rounds }))],
    buttons: [m.you ? playAgainButton(m.table.id) : null, el("a", { class: "button" + (m.you ? "" : " primary"), href: `/results/${m.table.id}`, id: "results-link" }, t("page.final.scores_by_source")), el("a", { class: "button", href: `/replay/${m.table.id}` }, t("page.final.watch_the_replay")), el("a", { class: "button", href: "/" }, t("page.final.lobby"))],
  });
}
