// Turn alerts: when it becomes your turn while this page is in the background, an optional sound
// and an optional browser notification (the tab title says it too, see main.js). The page offers
// them once, politely, at a running game where you have a seat; the answer and the two switches
// are remembered per browser (localStorage), and the bell button in the top bar changes them.
import { byId, el } from "../dom.js";
import { toast } from "../toast.js";
import { language, t } from "../i18n.js";

const KEY = "pb_turn_alerts"; // "on", "off", or missing (not asked yet)
/** @type {AudioContext | null} */
let audio = null;
/** @type {boolean | null} */
let wasMine = null; // unknown until the first update is drawn

const supported = () => "Notification" in window;
export const alertsOn = () => localStorage.getItem(KEY) === "on";

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch (error) {
    // No sound on this browser: the notification and the title still tell.
  }
}

/** Switch alerts on (asking the browser for notifications: this runs from a click) or off.
 * @param {boolean} on */
async function switchAlerts(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) {
    audio = audio || (window.AudioContext ? new AudioContext() : null); // allowed now: a click
    if (supported() && Notification.permission === "default") await Notification.requestPermission();
    const notes = supported() && Notification.permission === "granted";
    toast(t(notes ? "page.table.alerts_on" : "page.table.alerts_on_blocked"));
  } else toast(t("page.table.alerts_off"));
  drawAlertControls(true);
}

/** The offer (once, while a game of yours runs) and the bell button's state.
 * @param {boolean} seatedAndPlaying */
export function drawAlertControls(seatedAndPlaying) {
  const bell = byId("alerts-button");
  bell.hidden = !seatedAndPlaying;
  bell.setAttribute("aria-pressed", alertsOn() ? "true" : "false");
  bell.onclick = () => switchAlerts(!alertsOn());
  const offer = byId("alerts-offer");
  const asked = localStorage.getItem(KEY) !== null;
  offer.hidden = !seatedAndPlaying || asked;
  if (offer.hidden || offer.dataset.lang === language()) return; // drawn again in another language
  offer.dataset.lang = language();
  offer.replaceChildren(
    el("p", {}, t("page.table.alerts_offer")),
    el("div", { class: "offer-buttons" },
      el("button", { type: "button", class: "primary", id: "alerts-yes", onclick: () => switchAlerts(true) }, t("page.table.alerts_yes")),
      el("button", { type: "button", id: "alerts-no", onclick: () => switchAlerts(false) }, t("page.table.alerts_no")))
  );
}

/** Called on every update: alert once when the turn has just become yours in a background page.
 * @param {boolean} mine @param {string} title @param {string} body */
export function turnAlert(mine, title, body) {
  const became = wasMine === false && mine;
  wasMine = mine;
  if (!became || document.visibilityState === "visible" || !alertsOn()) return;
  beep();
  if (supported() && Notification.permission === "granted") {
    const note = new Notification(title, { body, tag: "petersburg-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }
}
