/* The replay player of a finished match's page (live.js starts it on a replay page): the frames as one
 * viewer saw them, drawn by the game's own renderers through the page's hooks (`host`). */
import * as UI from "./ui.js";
/* Replay: the finished match's frames as one viewer saw them (?seat= in the JSON's URL), fetched in
 * ranges as the player moves and drawn by the game's own renderers. It plays by itself (play/pause,
 * speed), steps, jumps to a move number or to the next event of a kind the viewer saw (from the
 * replay's event index), and is driven from the keyboard: space plays or pauses, the arrows step.
 * A replay shows no clock (the page's CSS hides the renderers' countdowns). */
var REPLAY_LOOKBACK = 40;  // steps of events handed over after a jump, for the renderers' logs
var REPLAY_STEP_MS = 1000; // one move a second at 1x
export function start(host, url) {
  var page = host.page, seat = host.seat, api = host.api;
  var t = host.t, toast = host.toast, setConn = host.setConn, render = host.render, emit = host.emit;
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
  var kindNames = host.eventKinds || {};  // the game's names of its events' kinds
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
             server_time: f.server_time, events: f.events || [], replay: true,
             // the seats' changes, which each game's log shows where they happened (seat_log.js)
             seat_notices: (replayData && replayData.seat_notices) || [] };
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
      var previous = host.frame();
      replayNow = typeof frame.server_time === "number" ? frame.server_time : replayNow;
      current = i;
      slider.value = i;
      position.textContent = UI.fmt(t("replay_position", "Move {n} of {total}"), { n: i, total: steps });
      position.dataset.step = String(i);
      host.setFrame(frame);
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
