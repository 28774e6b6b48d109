// Leaving a running game, after a confirmation: the seat goes to a bot for good.
import { openDialog } from "../dialog.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";

/** @param {(message: import("../protocol.js").LeaveRequest) => unknown} send */
export function confirmLeave(send) {
  const yes = el("button", { type: "button", class: "primary danger", id: "leave-confirm" }, t("page.table.leave_the_game"));
  const dialog = openDialog({
    title: t("page.table.leave_title"),
    body: [el("p", {}, t("page.table.leave_body"))],
    buttons: [yes],
    closeLabel: t("page.table.stay"),
  });
  yes.addEventListener("click", () => {
    send({ type: "leave" });
    dialog.close();
  });
}
