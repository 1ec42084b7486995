/* The live socket of a match page, shared by every game.
 *
 * Connects to the match's socket, says hello with the last version it saw,
 * keeps the newest view frame, reconnects with back-off (resyncing by
 * version) and hands each new frame to the renderers the game registered
 * (ui.js: LiveMatch.registerRenderer), one per element of the page marked
 * data-renderer="name":
 *   renderer.mount(el, api) once, renderer.update(frame, previous, events) per frame.
 * api.send(action) sends {"type":"action","version":frame.version,"action":action};
 * api.seat is the seat whose view is drawn (null: spectator; in a replay, the seat chosen);
 * api.isYou(seat) whether that seat is this person's own; api.names the players' names;
 * api.serverNow() the server's clock in seconds (from the frames' server_time);
 * api.t(key, data, fallback) a string of the page's catalogue.
 * Legal actions that no mounted renderer offers controls for are drawn as
 * generic inputs (ui.js), domains included.
 * On a finished match's replay page the same renderers are fed the frames of
 * the replay JSON instead of the socket.
 * Other parts of the page (the table chat) listen with api.on(type, fn) to
 * frames by type and to "replay_step" ({version, data}), and send their own
 * frames with api.sendFrame(frame): the page's entry module (match_page.js) hands
 * them the api through start(ready), ready being a list of fn(api).
 * window.MatchLive and window.__lastFrame are for the browser tests and the
 * console only: no script of ours reads them.
 * The client never computes rules: it renders what the server says and sends
 * what the player picks from `frame.legal`.
 */
import * as UI from "./ui.js";
import { start as startReplay } from "./replay.js";
import { MATCH } from "./match_strings.js";
import { isSeatCode, seatLine } from "./seat_log.js";

