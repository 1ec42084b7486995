// The lobby page: renders the live snapshot pushed by /ws/lobby/ and the create-table option fields.
(function () {
  "use strict";
  const T = JSON.parse(document.getElementById("lobby-i18n").textContent);
  const games = JSON.parse(document.getElementById("game-options").textContent);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    });
    children.forEach((c) => c && node.appendChild(typeof c === "string" ? document.createTextNode(c) : c));
    return node;
  }

  // Create-table form: the selected game's options, one field each.
  const form = document.getElementById("create-table-form");
  if (form) {
    const gameSelect = form.querySelector("select[name=game]");
    const seats = form.querySelector("input[name=seats]");
    const box = document.getElementById("table-options");
    function renderOptions() {
      const game = games.find((g) => g.key === gameSelect.value);
      box.innerHTML = "";
      if (!game) return;
      seats.min = game.min; seats.max = game.max;
      if (+seats.value < game.min || +seats.value > game.max) seats.value = game.min;
      document.getElementById("seat-range").textContent = "(" + game.min + "–" + game.max + ")";
      game.options.forEach((opt) => {
        const id = "opt_" + opt.name;
        box.appendChild(el("label", { for: id, text: opt.label }));
        let field;
        if (opt.type === "int") {
          field = el("input", { type: "number", name: opt.name, id: id, value: opt.default });
          if (opt.min !== undefined) field.min = opt.min;
          if (opt.max !== undefined) field.max = opt.max;
        } else if (opt.type === "bool") {
          field = el("input", { type: "checkbox", name: opt.name, id: id, value: "1" });
          field.checked = !!opt.default;
        } else {
          field = el("select", { name: opt.name, id: id });
          (opt.choices || []).forEach(([value, label]) => {
            const o = el("option", { value: value, text: label });
            if (String(value) === String(opt.default)) o.selected = true;
            field.appendChild(o);
          });
        }
        box.appendChild(field);
      });
    }
    gameSelect.addEventListener("change", renderOptions);
    renderOptions();
  }

  let wasQueued = false;
  function renderSnapshot(snap) {
    if (wasQueued && !snap.my_queue && snap.my_started && snap.my_started.length) {
      // The quick match you waited for has started: take the seat.
      window.location = "/matches/" + snap.my_started[0].match + "/";
      return;
    }
    wasQueued = !!snap.my_queue;
    if (snap.my_started && snap.my_started.length && !window.location.pathname.startsWith("/tables/")) {
      // A quick match found you while you were looking at the lobby.
      const box = document.getElementById("my-queue");
      if (box) {
        box.innerHTML = "";
        snap.my_started.forEach((s) => box.appendChild(el("p", {}, el("a", { href: "/matches/" + s.match + "/", class: "button", "data-testid": "resume-match", text: T.resume }))));
      }
    }
    const tables = document.getElementById("open-tables");
    tables.innerHTML = "";
    if (!snap.tables.length) tables.appendChild(el("p", { class: "muted", text: T.no_tables }));
    const list = el("table", { class: "list" });
    snap.tables.forEach((t) => {
      const seats = t.seats.map((s) => s.user || (s.bot ? T.computer + ": " + s.bot_label : "·")).join(", ");
      list.appendChild(el("tr", { "data-table": t.id },
        el("td", { text: t.game_name + (t.private ? " (" + T.private + ")" : "") }),
        el("td", { text: t.host + " — " + seats }),
        el("td", {}, el("a", { href: "/tables/" + t.id + "/", class: "button secondary", text: T.open }))));
    });
    if (snap.tables.length) tables.appendChild(list);
    const running = document.getElementById("running-matches");
    running.innerHTML = "";
    if (!snap.running.length) running.appendChild(el("p", { class: "muted", text: T.no_running }));
    snap.running.forEach((m) => running.appendChild(el("p", {}, m.game_name + ": " + m.players.join(", ") + " ", el("a", { href: "/matches/" + m.match + "/", text: T.watch }))));
    const queue = document.getElementById("my-queue");
    const leave = document.getElementById("leave-queue-form");
    if (queue && leave && !(snap.my_started && snap.my_started.length)) {
      queue.innerHTML = "";
      leave.hidden = !snap.my_queue;
      if (snap.my_queue) {
        const key = snap.my_queue.game + ":" + snap.my_queue.players;
        queue.appendChild(el("p", { "data-testid": "queue-status", text: T.waiting + " " + snap.my_queue.game_name + ", " + snap.my_queue.players + " " + T.players + " (" + (snap.queue[key] || 0) + " " + T.in_queue + ")" }));
      }
    }
  }

  renderSnapshot(JSON.parse(document.getElementById("lobby-snapshot").textContent));
  let delay = 500;
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/lobby/");
    const dot = document.getElementById("lobby-live");
    ws.onopen = () => { delay = 500; dot && dot.classList.add("on"); };
    ws.onmessage = (e) => renderSnapshot(JSON.parse(e.data));
    ws.onclose = () => { dot && dot.classList.remove("on"); setTimeout(connect, delay); delay = Math.min(delay * 2, 10000); };
  }
  connect();
})();
