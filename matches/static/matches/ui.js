/* What every match page shares: the renderer registry and the drawing helpers.
 *
 * An ES module: a game's renderer module imports it and registers its renderers:
 *   LiveMatch.registerRenderer("alibaba_tiles", "main", {
 *     actions: ["take", ...],            // the action types this renderer offers controls for
 *     mount: function (root, api) {},   // once, on the element the page template names
 *     update: function (frame, previous, events) {},  // every new frame; events: this viewer's new ones
 *     destroy: function () {},
 *   });
 * live.js (the socket) or its replay player feeds the renderers frames.
 * Its other exports are the helpers: h() builds elements, clocks, toasts, and the
 * generic inputs for legal actions whose parameters are domains.
 */
import * as Clock from "./clock.js";
import { choiceKey } from "./move_confirm.js";

const SVGNS = "http://www.w3.org/2000/svg";
const secondsLeft = Clock.secondsLeft;  // whole seconds left until a deadline, never below 0 (clock.js)

/* h("div", {className: "x", text: "hello", onclick: fn, "data-testid": "y"}, [children]) */
function h(tag, attrs, children) {
  const el = document.createElement(tag);
  if (attrs) {
    Object.keys(attrs).forEach(function (k) {
      const v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") el.textContent = v;
      else if (k === "onclick") el.addEventListener("click", v);
      else if (k === "className") el.className = v;
      else el.setAttribute(k, v === true ? "" : v);
    });
  }
  (children || []).forEach(function (c) {
    if (c === null || c === undefined || c === false) return;
    el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  });
  return el;
}

function svg(tag, attrs, children) {
  const el = document.createElementNS(SVGNS, tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (attrs[k] !== null && attrs[k] !== undefined) el.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) { if (c) el.appendChild(c); });
  return el;
}

/* "{n} s" with {n: 5} -> "5 s"; unknown placeholders stay as they are. */
function fmt(s, args) {
  return String(s).replace(/\{(\w+)\}/g, function (m, k) { return args && args[k] !== undefined ? args[k] : m; });
}

/* A day's short unit in the page's language (a turn-based table's clock runs for days). */
const DAY_UNIT = Clock.dayUnit(document.documentElement.lang);

/* 75 -> "1:15", 9 -> "0:09"; hours when needed; 2 days 3 h -> "2 d 3:00:00" ("2 j" in French): clock.js. */
function formatClock(seconds) {
  return Clock.formatClock(seconds, DAY_UNIT);
}

/* Calls tick(secondsLeft) now and four times a second until stop() (or forever while deadline is set). */
function countdown(deadline, serverNow, tick) {
  if (deadline === null || deadline === undefined) return function () {};
  function run() { tick(secondsLeft(deadline, serverNow())); }
  run();
  const timer = setInterval(run, 250);
  return function () { clearInterval(timer); };
}

/* Whether `seat` has a decision to make in this frame: its legal actions, or the frame's to_act
 * (who the server waits for, which is not always whose turn it is: a bot's effect may ask you).
 * Never in a replay (frame.replay): it shows whom the match waited for, but nobody is asked anything,
 * so no page says "Your turn" there. */
function decides(frame, seat) {
  if (!frame || frame.replay || seat === null || seat === undefined) return false;
  if ((frame.legal || []).length) return true;
  return Array.isArray(frame.to_act) && frame.to_act.indexOf(seat) >= 0;
}

/* A toast on `el`: toast(message, ms) shows it and fades it out. */
function makeToast(el) {
  let timer = null;
  return function toast(message, ms) {
    if (!el) return;
    el.textContent = message;
    el.hidden = false;
    el.style.opacity = "1";
    clearTimeout(timer);
    timer = setTimeout(function () {
      el.style.opacity = "0";
      timer = setTimeout(function () { el.hidden = true; }, 300);
    }, ms || 5000);
  };
}

/* ------------------------------------------------------------ domains (gamekit/domains.py) */

function isDomain(v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v).sort().join(",");
  return keys === "max,min" || keys === "one_of" || (("subset_of" in v) &&
    Object.keys(v).every(function (k) { return k === "subset_of" || k === "min_size" || k === "max_size"; }));
}

function isConcrete(action) {
  return !Object.keys(action).some(function (k) { return isDomain(action[k]); });
}

function valueLabel(v) { return typeof v === "string" ? v : JSON.stringify(v); }

