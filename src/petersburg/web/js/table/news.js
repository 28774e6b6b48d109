// What a screen reader hears about the game as it goes: every new line of the log (moves,
// scorings, new phases), "your turn" when the turn comes to you, the result at the end.
import { announce } from "../announcer.js";
import { turnWords } from "./action-bar.js";
import { list, t } from "../i18n.js";

/** Who won, in words ("Ann wins", "Ann and Ben share the win").
 * @param {{ winners: number[] }} result a game's result, or its story @param {string[]} names */
export function winnerWords(result, names) {
  const winners = list(result.winners.map((s) => names[s]));
  return t(result.winners.length > 1 ? "page.final.share_the_win" : "page.final.wins", { winners });
}

export class GameNews {
  constructor() {
    this.wasMyTurn = false;
    /** @type {string | null} */
    this.lastStage = null;
    this.resultTold = false;
  }
  /** Announce what changed with update `m`; `fresh` are the log lines that just happened.
   * @param {import("./types.js").GameUpdate} m @param {string[]} names
   * @param {import("../protocol.js").LogEntry[]} fresh */
  tell(m, names, fresh) {
    const v = m.view;
    for (const line of fresh) announce(line.text);
    const mine = !!m.you && v.to_act === m.you.seat && v.stage !== "over";
    if (mine && (!this.wasMyTurn || this.lastStage !== v.stage)) announce(t("page.card.sentence", { part: turnWords(m, names) }));
    if (m.result && !this.resultTold && fresh.length) announce(t("page.final.game_over", { winners: winnerWords(m.result, m.result.names || names) }));
    if (m.result) this.resultTold = true;
    this.wasMyTurn = mine;
    this.lastStage = v.stage;
  }
}
