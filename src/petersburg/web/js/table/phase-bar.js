// The round and its phases, each with the player who starts it; the current phase is marked by
// shape and words ("now"), not by colour alone.
import { capitalise, roundPhases } from "../catalogue.js";
import { byId, el, spoken } from "../dom.js";

/** @param {import("./types.js").GameUpdate} m @param {string[]} names */
export function renderPhaseBar(m, names) {
  const v = m.view;
  const bar = byId("phase-bar");
  bar.textContent = "";
  const over = v.stage === "over";
  bar.append(
    el(
      "p",
      { class: "round" },
      el("span", { class: "round-word" }, "Round"),
      " ",
      el("b", { class: "round-number" }, v.round),
      v.last_round && !over ? el("span", { class: "last-round" }, "last") : null,
      v.last_round && !over ? spoken(" round") : null
    ),
    el(
      "ol",
      { class: `phases count-${roundPhases(m).length}`, "aria-label": "Phases", style: `--phases: ${roundPhases(m).length}` },
      roundPhases(m).map((p) => {
        const current = v.phase === p.name && !over;
        const starter = names[v.markers[p.name]];
        return el(
          "li",
          { class: `phase ${p.name}` + (current ? " current" : ""), "aria-current": current ? "step" : null, title: `${capitalise(p.name)} phase: ${starter} starts` },
          el("b", { class: "phase-name" }, capitalise(p.name)),
          el("small", { class: "phase-starter" }, el("span", { "aria-hidden": "true" }, "▸ "), spoken(", started by "), starter),
          current ? spoken(", now") : null
        );
      })
    )
  );
}
