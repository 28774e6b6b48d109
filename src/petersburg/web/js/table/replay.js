// The replay of a finished game: the public view after each action, stepped with buttons, the
// slider or the arrow keys; each step's words are shown and announced.
import { announce } from "../announcer.js";
import { byId, el } from "../dom.js";
import { addShortcut } from "../shortcuts.js";
import { toast } from "../toast.js";
import { inLanguage, needs, t } from "../i18n.js";

/** @typedef {import("../protocol.js").ReplayResponse} ReplayResponse */
/** @typedef {import("../protocol.js").TableSummary} TableSummary */
/** @typedef {import("../protocol.js").HttpError} HttpError */

await needs("replay");

/** Milliseconds between two steps of the autoplay. */
const AUTOPLAY_MS = 1200;

/** Start the replay of table `tableId`; show(update, log) draws a step like a live update.
 * @param {number} tableId
 * @param {(update: import("./types.js").GameUpdate, log: import("../protocol.js").LogEntry[]) => Promise<void>} show */
export function startReplay(tableId, show) {
  /** @type {ReplayResponse | null} */
  let info = null;
  /** @type {TableSummary | null} */
  let table = null;
  /** The latest step asked for: an answer to an older request that comes later is dropped (the
   * page's first load of the last step must not undo a step chosen meanwhile). */
  let asked = 0;
  /** @param {number | null} step the last one when null @param {boolean} [quiet] not announced */
  async function loadStep(step, quiet = false) {
    const request = ++asked;
    const response = await fetch(inLanguage(`/api/tables/${tableId}/replay` + (step === null ? "" : `?step=${step}`)));
    if (request !== asked) return;
    if (!response.ok) {
      /** @type {HttpError} */
      const refusal = await response.json();
      toast(refusal.detail || t("page.replay.no_replay"), "error");
      return;
    }
    /** @type {ReplayResponse} */
    const data = await response.json();
    if (!table) table = /** @type {TableSummary} */ (await (await fetch(inLanguage(`/api/tables/${tableId}`))).json());
    if (request !== asked) return;
    const first = info === null;
    info = data;
    /** @type {HTMLInputElement} */
    const slider = byId("replay-slider");
    slider.max = String(data.steps);
    slider.value = String(data.step);
    slider.setAttribute("aria-valuetext", t("page.replay.step_of", { step: data.step, steps: data.steps }));
    byId("replay-step").textContent = t("page.replay.step_short", { step: data.step, steps: data.steps });
    const text = byId("replay-text");
    text.textContent = data.texts.join(" ");
    text.hidden = !text.textContent;
    await show({ type: "update", table, seq: data.step, you: null, creator: false, view: data.view, summary: data.summary, names: data.names, phases: data.phases, ...(data.market ? { market: data.market } : {}), legal: [] }, data.log);
    if (request !== asked) return; // a newer step is being drawn: it tells its own
    if (!first && !quiet) announce(`${t("page.replay.step_spoken", { step: data.step })} ${data.texts.join(" ")}`);
    document.dispatchEvent(new CustomEvent("replay-step", { detail: { step: data.step, steps: data.steps } }));
  }
  const go = (/** @type {number} */ delta) => () => info && loadStep(Math.max(0, Math.min(info.steps, info.step + delta)));
  byId("replay-bar").hidden = false;
  byId("replay-first").onclick = () => loadStep(0);
  byId("replay-prev").onclick = go(-1);
  byId("replay-next").onclick = go(1);
  byId("replay-last").onclick = () => loadStep(null);
  byId("replay-slider").oninput = (e) => loadStep(Number(/** @type {HTMLInputElement} */ (e.target).value));
  // Autoplay: a step every AUTOPLAY_MS until the end, or until pressed again.
  const play = byId("replay-play");
  /** @type {number | null} */
  let timer = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.setAttribute("aria-pressed", "false");
  };
  play.onclick = () => {
    if (timer !== null) return stop();
    play.setAttribute("aria-pressed", "true");
    timer = window.setInterval(() => (info && info.step < info.steps ? go(1)() : stop()), AUTOPLAY_MS);
  };
  // Jump to a round: the first step whose view is in that round (the steps' rounds only grow).
  /** @type {HTMLSelectElement} */
  const roundSelect = byId("replay-round");
  roundSelect.onchange = async () => {
    if (!info) return;
    const wanted = Number(roundSelect.value);
    let low = 0;
    let high = info.steps;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const probe = await fetch(inLanguage(`/api/tables/${tableId}/replay?step=${middle}`));
      /** @type {ReplayResponse} */
      const at = await probe.json();
      if (at.view.round < wanted) low = middle + 1;
      else high = middle;
    }
    await loadStep(low);
  };
  addShortcut("ArrowLeft", "page.table.previous_step", go(-1));
  addShortcut("ArrowRight", "page.table.next_step", go(1));
  byId("status").textContent = t("page.replay.replay");
  byId("chat-panel").hidden = true;
  byId("nav-chat").hidden = true;
  // Another part of the page (the analysis' marks) asks for a step with a "replay-go" event.
  document.addEventListener("replay-go", (event) => loadStep(/** @type {CustomEvent<{ step: number }>} */ (event).detail.step));
  // The last step tells how many rounds there were; then the replay starts at the first step,
  // unless a step was asked for meanwhile.
  return loadStep(null, true).then(() => {
    const rounds = info ? info.view.round : 1;
    roundSelect.replaceChildren(...Array.from({ length: rounds }, (_, i) => el("option", { value: i + 1 }, String(i + 1))));
    return asked === 1 ? loadStep(0, true) : undefined;
  });
}
