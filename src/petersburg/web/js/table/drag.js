// Drag and drop: a card dragged onto your hand is taken into hand, onto your play area it is
// bought or played. One possible action is done at once; several (which card to displace) open
// the same choice box as a click.
import { cards } from "../catalogue.js";

/** @typedef {import("../protocol.js").LegalAction} LegalAction */

/** The card being dragged and its actions. @type {{ card: string, actions: LegalAction[] } | null} */
let dragged = null;

/** @param {HTMLElement} node @param {string} card @param {LegalAction[]} actions */
export function makeDraggable(node, card, actions) {
  node.draggable = true;
  node.addEventListener("dragstart", (event) => {
    dragged = { card, actions };
    const transfer = /** @type {DataTransfer} */ (event.dataTransfer); // always set on a drag event
    transfer.setData("text/plain", card);
    transfer.effectAllowed = "move";
  });
  node.addEventListener("dragend", () => {
    dragged = null;
    document.querySelectorAll(".drop-ok").forEach((n) => n.classList.remove("drop-ok"));
  });
}

/** Let `node` receive cards whose actions have one of `kinds`; act(id) or openChoice(...) then.
 * @param {HTMLElement} node @param {string[]} kinds @param {string} title
 * @param {{ act: import("./types.js").Act, openChoice: import("./types.js").OpenChoice }} handlers */
export function dropTarget(node, kinds, title, { act, openChoice }) {
  const fitting = () => (dragged ? dragged.actions.filter((a) => kinds.includes(a.kind)) : []);
  node.addEventListener("dragover", (event) => {
    if (!fitting().length) return;
    event.preventDefault();
    node.classList.add("drop-ok");
  });
  node.addEventListener("dragleave", () => node.classList.remove("drop-ok"));
  node.addEventListener("drop", (event) => {
    event.preventDefault();
    node.classList.remove("drop-ok");
    const actions = fitting();
    if (actions.length === 1) act(actions[0].id);
    else if (dragged && actions.length > 1) openChoice(`${cards[dragged.card].name}: ${title}`, dragged.card, actions);
  });
}
