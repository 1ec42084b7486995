/* Keeps a keyboard player's place when a frame redraws the game (issue 36). The renderers build their
 * controls again on every frame; the control that had the focus went with them and the focus fell to
 * <body>, so after every action the keyboard began again from the top of the page.
 *
 * Before a redraw, markFocus() notes the focused control inside the game's areas (what it is: its tag,
 * data-testid, words and place among its like); after it, keepFocus() puts the focus back on the same
 * control if it is still there, else on its like with the same words, else on the one at its place,
 * else on the first control the game now offers (the next decision), else on the area itself.
 * Nothing happens when the focus was elsewhere (the chat's field, the header) or is still in place. */

// What may be the next decision: a control, or a drawn piece acting as a button (the cave's tiles). Not any
// element with tabindex 0: a log or a table that scrolls is focusable too, and is no decision.
const CONTROLS = "[role=button][tabindex='0'], button:not([disabled]), input:not([disabled]):not([type=hidden]), " +
  "select:not([disabled]), textarea:not([disabled])";

function words(el) {
  return (el.getAttribute("aria-label") || el.textContent || "").replace(/\s+/g, " ").trim();
}

function likeSelector(mark) {
  return mark.testid ? mark.tag + "[data-testid='" + mark.testid.replace(/'/g, "\\'") + "']" : mark.tag;
}

/* Which of `candidates` ({words, disabled}) stands for the marked control: the first enabled one with its
 * words, else the enabled one at its place (or the last before it), else -1. Pure: tested on its own. */
export function pickLike(mark, candidates) {
  const same = candidates.findIndex(function (c) { return !c.disabled && c.words === mark.words; });
  if (same >= 0) return same;
  for (let i = Math.min(mark.nth, candidates.length - 1); i >= 0; i--) {
    if (!candidates[i].disabled) return i;
  }
  return -1;
}

/* The focused control inside one of `areas` (elements), as a mark; null when the focus is elsewhere. */
export function markFocus(areas) {
  const el = document.activeElement;
  const area = el && el !== document.body ? areas.find(function (a) { return a && a.contains(el) && a !== el; }) : null;
  if (!area) return null;
  const mark = { el: el, area: area, tag: el.tagName.toLowerCase(), testid: el.getAttribute("data-testid"), words: words(el), nth: 0 };
  mark.nth = Array.prototype.indexOf.call(area.querySelectorAll(likeSelector(mark)), el);
  return mark;
}

/* After a redraw: the focus back where `mark` (from markFocus) says, when the redraw took it away. */
export function keepFocus(mark) {
  if (!mark) return;
  const now = document.activeElement;
  if (mark.el.isConnected && now === mark.el) return;
  if (now && now !== document.body && now.isConnected && mark.area.contains(now)) return;
  const like = Array.prototype.slice.call(mark.area.querySelectorAll(likeSelector(mark)));
  const at = pickLike(mark, like.map(function (c) { return { words: words(c), disabled: c.disabled === true || !c.getClientRects().length }; }));
  const target = at >= 0 ? like[at] : mark.area.querySelector(CONTROLS);
  if (target) {
    target.focus({ preventScroll: true });
  } else {
    if (!mark.area.hasAttribute("tabindex")) mark.area.setAttribute("tabindex", "-1");
    mark.area.focus({ preventScroll: true });
  }
}
