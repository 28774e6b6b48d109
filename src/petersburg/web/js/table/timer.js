// The turn timer of a real-time table: seconds left, with words once time runs short (and, when
// it is your turn, a spoken warning at ten seconds); at a turn-based table with a time per move,
// the hours and minutes left before a bot plays the move.
import { announce } from "../announcer.js";
import { byId } from "../dom.js";

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
      box.textContent = days ? `${days} d ${hours} h left` : `${hours} h ${minutes} min left`;
      box.title = "Time left for this move: when it runs out, a bot plays it";
      box.classList.toggle("urgent", left < m.table.move_deadline / 2);
    };
    long();
    handle = setInterval(long, 30000);
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    box.hidden = false;
    box.textContent = `⏱ ${left}s` + (left <= SHORT ? " left!" : "");
    box.classList.toggle("urgent", left <= SHORT);
    if (mine && left <= SHORT && left > 0 && warnedFor !== deadline) {
      warnedFor = deadline;
      announce(`${left} seconds left to act.`);
    }
  };
  tick();
  handle = setInterval(tick, 1000);
}
