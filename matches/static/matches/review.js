/* The review panel of a replay (docs/analysis.md): for the seat whose replay is shown, a button asks for the
 * review of its decisions, a progress bar follows it while the bot lane works it out (the page asks again after
 * POLL_MS, waiting longer while nothing moves, up to POLL_MAX_MS, and not while it is hidden), then the graph of the estimate over the match, the marks on the timeline (a press jumps the
 * replay to that decision and shows the better action on the game's own drawing, as a pending choice is
 * shown), the largest swings in a sentence each, and every decision as a table a screen reader reads. */
import * as UI from "./ui.js";
import { REVIEW } from "./match_strings.js";
import { actionText } from "./speech.js";
import {
  curve, inProgress, marks, nextPoll, notJudgedKey, points, polyline, progress, resultWords, roleOf, swingSentences,
} from "./review_steps.js";

const POLL_MS = 1000;
const POLL_MAX_MS = 4000;
const WIDTH = 600, HEIGHT = 120;

/* host: {steps(), jump(step, legal) -> Promise, views(steps) -> Promise of {step: view}, game, api}; the panel is
 * the template's #review-panel. An action is named in its game's words (speech.actionText) from the view the
 * seat had at that decision: the replay's own frame of that step, for the seat it shows (the only seat whose
 * review the page offers), so the review tells nothing the replay does not. */
