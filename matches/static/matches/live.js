/* The live socket of a match page, shared by every game.
 *
 * Connects to the match's socket, says hello with the last version it saw,
 * keeps the newest view frame, reconnects with back-off (resyncing by
 * version) and hands each new frame to the renderers the game registered
 * (ui.js: LiveMatch.registerRenderer), one per element of the page marked
 * data-renderer="name":
 *   renderer.mount(el, api) once, renderer.update(frame, previous, events) per frame.
 * api.send(action) sends {"type":"action","version":frame.version,"action":action};
 * api.choose(action, sendNow, el) is a press on the control el of a decision: with the person's "Confirm
 * moves" on (the page's data-confirm-moves), the first press only picks it and a second one (or Confirm)
 * calls sendNow(action); off, it calls sendNow(action) at once (confirm_bar.js, move_confirm.js);
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
import { changesSeat, isSeatCode, seatLine } from "./seat_log.js";
import { timeOfDay } from "./clock.js";
import { keepFocus, markFocus } from "./focus_keeper.js";
import { makeConfirmer } from "./confirm_bar.js";
import { attach as attachSpeech } from "./speech.js";
import {
  PING_EVERY, RATINGS_SYNC_MS, RESYNC_AGAIN_MS, actionFrame, askForRatings, fatalClose, frameVerdict, freshEvents, helloFrame,
  isSilent, reconnectDelay, serverClockOffset, unclaimedActions, withKeptView,
} from "./live_rules.js";

/* ready: fn(api) of the other parts of the page; eventKinds: the game's names of its events' kinds (replays). */
export function start(ready, eventKinds) {
  const page = document.getElementById("match-page");
  if (!page) return;
  const toastEl = document.getElementById("match-toast");
  const genericEl = document.getElementById("generic-actions");
  const noticeEl = document.getElementById("match-notice");
  const connEl = page.querySelector("[data-testid=connection]");
  const abortEl = page.querySelector("[data-testid=abort]");

  function readJSON(id, fallback) {
    const el = document.getElementById(id);
    if (!el) return fallback;
    try { return JSON.parse(el.textContent); } catch { return fallback; }
  }

  const seat = readJSON("match-seat", null);
  const ownSeat = readJSON("match-own-seat", seat);  // differs from seat in a replay seen from another seat
  const names = readJSON("match-names", []);
  const T = MATCH;
  const wsPath = page.dataset.wsPath;

  let socket = null;
  let lastFrame = null;
  let lastText = null;
  let attempts = 0;
  let reconnectTimer = null;
  let pingTimer = null;
  let lastHeard = 0;
  let stopped = false;
  const listeners = {};

  function emit(type, payload) {
    (listeners[type] || []).forEach(function (fn) {
      try { fn(payload); } catch (err) { console.error(err); }
    });
  }
  let clockOffset = 0;         // server clock minus local clock, in seconds (from the frames' server_time)
  let lastEventVersion = -1;   // the newest version whose events were handed to the renderers
  let mounted = null;          // [{name, el, renderer}] once the first frame arrived

  function t(key, fallback) { return T[key] || fallback || key; }

  function setConn(state, label) {
    if (!connEl) return;
    connEl.dataset.state = state;
    const dot = connEl.querySelector(".status-dot");
    if (dot) dot.classList.toggle("on", state === "open");
    const lab = connEl.querySelector(".conn-label");
    if (lab) lab.textContent = label;
    document.body.dataset.connection = state;
  }

  const toast = UI.makeToast(toastEl);

  /* What happened to the seats (matches/presence.py): a lasting list of notices on the page (the
   * table's log of seats) and each player's badges, from every frame, so that a reload or a
   * reconnect shows the same. */
  const seatNoticesEl = document.getElementById("seat-notices");
  let shownNotices = "";

  function noticeText(n) { return seatLine(n, api); }

  function clockText(at) {
    return timeOfDay(new Date((at - clockOffset) * 1000));
  }

  function setBadge(li, cls, label, on) {
    let badge = li.querySelector(".badge." + cls);
    if (on && !badge) {
      badge = UI.h("span", { className: "badge " + cls, "data-testid": "badge-" + cls, text: label });
      li.appendChild(badge);
    } else if (!on && badge) {
      badge.remove();
    }
  }

  function showSeats(bots, notices) {
    if (!Array.isArray(bots) || !Array.isArray(notices)) return;  // a replay's frames carry neither
    const last = {};
    notices.forEach(function (n) { if (changesSeat(n.code)) last[n.seat] = n.code; });
    // The shared player list, and any place a game's renderer draws a seat's name with a
    // data-seat-badges="seat" holder (the treasure cave's scoreboard): redrawn renderers get them back
    // on every frame, since this runs after the renderers.
    page.querySelectorAll(".match-players li[data-seat], [data-seat-badges]").forEach(function (li) {
      const s = Number(li.dataset.seatBadges !== undefined ? li.dataset.seatBadges : li.dataset.seat);
      setBadge(li, "bot", t("bot", "bot"), bots.indexOf(s) >= 0);
      setBadge(li, "away", t("away", "away"), last[s] === "seat_stood_in");
      setBadge(li, "resigned", t("resigned", "resigned"), last[s] === "seat_resigned");
    });
    const key = JSON.stringify(notices);
    if (!seatNoticesEl || key === shownNotices) return;
    shownNotices = key;
    const list = seatNoticesEl.querySelector("ol");
    list.textContent = "";
    notices.forEach(function (n) {
      list.appendChild(UI.h("li", { "data-code": n.code, "data-seat": String(n.seat) }, [
        UI.h("time", { className: "muted", text: clockText(n.at) + " " }), noticeText(n),
      ]));
    });
    seatNoticesEl.hidden = notices.length === 0;
  }

  /* The Abort button (the early abort, docs/ratings.md): shown while the frame says the window is open, its form
   * carrying the version of the view the person saw (the server refuses an abort made on an outdated view). */
  function showAbort(frame) {
    if (!abortEl) return;
    const open = frame.status === "running" && frame.abortable === true;
    abortEl.hidden = !open;
    if (!open) abortEl.open = false;
    const version = abortEl.querySelector("[data-abort-version]");
    if (version) version.value = String(frame.version);
  }

  function notice(message) {
    if (!noticeEl) return;
    noticeEl.textContent = message;
    noticeEl.hidden = !message;
  }

  function wsUrl() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + location.host + wsPath;
  }

  function sendRaw(obj) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(obj));
    return true;
  }

  const announcer = document.getElementById("match-announcer");
  const confirmBar = document.getElementById("confirm-bar");
  // the person's setting, for this table (accounts.models.confirms_moves); never in a replay
  const confirmer = makeConfirmer({
    on: page.dataset.confirmMoves === "on" && !page.dataset.replay, page: page, bar: confirmBar, announcer: announcer,
    cancelled: confirmBar ? confirmBar.dataset.cancelled : "", frame: function () { return lastFrame; },
  });

  const api = {
    seat: seat,
    names: names,
    // the seat this person sat in: "you" labels follow it, while api.seat is the seat whose view is drawn
    isYou: function (s) { return s !== null && s !== undefined && s === ownSeat; },
    matchId: Number(page.dataset.match),
    send: function (action) {
      if (!lastFrame) return false;
      const ok = sendRaw(actionFrame(lastFrame, action));
      if (!ok) {
        toast(t("not_connected", "Not connected"));
        reconnectNow();
      } else {
        document.body.dataset.sending = "1";
      }
      return ok;
    },
    choose: function (action, sendNow, el) { return confirmer.choose(action, sendNow || api.send, el); },
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
  const speech = attachSpeech(page, api);  // the screen-reader mode's panel (does nothing with the mode off)
  (ready || []).forEach(function (fn) { fn(api); });

  /* The renderers the page template names (data-renderer="main", ...); "main" falls back to the generic one. */
  function mountRenderers() {
    const game = page.dataset.game;
    mounted = [];
    page.querySelectorAll("[data-renderer]").forEach(function (el) {
      const name = el.dataset.renderer;
      const renderer = UI.LiveMatch.renderer(game, name) || (name === "main" ? UI.LiveMatch.genericRenderer() : null);
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
    const rest = unclaimedActions(frame.legal, mounted.map(function (m) { return m.renderer.actions; }));
    genericEl.innerHTML = "";
    genericEl.hidden = !rest.length;
    if (!rest.length) return;
    genericEl.appendChild(UI.h("h2", { text: t("legal", "What you may do now") }));
    UI.actionControls(rest, function (action, el) { api.choose(action, api.send, el); }, t, toast).forEach(function (el) { genericEl.appendChild(el); });
  }

  function render(frame, previous, events) {
    try {
      if (!mounted) mountRenderers();
      const focus = markFocus(mounted.map(function (m) { return m.el; }).concat([genericEl]));
      mounted.forEach(function (m) { m.renderer.update(frame, previous, events); });
      drawUnclaimed(frame);
      confirmer.follow(frame);
      keepFocus(focus);
      speech.update(frame, previous, events);
      announceTurn(frame, previous);
    } catch (err) {
      console.error(err);
      toast(String(err && err.message || err));
    }
  }

  /* "Your turn", said once to a screen reader when a decision becomes this seat's (the game's area itself is
   * no live region: it would read out the whole board and every tick of its clocks). */
  function announceTurn(frame, previous) {
    // the screen-reader mode says it with what is asked (speech.js)
    if (document.body.dataset.screenReader === "on") return;
    if (!announcer || page.hasAttribute("data-replay") || frame.status !== "running" || !UI.decides(frame, seat)) return;
    if (previous && previous.status === "running" && UI.decides(previous, seat)) return;
    announcer.textContent = "";
    setTimeout(function () { announcer.textContent = t("your_turn", "Your turn"); }, 50);
  }

  /* The frame's events this page has not handed on yet (a resync frame repeats recent ones). */
  function newEvents(frame) {
    const fresh = freshEvents(frame, lastEventVersion);
    lastEventVersion = fresh.lastEventVersion;
    return fresh.events;
  }

  /* A finished match's ratings are recorded by a worker just after the last move. Its frame (same
   * version) can arrive before the last move's own frame, sent by another process, which then
   * overwrites it with "pending". While the end says a rating is pending, ask again now and then. */
  let endSyncTimer = null;
  let endSyncTries = 0;
  function followPendingRatings(frame) {
    clearTimeout(endSyncTimer);
    endSyncTimer = null;
    if (!askForRatings(frame, endSyncTries)) return;
    endSyncTimer = setTimeout(function () { endSyncTries += 1; sendRaw({ type: "sync" }); }, RATINGS_SYNC_MS);
  }

  /* A missed frame (live_rules.js, frameVerdict's "gap"): ask for a full frame, once until one comes (again
   * after RESYNC_AGAIN_MS should the answer be lost too; a reconnect's hello is answered with one anyway). */
  let resyncAskedAt = null;
  function askForFullFrame() {
    const now = Date.now();
    if (resyncAskedAt !== null && now - resyncAskedAt < RESYNC_AGAIN_MS) return;
    if (sendRaw({ type: "sync" })) resyncAskedAt = now;
  }

  function onFrame(frame, text) {
    if (frame.type === "view") {
      if (frame.after === undefined) resyncAskedAt = null;  // a full frame: whatever was missed is in it
      const verdict = frameVerdict(lastFrame, lastText, frame, text);
      if (verdict === "older") return; // an older frame overtaken by a newer one
      if (verdict === "gap") {
        // Not drawn: the full frame asked for carries the missed events too (freshEvents hands on the new ones).
        askForFullFrame();
        return;
      }
      delete document.body.dataset.sending;
      clockOffset = serverClockOffset(frame, Date.now(), clockOffset);
      followPendingRatings(frame);
      if (verdict === "same") return; // nothing new
      frame = withKeptView(frame, lastFrame);
      const previous = lastFrame;
      lastFrame = frame;
      lastText = text;
      window.__lastFrame = frame;
      document.body.dataset.version = String(frame.version);
      document.body.dataset.status = frame.status;
      showAbort(frame);
      render(frame, previous, newEvents(frame));
      showSeats(frame.bots, frame.seat_notices);
    } else if (frame.type === "notice") {
      if (isSeatCode(frame.code)) {
        toast(noticeText(frame));
        if (frame.code === "seat_resigned" && frame.seat === seat) document.body.dataset.replaced = "1";
        if (lastFrame) {
          // the game's own log says it too: the last frame drawn again with the table's new notices
          const previousFrame = lastFrame;
          lastFrame = Object.assign({}, lastFrame, { bots: frame.bots, seat_notices: frame.seat_notices });
          // a resignation may close the early abort's window (no view frame need follow it)
          if (typeof frame.abortable === "boolean") lastFrame.abortable = frame.abortable;
          showAbort(lastFrame);
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
    let ws;
    try {
      ws = new WebSocket(wsUrl());
    } catch {
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
      resyncAskedAt = null;
      sendRaw(helloFrame(lastFrame));
      pingTimer = setInterval(function () {
        if (isSilent(lastHeard, Date.now())) {
          try { ws.close(); } catch { /* closed already */ }
          return;
        }
        sendRaw({ type: "ping" });
      }, PING_EVERY);
    };
    ws.onmessage = function (ev) {
      if (socket !== ws) return;
      lastHeard = Date.now();
      let frame;
      try { frame = JSON.parse(ev.data); } catch { return; }
      if (frame && typeof frame === "object") onFrame(frame, ev.data);
    };
    ws.onclose = function (ev) {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      delete document.body.dataset.sending;
      const fatal = fatalClose(ev.code);
      if (fatal) {
        stopped = true;
        setConn("closed", t("offline", "Disconnected"));
        notice(t(fatal));
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
    const delay = reconnectDelay(attempts, Math.random());
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
    if (socket) try { socket.close(1000); } catch { /* ignore */ }
    destroyRenderers();
  });

  connect();
}
