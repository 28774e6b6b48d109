// The final scoring: a dialog with every player's points (the winner marked by ★ and words, not
// only by colour), opened once when the game ends and again from the Scores button.
import { openDialog } from "../dialog.js";
import { el, spoken } from "../dom.js";
import { playAgainButton } from "../again.js";
import { winnerWords } from "./news.js";

/** @typedef {import("../protocol.js").GameResult} GameResult */
/** @typedef {import("../protocol.js").SoloPlacement} SoloPlacement */
/** @typedef {import("../protocol.js").UpdateMessage} UpdateMessage */


/** @param {number} n */
const ordinal = (n) => `${n}${[11, 12, 13].includes(n % 100) ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;

/** A solo game's place in the high-score list, in words ("your 3rd best of 7, 12th of 40 overall").
 * @param {SoloPlacement} p */
export function placementWords(p) {
  const yours = p.yours === 1 ? (p.yours_of === 1 ? "your first solo game" : `your best of ${p.yours_of}`) : `your ${ordinal(p.yours)} best of ${p.yours_of}`;
  return `High scores: ${yours}, ${ordinal(p.overall)} of ${p.overall_of} overall.`;
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
  const headings = [["Player", "Player"], ["Play VP", "Play"], ["Aristocrats", "Arist."], ["Money", "Money"], ["Hand", "Hand"], ["Total", "Total"], ["Rubles", "₽"]];
  const heading = (/** @type {[string, string]} */ [long, short]) => el("th", { scope: "col" }, el("span", { class: "long" }, long), el("span", { class: "short", "aria-hidden": "true" }, short));
  const table = el(
    "table",
    { class: "scores" },
    el("caption", { class: "visually-hidden" }, "Final scoring"),
    el("thead", {}, el("tr", {}, headings.map(heading))),
    el(
      "tbody",
      {},
      result.scores.map((line) =>
        el(
          "tr",
          { class: best.has(line.seat) ? "best" : "" },
          el("th", { scope: "row" }, best.has(line.seat) ? el("span", { "aria-hidden": "true" }, "★ ") : null, n[line.seat], best.has(line.seat) ? spoken(", winner") : null),
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
    title: solo ? `${n[0]}: ${line.total} VP` : `★ ${winnerWords(result, n)}!`,
    className: "final-dialog",
    closeLabel: "Look at the board",
    body: [place, el("div", { class: "scores-wrap" }, table), el("p", { class: "muted" }, `After ${result.rounds} rounds.`)],
    buttons: [m.you ? playAgainButton(m.table.id) : null, el("a", { class: "button" + (m.you ? "" : " primary"), href: `/results/${m.table.id}`, id: "results-link" }, "Scores by source"), el("a", { class: "button", href: `/replay/${m.table.id}` }, "Watch the replay"), el("a", { class: "button", href: "/" }, "Lobby")],
  });
}
