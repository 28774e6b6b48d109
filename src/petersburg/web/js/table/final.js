// The final scoring: a dialog with every player's points (the winner marked by ★ and words, not
// only by colour), opened once when the game ends and again from the Scores button.
import { openDialog } from "../dialog.js";
import { el, spoken } from "../dom.js";

export function winnerWords(result, names) {
  const winners = result.winners.map((s) => names[s]).join(" and ");
  return `${winners} ${result.winners.length > 1 ? "share the win" : "wins"}`;
}

export function openScores(m, names) {
  const result = m.result;
  const n = result.names || names;
  const best = new Set(result.winners);
  // Column names, and the short forms a phone shows (a screen reader always hears the long ones).
  const headings = [["Player", "Player"], ["Play VP", "Play"], ["Aristocrats", "Arist."], ["Money", "Money"], ["Hand", "Hand"], ["Total", "Total"], ["Rubles", "₽"]];
  const heading = ([long, short]) => el("th", { scope: "col" }, el("span", { class: "long" }, long), el("span", { class: "short", "aria-hidden": "true" }, short));
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
  return openDialog({
    title: `★ ${winnerWords(result, n)}!`,
    className: "final-dialog",
    closeLabel: "Look at the board",
    body: [el("div", { class: "scores-wrap" }, table), el("p", { class: "muted" }, `After ${result.rounds} rounds.`)],
    buttons: [el("a", { class: "button", href: `/replay/${m.table.id}` }, "Watch the replay"), el("a", { class: "button", href: "/" }, "Lobby")],
  });
}
