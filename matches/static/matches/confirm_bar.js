/* The page side of "Confirm moves" (the person's setting, docs/protocol.md, "Confirming moves"): the pending
 * choice drawn on its control (class choice-pending, aria-pressed="true"), the bar under the game with the
 * choice's words, "Press again to confirm", Confirm and Cancel, Escape, and the announcement for screen
 * readers. The rule itself (what a press does, when a pending choice is dropped) is move_confirm.js.
 *
 * live.js makes one per page and hands games api.choose(action, sendNow, el): a game's control for a
 * decision calls it instead of sending; it sends at once when confirmation is off. A control drawn for an
 * action carries data-choice (ui.js, choiceKey) so that a redrawn board shows the pending choice again. */
import * as Confirm from "./move_confirm.js";

function words(el) {
  if (!el) return "";
  const title = el.querySelector && el.querySelector(":scope > title");
  return (el.getAttribute("aria-label") || (title && title.textContent) || el.textContent || "").replace(/\s+/g, " ").trim();
}

/* on: whether this page confirms moves; page: the match page; bar: the template's #confirm-bar (present when
 * on); announcer: the page's short live region; frame(): the frame drawn. */
export function makeConfirmer(options) {
  const on = !!options.on && !!options.bar;
  const page = options.page, bar = options.bar, announcer = options.announcer;
  let state = null;
  let pendingSend = null, pendingEl = null;
  let marked = [];

  function legalNow() {
    const frame = options.frame();
    return frame ? frame.legal || [] : [];
  }

  /* aria-pressed on what is a button (a <button>, a drawn piece or a square of Sidi Baba's map with role=button);
   * anything else only shows it */
  function mark(el, pending) {
    el.classList.toggle("choice-pending", pending);
    if (el.tagName.toLowerCase() === "button" || el.getAttribute("role") === "button") el.setAttribute("aria-pressed", pending ? "true" : "false");
  }

  /* The pending choice drawn on every control that stands for it (a redraw made new ones), the bar shown. */
  function refresh() {
    if (!on) return;
    marked.forEach(function (el) { mark(el, false); });
    marked = [];
    page.querySelectorAll("[data-choice]").forEach(function (el) {
      const pending = !!state && el.getAttribute("data-choice") === state.key;
      mark(el, pending);
      if (pending) marked.push(el);
    });
    if (state && pendingEl && pendingEl.isConnected && marked.indexOf(pendingEl) < 0) {
      mark(pendingEl, true);
      marked.push(pendingEl);
    }
    bar.hidden = !state;
    page.toggleAttribute("data-choice-pending", !!state);
  }

  function announce(text) {
    if (!announcer) return;
    announcer.textContent = "";
    setTimeout(function () { announcer.textContent = text; }, 50);
  }

  function drop() {
    state = null;
    pendingSend = null;
    pendingEl = null;
    refresh();
  }

  /* The control of the pending choice, or one drawn for it since. */
  function pendingControl() {
    if (pendingEl && pendingEl.isConnected) return pendingEl;
    return marked.filter(function (el) { return el.isConnected; })[0] || null;
  }

  function cancel() {
    if (!state) return;
    const control = pendingControl();
    drop();
    if (control && typeof control.focus === "function") control.focus({ preventScroll: true });
    announce(options.cancelled || "");
  }

  function confirmPending() {
    const out = Confirm.confirm(state);
    const send = pendingSend;
    const control = pendingControl();
    drop();
    // the focus goes back to the game, where the focus keeper follows it through the redraw
    if (control && typeof control.focus === "function") control.focus({ preventScroll: true });
    if (out.send && send) send(out.send);
  }

  /* A press on the control `el` of a decision whose action is `action`; sendNow(action) sends it. */
  function choose(action, sendNow, el) {
    const out = Confirm.press(state, action, legalNow(), on);
    if (out.send) {
      drop();
      sendNow(out.send);
      return true;
    }
    state = out.state;
    pendingSend = sendNow;
    pendingEl = el || null;
    const choice = bar.querySelector("[data-testid=confirm-choice]");
    const prompt = bar.querySelector("[data-testid=confirm-prompt]");
    const said = words(el);
    if (choice) choice.textContent = said;
    refresh();
    announce((said ? said + ". " : "") + (prompt ? prompt.textContent.trim() : ""));
    return false;
  }

  /* A new frame drawn: the pending choice stays while the same question stands, drawn again on its control. */
  function follow(frame) {
    if (!on) return;
    const kept = Confirm.follow(state, frame ? frame.legal : []);
    if (!kept && state) drop();
    else refresh();
  }

  if (on) {
    bar.querySelector("[data-testid=confirm-send]").addEventListener("click", confirmPending);
    bar.querySelector("[data-testid=confirm-cancel]").addEventListener("click", cancel);
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && state) {
        ev.preventDefault();
        cancel();
      }
    });
    // a form sent once (Basra's sale, offer...) and then changed: the pick was of the values it had, so it goes
    function formChanged(ev) {
      if (state && pendingEl && pendingEl.form && pendingEl.form.contains(ev.target)) drop();
    }
    document.addEventListener("input", formChanged);
    document.addEventListener("change", formChanged);
  }

  return { on: on, choose: choose, follow: follow, cancel: cancel, pending: function () { return state; } };
}
