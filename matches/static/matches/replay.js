/* The replay player of a finished match's page (live.js starts it on a replay page): the frames as one
 * viewer saw them, drawn by the game's own renderers through the page's hooks (`host`). */
import * as UI from "./ui.js";
import { start as startReview } from "./review.js";
import {
  chunkProbes, chunkRange, clampStep, eventsBetween, eventsFrom, keyAction, kindLabel as kindName,
  moveNumber, nextOfKind as nextOfKindIn, nextStep as stepFrom, replayFrame, sortedKinds, speedOf,
  stepMs as stepMsAt, voteOnlySteps,
} from "./replay_steps.js";
/* Replay: the finished match's frames as one viewer saw them (?seat= in the JSON's URL), fetched in
 * ranges as the player moves and drawn by the game's own renderers. It plays by itself (play/pause,
 * speed), steps, jumps to a move number or to the next event of a kind the viewer saw (from the
 * replay's event index), and is driven from the keyboard: space plays or pauses, the arrows step.
 * A replay shows no clock (the page's CSS hides the renderers' countdowns). */
export function start(host, url) {
  const page = host.page, seat = host.seat, api = host.api;
  const t = host.t, toast = host.toast, setConn = host.setConn, render = host.render, emit = host.emit;
  const bar = document.getElementById("replay-controls");
  const slider = document.getElementById("replay-slider");
  const position = document.getElementById("replay-position");
  const viewerSelect = document.getElementById("replay-viewer");
  const playButton = document.getElementById("replay-play");
  const speedSelect = document.getElementById("replay-speed");
  const gotoForm = document.getElementById("replay-goto");
  const moveInput = document.getElementById("replay-move");
  const seekForm = document.getElementById("replay-seek");
  const kindSelect = document.getElementById("replay-event-kind");
  const kindNames = host.eventKinds || {};  // the game's names of its events' kinds
  const frames = {};      // version -> frame of the replay JSON
  const pending = {};     // chunk start -> a fetch in flight
  let steps = Number(page.dataset.replaySteps || 0);
  let chunk = 100;
  let current = -1;
  let wanted = 0;
  const viewerSeat = seat;
  let replayNow = null;
  let replayData = null;
  let eventIndex = {};  // event code -> the steps that made one, as this viewer saw them
  let playing = false;
  let playTimer = null;
  const skipVotes = document.getElementById("replay-skip-votes");
  let voteSteps = {};   // step -> true when every event the viewer saw at it is a vote (a code ending in "_vote")
  const resumeKey = "replay-step:" + page.dataset.match;
  api.serverNow = function () { return replayNow !== null ? replayNow : Date.now() / 1000; };
  api.send = function () { return false; };
  api.replay = true;

  // the server's chunks (replay_steps.js): k holds the steps after actions k*chunk .. (k+1)*chunk-1, and chunk 0 also step 0
  function fetchRange(v) {
    const range = chunkRange(v, chunk);
    const start = range.from, end = range.to;
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
    // one fetch per chunk missing
    const needed = chunkProbes(from, to, chunk).filter(function (v) { return !frames[v]; }).map(fetchRange);
    return Promise.all(needed);
  }

  function frameAt(i) {
    return replayFrame(frames[i], i, steps, viewerSeat, +page.dataset.match, replayData && replayData.seat_notices);
  }

  function failed(err) {
    pause();
    toast(t("replay_failed", "The replay could not be loaded.") + " " + (err && err.message || ""));
  }

  /* Draws step i (fetching what it needs); resolves once drawn (or once a later request took over). `legal`:
   * the actions the frame offers (none in a replay; the review shows a better action so, review.js). */
  function show(i, legal) {
    i = clampStep(i, steps);
    wanted = i;
    const from = eventsFrom(i, current);
    return ensure(from, i).then(function () {
      if (wanted !== i) return;  // the player moved on meanwhile
      const events = eventsBetween(frames, from, i);
      const frame = frameAt(i);
      if (legal) frame.legal = legal;
      const previous = host.frame();
      document.querySelectorAll(".review-best").forEach(function (el) { el.classList.remove("review-best", "choice-pending"); });
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
  function speed() { return speedOf(speedSelect && speedSelect.value); }
  function stepMs() {
    const ms = stepMsAt(speed());
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
    return stepFrom(from, delta, steps, voteSteps, !!(skipVotes && skipVotes.checked));
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
  function kindLabel(code) { return kindName(code, kindNames); }

  function loadEventIndex() {
    const eventsUrl = bar.dataset.eventsUrl;
    if (!eventsUrl || !kindSelect || !seekForm) return;
    fetch(eventsUrl, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        eventIndex = data.kinds || {};
        markVoteSteps();
        const codes = sortedKinds(eventIndex, kindNames);
        kindSelect.innerHTML = "";
        codes.forEach(function (code) {
          kindSelect.appendChild(UI.h("option", { value: code, text: kindLabel(code) + " (" + eventIndex[code].length + ")" }));
        });
        seekForm.hidden = !codes.length;
      })
      .catch(function () { seekForm.hidden = true; });
  }

  function markVoteSteps() {
    voteSteps = voteOnlySteps(eventIndex);
    // the control is offered only where there are votes to skip
    const label = document.querySelector("[data-testid=replay-skip-votes-label]");
    if (label) label.hidden = !Object.keys(voteSteps).length;
  }

  function nextOfKind(code) { return nextOfKindIn(eventIndex, code, current); }

  if (viewerSelect) {
    viewerSelect.addEventListener("change", function () {
      // another seat's frames come with a new page: the step shown is kept across the reload
      try { sessionStorage.setItem(resumeKey, String(Math.max(0, current))); } catch { /* private mode: from 0 */ }
      location.search = "?seat=" + encodeURIComponent(viewerSelect.value);
    });
  }
  let resumeAt = 0;
  try {
    resumeAt = Number(sessionStorage.getItem(resumeKey)) || 0;
    sessionStorage.removeItem(resumeKey);
  } catch { resumeAt = 0; }
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
  startReview({
    steps: function () { return steps; },
    jump: function (i, legal) { pause(); return show(i, legal).catch(failed); },
    // the views this replay's seat had at these steps (the frames it is shown anyway): {step: view}
    views: function (list) {
      return Promise.all(list.map(function (i) { return ensure(i, i); })).then(function () {
        const out = {};
        list.forEach(function (i) { if (frames[i]) out[i] = frames[i].view || {}; });
        return out;
      });
    },
    game: page.dataset.game,
    api: api,
  });

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
      const n = moveNumber(moveInput.value, steps);
      if (n === null) {
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
      const target = nextOfKind(kindSelect.value);
      if (target === null) { toast(t("replay_no_more", "No more of these after this move.")); return; }
      pause();
      jump(target);
    });
  }
  document.addEventListener("keydown", function (ev) {
    // typing in a field (the chat, the move number) or pressing a focused button keeps its own meaning;
    // the slider steps with the arrows itself, space still plays (replay_steps.js keyAction)
    const action = keyAction(ev, ev.target === slider);
    if (action === "toggle") { ev.preventDefault(); toggle(); }
    else if (action === "next") { ev.preventDefault(); step(1); }
    else if (action === "previous") { ev.preventDefault(); step(-1); }
  });
}
