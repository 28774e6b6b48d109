// The lobby: name, open tables, create a table, solo high scores, lobby chat.
"use strict";

(function () {
  const me = PB.identity();
  const nameInput = document.getElementById("name");
  nameInput.value = me.name;
  let socket = null;
  let bots = [];

  document.getElementById("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    PB.setName(nameInput.value);
    if (socket) socket.send({ type: "name", name: PB.identity().name });
    PB.toast(`You are ${PB.identity().name}.`);
  });

  function requireName() {
    if (!PB.identity().name) {
      nameInput.focus();
      PB.toast("Choose a name first.", "error");
      return false;
    }
    return true;
  }

  const chat = new PB.Chat(document.getElementById("chat"), (message) => (requireName() ? socket.send(message) : false));

  function seatText(seat) {
    if (seat.kind === "empty") return PB.el("span", { class: "seat empty" }, "free");
    if (seat.kind === "bot") return PB.el("span", { class: "seat bot" }, "bot: " + seat.bot);
    return PB.el("span", { class: "seat human" + (seat.you ? " you" : "") }, seat.name);
  }

  function optionsText(t) {
    const o = t.options;
    const parts = [t.realtime ? (t.timer ? `real time, ${t.timer}s turns` : "real time") : "turn based"];
    if (o.always_refill) parts.push("always refill");
    if (o.money === "traded") parts.push("money traded");
    if (o.show_rubles) parts.push("open rubles");
    if (o.show_hands) parts.push("open hands");
    if (t.allow_undo) parts.push("undo");
    return parts.join(" · ");
  }

  function renderTables(tables) {
    const live = document.getElementById("tables");
    const done = document.getElementById("finished");
    live.textContent = "";
    done.textContent = "";
    for (const t of tables) {
      const free = t.seats.filter((s) => s.kind === "empty").length;
      const mine = t.seats.some((s) => s.you);
      const status = t.status === "open" ? `${free} free seat${free === 1 ? "" : "s"}` : t.status === "playing" ? `playing, round ${t.round}` : "finished";
      const actions = [];
      if (t.status === "over") actions.push(PB.el("a", { class: "button", href: `/replay/${t.id}` }, "Replay"));
      else if (t.status === "open" && free && !mine) {
        // Join = take a free seat at once (the same as typing /join <table> in the chat).
        actions.push(PB.el("button", { type: "button", class: "primary", dataset: { join: t.id }, onclick: () => requireName() && socket.send({ type: "chat", text: `/join ${t.id}` }) }, "Join"));
        actions.push(" ", PB.el("a", { class: "button", href: `/table/${t.id}` }, "Look"));
      } else actions.push(PB.el("a", { class: "button", href: `/table/${t.id}` }, mine ? "Open" : "Watch"));
      const row = PB.el(
        "div",
        { class: `table-row ${t.status}`, dataset: { table: t.id } },
        PB.el("div", { class: "table-title" }, PB.el("b", {}, `#${t.id} ${t.name}`), PB.el("span", { class: "muted" }, status)),
        PB.el("div", { class: "table-seats" }, t.seats.map(seatText)),
        PB.el("div", { class: "table-options muted" }, optionsText(t)),
        PB.el("div", { class: "table-actions" }, actions)
      );
      (t.status === "over" ? done : live).append(row);
    }
    if (!live.childNodes.length) live.append(PB.el("p", { class: "muted" }, "No table yet: create one."));
    if (!done.childNodes.length) done.append(PB.el("p", { class: "muted" }, "None yet."));
  }

  function renderHighscores(lines) {
    const list = document.getElementById("highscores");
    list.textContent = "";
    for (const l of lines) list.append(PB.el("li", {}, PB.el("b", {}, `${l.total} VP`), ` ${l.name} `, PB.el("span", { class: "muted" }, `(${l.rubles}₽, ${l.rounds} rounds) `), PB.el("a", { href: `/replay/${l.table}` }, "replay")));
    if (!lines.length) list.append(PB.el("li", { class: "muted" }, "No solo game finished yet."));
  }

  function fillBots(list) {
    bots = list;
    const select = document.querySelector("select[name=fill]");
    for (const spec of list) if (![...select.options].some((o) => o.value === spec)) select.append(PB.el("option", { value: spec }, `yes: ${spec} bots`));
  }

  document.getElementById("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!requireName()) return;
    const f = event.target.elements;
    const dms = f.double_marker_seat.value;
    const params = {
      title: f.title.value.trim() || undefined,
      seats: Number(f.seats.value),
      realtime: f.mode.value === "realtime",
      timer: Number(f.timer.value) || 0,
      allow_undo: f.allow_undo.checked,
      fill: f.fill.value || undefined,
      options: {
        always_refill: f.always_refill.checked,
        money: f.money.value,
        double_marker_seat: dms !== "" && Number(f.seats.value) === 3 ? Number(dms) : null,
        show_rubles: f.show_rubles.checked,
        show_hands: f.show_hands.checked,
      },
    };
    socket.send({ type: "create", name: PB.identity().name, params });
  });

  function onMessage(m) {
    if (m.type === "lobby") {
      renderTables(m.tables);
      renderHighscores(m.highscores);
      fillBots(m.bots);
      chat.clear();
      for (const line of m.chat) chat.add(line);
    } else if (m.type === "tables") {
      renderTables(m.tables);
      renderHighscores(m.highscores);
    } else if (m.type === "chat") chat.add(m);
    else if (m.type === "notice") chat.add({ text: m.text }, "notice");
    else if (m.type === "created" || m.type === "goto") location.href = `/table/${m.table}`;
    else if (m.type === "error") {
      chat.add({ text: m.message }, "error");
      PB.toast(m.message, "error");
    }
  }

  const status = document.getElementById("status");
  socket = new PB.Socket("/ws/lobby", onMessage, (up) => {
    status.textContent = up ? "online" : "reconnecting…";
    status.className = "status " + (up ? "up" : "down");
  });
  PB.loadCards();
})();
