// The turn timer of a real-time table: seconds left, with words once time runs short (and, when
// it is your turn, a spoken warning at ten seconds); at a turn-based table with a time per move,
// the hours and minutes left before a bot plays the move.
import { announce } from "../announcer.js";
import { byId } from "../dom.js";
import { t } from "../i18n.js";

const SHORT = 10;
/** @type {ReturnType<typeof setInterval> | undefined} */
let handle;
/** @type {number | null} */
let warnedFor = null;

/** @param {import("../protocol.js").UpdateMessage} m @param {boolean} mine */
export function renderTimer(m, mine) {
  clearInterval(handle);
  const box = byId("timer");
  const deadline = m.deadline;
  if (!deadline) {
    box.hidden = true;
    return;
  }
  if (m.table.move_deadline) {
    // A turn-based table's time per move: hours and minutes, looked at again every half minute.
    const long = () => {
      const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
      const days = Math.floor(left / 86400);
      const hours = Math.floor((left % 86400) / 3600);
      const minutes = Math.floor((left % 3600) / 60);
      box.hidden = false;
      box.textContent = days ? t("page.table.left_days", { days, hours }) : t("page.table.left_hours", { hours, minutes });
      box.title = t("page.table.deadline_title");
      box.classList.toggle("urgent", left < m.table.move_deadline / 2);
    };
    long();
    handle = setInterval(long, 30000);
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    box.hidden = false;
    box.textContent = `⏱ ${t(left <= SHORT ? "page.table.seconds_left_short" : "page.table.seconds", { count: left })}`;
    box.classList.toggle("urgent", left <= SHORT);
    if (mine && left <= SHORT && left > 0 && warnedFor !== deadline) {
      warnedFor = deadline;
      announce(t("page.table.seconds_left_to_act", { count: left }));
    }
  };
  tick();
  handle = setInterval(tick, 1000);
}
