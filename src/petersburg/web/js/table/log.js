// The game log in words (sent by the server in pieces: log_from says where a piece starts).
import { byId, el } from "../dom.js";

/** @typedef {import("../protocol.js").LogEntry} LogEntry */

export class GameLog {
  constructor() {
    /** @type {LogEntry[]} */
    this.lines = [];
    this.loaded = false;
  }
  /** Take the piece of log in an update; returns the lines that happened since the page was
   * loaded (not the history sent on connecting, nor a resend after reconnecting).
   * @param {import("../protocol.js").UpdateMessage} m
   * @returns {LogEntry[]} */
  take(m) {
    const first = !this.loaded;
    this.loaded = true;
    if (m.log_from === undefined) return [];
    const known = this.lines.length;
    this.lines = this.lines.slice(0, m.log_from).concat(m.log || []);
    return !first && m.log_from >= known ? m.log || [] : [];
  }
  /** @param {LogEntry[]} lines */
  replace(lines) {
    this.lines = lines;
  }
  render() {
    const box = byId("log");
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
    box.textContent = "";
    for (const line of this.lines.slice(-400)) box.append(el("li", { class: "log-line" + (line.seat === null ? " event" : "") }, line.text));
    if (atBottom || box.dataset.init !== "1") box.scrollTop = box.scrollHeight;
    box.dataset.init = "1";
  }
}