/* One input per domain; returns {el, read()} where read() gives the chosen value or throws a message. */
function domainInput(key, domain, testid, t) {
  if ("min" in domain) {
    const input = h("input", { type: "number", min: domain.min, max: domain.max, step: 1, value: domain.min,
      name: key, "data-testid": testid, required: true });
    return { el: input, read: function () {
      const n = Number(input.value);
      if (input.value === "" || !Number.isInteger(n) || n < domain.min || n > domain.max) {
        throw fmt(t("domain_range", "{name}: a whole number from {min} to {max}."), { name: key, min: domain.min, max: domain.max });
      }
      return n;
    } };
  }
  if ("one_of" in domain) {
    const select = h("select", { name: key, "data-testid": testid }, domain.one_of.map(function (v, i) {
      return h("option", { value: String(i), text: valueLabel(v) });
    }));
    return { el: select, read: function () { return domain.one_of[Number(select.value)]; } };
  }
  const max = domain.max_size !== undefined ? domain.max_size : domain.subset_of.length;
  const min = domain.min_size || 0;
  const boxes = domain.subset_of.map(function (v, i) {
    return h("input", { type: "checkbox", value: String(i), "data-testid": testid + "-" + i });
  });
  function limit() {
    const checked = boxes.filter(function (b) { return b.checked; }).length;
    boxes.forEach(function (b) { b.disabled = !b.checked && checked >= max; });
  }
  boxes.forEach(function (b) { b.addEventListener("change", limit); });
  const wrap = h("span", { className: "subset", "data-testid": testid }, boxes.map(function (b, i) {
    return h("label", { className: "subset-item" }, [b, " ", valueLabel(domain.subset_of[i])]);
  }));
  return { el: wrap, read: function () {
    const chosen = [];
    boxes.forEach(function (b, i) { if (b.checked) chosen.push(domain.subset_of[i]); });
    if (chosen.length < min || chosen.length > max) {
      throw fmt(t("domain_size", "{name}: choose {min} to {max}."), { name: key, min: min, max: max });
    }
    return chosen;
  } };
}

/* A control for one legal action: a button when it is concrete, a small form when it carries domains.
 * send(action, control) receives a concrete action and the control pressed (the button, the form's send
 * button: a page that confirms moves marks it, api.choose); a wrong input goes to toast(message) and sends nothing. */
function actionControl(legal, index, send, t, toast) {
  const label = legal.type || "?";
  if (isConcrete(legal)) {
    const button = h("button", { type: "button", "data-testid": "legal-" + index, text: JSON.stringify(legal),
      "data-choice": choiceKey(legal), onclick: function () { send(legal, button); } });
    return button;
  }
  const inputs = {};
  const rows = [h("strong", { text: label })];
  Object.keys(legal).forEach(function (key) {
    if (key === "type") return;
    if (!isDomain(legal[key])) {
      rows.push(h("span", { className: "muted", text: " " + key + "=" + valueLabel(legal[key]) }));
      return;
    }
    const input = domainInput(key, legal[key], "legal-" + index + "-" + key, t);
    inputs[key] = input;
    rows.push(h("label", { className: "domain" }, [" " + key + " ", input.el]));
  });
  const submit = h("button", { type: "submit", "data-testid": "legal-" + index + "-send", text: t("send", "Send") });
  rows.push(submit);
  // novalidate: the page checks the inputs itself and says what is wrong in the page's language
  const form = h("form", { className: "action-form", "data-testid": "legal-" + index, novalidate: true }, rows);
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    const action = {};
    try {
      Object.keys(legal).forEach(function (key) { action[key] = inputs[key] ? inputs[key].read() : legal[key]; });
    } catch (message) {
      if (toast) toast(String(message));
      return;
    }
    send(action, submit);
  });
  return form;
}

/* The controls for a list of legal actions (numbered by their place in frame.legal). */
function actionControls(legalWithIndex, send, t, toast) {
  return legalWithIndex.map(function (pair) { return actionControl(pair[0], pair[1], send, t, toast); });
}

/* A press on the control `el` of a decision: api.choose (the live page: sent now, or first picked when the
 * person confirms moves, confirm_bar.js); a page with no such api (a test's harness) sends at once. */
function choose(api, action, sendNow, el) {
  if (api && typeof api.choose === "function") return api.choose(action, sendNow, el);
  sendNow(action);
  return true;
}

/* ------------------------------------------------------------ the generic renderer */

/* For a game without a renderer of its own: the view as JSON and a control per legal action. */
function genericRenderer() {
  let root = null, api = null;
  return {
    actions: "*",
    mount: function (el, a) { root = el; api = a; },
    update: function (frame) {
      root.innerHTML = "";
      const legal = (frame.legal || []).map(function (a, i) { return [a, i]; });
      const box = h("div", { className: "generic-view card" }, [
        h("h2", { text: frame.status === "finished" ? api.t("finished", null, "Finished") : api.t("legal", null, "What you may do now") }),
        h("div", { className: "legal" }, legal.length
          ? actionControls(legal, function (a, el) { choose(api, a, api.send, el); }, function (k, f) { return api.t(k, null, f); }, api.toast)
          : [h("p", { className: "muted", text: api.t("waiting", null, "Nothing to do right now.") })]),
        h("pre", { text: JSON.stringify(frame.view, null, 2) }),
      ]);
      root.appendChild(box);
    },
    destroy: function () { if (root) root.innerHTML = ""; root = null; },
  };
}

/* ------------------------------------------------------------ the registry */

const registry = {};

export const LiveMatch = {
  registerRenderer: function (game, name, renderer) {
    if (!renderer || typeof renderer.update !== "function") throw new Error("a renderer needs update()");
    registry[game + "/" + name] = renderer;
  },
  renderer: function (game, name) { return registry[game + "/" + name] || null; },
  genericRenderer: genericRenderer,
};

export {
  h, svg, fmt, secondsLeft, formatClock, countdown,
  makeToast, decides, isDomain, isConcrete,
  actionControl, actionControls, choiceKey, choose,
};
