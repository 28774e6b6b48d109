// The turn timer of a real-time table: seconds left, with words once time runs short.
import { byId } from "../dom.js";

let handle = null;

export function renderTimer(m) {
  clearInterval(handle);
  const box = byId("timer");
  if (!m.deadline) {
    box.hidden = true;
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.round(m.deadline - Date.now() / 1000));
    box.hidden = false;
    box.textContent = `⏱ ${left}s` + (left <= 10 ? " left!" : "");
    box.classList.toggle("urgent", left <= 10);
  };
  tick();
  handle = setInterval(tick, 1000);
}
