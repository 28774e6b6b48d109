// "Play again" after a finished game: the same players with the same options at a new table (the
// server seats each: you in your old seat, bots at their levels, the other people's seats kept
// free for them), then to that table.
import { el } from "./dom.js";
import { toast } from "./toast.js";
import { t } from "./i18n.js";

/** @param {number} tableId the finished game's table */
export async function playAgain(tableId) {
  const response = await fetch(`/api/tables/${tableId}/again`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  /** @type {import("./protocol.js").TableSummary & import("./protocol.js").HttpError} */
  const answer = await response.json();
  if (!response.ok) {
    toast(answer.detail || t("page.common.not_played_again"), "error");
    return;
  }
  location.href = `/table/${answer.id}`;
}

/** The "Play again" button. @param {number} tableId @param {string} [className] */
export const playAgainButton = (tableId, className = "button primary") => el("button", { type: "button", class: className, id: "play-again", onclick: () => playAgain(tableId) }, t("page.common.play_again"));
