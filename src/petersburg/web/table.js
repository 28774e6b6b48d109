// The table page: seats before the game, the board during it, the final scoring, and replays.
// The server sends this browser only its own seat's view; every action goes back with the
// sequence number it was made against and the seat's secret token.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const el = PB.el;
  const path = location.pathname.split("/");
  const replayMode = path[1] === "replay";
  const tableId = Number(path[2]);

  let socket = null;
  let last = null; // last update message
  let log = [];
  let finalShownFor = null;
  const chat = new PB.Chat($("chat"), (message) => (socket ? socket.send(message) : false));

  // ---------------------------------------------------------------------------------------
  // Sending

  function send(message) {
    if (!socket || !socket.send(message)) PB.toast("Not connected; retrying…", "error");
  }

  function act(actionId) {
    if (!last || !last.you) return;
    closeModal();
    send({ type: "act", token: last.you.token, seq: last.seq, action: actionId });
  }

  // ---------------------------------------------------------------------------------------
  // Modal choice: one button per action, so every decision is a click plus a confirmation.

  function openChoice(title, card, actions) {
    const body = $("modal-body");
    body.textContent = "";
    body.append(el("h3", {}, title));
    if (card) body.append(el("div", { class: "modal-card" }, PB.cardNode(card)));
    const list = el("div", { class: "choices" });
    for (const a of actions) {
      const priced = a.kind === "buy" || a.kind === "play";
      list.append(
        el(
          "button",
          { type: "button", class: "choice k-" + a.kind, dataset: { action: a.id, text: a.text }, onclick: () => act(a.id) },
          el("span", { class: "choice-text" }, a.description),
          priced ? el("span", { class: "choice-price" }, `${a.price}₽`) : null
        )
      );
    }
    body.append(list);
    $("modal").hidden = false;
  }

  function closeModal() {
    $("modal").hidden = true;
  }
  $("modal-cancel").addEventListener("click", closeModal);
  $("modal").addEventListener("click", (event) => {
    if (event.target === $("modal")) closeModal();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeModal();
  });
  $("final-close").addEventListener("click", () => ($("final").hidden = true));

  // ---------------------------------------------------------------------------------------
  // Drag and drop: a card dragged onto your hand is taken into hand, onto your play area it is
  // bought or played. One possible action is done at once; several (which card to displace)
  // open the same confirmation box as a click.

  let dragged = null;
  function makeDraggable(node, card, acts) {
    node.draggable = true;
    node.addEventListener("dragstart", (event) => {
      dragged = { card, acts };
      event.dataTransfer.setData("text/plain", card);
      event.dataTransfer.effectAllowed = "move";
    });
    node.addEventListener("dragend", () => {
      dragged = null;
      document.querySelectorAll(".drop-ok").forEach((n) => n.classList.remove("drop-ok"));
    });
  }

  function dropTarget(node, kinds, title) {
    const fitting = () => (dragged ? dragged.acts.filter((a) => kinds.includes(a.kind)) : []);
    node.addEventListener("dragover", (event) => {
      if (fitting().length) {
        event.preventDefault();
        node.classList.add("drop-ok");
      }
    });
    node.addEventListener("dragleave", () => node.classList.remove("drop-ok"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      node.classList.remove("drop-ok");
      const acts = fitting();
      if (acts.length === 1) act(acts[0].id);
      else if (acts.length > 1) openChoice(`${PB.cards[dragged.card].name}: ${title}`, dragged.card, acts);
    });
  }

  // ---------------------------------------------------------------------------------------
  // Rendering helpers

  function actionsBy(legal) {
    const map = new Map();
    for (const a of legal || []) {
      let key = a.kind;
      if (a.source === "upper" || a.source === "lower" || a.source === "hand") key = `${a.source}:${a.index}`;
      else if (a.source === "drawn") key = "drawn";
      else if (a.kind === "observe") key = `stack:${a.stack}`;
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(a);
    }
    return map;
  }

  function priceBadge(actions) {
    if (!actions) return null;
    const prices = actions.filter((a) => a.kind === "buy" || a.kind === "play").map((a) => a.price);
    if (prices.length) return `${Math.min(...prices)}₽`;
    if (actions.some((a) => a.kind === "hand")) return "hand";
    return null;
  }

  function names() {
    return last.names || last.table.seats.map((s, i) => s.name || `Seat ${i + 1}`);
  }

  function markerChips(v, seat) {
    return PB.PHASES.filter((p) => v.markers[p] === seat).map((p) => el("span", { class: `marker ${p}`, title: `start player of the ${p} phase` }, p[0].toUpperCase()));
  }

  // ---------------------------------------------------------------------------------------
  // Seats (before the game starts)

  function renderSeats(m) {
    const panel = $("seats-panel");
    const t = m.table;
    if (t.status !== "open") {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    panel.textContent = "";
    const mine = m.you !== null;
    panel.append(el("h2", {}, `Seats — ${t.name}`));
    const list = el("div", { class: "seat-list" });
    t.seats.forEach((s, i) => {
      const controls = [];
      if (s.kind === "empty") {
        if (!mine) controls.push(el("button", { type: "button", class: "primary", dataset: { sit: i }, onclick: () => send({ type: "sit", seat: i, name: PB.identity().name || "Guest" }) }, "Take this seat"));
        const levels = m.bots || [];
        const remembered = localStorage.getItem("pb_bot");
        const chosen = levels.includes(remembered) ? remembered : levels.includes("greedy") ? "greedy" : levels[0];
        const select = el("select", { dataset: { botlevel: i }, title: "bot strength", onchange: (e) => localStorage.setItem("pb_bot", e.target.value) }, levels.map((b) => el("option", { value: b, selected: b === chosen }, b)));
        controls.push(select, el("button", { type: "button", dataset: { bot: i }, onclick: () => send({ type: "bot", seat: i, level: select.value }) }, "Put a bot here"));
      } else if (s.kind === "bot" || s.you) {
        controls.push(el("button", { type: "button", dataset: { clear: i }, onclick: () => send({ type: "clear", seat: i }) }, s.you ? "Leave seat" : "Remove bot"));
      }
      const who = s.kind === "empty" ? el("span", { class: "muted" }, "free") : s.kind === "bot" ? [s.name, " ", el("span", { class: "bot-badge" }, "bot")] : s.name + (s.you ? " (you)" : "");
      list.append(el("div", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i + 1}`), el("span", { class: "seat-who" }, who), el("span", { class: "seat-controls" }, controls)));
    });
    panel.append(list);
    panel.append(el("p", { class: "invite" }, "Invite people with this page's address: ", el("code", {}, location.href), ". In the chat: /join, /bot <level>, /start, /leave, /help."));
    const full = t.seats.every((s) => s.kind !== "empty");
    const o = t.options;
    panel.append(
      el("p", { class: "muted" }, [
        t.realtime ? (t.timer ? `Real time, ${t.timer} s per turn.` : "Real time.") : "Turn based: leave and come back any time.",
        t.allow_undo ? " Undo allowed." : " No undo.",
        o.always_refill ? " Board always refilled." : "",
        o.money === "traded" ? " Money traded at the end." : "",
        o.show_rubles ? " Rubles public." : "",
        o.show_hands ? " Hands public." : "",
      ])
    );
    panel.append(el("button", { type: "button", id: "start", class: "primary big", disabled: !full || !mine, onclick: () => send({ type: "start" }) }, full ? "Start the game" : "Fill every seat to start"));
    if (!PB.identity().name) panel.append(el("p", { class: "error-text" }, "Choose a name in the lobby first, or you will play as Guest."));
  }

  // ---------------------------------------------------------------------------------------
  // The game

  function renderTurn(m) {
    const v = m.view;
    const n = names();
    $("phases").textContent = "";
    $("phases").append(el("span", { class: "round" }, `Round ${v.round}`));
    PB.PHASES.forEach((p, i) => {
      const current = v.phase === p && v.stage !== "over";
      $("phases").append(el("span", { class: `phase ${p}` + (current ? " current" : ""), title: `${p} phase: ${n[v.markers[p]]} starts` }, el("b", {}, p), el("small", {}, `▸ ${n[v.markers[p]]}`)));
    });
    const turn = $("turn");
    turn.textContent = "";
    const mySeat = m.you ? m.you.seat : null;
    if (v.stage === "over") turn.append(el("b", {}, "Game over"));
    else if (v.to_act === mySeat) turn.append(el("b", { class: "your-turn" }, v.stage === "pub" ? "Your turn: the Pub" : v.stage === "observed" ? "Your turn: the drawn card" : "Your turn"));
    else turn.append(el("span", {}, `${n[v.to_act]} to act` + (v.stage === "pub" ? " (Pub)" : v.stage === "observed" ? " (drawn card)" : "")));
    if (v.last_round && v.stage !== "over") turn.append(el("span", { class: "last-round" }, "last round"));
    const byKey = actionsBy(m.legal);
    const pass = byKey.get("pass");
    $("pass").disabled = !pass;
    $("pass").hidden = !m.you;
    $("pass").onclick = pass ? () => act(pass[0].id) : null;
    $("undo").hidden = !(m.table.allow_undo && m.you);
    $("undo").disabled = !m.undo;
    $("undo").onclick = () => send({ type: "undo", token: m.you.token, seq: m.seq });
    $("autopass").hidden = !m.you || v.stage === "over";
    $("autopass").classList.toggle("on", !!m.autopass);
    $("autopass").textContent = m.autopass ? "Auto-pass on (click to stop)" : "Pass until next phase";
    $("autopass").onclick = () => send({ type: "autopass", token: m.you.token, on: !m.autopass });
  }

  function renderBoard(m, byKey) {
    const v = m.view;
    $("board").hidden = false;
    const stacks = $("stacks");
    stacks.textContent = "";
    PB.STACKS.forEach((name, deck) => {
      const acts = byKey.get(`stack:${name}`);
      const size = v.stack_sizes[name];
      stacks.append(
        el(
          "div",
          {
            class: `stack deck-${deck}` + (acts ? " actionable" : "") + (size === 0 ? " empty" : ""),
            dataset: { stack: name },
            title: acts ? `Use your Observatory on the ${name} stack` : `${size} cards left`,
            onclick: acts ? () => openChoice("Observatory", null, acts) : null,
          },
          el("div", { class: "stack-name" }, name),
          el("div", { class: "stack-size" }, size),
          acts ? el("div", { class: "price" }, "observe") : null
        )
      );
    });
    for (const rowName of ["upper", "lower"]) {
      const row = $(rowName);
      row.textContent = "";
      v[rowName].forEach((card, i) => {
        const acts = byKey.get(`${rowName}:${i}`);
        row.append(
          PB.cardNode(card, {
            old: rowName === "lower",
            actionable: !!acts,
            price: priceBadge(acts),
            onclick: acts ? () => openChoice(`${PB.cards[card].name} (${rowName} row)`, card, acts) : null,
          })
        );
        if (acts) makeDraggable(row.lastChild, card, acts);
      });
      if (!v[rowName].length) row.append(el("span", { class: "muted empty-row" }, "empty"));
    }
  }

  function renderPrompt(m, byKey) {
    const v = m.view;
    const prompt = $("prompt");
    prompt.textContent = "";
    prompt.hidden = true;
    const mine = m.you && v.to_act === m.you.seat;
    if (v.stage === "observed") {
      prompt.hidden = false;
      if (mine && v.drawn) {
        prompt.append(el("h3", {}, `You drew from the ${v.drawn_from} stack: buy it, take it into hand, or discard it`));
        const acts = byKey.get("drawn") || [];
        const discard = byKey.get("discard") || [];
        prompt.append(el("div", { class: "prompt-body" }, PB.cardNode(v.drawn, { price: priceBadge(acts) }), el("div", { class: "choices" }, [...acts, ...discard].map((a) => el("button", { type: "button", class: "choice k-" + a.kind, dataset: { action: a.id, text: a.text }, onclick: () => act(a.id) }, el("span", { class: "choice-text" }, a.description), a.kind === "buy" ? el("span", { class: "choice-price" }, `${a.price}₽`) : null)))));
      } else {
        prompt.append(el("p", {}, `${names()[v.to_act]} drew a card from the ${v.drawn_from} stack with the Observatory and is deciding what to do with it.`));
      }
    } else if (v.stage === "pub") {
      prompt.hidden = false;
      if (mine) {
        const acts = byKey.get("pub") || [];
        prompt.append(el("h3", {}, "Pub: buy victory points at 2 rubles each"), el("div", { class: "choices pub-choices" }, acts.map((a) => el("button", { type: "button", class: "choice k-pub", dataset: { action: a.id, text: a.text }, onclick: () => act(a.id) }, a.vp ? `${a.vp} VP for ${a.price}₽` : "No VP"))));
      } else prompt.append(el("p", {}, `${names()[v.to_act]} is deciding at the Pub.`));
    }
  }

  function areaByColour(area) {
    const groups = [new Map(), new Map(), new Map()];
    for (const id of area) {
      const c = PB.cards[id];
      const g = groups[c.colour];
      g.set(id, (g.get(id) || 0) + 1);
    }
    return groups;
  }

  function playerPanel(m, seat) {
    const v = m.view;
    const p = v.seats[seat];
    const s = m.summary[seat];
    const n = names();
    const isMe = m.you && m.you.seat === seat;
    const seatInfo = m.table.seats[seat];
    const head = el(
      "div",
      { class: "player-head" },
      el("span", { class: "player-name" }, n[seat] + (isMe ? " (you)" : ""), seatInfo.kind === "bot" ? el("span", { class: "bot-badge" }, "bot") : null),
      markerChips(v, seat),
      el("span", { class: "vp", title: "victory points so far" }, `${p.vp} VP`),
      el("span", { class: "rubles" + (p.rubles === null ? " hidden" : ""), title: p.rubles === null ? "rubles are secret" : "rubles" }, p.rubles === null ? "?₽" : `${p.rubles}₽`),
      el("span", { class: "hand-size", title: "cards in hand" }, `hand ${p.hand_size}`)
    );
    const groups = areaByColour(p.area);
    const phaseOfColour = ["worker", "building", "aristocrat"];
    const cols = groups.map((g, colour) => {
      const inc = s.income[colour];
      const cards = [...g.entries()].map(([id, count]) => PB.cardNode(id, { small: true, count }));
      return el(
        "div",
        { class: `area-col ${PB.COLOURS[colour]}` },
        el("div", { class: "area-head", title: `paid at the ${phaseOfColour[colour]} scoring` }, el("span", {}, `${PB.COLOURS[colour]} ×${inc.cards}`), el("span", { class: "pays" }, `pays ${PB.incomeText(inc.rubles, inc.vp)}`)),
        el("div", { class: "area-cards" }, cards.length ? cards : el("span", { class: "muted" }, "—"))
      );
    });
    const extras = [el("span", { title: "different aristocrats: bonus at the end of the game" }, `${s.distinct_red} different red → ${s.aristocrat_bonus} VP at the end`)];
    if (p.observatories_used) extras.push(el("span", {}, ` · ${p.observatories_used} Observatory used`));
    const handRow = !isMe && v.options.show_hands && p.hand ? el("div", { class: "open-hand" }, "Hand: ", p.hand.map((id) => PB.cardNode(id, { small: true }))) : null;
    const node = el("div", { class: "player" + (v.to_act === seat && v.stage !== "over" ? " to-act" : "") + (isMe ? " mine" : ""), dataset: { seat } }, head, el("div", { class: "area" }, cols), el("div", { class: "player-extra muted" }, extras), handRow);
    if (isMe) dropTarget(node, ["buy", "play"], "which card to displace?");
    return node;
  }

  function renderMe(m, byKey) {
    const panel = $("me");
    const v = m.view;
    if (!m.you) {
      panel.hidden = false;
      panel.textContent = "";
      panel.append(el("p", { class: "muted" }, "You are watching this game (spectator view: no hand and no secret rubles are shown)."));
      return;
    }
    const p = v.seats[m.you.seat];
    panel.hidden = false;
    panel.textContent = "";
    if (!panel.dataset.drop) {
      dropTarget(panel, ["hand"], "take into hand");
      panel.dataset.drop = "1";
    }
    const hand = el("div", { class: "hand" });
    (p.hand || []).forEach((card, i) => {
      const acts = byKey.get(`hand:${i}`);
      hand.append(PB.cardNode(card, { actionable: !!acts, price: priceBadge(acts), onclick: acts ? () => openChoice(`${PB.cards[card].name} (your hand)`, card, acts) : null }));
      if (acts) makeDraggable(hand.lastChild, card, acts);
    });
    if (!p.hand || !p.hand.length) hand.append(el("span", { class: "muted empty-row" }, "no cards in hand"));
    const limit = p.area.includes("warehouse") ? 4 : 3;
    panel.append(
      el("div", { class: "me-head" }, el("h2", {}, "Your hand"), el("span", { class: "my-rubles", id: "my-rubles" }, `${p.rubles}₽`), el("span", { class: "vp" }, `${p.vp} VP`), el("span", { class: "muted" }, `hand ${p.hand_size}/${limit}`)),
      hand
    );
  }

  function renderLog(m) {
    if (m.log_from !== undefined) log = log.slice(0, m.log_from).concat(m.log || []);
    const box = $("log");
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
    box.textContent = "";
    for (const line of log.slice(-400)) box.append(el("div", { class: "log-line" + (line.seat === null ? " event" : "") }, line.text));
    if (atBottom || box.dataset.init !== "1") box.scrollTop = box.scrollHeight;
    box.dataset.init = "1";
  }

  function renderFinal(m) {
    const result = m.result;
    if (!result) return;
    const n = result.names || names();
    const body = $("final-body");
    body.textContent = "";
    const best = new Set(result.winners);
    const winnerNames = result.winners.map((s) => n[s]).join(" and ");
    body.append(el("h2", { class: "winner" }, `★ ${winnerNames} ${result.winners.length > 1 ? "share the win" : "wins"}!`));
    const table = el("table", { class: "scores" }, el("tr", {}, ["Player", "Play VP", "Aristocrats", "Money", "Hand", "Total", "Rubles"].map((h) => el("th", {}, h))));
    for (const line of result.scores) {
      table.append(el("tr", { class: best.has(line.seat) ? "best" : "" }, el("td", {}, n[line.seat]), el("td", {}, line.play_vp), el("td", {}, `+${line.aristocrat_bonus}`), el("td", {}, `+${line.money_vp}`), el("td", {}, line.hand_penalty), el("td", { class: "total" }, line.total), el("td", {}, line.rubles)));
    }
    body.append(table, el("p", { class: "muted" }, `After ${result.rounds} rounds. `, el("a", { href: `/replay/${m.table.id}` }, "Watch the replay")));
    if (finalShownFor !== m.table.id) {
      $("final").hidden = false;
      finalShownFor = m.table.id;
    }
  }

  let timerHandle = null;
  function renderTimer(m) {
    clearInterval(timerHandle);
    const box = $("timer");
    if (!m.deadline) {
      box.hidden = true;
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.round(m.deadline - Date.now() / 1000));
      box.hidden = false;
      box.textContent = `⏱ ${left}s`;
      box.classList.toggle("urgent", left <= 10);
    };
    tick();
    timerHandle = setInterval(tick, 1000);
  }

  function render(m) {
    last = m;
    $("table-title").textContent = `#${m.table.id} ${m.table.name}`;
    document.title = `Sankt Petersburg — ${m.table.name}`;
    renderSeats(m);
    if (!m.view) {
      for (const id of ["turn-bar", "board", "me", "prompt"]) $(id).hidden = true;
      $("players").textContent = "";
      return;
    }
    const byKey = actionsBy(m.legal);
    $("turn-bar").hidden = false;
    renderTurn(m);
    if (!replayMode) renderTimer(m);
    renderBoard(m, byKey);
    renderPrompt(m, byKey);
    if (!replayMode) renderMe(m, byKey);
    const players = $("players");
    players.textContent = "";
    const order = [...Array(m.view.players).keys()];
    if (m.you) order.push(...order.splice(0, m.you.seat));
    for (const seat of order) players.append(playerPanel(m, seat));
    if (!replayMode) renderLog(m);
    renderFinal(m);
    document.body.dataset.seq = m.seq;
    document.body.dataset.stage = m.view.stage;
    document.body.dataset.myturn = m.you && m.view.to_act === m.you.seat ? "1" : "0";
    const mine = document.body.dataset.myturn === "1" && m.view.stage !== "over";
    document.title = (mine ? "● Your turn — " : "") + `Sankt Petersburg — ${m.table.name}`;
  }

  // ---------------------------------------------------------------------------------------
  // Live table

  function onMessage(m) {
    if (m.type === "update") render(m);
    else if (m.type === "chat") chat.add(m);
    else if (m.type === "chat_history") {
      chat.clear();
      log = [];
      for (const line of m.chat) chat.add(line);
    } else if (m.type === "notice") chat.add({ text: m.text }, "notice");
    else if (m.type === "goto") location.href = `/table/${m.table}`;
    else if (m.type === "error") {
      PB.toast(m.message, "error");
      chat.add({ text: m.message }, "error");
    }
  }

  // ---------------------------------------------------------------------------------------
  // Replay of a finished game: the public view after each action.

  let replayInfo = null;
  async function loadStep(step) {
    const response = await fetch(`/api/tables/${tableId}/replay` + (step === null ? "" : `?step=${step}`));
    if (!response.ok) {
      PB.toast((await response.json()).detail || "No replay", "error");
      return;
    }
    const data = await response.json();
    replayInfo = data;
    const table = await (await fetch(`/api/tables/${tableId}`)).json();
    const slider = $("replay-slider");
    slider.max = data.steps;
    slider.value = data.step;
    $("replay-step").textContent = `step ${data.step} / ${data.steps}`;
    $("replay-text").textContent = data.texts.join(" ");
    log = data.log;
    renderLog({});
    finalShownFor = data.result ? finalShownFor : null;
    render({ type: "update", table, seq: data.step, you: null, view: data.view, summary: data.summary, names: data.names, legal: [], result: data.result });
  }

  async function startReplay() {
    $("replay-bar").hidden = false;
    const go = (delta) => () => loadStep(Math.max(0, Math.min(replayInfo.steps, replayInfo.step + delta)));
    $("replay-first").onclick = () => loadStep(0);
    $("replay-prev").onclick = go(-1);
    $("replay-next").onclick = go(1);
    $("replay-last").onclick = () => loadStep(null);
    $("replay-slider").oninput = (e) => loadStep(Number(e.target.value));
    document.addEventListener("keydown", (e) => {
      if (!replayInfo) return;
      if (e.key === "ArrowRight") go(1)();
      if (e.key === "ArrowLeft") go(-1)();
    });
    finalShownFor = tableId; // do not pop the score sheet over a replay
    $("status").textContent = "replay";
    await loadStep(0);
    document.querySelector(".chat-panel").hidden = true;
  }

  PB.loadCards().then(() => {
    if (replayMode) {
      startReplay();
      return;
    }
    const status = $("status");
    socket = new PB.Socket(`/ws/table/${tableId}`, onMessage, (up) => {
      status.textContent = up ? "online" : "reconnecting…";
      status.className = "status " + (up ? "up" : "down");
    });
  });
})();
