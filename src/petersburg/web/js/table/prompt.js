// The panel for a decision that interrupts the turn order: the card drawn with an Observatory,
// and the Pub. When such a decision becomes yours, the panel takes the keyboard focus (the
// person cannot do anything else first), once per decision.
import { renderCard } from "../card-view.js";
import { byId, el } from "../dom.js";
import { choiceButton } from "./choice.js";
import { offerWords, priceBadge } from "./legal.js";

let focusedFor = null;

export function renderPrompt(m, names, byKey, act) {
  const v = m.view;
  const prompt = byId("prompt");
  prompt.textContent = "";
  const mine = m.you && v.to_act === m.you.seat;
  const heading = (text) => el("h2", { id: "prompt-heading", tabindex: "-1" }, text);
  if (v.stage === "observed") {
    if (mine && v.drawn) {
      const actions = byKey.get("drawn") || [];
      const discard = byKey.get("discard") || [];
      prompt.append(
        heading(`You drew from the ${v.drawn_from} stack: buy it, take it into hand, or discard it`),
        el(
          "div",
          { class: "prompt-body" },
          renderCard(v.drawn, { size: "dialog", where: "drawn with your Observatory", badge: priceBadge(actions), offer: offerWords(actions) }),
          el("div", { class: "choices" }, [...actions, ...discard].map((a) => choiceButton(a, act)))
        )
      );
    } else {
      prompt.append(heading("Observatory"), el("p", {}, `${names[v.to_act]} drew a card from the ${v.drawn_from} stack with the Observatory and is deciding what to do with it.`));
    }
  } else if (v.stage === "pub") {
    if (mine) {
      const actions = byKey.get("pub") || [];
      prompt.append(heading("Pub: buy victory points at 2 rubles each"), el("div", { class: "choices pub-choices" }, actions.map((a) => choiceButton({ ...a, description: a.vp ? `${a.vp} VP for ${a.price}₽` : "No VP" }, act))));
    } else prompt.append(heading("Pub"), el("p", {}, `${names[v.to_act]} is deciding at the Pub.`));
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
