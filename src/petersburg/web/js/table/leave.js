// Leaving a running game, after a confirmation: the seat goes to a bot for good.
import { openDialog } from "../dialog.js";
import { el } from "../dom.js";

/** @param {(message: import("../protocol.js").LeaveRequest) => unknown} send */
export function confirmLeave(send) {
  const yes = el("button", { type: "button", class: "primary danger", id: "leave-confirm" }, "Leave the game");
  const dialog = openDialog({
    title: "Leave this game?",
    body: [el("p", {}, "A bot plays your seat from now on, and you cannot take it back. The others can finish the game.")],
    buttons: [yes],
    closeLabel: "Stay",
  });
  yes.addEventListener("click", () => {
    send({ type: "leave" });
    dialog.close();
  });
}
