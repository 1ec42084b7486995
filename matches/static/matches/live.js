/* The live socket of a match page, shared by every game.
 *
 * Connects to the match's socket, says hello with the last version it saw,
 * keeps the newest view frame, reconnects with back-off (resyncing by
 * version) and hands each new frame to the game's renderer:
 *   window.GameRenderer.render(rootEl, frame, api)
 * api.send(action) sends {"type":"action","version":frame.version,"action":action};
 * api.seat is this browser's seat (null: spectator); api.names the players' names.
 * The client never computes rules: it renders what the server says and sends
 * what the player picks from `frame.legal`.
 */
(function () {
  "use strict";

  var page = document.getElementById("match-page");
  if (!page) return;
  var root = document.getElementById("game-root");
  var toastEl = document.getElementById("match-toast");
  var noticeEl = document.getElementById("match-notice");
  var connEl = page.querySelector("[data-testid=connection]");

  function readJSON(id, fallback) {
    var el = document.getElementById(id);
    if (!el) return fallback;
    try { return JSON.parse(el.textContent); } catch (e) { return fallback; }
  }

  var seat = readJSON("match-seat", null);
  var names = readJSON("match-names", []);
  var T = readJSON("match-i18n", {});
  var wsPath = page.dataset.wsPath;
  var FATAL = { 4401: "close_4401", 4403: "close_4403", 4404: "close_4404" };
  var PING_EVERY = 25000;      // ms between pings
  var SILENCE_LIMIT = 60000;   // no frame at all for this long: the socket is dead, reconnect

  var socket = null;
  var lastFrame = null;
  var lastText = null;
  var attempts = 0;
  var reconnectTimer = null;
  var pingTimer = null;
  var lastHeard = 0;
  var stopped = false;
  var toastTimer = null;

  function t(key, fallback) { return T[key] || fallback || key; }

  function setConn(state, label) {
    if (!connEl) return;
    connEl.dataset.state = state;
    var dot = connEl.querySelector(".status-dot");
    if (dot) dot.classList.toggle("on", state === "open");
    var lab = connEl.querySelector(".conn-label");
    if (lab) lab.textContent = label;
    document.body.dataset.connection = state;
  }

  function toast(message, ms) {
    if (!toastEl) return;
    toastEl.textContent = message;
    toastEl.hidden = false;
    toastEl.style.opacity = "1";
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      toastEl.style.opacity = "0";
      toastTimer = setTimeout(function () { toastEl.hidden = true; }, 300);
    }, ms || 5000);
  }

  function notice(message) {
    if (!noticeEl) return;
    noticeEl.textContent = message;
    noticeEl.hidden = !message;
  }

  function wsUrl() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + location.host + wsPath;
  }

  function sendRaw(obj) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(obj));
    return true;
  }

  var api = {
    seat: seat,
    names: names,
    matchId: Number(page.dataset.match),
    send: function (action) {
      if (!lastFrame) return false;
      var ok = sendRaw({ type: "action", version: lastFrame.version, action: action });
      if (!ok) {
        toast(t("not_connected", "Not connected"));
        reconnectNow();
      } else {
        document.body.dataset.sending = "1";
      }
      return ok;
    },
    toast: toast,
    name: function (s) {
      if (s === null || s === undefined) return "";
      return names[s] !== undefined ? names[s] : "#" + (s + 1);
    },
    frame: function () { return lastFrame; },
    // Drops the socket as a network failure would (the page reconnects and resyncs); for tests.
    dropConnection: function () { if (socket) socket.close(4000, "dropped"); },
  };
  window.MatchLive = api;

  function render(frame) {
    var renderer = window.GameRenderer;
    try {
      if (renderer && typeof renderer.render === "function") {
        renderer.render(root, frame, api);
      } else {
        genericRender(root, frame);
      }
    } catch (err) {
      console.error(err);
      toast(String(err && err.message || err));
    }
  }

  /* A plain fallback for a game without its own renderer: the view as JSON and one button per legal action. */
  function genericRender(el, frame) {
    el.innerHTML = "";
    var box = document.createElement("div");
    box.className = "generic-view card";
    var h = document.createElement("h2");
    h.textContent = frame.status === "finished" ? t("finished", "Finished") : t("legal", "What you may do now");
    box.appendChild(h);
    var legal = document.createElement("div");
    legal.className = "legal";
    (frame.legal || []).forEach(function (action, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.dataset.testid = "legal-" + i;
      b.textContent = JSON.stringify(action);
      b.addEventListener("click", function () { api.send(action); });
      legal.appendChild(b);
    });
    if (!(frame.legal || []).length) {
      var p = document.createElement("p");
      p.className = "muted";
      p.textContent = t("waiting", "Nothing to do right now.");
      legal.appendChild(p);
    }
    box.appendChild(legal);
    var pre = document.createElement("pre");
    pre.textContent = JSON.stringify(frame.view, null, 2);
    box.appendChild(pre);
    el.appendChild(box);
  }

  function onFrame(frame, text) {
    if (frame.type === "view") {
      if (lastFrame && frame.version < lastFrame.version) return; // an older frame overtaken by a newer one
      delete document.body.dataset.sending;
      if (lastFrame && frame.version === lastFrame.version && text === lastText) return; // nothing new
      lastFrame = frame;
      lastText = text;
      window.__lastFrame = frame;
      document.body.dataset.version = String(frame.version);
      document.body.dataset.status = frame.status;
      render(frame);
    } else if (frame.type === "error") {
      delete document.body.dataset.sending;
      toast(frame.message || frame.code || "Error");
      document.body.dataset.lastError = frame.code || "error";
    }
    // "pong": only proves the socket is alive (lastHeard is updated on every message)
  }

  function clearTimers() {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    reconnectTimer = null;
    pingTimer = null;
  }

  function connect() {
    if (stopped) return;
    clearTimers();
    setConn(attempts ? "reconnecting" : "connecting", attempts ? t("reconnecting") : t("connecting"));
    var ws;
    try {
      ws = new WebSocket(wsUrl());
    } catch (e) {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = function () {
      if (socket !== ws) return;
      attempts = 0;
      lastHeard = Date.now();
      setConn("open", t("connected", "Connected"));
      notice("");
      // The server answers with the full current view; we keep only newer ones.
      sendRaw({ type: "hello", version: lastFrame ? lastFrame.version : null });
      pingTimer = setInterval(function () {
        if (Date.now() - lastHeard > SILENCE_LIMIT) {
          try { ws.close(); } catch (e) { /* closed already */ }
          return;
        }
        sendRaw({ type: "ping" });
      }, PING_EVERY);
    };
    ws.onmessage = function (ev) {
      if (socket !== ws) return;
      lastHeard = Date.now();
      var frame;
      try { frame = JSON.parse(ev.data); } catch (e) { return; }
      if (frame && typeof frame === "object") onFrame(frame, ev.data);
    };
    ws.onclose = function (ev) {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      delete document.body.dataset.sending;
      if (FATAL[ev.code]) {
        stopped = true;
        setConn("closed", t("offline", "Disconnected"));
        notice(t(FATAL[ev.code]));
        document.body.dataset.closeCode = String(ev.code);
        return;
      }
      scheduleReconnect();
    };
    ws.onerror = function () { /* onclose follows and reconnects */ };
  }

  function scheduleReconnect() {
    if (stopped) return;
    attempts += 1;
    setConn("reconnecting", t("reconnecting", "Reconnecting…"));
    // 0.5 s, 1 s, 2 s ... up to 15 s, with jitter so a restarted server is not hit all at once
    var base = Math.min(15000, 500 * Math.pow(2, attempts - 1));
    var delay = base / 2 + Math.random() * base / 2;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, delay);
  }

  function reconnectNow() {
    if (stopped) return;
    if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
    attempts = Math.max(attempts, 1);
    connect();
  }

  /* Replay: the finished match's frames, rebuilt by the server from its log, drawn by the game's own renderer. */
  function startReplay(url) {
    var bar = document.getElementById("replay-controls");
    var slider = document.getElementById("replay-slider");
    var position = document.getElementById("replay-position");
    var frames = [];
    function show(i) {
      var f = frames[i];
      slider.value = i;
      position.textContent = (i + 1) + " / " + frames.length;
      var frame = { type: "view", match: +page.dataset.match, version: f.version, seat: null,
                    status: i === frames.length - 1 ? "finished" : "running", view: f.view, legal: [] };
      lastFrame = frame;
      window.__lastFrame = frame;
      document.body.dataset.version = String(f.version);
      render(frame);
    }
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (data) {
      frames = data.frames;
      slider.max = frames.length - 1;
      bar.hidden = false;
      setConn("open", t("replay", "Replay"));
      show(0);
    });
    slider.addEventListener("input", function () { show(+slider.value); });
    document.getElementById("replay-prev").addEventListener("click", function () { show(Math.max(0, +slider.value - 1)); });
    document.getElementById("replay-next").addEventListener("click", function () { show(Math.min(frames.length - 1, +slider.value + 1)); });
  }

  if (page.dataset.replay) {
    startReplay(page.dataset.replay);
    return;
  }

  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") reconnectNow();
  });
  window.addEventListener("beforeunload", function () {
    stopped = true;
    if (socket) try { socket.close(1000); } catch (e) { /* ignore */ }
  });

  connect();
})();
