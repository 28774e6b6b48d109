// Shared by the lobby and the table page: identity, the websocket with reconnection, cards, chat.
"use strict";

const PB = {};

PB.identity = function () {
  let uid = localStorage.getItem("pb_uid");
  if (!uid || !/^[A-Za-z0-9_-]{8,64}$/.test(uid)) {
    const bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);
    uid = Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"[b % 64]).join("");
    localStorage.setItem("pb_uid", uid);
  }
  return { uid, name: localStorage.getItem("pb_name") || "" };
};

PB.setName = function (name) {
  localStorage.setItem("pb_name", name.trim().replace(/\s+/g, " ").slice(0, 24));
};

PB.el = function (tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

// A websocket that says hello on every (re)connection and reconnects with backoff.
PB.Socket = class {
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
      const me = PB.identity();
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
};

PB.cards = {};
PB.loadCards = async function () {
  const list = await (await fetch("/api/cards")).json();
  for (const card of list) PB.cards[card.id] = card;
};

PB.COLOURS = ["green", "blue", "red"];
PB.DECKS = ["worker", "building", "aristocrat", "trading"];
PB.STACKS = ["workers", "buildings", "aristocrats", "trading"];
PB.PHASES = ["worker", "building", "aristocrat", "trading"];

PB.incomeText = function (rubles, vp) {
  const parts = [];
  if (rubles) parts.push(`${rubles}₽`);
  if (vp) parts.push(`${vp} VP`);
  return parts.length ? parts.join(" + ") : "—";
};

// A card face. opts: {price, old, count, small, onclick, title, actionable}
PB.cardNode = function (id, opts = {}) {
  if (id === null || id === undefined) {
    return PB.el("div", { class: "card back" + (opts.small ? " small" : ""), title: "hidden card" }, PB.el("span", {}, "?"));
  }
  const c = PB.cards[id];
  const classes = ["card", PB.COLOURS[c.colour]];
  if (c.trading) classes.push("trading");
  if (opts.small) classes.push("small");
  if (opts.old) classes.push("old");
  if (opts.actionable) classes.push("actionable");
  const income = PB.incomeText(c.rubles, c.vp);
  const node = PB.el(
    "div",
    {
      class: classes.join(" "),
      title: opts.title || `${c.name}: cost ${c.cost}, pays ${income}` + (c.special ? `. ${c.special}` : "") + (c.trading ? `; displaces ${c.displaces.map((d) => PB.cards[d].name).join(", ")}` : ""),
      onclick: opts.onclick,
      dataset: { card: id },
    },
    PB.el("div", { class: "card-top" }, PB.el("span", { class: "cost", title: "printed cost" }, c.cost), c.trading ? PB.el("span", { class: "tag" }, "trade") : null),
    PB.el("div", { class: "card-name" }, c.name),
    c.special && !opts.small ? PB.el("div", { class: "card-special" }, c.special) : null,
    PB.el("div", { class: "card-income" }, income),
    opts.count > 1 ? PB.el("div", { class: "count" }, `×${opts.count}`) : null,
    opts.old ? PB.el("div", { class: "old-mark", title: "one round old: 1 ruble cheaper, discarded at the end of the round" }, "−1") : null,
    opts.price !== undefined && opts.price !== null ? PB.el("div", { class: "price", title: "what you would pay" }, opts.price) : null
  );
  return node;
};

PB.formatTime = function (t) {
  const d = new Date(t * 1000);
  return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
};

// Chat box: lines, input, commands go to the server unchanged.
PB.Chat = class {
  constructor(root, send) {
    this.list = root.querySelector(".chat-lines");
    this.input = root.querySelector("input");
    root.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (send({ type: "chat", text })) this.input.value = "";
    });
  }
  clear() {
    this.list.textContent = "";
  }
  add(line, kind) {
    const cls = "chat-line" + (kind ? " " + kind : line.name ? "" : " system");
    const node = PB.el(
      "div",
      { class: cls },
      line.t ? PB.el("span", { class: "when" }, PB.formatTime(line.t)) : null,
      line.name ? PB.el("b", {}, line.name + ": ") : null,
      line.text
    );
    this.list.append(node);
    while (this.list.childNodes.length > 200) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }
};

PB.toast = function (text, kind) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = PB.el("div", { id: "toasts" });
    document.body.append(box);
  }
  const node = PB.el("div", { class: "toast " + (kind || "") }, text);
  box.append(node);
  setTimeout(() => node.remove(), 6000);
};
