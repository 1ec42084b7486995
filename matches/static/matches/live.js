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
 * frames with api.sendFrame(frame). A script loaded before this one queues
 * itself in window.MatchLiveReady (an array of fn(api)).
 * The client never computes rules: it renders what the server says and sends
 * what the player picks from `frame.legal`.
 */
(function () {
  "use strict";

  var page = document.getElementById("match-page");
  if (!page || !window.LiveMatch) return;
  var UI = window.MatchUI;
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
  var T = readJSON("match-i18n", {});
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
  var SEAT_NOTICES = {
    seat_resigned: "{name} resigned: a computer player finishes the match in the seat.",
    seat_stood_in: "{name} was away when a decision was due: a computer player plays for them until they come back.",
    seat_returned: "{name} is back and plays again.",
  };
  var seatNoticesEl = document.getElementById("seat-notices");
  var shownNotices = "";

  function noticeText(n) {
    return t(n.code, SEAT_NOTICES[n.code]).replace("{name}", api.name(n.seat));
  }

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
  window.MatchLive = api;
  (window.MatchLiveReady || []).forEach(function (fn) { fn(api); });
  window.MatchLiveReady = { push: function (fn) { fn(api); } };

  /* The renderers the page template names (data-renderer="main", ...); "main" falls back to the generic one. */
  function mountRenderers() {
    var game = page.dataset.game;
    mounted = [];
    page.querySelectorAll("[data-renderer]").forEach(function (el) {
      var name = el.dataset.renderer;
      var renderer = window.LiveMatch.renderer(game, name) || (name === "main" ? window.LiveMatch.genericRenderer() : null);
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
      if (SEAT_NOTICES[frame.code]) {
        toast(noticeText(frame));
        if (frame.code === "seat_resigned" && frame.seat === seat) document.body.dataset.replaced = "1";
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

  /* Replay: the finished match's frames as one viewer saw them (?seat= in the JSON's URL), fetched in
   * ranges as the player moves and drawn by the game's own renderers. It plays by itself (play/pause,
   * speed), steps, jumps to a move number or to the next event of a kind the viewer saw (from the
   * replay's event index), and is driven from the keyboard: space plays or pauses, the arrows step.
   * A replay shows no clock (the page's CSS hides the renderers' countdowns). */
  var REPLAY_LOOKBACK = 40;  // steps of events handed over after a jump, for the renderers' logs
  var REPLAY_STEP_MS = 1000; // one move a second at 1x
  function startReplay(url) {
    var bar = document.getElementById("replay-controls");
    var slider = document.getElementById("replay-slider");
    var position = document.getElementById("replay-position");
    var viewerSelect = document.getElementById("replay-viewer");
    var playButton = document.getElementById("replay-play");
    var speedSelect = document.getElementById("replay-speed");
    var gotoForm = document.getElementById("replay-goto");
    var moveInput = document.getElementById("replay-move");
    var seekForm = document.getElementById("replay-seek");
    var kindSelect = document.getElementById("replay-event-kind");
    var kindNames = readJSON("replay-event-kinds", {});
    var frames = {};      // version -> frame of the replay JSON
    var pending = {};     // chunk start -> a fetch in flight
    var steps = Number(page.dataset.replaySteps || 0);
    var chunk = 100;
    var current = -1;
    var wanted = 0;
    var viewerSeat = seat;
    var replayNow = null;
    var replayData = null;
    var eventIndex = {};  // event code -> the steps that made one, as this viewer saw them
    var playing = false;
    var playTimer = null;
    var skipVotes = document.getElementById("replay-skip-votes");
    var voteSteps = {};   // step -> true when every event the viewer saw at it is a vote (a code ending in "_vote")
    var resumeKey = "replay-step:" + page.dataset.match;
    api.serverNow = function () { return replayNow !== null ? replayNow : Date.now() / 1000; };
    api.send = function () { return false; };
    api.replay = true;

    // the server's chunks: k holds the steps after actions k*chunk .. (k+1)*chunk-1, and chunk 0 also step 0
    function chunkEnd(v) { return (Math.floor(Math.max(v - 1, 0) / chunk) + 1) * chunk; }

    function fetchRange(v) {
      var end = chunkEnd(v);
      var start = Math.max(0, end - chunk + 1);
      if (start === 1) start = 0;
      if (!pending[start]) {
        pending[start] = fetch(url + "&from=" + start + "&to=" + end, { credentials: "same-origin" })
          .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
          .then(function (data) {
            if (!replayData) replayData = data;  // its "chat" is the whole replay's (chat.js reads it)
            steps = data.steps;
            chunk = data.chunk || chunk;
            data.frames.forEach(function (f) { frames[f.version] = f; });
          })
          .catch(function (err) { delete pending[start]; throw err; });
      }
      return pending[start];
    }

    function ensure(from, to) {
      var needed = [];
      for (var v = Math.max(0, from); v <= to; v++) {
        if (!frames[v]) needed.push(fetchRange(v));
        v = chunkEnd(v);  // one fetch per chunk
      }
      return Promise.all(needed);
    }

    function frameAt(i) {
      var f = frames[i];
      return { type: "view", match: +page.dataset.match, version: f.version, seat: viewerSeat,
               status: i === steps ? "finished" : "running", view: f.view, legal: [], to_act: f.to_act || [],
               server_time: f.server_time, events: f.events || [], replay: true };
    }

    function failed(err) {
      pause();
      toast(t("replay_failed", "The replay could not be loaded.") + " " + (err && err.message || ""));
    }

    /* Draws step i (fetching what it needs); resolves once drawn (or once a later request took over). */
    function show(i) {
      i = Math.max(0, Math.min(steps, i));
      wanted = i;
      var from = i === current + 1 ? i : i - REPLAY_LOOKBACK;
      return ensure(from, i).then(function () {
        if (wanted !== i) return;  // the player moved on meanwhile
        var events = [];
        for (var v = Math.max(0, from); v <= i; v++) {
          if (frames[v]) events = events.concat(frames[v].events || []);
        }
        var frame = frameAt(i);
        var previous = lastFrame;
        replayNow = typeof frame.server_time === "number" ? frame.server_time : replayNow;
        current = i;
        slider.value = i;
        position.textContent = UI.fmt(t("replay_position", "Move {n} of {total}"), { n: i, total: steps });
        position.dataset.step = String(i);
        lastFrame = frame;
        window.__lastFrame = frame;
        document.body.dataset.version = String(frame.version);
        document.body.dataset.status = frame.status;
        render(frame, previous, events);
        emit("replay_step", { version: frame.version, data: replayData });
        if (i + 1 <= steps && !frames[i + 1]) fetchRange(i + 1).catch(function () { /* retried when needed */ });
      });
    }

    function jump(i) {
      return show(i).catch(failed);
    }

    /* ---- play and pause: one step every REPLAY_STEP_MS / speed, stopping at the last step */
    function speed() { return Number(speedSelect && speedSelect.value) || 1; }
    function stepMs() {
      var ms = REPLAY_STEP_MS / speed();
      bar.dataset.stepMs = String(ms);  // the pace, readable by a test
      return ms;
    }

    function setPlaying(on) {
      playing = on;
      clearTimeout(playTimer);
      playTimer = null;
      if (playButton) {
        playButton.dataset.playing = on ? "1" : "0";
        playButton.innerHTML = on ? "&#10074;&#10074;" : "&#9654;";
        playButton.setAttribute("aria-label", on ? t("replay_pause", "Pause") : t("replay_play", "Play"));
      }
      bar.dataset.playing = on ? "1" : "0";
    }

    /* The step `delta` away from the current one, over the runs of votes when "Skip votes" is ticked
     * (a long match is mostly votes: a 484-move Sidi Baba replay has a few dozen moves that change the table). */
    function nextStep(from, delta) {
      var i = from + delta;
      if (skipVotes && skipVotes.checked) {
        while (i > 0 && i < steps && voteSteps[i]) i += delta;
      }
      return Math.max(0, Math.min(steps, i));
    }

    function tick() {
      if (!playing) return;
      if (current >= steps) { setPlaying(false); return; }
      show(nextStep(current, 1)).then(function () {
        if (!playing) return;
        if (current >= steps) { setPlaying(false); return; }
        playTimer = setTimeout(tick, stepMs());
      }).catch(failed);
    }

    function play() {
      if (current >= steps) jump(0);  // from the end, play starts over
      setPlaying(true);
      playTimer = setTimeout(tick, stepMs());
    }

    function pause() { setPlaying(false); }

    function toggle() { if (playing) pause(); else play(); }

    function step(delta) {
      pause();
      jump(nextStep(current, delta));
    }

    /* ---- the next event of a kind, from the viewer's event index */
    function kindLabel(code) {
      if (kindNames[code]) return kindNames[code];
      var words = String(code).replace(/_/g, " ");
      return words.charAt(0).toUpperCase() + words.slice(1);
    }

    function loadEventIndex() {
      var eventsUrl = bar.dataset.eventsUrl;
      if (!eventsUrl || !kindSelect || !seekForm) return;
      fetch(eventsUrl, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (data) {
          eventIndex = data.kinds || {};
          markVoteSteps();
          var codes = Object.keys(eventIndex).sort(function (x, y) {
            return kindLabel(x).localeCompare(kindLabel(y));
          });
          kindSelect.innerHTML = "";
          codes.forEach(function (code) {
            kindSelect.appendChild(UI.h("option", { value: code, text: kindLabel(code) + " (" + eventIndex[code].length + ")" }));
          });
          seekForm.hidden = !codes.length;
        })
        .catch(function () { seekForm.hidden = true; });
    }

    function isVote(code) { return /_vote$/.test(code); }
    function markVoteSteps() {
      var votes = {}, others = {};
      Object.keys(eventIndex).forEach(function (code) {
        (eventIndex[code] || []).forEach(function (v) { (isVote(code) ? votes : others)[v] = true; });
      });
      voteSteps = {};
      Object.keys(votes).forEach(function (v) { if (!others[v]) voteSteps[v] = true; });
      // the control is offered only where there are votes to skip
      var label = document.querySelector("[data-testid=replay-skip-votes-label]");
      if (label) label.hidden = !Object.keys(voteSteps).length;
    }

    function nextOfKind(code) {
      var list = eventIndex[code] || [];
      for (var k = 0; k < list.length; k++) if (list[k] > current) return list[k];
      return null;
    }

    if (viewerSelect) {
      viewerSelect.addEventListener("change", function () {
        // another seat's frames come with a new page: the step shown is kept across the reload
        try { sessionStorage.setItem(resumeKey, String(Math.max(0, current))); } catch (e) { /* private mode: from 0 */ }
        location.search = "?seat=" + encodeURIComponent(viewerSelect.value);
      });
    }
    var resumeAt = 0;
    try {
      resumeAt = Number(sessionStorage.getItem(resumeKey)) || 0;
      sessionStorage.removeItem(resumeKey);
    } catch (e) { resumeAt = 0; }
    fetchRange(0).then(function () {
      slider.max = steps;
      if (moveInput) moveInput.max = steps;
      bar.hidden = false;
      setConn("open", t("replay", "Replay"));
      setPlaying(false);
      stepMs();
      return show(Math.min(resumeAt, steps));
    }).catch(failed);
    loadEventIndex();

    slider.addEventListener("input", function () { pause(); jump(+slider.value); });
    document.getElementById("replay-prev").addEventListener("click", function () { step(-1); });
    document.getElementById("replay-next").addEventListener("click", function () { step(1); });
    if (playButton) playButton.addEventListener("click", toggle);
    if (speedSelect) {
      speedSelect.addEventListener("change", function () {
        stepMs();
        if (!playing) return;
        clearTimeout(playTimer);  // the new pace from now on
        playTimer = setTimeout(tick, stepMs());
      });
    }
    if (gotoForm) {
      gotoForm.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var n = Number(moveInput.value);
        if (moveInput.value === "" || !Number.isInteger(n) || n < 0 || n > steps) {
          toast(UI.fmt(t("replay_bad_move", "A move number from 0 to {max}."), { max: steps }));
          return;
        }
        pause();
        jump(n);
      });
    }
    if (seekForm) {
      seekForm.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var target = nextOfKind(kindSelect.value);
        if (target === null) { toast(t("replay_no_more", "No more of these after this move.")); return; }
        pause();
        jump(target);
      });
    }
    document.addEventListener("keydown", function (ev) {
      if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var target = ev.target;
      // typing in a field (the chat, the move number) or pressing a focused button keeps its own meaning
      var onSlider = target === slider;  // the slider steps with the arrows itself; space still plays
      if (target && !onSlider && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName))) return;
      if (onSlider && ev.key !== " " && ev.key !== "Spacebar") return;
      if (ev.key === " " || ev.key === "Spacebar") { ev.preventDefault(); toggle(); }
      else if (ev.key === "ArrowRight") { ev.preventDefault(); step(1); }
      else if (ev.key === "ArrowLeft") { ev.preventDefault(); step(-1); }
    });
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
    destroyRenderers();
  });

  connect();
})();
