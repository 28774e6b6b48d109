// The turn timer of a real-time table: seconds left, with words once time runs short (and, when
// it is your turn, a spoken warning at ten seconds).
import { announce } from "../announcer.js";
import { byId } from "../dom.js";

const SHORT = 10;
let handle = null;
let warnedFor = null;

export function renderTimer(m, mine) {
  clearInterval(handle);
  const box = byId("timer");
  if (!m.deadline) {
    box.hidden = true;
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.round(m.deadline - Date.now() / 1000));
    box.hidden = false;
    box.textContent = `⏱ ${left}s` + (left <= SHORT ? " left!" : "");
    box.classList.toggle("urgent", left <= SHORT);
    if (mine && left <= SHORT && left > 0 && warnedFor !== m.deadline) {
      warnedFor = m.deadline;
      announce(`${left} seconds left to act.`);
    }
  };
  tick();
  handle = setInterval(tick, 1000);
}