/* ready: fn(api) of the other parts of the page; eventKinds: the game's names of its events' kinds (replays). */
export function start(ready, eventKinds) {
  var page = document.getElementById("match-page");
  if (!page) return;
  var toastEl = document.getElementById("match-toast");
  var genericEl = document.getElementById("generic-actions");
  var noticeEl = document.getElementById("match-notice");
  var connEl = page.querySelector("[data-testid=connection]");

  function readJSON(id, fallback) {
    var el = document.getElementById(id);
    if (!el) return fallback;
    try { return JSON.parse(el.textContent); } catch (e) { return fallback; }
  }

  var seat = readJSON("match-seat", null);
  var ownSeat = readJSON("match-own-seat", seat);  // differs from seat in a replay seen from another seat
  var names = readJSON("match-names", []);
  var T = MATCH;
  var wsPath = page.dataset.wsPath;
  // Closes that a retry cannot mend: say why and stop (4429: too many sockets or frames).
  var FATAL = { 4401: "close_4401", 4403: "close_4403", 4404: "close_4404", 4429: "close_4429" };
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
  var listeners = {};

  function emit(type, payload) {
    (listeners[type] || []).forEach(function (fn) {
      try { fn(payload); } catch (err) { console.error(err); }
    });
  }
  var clockOffset = 0;         // server clock minus local clock, in seconds (from the frames' server_time)
  var lastEventVersion = -1;   // the newest version whose events were handed to the renderers
  var mounted = null;          // [{name, el, renderer}] once the first frame arrived

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

  var toast = UI.makeToast(toastEl);

  /* What happened to the seats (matches/presence.py): a lasting list of notices on the page (the
   * table's log of seats) and each player's badges, from every frame, so that a reload or a
   * reconnect shows the same. */
  var seatNoticesEl = document.getElementById("seat-notices");
  var shownNotices = "";

  function noticeText(n) { return seatLine(n, api); }

  function clockText(at) {
    var d = new Date((at - clockOffset) * 1000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }

  function setBadge(li, cls, label, on) {
    var badge = li.querySelector(".badge." + cls);
    if (on && !badge) {
      badge = UI.h("span", { className: "badge " + cls, "data-testid": "badge-" + cls, text: label });
      li.appendChild(badge);
    } else if (!on && badge) {
      badge.remove();
    }
  }

  function showSeats(bots, notices) {
    if (!Array.isArray(bots) || !Array.isArray(notices)) return;  // a replay's frames carry neither
    var last = {};
    notices.forEach(function (n) { last[n.seat] = n.code; });
    // The shared player list, and any place a game's renderer draws a seat's name with a
    // data-seat-badges="seat" holder (the treasure cave's scoreboard): redrawn renderers get them back
    // on every frame, since this runs after the renderers.
    page.querySelectorAll(".match-players li[data-seat], [data-seat-badges]").forEach(function (li) {
      var s = Number(li.dataset.seatBadges !== undefined ? li.dataset.seatBadges : li.dataset.seat);
      setBadge(li, "bot", t("bot", "bot"), bots.indexOf(s) >= 0);
      setBadge(li, "away", t("away", "away"), last[s] === "seat_stood_in");
      setBadge(li, "resigned", t("resigned", "resigned"), last[s] === "seat_resigned");
    });
    var key = JSON.stringify(notices);
    if (!seatNoticesEl || key === shownNotices) return;
    shownNotices = key;
    var list = seatNoticesEl.querySelector("ol");
    list.textContent = "";
    notices.forEach(function (n) {
      list.appendChild(UI.h("li", { "data-code": n.code, "data-seat": String(n.seat) }, [
        UI.h("time", { className: "muted", text: clockText(n.at) + " " }), noticeText(n),
      ]));
    });
    seatNoticesEl.hidden = notices.length === 0;
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
    // the seat this person sat in: "you" labels follow it, while api.seat is the seat whose view is drawn
    isYou: function (s) { return s !== null && s !== undefined && s === ownSeat; },
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
    on: function (type, fn) { (listeners[type] = listeners[type] || []).push(fn); },
    sendFrame: function (frame) { return sendRaw(frame); },
    serverNow: function () { return Date.now() / 1000 + clockOffset; },
    t: function (key, data, fallback) { return UI.fmt(t(key, fallback), data || {}); },
    // Drops the socket as a network failure would (the page reconnects and resyncs); for tests.
    dropConnection: function () { if (socket) socket.close(4000, "dropped"); },
  };
  window.MatchLive = api;  // for the tests and the console only
  (ready || []).forEach(function (fn) { fn(api); });

  /* The renderers the page template names (data-renderer="main", ...); "main" falls back to the generic one. */
  function mountRenderers() {
    var game = page.dataset.game;
    mounted = [];
    page.querySelectorAll("[data-renderer]").forEach(function (el) {
      var name = el.dataset.renderer;
      var renderer = UI.LiveMatch.renderer(game, name) || (name === "main" ? UI.LiveMatch.genericRenderer() : null);
      if (!renderer) return;
      el.innerHTML = "";
      if (typeof renderer.mount === "function") renderer.mount(el, api);
      mounted.push({ name: name, el: el, renderer: renderer });
    });
  }

  function destroyRenderers() {
    (mounted || []).forEach(function (m) {
      if (typeof m.renderer.destroy === "function") m.renderer.destroy();
    });
    mounted = null;
  }

  /* Legal actions no mounted renderer offers controls for, drawn as generic inputs (domains included). */
  function drawUnclaimed(frame) {
    if (!genericEl) return;
    var claimed = {};
    var all = false;
    mounted.forEach(function (m) {
      var types = m.renderer.actions;
      if (types === "*") all = true;
      else (types || []).forEach(function (ty) { claimed[ty] = true; });
    });
    var rest = all ? [] : (frame.legal || []).map(function (a, i) { return [a, i]; }).filter(function (p) { return !claimed[p[0].type]; });
    genericEl.innerHTML = "";
    genericEl.hidden = !rest.length;
    if (!rest.length) return;
    genericEl.appendChild(UI.h("h2", { text: t("legal", "What you may do now") }));
    UI.actionControls(rest, api.send, t, toast).forEach(function (el) { genericEl.appendChild(el); });
  }

  function render(frame, previous, events) {
    try {
      if (!mounted) mountRenderers();
      mounted.forEach(function (m) { m.renderer.update(frame, previous, events); });
      drawUnclaimed(frame);
    } catch (err) {
      console.error(err);
      toast(String(err && err.message || err));
    }
  }

  /* The frame's events this page has not handed on yet (a resync frame repeats recent ones). */
  function newEvents(frame) {
    var fresh = [];
    (frame.events || []).forEach(function (e) {
      var version = e.version !== undefined ? e.version : frame.version;
      if (version > lastEventVersion) fresh.push(e.version !== undefined ? e : Object.assign({ version: version }, e));
    });
    fresh.forEach(function (e) { lastEventVersion = Math.max(lastEventVersion, e.version); });
    return fresh;
  }

  /* A finished match's ratings are recorded by a worker just after the last move. Its frame (same
   * version) can arrive before the last move's own frame, sent by another process, which then
   * overwrites it with "pending". While the end says a rating is pending, ask again now and then. */
  var endSyncTimer = null;
  var endSyncTries = 0;
  function followPendingRatings(frame) {
    clearTimeout(endSyncTimer);
    endSyncTimer = null;
    var players = (frame.status === "finished" && frame.end && frame.end.players) || [];
    var pending = players.some(function (p) { return p.rating && p.rating.state === "pending"; });
    if (!pending || endSyncTries >= 40) return;
    endSyncTimer = setTimeout(function () { endSyncTries += 1; sendRaw({ type: "sync" }); }, 3000);
  }

  function onFrame(frame, text) {
    if (frame.type === "view") {
      if (lastFrame && frame.version < lastFrame.version) return; // an older frame overtaken by a newer one
      delete document.body.dataset.sending;
      if (typeof frame.server_time === "number") clockOffset = frame.server_time - Date.now() / 1000;
      followPendingRatings(frame);
      if (lastFrame && frame.version === lastFrame.version && text === lastText) return; // nothing new
      var previous = lastFrame;
      lastFrame = frame;
      lastText = text;
      window.__lastFrame = frame;
      document.body.dataset.version = String(frame.version);
      document.body.dataset.status = frame.status;
      render(frame, previous, newEvents(frame));
      showSeats(frame.bots, frame.seat_notices);
    } else if (frame.type === "notice") {
      if (isSeatCode(frame.code)) {
        toast(noticeText(frame));
        if (frame.code === "seat_resigned" && frame.seat === seat) document.body.dataset.replaced = "1";
        if (lastFrame) {
          // the game's own log says it too: the last frame drawn again with the table's new notices
          var previousFrame = lastFrame;
          lastFrame = Object.assign({}, lastFrame, { bots: frame.bots, seat_notices: frame.seat_notices });
          window.__lastFrame = lastFrame;
          render(lastFrame, previousFrame, []);
        }
        // after the renderers, which may have redrawn the places that carry badges (the cave's scoreboard)
        showSeats(frame.bots, frame.seat_notices);
      }
    } else if (frame.type === "error") {
      delete document.body.dataset.sending;
      toast(frame.message || frame.code || "Error");
      document.body.dataset.lastError = frame.code || "error";
    }
    // "pong": only proves the socket is alive (lastHeard is updated on every message)
    emit(frame.type, frame);
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

  if (page.dataset.replay) {
    startReplay({
      page: page, seat: seat, api: api, t: t, toast: toast, setConn: setConn, render: render, emit: emit,
      eventKinds: eventKinds,
      frame: function () { return lastFrame; },
      setFrame: function (frame) { lastFrame = frame; window.__lastFrame = frame; }
    }, page.dataset.replay);
    return;
  }

  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") reconnectNow();
  });
  window.addEventListener("beforeunload", function () {
    stopped = true;
    if (socket) try { socket.close(1000); } catch (e) { /* ignore */ }
    destroyRenderers();
  });

  connect();
}
