// The one dialog component: a modal <dialog> (dialog role, the rest of the page inert) that fits
// the viewport, keeps Tab inside itself, closes on Escape, on its Close button or a click outside,
// and gives the focus back to where it was (or, if that control is gone, to its successor).
import { el, focusables, focusByKey, focusedKey } from "./dom.js";

let count = 0;
const open = [];

/** Is any dialog open? (Shortcuts of the page wait while one is.) */
export const dialogOpen = () => open.length > 0;

/**
 * Open a dialog. title: its heading; body: nodes; buttons: extra nodes beside Close;
 * closeLabel: the words of the close button; className; onClose(); initialFocus: a node.
 * Returns { node, close() }.
 */
export function openDialog({ title, body, buttons = [], closeLabel = "Close", className = "", onClose, initialFocus }) {
  const opener = document.activeElement;
  const openerKey = focusedKey();
  const titleId = `dialog-title-${++count}`;
  const close = el("button", { type: "button", class: "dialog-close", dataset: { dialogClose: "" } }, closeLabel);
  const node = el(
    "dialog",
    { class: "dialog " + className, "aria-labelledby": titleId },
    el("div", { class: "dialog-inner" }, el("h2", { id: titleId, class: "dialog-title" }, title), el("div", { class: "dialog-body" }, body), el("div", { class: "dialog-buttons" }, buttons, close))
  );
  const handle = {
    node,
    close() {
      if (node.open) node.close();
    },
  };
  close.addEventListener("click", () => handle.close());
  node.addEventListener("click", (event) => {
    if (event.target === node) handle.close(); // a click on the backdrop
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
  node.addEventListener("close", () => {
    open.splice(open.indexOf(handle), 1);
    node.remove();
    if (onClose) onClose();
    if (open.length) return;
    if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    else if (openerKey) focusByKey(openerKey);
  });
  document.body.append(node);
  open.push(handle);
  node.showModal();
  (initialFocus || focusables(node.querySelector(".dialog-body"))[0] || close).focus();
  return handle;
}
