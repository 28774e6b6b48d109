// A websocket that says hello on every (re)connection and reconnects with backoff, and the
// connection indicator of the page's top bar.
import { announce } from "./announcer.js";
import { identity } from "./identity.js";
import { toast } from "./toast.js";

export class Socket {
  constructor(path, onMessage, onStatus) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.connect();
  }
  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      const me = identity();
      ws.send(JSON.stringify({ type: "hello", uid: me.uid, name: me.name || "Guest" }));
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
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}

/** An onStatus callback that shows the connection in `node` (words and a symbol, not colour
 * alone) and tells screen readers when it drops or comes back. */
export function connectionIndicator(node) {
  let wasUp = null;
  return (up) => {
    node.textContent = up ? "online" : "reconnecting…";
    node.className = "status " + (up ? "up" : "down");
    if (wasUp !== null && wasUp !== up) announce(up ? "Connected again." : "Connection lost; reconnecting…");
    wasUp = up;
  };
}

/** Send `message` over `socket` if it is connected; otherwise tell the person. Returns whether
 * it went (a chat line that did not go stays in its input). */
export function sendOrTell(socket, message) {
  if (socket && socket.send(message)) return true;
  toast("Not connected to the server yet; try again in a moment.", "error");
  return false;
}
