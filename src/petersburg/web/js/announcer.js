// The one polite live region of a page: everything a screen reader should hear without moving
// focus (moves, scorings, "your turn", errors, chat) goes through announce().

const KEEP = 6;
/** @type {HTMLElement | null} */
let region = null;

/** @returns {HTMLElement} */
function theRegion() {
  if (!region || !region.isConnected) {
    region = document.getElementById("announcer");
    if (!region) {
      region = document.createElement("div");
      region.id = "announcer";
      document.body.append(region);
    }
    region.className = "visually-hidden";
    region.setAttribute("role", "log");
    region.setAttribute("aria-live", "polite");
  }
  return region;
}

/** Say `text` politely; each message is its own paragraph so none replaces another unheard.
 * @param {string | null | undefined} text */
export function announce(text) {
  if (!text) return;
  const box = theRegion();
  const line = document.createElement("p");
  line.textContent = text;
  box.append(line);
  while (box.firstElementChild && box.childElementCount > KEEP) box.firstElementChild.remove();
}
