// A chat box: the lines, an input; commands (/join, /help …) go to the server unchanged.
// Lines from other people and from the server are also announced to screen readers.
import * as i18n from "./i18n.js";
import { announce } from "./announcer.js";
import { el, spoken } from "./dom.js";

/** A line of chat: a person's (name, time) or the server's (text only).
 * @typedef {{ t?: number, name?: string, text: string }} Line */
/** Sends a chat request; false when it could not go (the input keeps its text).
 * @typedef {(message: import("./protocol.js").ChatRequest) => boolean} SendChat */

/** The time of a line as the reader's language writes it. @param {number} t epoch seconds */
export const formatTime = (t) => i18n.time(new Date(t * 1000));

export class Chat {
  /** Fill `root` (its data-where says whose chat it is) with the lines and the input.
   * @param {HTMLElement} root
   * @param {SendChat} send */
  constructor(root, send) {
    const where = root.dataset.where;
    this.list = el("ol", { class: "chat-lines", tabindex: "0", "aria-label": i18n.t(`page.chat.messages_in_${where}`) });
    this.input = el("input", { id: "chat-input", maxlength: "500", placeholder: i18n.t("page.chat.say_something"), autocomplete: "off" });
    const form = el("form", {}, el("label", { class: "visually-hidden", for: "chat-input" }, i18n.t(`page.chat.message_to_${where}`)), this.input, el("button", { type: "submit" }, i18n.t("page.chat.send"), spoken(` ${i18n.t(`page.chat.send_to_${where}`)}`)));
    root.append(this.list, form);
    this.ownName = () => "";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (send({ type: "chat", text })) this.input.value = "";
    });
  }
  clear() {
    this.list.textContent = "";
  }
  /** Add a line; `live` lines (not the history sent on connecting) are announced.
   * @param {Line} line
   * @param {"notice" | "error" | null} [kind] */
  add(line, kind, live = false) {
    const cls = "chat-line" + (kind ? " " + kind : line.name ? "" : " system");
    this.list.append(
      el(
        "li",
        { class: cls },
        line.t ? el("span", { class: "when" }, formatTime(line.t)) : null,
        line.name ? el("b", {}, line.name + ": ") : null,
        line.text
      )
    );
    while (this.list.firstChild && this.list.childNodes.length > 200) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
    if (live && kind !== "error" && line.name !== this.ownName()) announce(line.name ? `${line.name} says: ${line.text}` : line.text);
  }
  focus() {
    this.input.scrollIntoView({ block: "nearest" });
    this.input.focus();
  }
}
