// "You": your rubles, points, hand and play area in one panel, one tap away on a phone.
// Hand cards you can play are buttons; cards can also be dragged onto the hand or the area.
import { cards } from "../catalogue.js";
import { renderCard } from "../card-view.js";
import { byId, el, spoken } from "../dom.js";
import { symbol } from "../art.js";
import { markerChips, renderArea } from "./area.js";
import { offerWords, priceBadge } from "./legal.js";
import { vpText } from "../catalogue.js";
import { t } from "../i18n.js";

/** @param {import("./types.js").GameUpdate} m @param {string[]} names
 * @param {import("./types.js").ActionsByKey} byKey @param {import("./types.js").CardHandlers} handlers */
export function renderMe(m, names, byKey, { openChoice, makeDraggable, dropTarget, leave }) {
  const panel = byId("me");
  const v = m.view;
  panel.hidden = false;
  panel.textContent = "";
  if (!m.you) {
    panel.append(el("h2", { id: "me-heading" }, t("page.table.spectator")), el("p", { class: "muted" }, t("page.table.spectator_note")));
    return;
  }
  const p = v.seats[m.you.seat];
  const limit = m.summary[m.you.seat].hand_limit;
  const hand = el("ul", { class: "hand", "aria-label": t("page.table.your_hand"), dataset: { focusZone: "hand" }, tabindex: "-1" });
  // Your own hand is named to you: every card of it is known.
  /** @type {string[]} */ (p.hand || []).forEach((card, i) => {
    const actions = byKey.get(`hand:${i}`);
    const node = renderCard(card, {
      where: t("page.table.in_your_hand"),
      badge: priceBadge(actions),
      offer: offerWords(actions),
      focusKey: `hand:${i}`,
      onActivate: actions ? () => openChoice(t("page.table.card_where", { name: cards[card].name, where: t("page.table.your_hand") }), card, actions) : null,
    });
    if (actions) makeDraggable(node, card, actions);
    hand.append(el("li", {}, node));
  });
  if (!p.hand || !p.hand.length) hand.append(el("li", { class: "empty-row" }, t("page.table.no_cards_in_hand")));
  const advice = m.advice;
  const handNote = advice ? el("p", { class: "hand-note", id: "hand-note" }, symbol("icon-hand", "icon"), advice.hand_full ? `${advice.hand_full} ${advice.hand}` : advice.hand) : null;
  const handZone = el("div", { class: "hand-zone" + (advice && advice.hand_full ? " full" : "") }, el("h3", { class: "zone-label" }, t("page.table.hand_of_limit", { size: p.hand_size, limit })), handNote, hand);
  const areaZone = el("div", { class: "area-zone" }, el("h3", { class: "zone-label" }, t("page.table.play_area")), renderArea(p, m.summary[m.you.seat]));
  dropTarget(handZone, ["hand"], t("page.table.drop_hand"));
  dropTarget(areaZone, ["buy", "play"], t("page.table.drop_displace"));
  const toAct = v.to_act === m.you.seat && v.stage !== "over";
  panel.classList.toggle("to-act", toAct);
  panel.append(
    el(
      "div",
      { class: "me-head" },
      el("h2", { id: "me-heading" }, t("page.table.you"), el("span", { class: "me-name" }, ` (${names[m.you.seat]})`)),
      markerChips(v, m.you.seat),
      el("span", { class: "my-rubles", id: "my-rubles" }, `${p.rubles}₽`),
      el("span", { class: "vp" }, vpText(p.vp)),
      m.table.status === "playing" ? el("button", { type: "button", id: "leave", class: "leave-game", onclick: leave }, t("page.table.leave"), spoken(` ${t("page.table.leave_spoken")}`)) : null
    ),
    el("div", { class: "me-body" }, handZone, areaZone)
  );
  const nav = byId("nav-me");
  nav.textContent = p.hand_size ? t("page.table.you_hand", { count: p.hand_size }) : t("page.table.you");
}
