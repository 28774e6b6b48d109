// The one dialog component: a modal <dialog> (dialog role, the rest of the page inert) that fits
// the viewport, keeps Tab inside itself, closes on Escape, on its Close button or a click outside,
// and gives the focus back to where it was (or, if that control is gone, to its successor).
import { el, focusables, focusByKey, focusedKey } from "./dom.js";
import { t } from "./i18n.js";

/** An open dialog: its node, and close() that settles it (focus back to its opener).
 * @typedef {{ node: HTMLDialogElement, close: () => void }} DialogHandle */

let count = 0;
/** @type {DialogHandle[]} */
const open = [];

/** Is any dialog open? (Shortcuts of the page wait while one is.) */
export const dialogOpen = () => open.length > 0;

/**
 * Open a dialog. title: its heading; body: nodes; buttons: extra nodes beside Close;
 * closeLabel: the words of the close button; className; onClose(); initialFocus: a node.
 * Returns { node, close() }.
 * @param {{ title: string, body: import("./dom.js").Child, buttons?: import("./dom.js").Child,
 *   closeLabel?: string, className?: string, onClose?: () => void, initialFocus?: HTMLElement }} options
 * @returns {DialogHandle}
 */
export function openDialog({ title, body, buttons = [], closeLabel = t("page.common.close"), className = "", onClose, initialFocus }) {
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  const openerKey = focusedKey();
  const titleId = `dialog-title-${++count}`;
  const closeButton = el("button", { type: "button", class: "dialog-close", dataset: { dialogClose: "" } }, closeLabel);
  const node = el(
    "dialog",
    { class: "dialog " + className, "aria-labelledby": titleId },
    el("div", { class: "dialog-inner" }, el("h2", { id: titleId, class: "dialog-title" }, title), el("div", { class: "dialog-body" }, body), el("div", { class: "dialog-buttons" }, buttons, closeButton))
  );
  let finished = false;
  // Everything a closed dialog leaves behind is settled at once, whichever way it closed.
  const finish = () => {
    if (finished) return;
    finished = true;
    if (node.open) node.close();
    const at = open.indexOf(handle);
    if (at >= 0) open.splice(at, 1);
    node.remove();
    if (onClose) onClose();
    if (open.length) return;
    if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    else if (openerKey) focusByKey(openerKey);
  };
  const handle = { node, close: finish };
  closeButton.addEventListener("click", finish);
  // Escape: settled at once on "cancel" (the "close" event comes later, as a task of its own;
  // until then the page would still count the dialog as open and its focus not yet returned).
  node.addEventListener("cancel", (event) => {
    event.preventDefault();
    finish();
  });
  node.addEventListener("close", finish);
  node.addEventListener("click", (event) => {
    if (event.target === node) finish(); // a click on the backdrop
  });
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const inside = focusables(node);
    if (!inside.length) return;
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  document.body.append(node);
  open.push(handle);
  node.showModal();
  (initialFocus || focusables(/** @type {HTMLElement} */ (node.querySelector(".dialog-body")))[0] || closeButton).focus();
  return handle;
}
