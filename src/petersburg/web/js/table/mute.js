// The per-game mute of turn alerts away from the page (e-mail, push, webhook): a button in the top
// bar for a signed-in account with a seat in a running game. The account's muted tables are its
// alert settings' `muted` list (GET/POST /api/alerts/settings); a guest has none, so no button.
import { byId } from "../dom.js";
import { postJson } from "../account/submit.js";
import { toast } from "../toast.js";
import { needs, t } from "../i18n.js";

/** @type {number[] | null} */
let muted = null; // unknown until the settings are read; [] for nobody muted
let asked = false;

/** @param {number} tableId */
function draw(tableId) {
  const button = byId("mute-button");
  const on = !!muted && muted.includes(tableId);
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = t(on ? "page.mute.alerts_muted" : "page.table.mute_alerts");
  button.title = t(on ? "page.mute.muted_title" : "page.mute.mute_title");
}

/** Show the button (once it is known whether the viewer is an account) while seated and playing.
 * @param {number} tableId @param {boolean} seatedAndPlaying */
export async function drawMuteButton(tableId, seatedAndPlaying) {
  const button = byId("mute-button");
  if (!seatedAndPlaying) {
    button.hidden = true;
    return;
  }
  if (!asked) {
    asked = true;
    const response = await fetch("/api/alerts/settings", { credentials: "same-origin" });
    if (!response.ok) return; // a guest: no alerts away from the page to mute
    /** @type {{muted: number[]}} */
    const settings = await response.json();
    muted = settings.muted;
    button.onclick = () => switchMute(tableId);
  }
  if (muted === null) return;
  await needs("mute");
  button.hidden = false;
  draw(tableId);
}

/** @param {number} tableId */
async function switchMute(tableId) {
  if (muted === null) return;
  const next = muted.includes(tableId) ? muted.filter((id) => id !== tableId) : [...muted, tableId];
  const response = await postJson("/api/alerts/settings", { muted: next });
  /** @type {{muted?: number[], detail?: string}} */
  const answer = await response.json();
  if (!response.ok || !answer.muted) {
    toast(answer.detail || t("page.mute.not_saved"));
    return;
  }
  muted = answer.muted;
  draw(tableId);
  toast(t(muted.includes(tableId) ? "page.mute.muted_toast" : "page.mute.unmuted_toast"));
}
