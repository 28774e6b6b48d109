// The replay of a finished game: the public view after each action, stepped with buttons, the
// slider or the arrow keys; each step's words are shown and announced.
import { announce } from "../announcer.js";
import { byId } from "../dom.js";
import { addShortcut } from "../shortcuts.js";
import { toast } from "../toast.js";

/** Start the replay of table `tableId`; show(update, log) draws a step like a live update. */
export function startReplay(tableId, show) {
  let info = null;
  let table = null;
  async function loadStep(step) {
    const response = await fetch(`/api/tables/${tableId}/replay` + (step === null ? "" : `?step=${step}`));
    if (!response.ok) {
      toast((await response.json()).detail || "There is no replay of this table.", "error");
      return;
    }
    const data = await response.json();
    const first = info === null;
    info = data;
    if (!table) table = await (await fetch(`/api/tables/${tableId}`)).json();
    const slider = byId("replay-slider");
    slider.max = data.steps;
    slider.value = data.step;
    slider.setAttribute("aria-valuetext", `step ${data.step} of ${data.steps}`);
    byId("replay-step").textContent = `step ${data.step} / ${data.steps}`;
    const text = byId("replay-text");
    text.textContent = data.texts.join(" ");
    text.hidden = !text.textContent;
    await show({ type: "update", table, seq: data.step, you: null, view: data.view, summary: data.summary, names: data.names, phases: data.phases, market: data.market, legal: [] }, data.log);
    if (!first) announce(`Step ${data.step}. ${data.texts.join(" ")}`);
  }
  const go = (delta) => () => info && loadStep(Math.max(0, Math.min(info.steps, info.step + delta)));
  byId("replay-bar").hidden = false;
  byId("replay-first").onclick = () => loadStep(0);
  byId("replay-prev").onclick = go(-1);
  byId("replay-next").onclick = go(1);
  byId("replay-last").onclick = () => loadStep(null);
  byId("replay-slider").oninput = (e) => loadStep(Number(e.target.value));
  addShortcut("ArrowLeft", "Previous step", go(-1));
  addShortcut("ArrowRight", "Next step", go(1));
  byId("status").textContent = "replay";
  byId("chat-panel").hidden = true;
  byId("nav-chat").hidden = true;
  return loadStep(0);
}
