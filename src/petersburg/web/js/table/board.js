// The board: the draw stacks (four, five with the Market) and the two rows of cards. A card or stack you can act on is a
// button that opens the choice box (or, with one single possible action, still asks: a click is
// never a purchase without confirmation).
import { cards, STACKS } from "../catalogue.js";
import { renderCard } from "../card-view.js";
import { byId, el, spoken } from "../dom.js";
import { CARD, gapMark } from "./feedback.js";
import { offerWords, priceBadge } from "./legal.js";

const ROW_WORDS = { upper: "upper row", lower: "lower row" };

function stackTile(stack, size, actions, openChoice) {
  const label = `${stack.label} stack`;
  const inner = [
    el("span", { class: "stack-name", "aria-hidden": "true" }, stack.label),
    el("span", { class: "stack-size", "aria-hidden": "true" }, size),
    actions ? el("span", { class: "price", "aria-hidden": "true" }, "observe") : null,
  ];
  const classes = `stack ${stack.colour}` + (actions ? " actionable" : "") + (size === 0 ? " empty" : "");
  if (actions) {
    return el(
      "li",
      {},
      el(
        "button",
        { type: "button", class: classes, dataset: { stack: stack.name, focusKey: `stack:${stack.name}` }, onclick: () => openChoice("Observatory", null, actions) },
        spoken(`Use your Observatory on the ${label}: draw its top card (${size} cards left)`),
        inner
      )
    );
  }
  return el("li", {}, el("div", { class: classes, dataset: { stack: stack.name } }, spoken(`${label}: ${size} card${size === 1 ? "" : "s"} left`), inner));
}

/** Draw the board; makeDraggable(node, card, actions) lets a card be dragged onto the hand or
 * play area; openChoice(title, card, actions) opens the choice box. `places` lays each row out
 * with the gaps the players' latest moves left (feedback.js boardPlaces), marked with `gapName(seat)`. */
export function renderBoard(m, byKey, { openChoice, makeDraggable }, places, gapName) {
  const v = m.view;
  byId("board").hidden = false;
  const stacks = byId("stacks");
  stacks.textContent = "";
  const inGame = STACKS.filter((stack) => stack.name in v.stack_sizes);
  stacks.style.setProperty("--stacks", inGame.length);
  for (const stack of inGame) stacks.append(stackTile(stack, v.stack_sizes[stack.name], byKey.get(`stack:${stack.name}`), openChoice));
  for (const rowName of ["upper", "lower"]) {
    const row = byId(rowName);
    row.textContent = "";
    let i = 0;
    for (const place of places[rowName]) {
      if (place !== CARD) {
        row.append(gapMark(place, gapName(place.event.seat)));
        continue;
      }
      const card = v[rowName][i];
      const actions = byKey.get(`${rowName}:${i}`);
      const node = renderCard(card, {
        where: ROW_WORDS[rowName],
        old: rowName === "lower",
        badge: priceBadge(actions),
        offer: offerWords(actions),
        focusKey: `${rowName}:${i}`,
        onActivate: actions ? () => openChoice(`${cards[card].name}, ${ROW_WORDS[rowName]}`, card, actions) : null,
      });
      if (actions) makeDraggable(node, card, actions);
      row.append(el("li", {}, node));
      i += 1;
    }
    if (!places[rowName].length) row.append(el("li", { class: "empty-row" }, "empty"));
  }
}
