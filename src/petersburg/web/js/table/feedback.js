// Feedback from the game's events (each log line carries the event it words, and a move its caption): every player's last
// move, named under his name and marked on its card in his area; the place on the board his latest
// move of the phase emptied, marked with his name; the card that went from the board
// into a play area or a hand flies there (a short animation, none with prefers-reduced-motion);
// each scoring's result for you shown briefly on the table ("Worker scoring: you +15 ₽ +3 VP").
import { byId, el, spoken } from "../dom.js";
import { kindWord } from "../catalogue.js";
import { t } from "../i18n.js";

/** @typedef {import("../protocol.js").LogEntry} LogEntry */
/**
 * The fields of the engine's events (a log line's `event`) that the page reads. The schema has an
 * event as any JSON object; `eventOf` reads it as this.
 * @typedef {object} GameEvent
 * @property {string} type
 * @property {number} [seat]
 * @property {string} [row] "upper", "lower" or "drawn"
 * @property {number} [slot] the card's place in its row when it was taken
 * @property {string} [card]
 * @property {string} [phase]
 * @property {Array<{ seat: number, rubles: number, vp: number }>} [incomes]
 */
/** A log line whose event has a seat: a player's move. @typedef {LogEntry & { event: { seat: number } }} MoveLine */
/** A place of a row: a card of the view (CARD) or the gap a move left (its log line). @typedef {typeof CARD | MoveLine} Place */
/** Each row as it lies on the table. @typedef {{ upper: Place[], lower: Place[] }} BoardPlaces */
/** A card of the board before a redraw: where it was and a copy of it. @typedef {Map<string, { rect: DOMRect, node: HTMLElement }>} BoardSnapshot */

/** The event of a log line, as the page reads it (undefined: a line without one).
 * @param {LogEntry | null | undefined} line
 * @returns {GameEvent | undefined} */
export const eventOf = (line) => /** @type {GameEvent | undefined} */ (/** @type {unknown} */ (line && line.event));

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Each seat's last move in the log, as its line (index = seat; null before the first): a line
 * of a move carries the engine's caption of it (`move`, "bought Market for 4 ₽").
 * @param {LogEntry[]} lines @param {number} players
 * @returns {Array<LogEntry | null>} */
export function lastMoves(lines, players) {
  /** @type {Array<LogEntry | null>} */
  const moves = Array(players).fill(null);
  for (const line of lines) {
    const e = eventOf(line);
    if (line.move && e && e.seat !== undefined) moves[e.seat] = line;
  }
  return moves;
}

/** The last move of a seat (its log line) as a line for its panel.
 * @param {LogEntry | null} line */
export function lastMoveLine(line) {
  return line && line.move ? el("span", { class: "last-move", dataset: { lastMove: /** @type {GameEvent} */ (eventOf(line)).type } }, el("span", { class: "last-move-label" }, t("page.table.last_move")), " ", line.move) : null;
}

/** Mark the chip of the card a seat last bought or played (its log line) inside `panel`.
 * @param {HTMLElement | null} panel @param {LogEntry | null} line */
export function markLastCard(panel, line) {
  const e = eventOf(line);
  if (!panel || !e || !["card_bought", "card_played"].includes(e.type)) return;
  const chip = panel.querySelector(`.chip[data-card="${e.card}"]`);
  if (chip) chip.classList.add("last-card");
}

// The events after which the rows are laid out anew: the board's gaps close.
const BOARD_RESETS = new Set(["phase_started", "cards_dealt", "upper_row_moved_down", "lower_row_discarded"]);
const BOARD_MOVES = new Set(["card_bought", "card_taken"]);
/** A place of a row that holds a card of the view (as opposed to a gap: the log line of the move that emptied it). */
export const CARD = "card";

/** The index in `places` of the row's card number `n` (0-based, gaps not counted), adding the
 * cards of the row not yet reached by any event.
 * @param {Place[]} places @param {number} n */
function cardPlace(places, n) {
  let seen = -1;
  for (let i = 0; i < places.length; i++) if (places[i] === CARD && ++seen === n) return i;
  while (seen < n) {
    places.push(CARD);
    seen += 1;
  }
  return places.length - 1;
}

/**
 * Each row as it lies on the table: its cards (CARD, in the view's order) and, where a seat's latest
 * move of this phase bought or took a card from the row, the gap it left (that move's log line).
 * Read from the log's events alone: a move names the row and the place (`slot`) the card had when it
 * was taken, and the engine closes up the row after it; the gaps close when the rows are laid out
 * anew (cards dealt at the phase change, the rows moving at the round's end). Older gaps of a seat
 * close too, so that the board keeps one mark per player. `rows` is the view's { upper, lower }.
 * @param {LogEntry[]} lines
 * @param {{ upper: unknown[], lower: unknown[] }} rows
 * @returns {BoardPlaces}
 */
