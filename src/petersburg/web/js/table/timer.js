// The turn timer of a real-time table: seconds left, with words once time runs short (and, when
// it is your turn, a spoken warning at ten seconds).
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
