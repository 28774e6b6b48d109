// The panel for a decision that interrupts the turn order: the card drawn with an Observatory,
// the Pub, and with the Market a crate to keep or give up and the good a "?" counts as. When such
// a decision becomes yours, the panel takes the keyboard focus (the person cannot do anything
// else first), once per decision; a crate or "?" decision opens its dialog at once (a button in
// the panel opens it again).
import { cards, GOODS, goodWord, stackWord } from "../catalogue.js";
import { t } from "../i18n.js";
import { renderCard } from "../card-view.js";
import { byId, el } from "../dom.js";
import { choiceButton } from "./choice.js";
import { offerWords, priceBadge } from "./legal.js";

/** @typedef {import("./types.js").GameUpdate} GameUpdate */
/** @typedef {import("./types.js").ActionsByKey} ActionsByKey */

/** The decision (table, seq, stage) the panel last took the focus for, and last opened its dialog for. */
/** @type {string | null} */
let focusedFor = null;
/** @type {string | null} */
let openedFor = null;

/** What a VP costs at the Pub, read from its offers (each names its VP and its price); null if
 * none buys a VP.
 * @param {import("../protocol.js").LegalAction[]} actions */
function pubPricePerVp(actions) {
  const offer = actions.find((a) => a.vp);
  return offer && offer.vp ? offer.price / offer.vp : null;
}

/** The words and actions of a crate or "?" decision at the head of the Market's queue.
 * @param {GameUpdate} m @param {import("../protocol.js").MarketJson} market the view's
 * @param {string[]} names @param {ActionsByKey} byKey */
function marketDecision(m, market, names, byKey) {
  const v = m.view;
  const decision = market.decisions[0];
  const name = cards[decision.card].name;
  const who = names[decision.seat];
  const price = market.values.first;
  if (v.stage === "joker") {
    return {
      card: decision.card,
      title: t("page.market.joker_title", { card: name }),
      note: t(v.options.joker === "each_scoring" ? "page.market.joker_note_scoring" : "page.market.joker_note_game"),
      theirs: t("page.market.joker_theirs", { name: who, card: name }),
      actions: byKey.get("joker") || [],
    };
  }
  const good = GOODS.find((g) => decision.card === `m_${g}_box`);
  const params = { card: name, price, good: goodWord(good ?? "joker") };
  return {
    card: decision.card,
    title: t("page.market.crate_title", params),
    note: t(v.options.unpaid_crate === "idle" ? "page.market.crate_note_idle" : "page.market.crate_note_discarded", params),
    theirs: t("page.market.crate_theirs", { ...params, name: who }),
    actions: [...(byKey.get("pay_crate") || []), ...(byKey.get("skip_crate") || [])],
  };
}

/**
 * @param {GameUpdate} m @param {string[]} names @param {ActionsByKey} byKey
 * @param {import("./types.js").Act} act @param {import("./types.js").OpenChoice} openChoice
 */
export function renderPrompt(m, names, byKey, act, openChoice) {
  const v = m.view;
  const prompt = byId("prompt");
  prompt.textContent = "";
  const mine = m.you && v.to_act === m.you.seat;
  const toAct = names[/** @type {number} */ (v.to_act)]; // someone acts at each of these stages
  const heading = (/** @type {string} */ text) => el("h2", { id: "prompt-heading", tabindex: "-1" }, text);
  if (v.stage === "observed") {
    if (mine && v.drawn) {
      const actions = byKey.get("drawn") || [];
      const discard = byKey.get("discard") || [];
      prompt.append(
        heading(t("page.table.drawn_heading", { stack: stackWord(v.drawn_from ?? "") })),
        el(
          "div",
          { class: "prompt-body" },
          renderCard(v.drawn, { size: "dialog", where: t("page.table.drawn_where"), badge: priceBadge(actions), offer: offerWords(actions) }),
          el("div", { class: "choices" }, [...actions, ...discard].map((a) => choiceButton(a, act)))
        )
      );
    } else {
      prompt.append(heading(t("page.table.observatory")), el("p", {}, t("page.table.drawn_theirs", { name: toAct, stack: stackWord(v.drawn_from ?? "") })));
    }
  } else if (v.stage === "pub") {
    if (mine) {
      const actions = byKey.get("pub") || [];
      const rate = pubPricePerVp(actions);
      prompt.append(heading(rate === null ? t("page.table.pub_heading") : t("page.table.pub_heading_rate", { count: rate })), el("div", { class: "choices pub-choices" }, actions.map((a) => choiceButton({ ...a, description: a.vp ? t("page.table.pub_offer", { count: a.vp, price: a.price }) : t("page.table.pub_no_vp") }, act))));
    } else prompt.append(heading(t("page.table.pub")), el("p", {}, t("page.table.pub_theirs", { name: toAct })));
  } else if ((v.stage === "joker" || v.stage === "crate") && v.market && v.market.decisions.length) {
    const pending = marketDecision(m, v.market, names, byKey);
    if (mine) {
      // Beside the goods table it depends on: the table in sight, the dialog at the side.
      const open = () => {
        const goods = document.getElementById("market");
        if (goods && !goods.hidden) goods.scrollIntoView({ block: "start" });
        openChoice(pending.title, pending.card, pending.actions, { note: pending.note, closeLabel: t("page.table.later"), side: true });
      };
      prompt.append(
        heading(pending.title),
        el(
          "div",
          { class: "prompt-body" },
          renderCard(pending.card, { size: "dialog", where: t("page.table.in_your_play_area") }),
          el("div", { class: "choices" }, el("p", {}, pending.note), el("button", { type: "button", class: "primary", dataset: { focusKey: "decide", decide: v.stage }, onclick: open }, t("page.table.decide")))
        )
      );
      const key = `${m.table.id}:${m.seq}:${v.stage}`;
      if (openedFor !== key && !document.querySelector("dialog[open]")) {
        openedFor = key;
        focusedFor = key; // the dialog has the focus; the panel does not take it again
        open();
      }
    } else prompt.append(heading(t(v.stage === "joker" ? "page.market.joker_heading" : "page.market.crate_heading")), el("p", {}, pending.theirs));
  }
  prompt.hidden = !prompt.childNodes.length;
  const decision = !prompt.hidden && mine ? `${m.table.id}:${m.seq}:${v.stage}` : null;
  if (decision && decision !== focusedFor && !document.querySelector("dialog[open]")) {
    focusedFor = decision;
    const active = document.activeElement;
    const typing = active && active.matches && active.matches("input:not([type=range]), textarea");
    if (!typing) {
      prompt.scrollIntoView({ block: "nearest" });
      byId("prompt-heading").focus({ preventScroll: true });
    }
  }
}
