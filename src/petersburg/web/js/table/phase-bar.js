// The round and its phases, each with the player who starts it; the current phase is marked by
// shape and words ("now"), not by colour alone.
import { kindWord, roundPhases } from "../catalogue.js";
import { t } from "../i18n.js";
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
      el("span", { class: "round-word" }, t("page.table.round")),
      " ",
      el("b", { class: "round-number" }, v.round),
      v.last_round && !over ? el("span", { class: "last-round" }, el("span", { "aria-hidden": "true" }, t("page.table.last")), spoken(t("page.table.last_round"))) : null
    ),
    el(
      "ol",
      { class: `phases count-${roundPhases(m).length}`, "aria-label": t("page.table.phases"), style: `--phases: ${roundPhases(m).length}` },
      roundPhases(m).map((p) => {
        const current = v.phase === p.name && !over;
        const starter = names[v.markers[p.name]];
        return el(
          "li",
          { class: `phase ${p.name}` + (current ? " current" : ""), "aria-current": current ? "step" : null, title: t("page.table.phase_title", { phase: kindWord("phase_name", p.name), name: starter }) },
          el("b", { class: "phase-name" }, kindWord("phase_name", p.name)),
          el("small", { class: "phase-starter" }, el("span", { "aria-hidden": "true" }, "▸ "), spoken(`${t("page.table.started_by")} `), starter),
          current ? spoken(t("page.table.now")) : null
        );
      })
    )
  );
}
