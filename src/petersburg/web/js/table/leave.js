// Leaving a running game, after a confirmation: the seat goes to a bot for good.
import { openDialog } from "../dialog.js";
import { el } from "../dom.js";
import { needs, t } from "../i18n.js";

/** @param {(message: import("../protocol.js").LeaveRequest) => unknown} send */
export async function confirmLeave(send) {
  await needs("leave");
  const yes = el("button", { type: "button", class: "primary danger", id: "leave-confirm" }, t("page.leave.leave_the_game"));
  const dialog = openDialog({
    title: t("page.leave.leave_title"),
    body: [el("p", {}, t("page.leave.leave_body"))],
    buttons: [yes],
    closeLabel: t("page.leave.stay"),
  });
  yes.addEventListener("click", () => {
    send({ type: "leave" });
    dialog.close();
  });
}