export function boardPlaces(lines, rows) {
  /** @type {BoardPlaces} */
  let places = { upper: [], lower: [] };
  /** @type {Map<number | undefined, Place>} */
  const latest = new Map();
  for (const line of lines) {
    const e = eventOf(line);
    if (!e) continue;
    if (BOARD_RESETS.has(e.type)) {
      places = { upper: [], lower: [] };
      latest.clear();
    } else if (BOARD_MOVES.has(e.type) && isRow(e.row, places)) {
      const row = places[e.row];
      const move = /** @type {MoveLine} */ (line); // a card bought or taken names its seat
      row[cardPlace(row, /** @type {number} */ (e.slot))] = move;
      latest.set(e.seat, move);
    }
  }
  /** @type {BoardPlaces} */
  const laid = { upper: [], lower: [] };
  for (const name of ROWS) {
    const row = places[name].filter((place) => place === CARD || latest.get(place.event.seat) === place);
    const cards = row.filter((place) => place === CARD).length;
    // More cards than the view holds cannot happen with a whole log; the plain row is the safe answer.
    laid[name] = cards > rows[name].length ? rows[name].map(() => CARD) : row.concat(Array(rows[name].length - cards).fill(CARD));
  }
  return laid;
}

/** Is `row` one of the board's rows (not "drawn", the Observatory's card)?
 * @param {string | undefined} row @param {BoardPlaces} places
 * @returns {row is "upper" | "lower"} */
const isRow = (row, places) => row !== undefined && row in places;

/** @type {Array<"upper" | "lower">} */
const ROWS = ["upper", "lower"];

/** The mark on a gap of the board: who emptied it and how ("Ann — bought Shepherd for 5 ₽"), from
 * the log line of the move.
 * @param {MoveLine} line @param {string} name */
export function gapMark(line, name) {
  const e = /** @type {GameEvent} */ (eventOf(line));
  return el(
    "li",
    { class: "board-gap", dataset: { seat: e.seat, lastMove: e.type } },
    el("div", { class: "gap-mark" }, spoken(`${t("page.table.empty_place")} `), el("span", { class: "gap-who" }, name), spoken(" "), el("span", { class: "gap-what" }, line.move))
  );
}

/** Where the board's cards are before a redraw, to fly the one that leaves.
 * @returns {BoardSnapshot} */
export function boardSnapshot() {
  /** @type {BoardSnapshot} */
  const shot = new Map();
  for (const node of document.querySelectorAll("#upper .card, #lower .card")) {
    if (node instanceof HTMLElement && node.dataset.focusKey) shot.set(node.dataset.focusKey, { rect: node.getBoundingClientRect(), node: /** @type {HTMLElement} */ (node.cloneNode(true)) });
  }
  return shot;
}

/** Fly the cards that fresh events took from the board to where they went.
 * @param {LogEntry[]} fresh @param {BoardSnapshot} before @param {number | null} you */
export function flyCards(fresh, before, you) {
  if (reducedMotion.matches) return;
  for (const line of fresh) {
    const e = eventOf(line);
    if (!e || !["card_bought", "card_taken"].includes(e.type) || e.row === "drawn") continue;
    const from = before.get(`${e.row}:${e.slot}`);
    const target = e.seat === you ? byId("me") : document.querySelector(`#player-list .player[data-seat="${e.seat}"]`);
    if (!from || !target) continue;
    const to = target.getBoundingClientRect();
    // A picture of the card only: no button, no focus key, nothing a click or a test could take.
    const ghost = el("div", { class: `${from.node.className.replace(/\bactionable\b/, "")} flying-card`, "aria-hidden": "true" });
    ghost.append(...[...from.node.childNodes].map((child) => child.cloneNode(true)));
    Object.assign(ghost.style, { left: `${from.rect.left}px`, top: `${from.rect.top}px`, width: `${from.rect.width}px`, height: `${from.rect.height}px` });
    document.body.append(ghost);
    const dx = to.left + Math.min(to.width, 200) / 2 - (from.rect.left + from.rect.width / 2);
    const dy = to.top + 30 - (from.rect.top + from.rect.height / 2);
    const flight = ghost.animate([{ transform: "translate(0, 0) scale(1)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.2 }], { duration: 450, easing: "ease-in" });
    flight.onfinish = () => ghost.remove();
  }
}

/** A scoring's result for the viewer, in words ("Worker scoring: you +15 ₽ +3 VP"); null if none.
 * @param {LogEntry[]} fresh @param {number | null} you
 * @returns {string | null} */
export function scoringSummary(fresh, you) {
  let text = null;
  for (const line of fresh) {
    const e = eventOf(line);
    if (!e || e.type !== "phase_scored") continue;
    // A scoring names its phase and every seat's income.
    const name = /** @type {string} */ (e.phase);
    const incomes = /** @type {NonNullable<GameEvent["incomes"]>} */ (e.incomes);
    const words = kindWord("scoring", name);
    const scoring = words.charAt(0).toUpperCase() + words.slice(1); // it starts the line
    const mine = you === null ? null : incomes.find((income) => income.seat === you);
    if (mine) {
      const paid = [mine.rubles ? `+${mine.rubles} ₽` : "", mine.vp ? t("page.card.vp", { count: mine.vp }).replace(/^(?=\d)/, "+") : ""].filter(Boolean).join(" ");
      text = paid ? t("page.table.scoring_paid", { scoring, paid }) : t("page.table.scoring_nothing", { scoring });
    } else text = t("page.table.scoring_done", { scoring });
  }
  return text;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let hideTimer;

/** Show a scoring summary on the table for a few seconds.
 * @param {string | null} text */
export function showSummary(text) {
  if (!text) return;
  const box = byId("scoring-summary");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    box.hidden = true;
  }, 4000);
}
