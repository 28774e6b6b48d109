// A websocket that says hello on every (re)connection and reconnects with backoff, and the
// connection indicator of the page's top bar.
import * as i18n from "./i18n.js";
import { announce } from "./announcer.js";
import { identity } from "./identity.js";
import { toast } from "./toast.js";

/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").HelloRequest} HelloRequest */
/** What a page sends after hello: a lobby's or a table's requests.
 * @typedef {import("./protocol.js").LobbyRequest | import("./protocol.js").TableRequest} Request */

export class Socket {
  /**
   * @param {string} path
   * @param {(message: ServerMessage) => void} onMessage
   * @param {(up: boolean) => void} [onStatus]
   */
  constructor(path, onMessage, onStatus) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    // The reader chose another language: the server words everything anew on this socket.
    document.addEventListener("pb-language", (event) => {
      if (event instanceof CustomEvent) this.send({ type: "language", lang: String(event.detail) });
    });
    this.connect();
  }
  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      // Who this is, the handshake's cookies said; hello gives the name to show and the page's language
      // (a link's ?lang= included), which everything this socket is sent is worded in.
      /** @type {HelloRequest} */
      const hello = { type: "hello", name: identity().name || "Guest", lang: i18n.language() };
      ws.send(JSON.stringify(hello));
      this.onStatus(true);
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }
  /** @param {Request} message @returns {boolean} whether it went */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}

/** An onStatus callback that shows the connection in `node` (words and a symbol, not colour
 * alone) and tells screen readers when it drops or comes back.
 * @param {HTMLElement} node
 * @returns {(up: boolean) => void} */
export function connectionIndicator(node) {
  /** @type {boolean | null} */
  let wasUp = null;
  return (up) => {
    node.textContent = i18n.t(up ? "page.common.online" : "page.common.reconnecting");
    node.title = node.textContent; // a narrow top bar shows the mark alone
    node.className = "status " + (up ? "up" : "down");
    if (wasUp !== null && wasUp !== up) announce(i18n.t(up ? "page.common.connected_again" : "page.common.connection_lost"));
    wasUp = up;
  };
}

/** Send `message` over `socket` if it is connected; otherwise tell the person. Returns whether
 * it went (a chat line that did not go stays in its input).
 * @param {Socket | null} socket
 * @param {Request} message */
export function sendOrTell(socket, message) {
  if (socket && socket.send(message)) return true;
  toast(i18n.t("page.common.not_connected"), "error");
  return false;
}
