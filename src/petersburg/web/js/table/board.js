// The board: the draw stacks (four, five with the Market) and the two rows of cards. A card or stack you can act on is a
// button that opens the choice box (or, with one single possible action, still asks: a click is
// never a purchase without confirmation).
import { cards, STACKS, stackWord } from "../catalogue.js";
import { t } from "../i18n.js";
import { renderCard } from "../card-view.js";
import { byId, el, spoken } from "../dom.js";
import { CARD, gapMark } from "./feedback.js";
import { offerWords, priceBadge } from "./legal.js";

/** @typedef {import("../protocol.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("./types.js").ActionsByKey} ActionsByKey */
/** @typedef {import("./feedback.js").BoardPlaces} BoardPlaces */

/** @type {Array<"upper" | "lower">} */
const ROWS = ["upper", "lower"];
/** @param {"upper" | "lower"} row */
const rowWord = (row) => t(`page.table.row_${row}`);

/**
 * @param {{ name: string, colour: string }} stack
 * @param {number} size
 * @param {LegalAction[] | undefined} actions
 * @param {import("./types.js").OpenChoice} openChoice
 */
function stackTile(stack, size, actions, openChoice) {
  const label = t("page.table.stack", { stack: stackWord(stack.name) });
  const inner = [
    el("span", { class: "stack-name", "aria-hidden": "true" }, stackWord(stack.name)),
    el("span", { class: "stack-size", "aria-hidden": "true" }, size),
    actions ? el("span", { class: "price", "aria-hidden": "true" }, t("page.table.observe")) : null,
  ];
  const classes = `stack ${stack.colour}` + (actions ? " actionable" : "") + (size === 0 ? " empty" : "");
  if (actions) {
    return el(
      "li",
      {},
      el(
        "button",
        { type: "button", class: classes, dataset: { stack: stack.name, focusKey: `stack:${stack.name}` }, onclick: () => openChoice(t("page.table.observatory"), null, actions) },
        spoken(t("page.table.observe_stack", { stack: label, count: size })),
        inner
      )
    );
  }
  return el("li", {}, el("div", { class: classes, dataset: { stack: stack.name } }, spoken(t("page.table.stack_left", { stack: label, count: size })), inner));
}

/** Draw the board; makeDraggable(node, card, actions) lets a card be dragged onto the hand or
 * play area; openChoice(title, card, actions) opens the choice box. `places` lays each row out
 * with the gaps the players' latest moves left (feedback.js boardPlaces), marked with `gapName(seat)`.
 * @param {GameUpdate} m
 * @param {ActionsByKey} byKey
 * @param {import("./types.js").CardHandlers} handlers
 * @param {BoardPlaces} places
 * @param {(seat: number) => string} gapName
 */
export function renderBoard(m, byKey, { openChoice, makeDraggable }, places, gapName) {
  const v = m.view;
  byId("board").hidden = false;
  const stacks = byId("stacks");
  stacks.textContent = "";
  const inGame = STACKS.filter((stack) => stack.name in v.stack_sizes);
  stacks.style.setProperty("--stacks", String(inGame.length));
  for (const stack of inGame) stacks.append(stackTile(stack, v.stack_sizes[stack.name], byKey.get(`stack:${stack.name}`), openChoice));
  // A row has room for every slot of the board (8, or 10 with the Market's large board).
  byId("board").style.setProperty("--slots", String(m.board_size || places.upper.length));
  for (const rowName of ROWS) {
    const row = byId(rowName);
    row.textContent = "";
    let i = 0;
    for (const place of places[rowName]) {
      if (place !== CARD) {
        row.append(gapMark(place, gapName(place.event.seat)));
        continue;
      }
      const card = /** @type {string} */ (v[rowName][i]); // the rows are public: every card is named
      const actions = byKey.get(`${rowName}:${i}`);
      const node = renderCard(card, {
        where: rowWord(rowName),
        old: rowName === "lower",
        badge: priceBadge(actions),
        offer: offerWords(actions),
        focusKey: `${rowName}:${i}`,
        onActivate: actions ? () => openChoice(t("page.table.card_where", { name: cards[card].name, where: rowWord(rowName) }), card, actions) : null,
      });
      if (actions) makeDraggable(node, card, actions);
      row.append(el("li", {}, node));
      i += 1;
    }
    if (!places[rowName].length) row.append(el("li", { class: "empty-row" }, t("page.table.empty")));
  }
}
