// Short messages at the bottom of the screen; screen readers hear them through the announcer.
import { announce } from "./announcer.js";
import { el } from "./dom.js";

/** @param {string} text @param {"error"} [kind] */
export function toast(text, kind) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", "aria-hidden": "true" });
    document.body.append(box);
  }
  const node = el("div", { class: "toast " + (kind || "") }, kind === "error" ? "⚠ " : "", text);
  box.append(node);
  announce(text);
  setTimeout(() => node.remove(), 6000);
}