export function start(host) {
  const panel = document.getElementById("review-panel");
  if (!panel) return;
  const url = panel.dataset.reviewUrl;
  const askButton = panel.querySelector("[data-testid=review-ask]");
  const bar = panel.querySelector("[data-testid=review-progress]");
  const status = panel.querySelector("[data-testid=review-status]");
  const body = panel.querySelector("[data-testid=review-body]");
  let timer = null;
  let wait = 0;  // the last wait before asking again, in ms
  let last = null;  // the last answer's "status done", to tell an answer that moved on
  let shown = null;
  let views = {};  // step -> the seat's view at that step (the decision's), once fetched

  function say(text) { status.textContent = text; }

  function load(method) {
    const token = document.querySelector("input[name=csrfmiddlewaretoken]");
    const options = { method: method, credentials: "same-origin", headers: {} };
    if (method === "POST") options.headers["X-CSRFToken"] = token ? token.value : "";
    return fetch(url, options).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) throw new Error(data.error || String(r.status));
        return data;
      });
    });
  }

  function follow(data) {
    clearTimeout(timer);
    panel.dataset.status = data.status;
    if (askButton) askButton.parentElement.hidden = data.status !== "none" && data.status !== "failed";
    bar.hidden = !inProgress(data.status);
    bar.value = progress(data.done, data.total);
    bar.setAttribute("aria-valuetext", UI.fmt(REVIEW.progress, { done: data.done, total: data.total || "…" }));
    if (data.status === "none") say(REVIEW.none);
    else if (data.status === "failed") say(REVIEW.failed);
    else if (inProgress(data.status)) say(UI.fmt(REVIEW.progress, { done: data.done, total: data.total || "…" }));
    else say("");
    if (inProgress(data.status)) {
      const now = data.status + " " + data.done;
      wait = nextPoll(wait, now !== last, POLL_MS, POLL_MAX_MS);
      last = now;
      timer = setTimeout(poll, wait);
    }
    if (data.status === "done" && shown !== data) { shown = data; withViews(data).then(function () { if (shown === data) draw(data); }); }
  }

  /* The decisions' views fetched (the replay's chunks around them); on a failure the actions are named by
   * their fields. */
  function withViews(data) {
    const steps = (data.decisions || []).map(function (d) { return d.seq; });
    if (!host.views) return Promise.resolve();
    return host.views(steps).then(function (found) { views = found; }).catch(function (err) { console.warn(err); });
  }

  /* A hidden page does not ask: it asks again at once when shown (the visibilitychange listener below). */
  let skipped = false;  // a poll fell due while the page was hidden
  function poll() {
    timer = null;
    if (document.hidden) { skipped = true; return; }
    load("GET").then(follow).catch(function (err) {
      say(err.message);
      // A review being worked out is asked about again (a lost answer, a restarting server), less often.
      if (inProgress(panel.dataset.status)) {
        wait = nextPoll(wait, false, POLL_MS, POLL_MAX_MS);
        timer = setTimeout(poll, wait);
      }
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !skipped) return;
    skipped = false;
    wait = 0;
    poll();
  });

  /* An action of the decision at `step`, in its game's words. */
  function words(action, step) {
    return actionText(host.game, action, views[step], host.api);
  }

  /* Seats by their names at the table, joined as the page's language joins a list ("Alice and Bob"). */
  function seatNames(seats) {
    const names = seats.map(function (s) { return host.api.name(s); });
    return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(names);
  }

  /* Jump to the decision and draw the better action on the game's own drawing: the frame is drawn with it
   * as its one legal action, and the control the game draws for it is marked as a pending choice is. */
  function showDecision(d) {
    host.jump(d.seq, d.best ? [d.best] : []).then(function () {
      const key = UI.choiceKey(d.best);
      document.querySelectorAll("[data-choice]").forEach(function (el) {
        if (el.getAttribute("data-choice") === key) el.classList.add("choice-pending", "review-best");
      });
      const detail = panel.querySelector("[data-testid=review-detail]");
      detail.hidden = false;
      if (typeof d.taken_value !== "number") { detail.textContent = words(d.taken, d.seq) + ": " + REVIEW[notJudgedKey(d)]; return; }
      detail.textContent = UI.fmt(REVIEW.detail, {
        move: d.seq, taken: words(d.taken, d.seq), best: words(d.best, d.seq),
        taken_value: points(d.taken_value), best_value: points(d.best_value), loss: points(d.loss),
      });
    });
  }

  function draw(data) {
    body.innerHTML = "";
    // A game whose review is a weak judge says so where its marks are read (docs/analysis.md, its figures).
    const caveat = REVIEW["caveat_" + host.game];
    if (caveat) body.appendChild(UI.h("p", { className: "muted review-caveat", "data-testid": "review-caveat", text: caveat }));
    const steps = host.steps();
    const pts = curve(data.decisions, steps, WIDTH, HEIGHT);
    const graph = UI.svg("svg", { viewBox: "0 0 " + WIDTH + " " + HEIGHT, class: "review-graph", "data-testid": "review-graph",
                                   role: "img", "aria-label": REVIEW.graph, preserveAspectRatio: "none" }, [
      UI.svg("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "review-mid" }),
      UI.svg("polyline", { points: polyline(pts), class: "review-line", "data-testid": "review-line" }),
    ].concat(pts.filter(function (p) { return p.mark; }).map(function (p) {
      return UI.svg("circle", { cx: p.x, cy: p.y, r: 4, class: "review-dot " + p.mark });
    })));
    body.appendChild(graph);
    // the marks on the timeline: each a button at its place along the match
    const timeline = UI.h("div", { className: "review-timeline", "data-testid": "review-timeline" });
    const byseq = {};
    data.decisions.forEach(function (d) { byseq[d.seq] = d; });
    marks(data.decisions).forEach(function (m) {
      const d = byseq[m.seq];
      const label = UI.fmt(REVIEW.mark_label, { mark: REVIEW[m.mark], move: m.step, loss: points(m.loss) });
      const button = UI.h("button", { type: "button", className: "review-mark " + m.mark, "data-testid": "review-mark",
                                      "data-mark": m.mark, "data-step": String(m.step), "aria-label": label, title: label,
                                      style: "left: " + (100 * m.step / Math.max(1, steps)).toFixed(2) + "%",
                                      onclick: function () { showDecision(d); } }, [m.mark === "blunder" ? "??" : m.mark === "mistake" ? "?" : "?!"]);
      timeline.appendChild(button);
    });
    body.appendChild(timeline);
    body.appendChild(UI.h("p", { className: "review-detail", "data-testid": "review-detail", role: "status", hidden: true }));
    const sentences = swingSentences(data, REVIEW.swing, words, UI.fmt, { sentence: REVIEW.swing_gave, names: seatNames },
                                     resultWords(REVIEW, host.game, roleOf(views)));
    body.appendChild(UI.h("h3", { text: REVIEW.swings_title }));
    body.appendChild(sentences.length
      ? UI.h("ol", { className: "review-swings", "data-testid": "review-swings" }, sentences.map(function (s) {
        return UI.h("li", { "data-mark": s.mark }, [s.text]);
      }))
      : UI.h("p", { "data-testid": "review-swings", text: REVIEW.no_swings }));
    body.appendChild(table(data));
  }

  /* Every decision in words: what a screen reader reads of the review (the graph is a picture). */
  function table(data) {
    const rows = data.decisions.map(function (d) {
      const judgedHere = typeof d.taken_value === "number";
      const go = UI.h("button", { type: "button", className: "secondary", text: String(d.seq),
                                  "aria-label": UI.fmt(REVIEW.go, { move: d.seq }), onclick: function () { showDecision(d); } });
      return UI.h("tr", { "data-mark": d.mark || "" }, [
        UI.h("td", {}, [go]),
        UI.h("td", { text: words(d.taken, d.seq) }),
        UI.h("td", { text: judgedHere ? String(points(d.taken_value)) : REVIEW[notJudgedKey(d)] }),
        UI.h("td", { text: judgedHere ? words(d.best, d.seq) + " (" + points(d.best_value) + ")" : "" }),
        UI.h("td", { text: judgedHere ? String(points(d.loss)) : "" }),
        UI.h("td", { text: d.mark ? REVIEW[d.mark] : "" }),
      ]);
    });
    return UI.h("details", { className: "review-table", "data-testid": "review-table" }, [
      UI.h("summary", { text: REVIEW.table_title }),
      UI.h("table", {}, [
        UI.h("caption", { text: REVIEW.table_caption }),
        UI.h("thead", {}, [UI.h("tr", {}, [REVIEW.col_move, REVIEW.col_taken, REVIEW.col_value, REVIEW.col_best, REVIEW.col_loss,
                                            REVIEW.col_mark].map(function (c) { return UI.h("th", { scope: "col", text: c }); }))]),
        UI.h("tbody", {}, rows),
      ]),
    ]);
  }

  if (askButton) {
    askButton.addEventListener("click", function () {
      askButton.disabled = true;
      load("POST").then(follow).catch(function (err) { say(err.message); })
        .finally(function () { askButton.disabled = false; });
    });
  }
  panel.hidden = false;
  poll();
}
