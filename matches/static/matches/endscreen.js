/* The end screen every game shares: places, each seat's rating change, the replay, the lobby and the
 * rematch, drawn from frame.end (matches/endscreen.py) into #match-end once the match is over.
 * A game whose renderer draws the ranking itself says so with `endRanking: true` and shows the rating
 * changes with ratingText / ratingCell, imported from here (the treasure cave's end table does);
 * this panel then keeps to the links and the rematch. */
import * as UI from "./ui.js";
import { END } from "./match_strings.js";
import { isAbortCode, seatLine } from "./seat_log.js";

const h = UI.h;
const panel = document.getElementById("match-end");
const page = document.getElementById("match-page");

const T = END;
function t(key, fallback) { return T[key] || fallback; }

function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "±") + Math.abs(n); }

/* "+24 (1500 → 1524)" on the shown scale (docs/ratings.md), "unrated", "rating…" while the ratings are being
 * recorded; a seat whose entity's figure is on another row (a kind of computer player seated several times
 * is one rating, shown once): "counted with {name}". `end` (frame.end) names that row. */
function ratingText(rating, end) {
  if (!rating) return "";
  if (rating.state === "unrated") return t("unrated", "unrated");
  if (rating.state === "pending") return t("rating_pending", "rating…");
  if (rating.state === "none") return "—";
  if (rating.state === "counted") return UI.fmt(t("rating_counted", "counted with {name}"), { name: seatName(end, rating.with_seat) });
  return signed(rating.change) + " (" + rating.before + " → " + rating.after + ")";
}

function seatName(end, seat) {
  const player = ((end && end.players) || []).filter(function (p) { return p.seat === seat; })[0];
  return player ? player.name : String(seat + 1);
}

/* The rating cell of `seat`'s row: the change, then the figures before and after, each kept whole and
 * wrapping between them on a narrow screen; "for its N seats together" under the one figure of a kind of
 * computer player seated several times. The pending state takes the same two lines, so the figures
 * replace it without moving the table. */
function ratingCell(end, seat) {
  const player = (end.players || []).filter(function (p) { return p.seat === seat; })[0];
  const rating = player ? player.rating : null;
  const state = rating ? rating.state : "";
  const cls = "rating-change" + (state === "rated" ? (rating.change > 0 ? " up" : rating.change < 0 ? " down" : "") : " muted") +
    (state ? " " + state : "");
  const seats = rating && rating.seats && rating.seats.length > 1
    ? h("small", { className: "rating-seats", "data-testid": "rating-seats-" + seat,
      text: UI.fmt(t("rating_seats", "for its {n} seats together"), { n: rating.seats.length }) }) : null;
  let parts;
  if (state === "rated") {
    parts = [h("span", { className: "rating-part", text: signed(rating.change) }), " ",
      h("span", { className: "rating-part", text: "(" + rating.before + " → " + rating.after + ")" })];
  } else if (state === "pending") {
    // The figures' shape, drawn by the style sheet (no text) and hidden, keeps their room; "rating…" lies over
    // it, so the figures replace it without moving the table.
    parts = [h("span", { className: "rating-box" }, [
      h("span", { className: "rating-part rating-placeholder", "aria-hidden": "true", "data-shape": "−00" }), " ",
      h("span", { className: "rating-part rating-placeholder", "aria-hidden": "true", "data-shape": "(1500 → 1500)" }),
      h("span", { className: "rating-pending", text: ratingText(rating, end) }),
    ])];
  } else {
    parts = [h("span", { text: ratingText(rating, end) })];
  }
  return h("td", { className: cls, "data-testid": "rating-change-" + seat }, parts.concat(seats ? [seats] : []));
}

function placeText(p) {
  if (p.place === null || p.place === undefined) return "—";
  return p.shared ? UI.fmt(t("shared_place", "{place} (shared)"), { place: p.place }) : String(p.place);
}

function ranking(end, seat) {
  const body = h("tbody", {}, end.players.map(function (p) {
    return h("tr", { className: (p.place === 1 ? "winner" : "") + (p.seat === seat ? " me" : ""), "data-testid": "end-row-" + p.seat }, [
      h("td", { text: placeText(p) }),
      h("td", { title: p.title || null }, [p.name,
        p.role ? h("span", { className: "muted end-role", "data-testid": "end-role-" + p.seat, text: " · " + p.role }) : null,
        p.left ? h("span", { className: "muted", text: " · " + t("left", "resigned") }) : null,
        p.stood_in ? h("span", { className: "muted", "data-testid": "end-stood-in-" + p.seat, text: " · " + t("stood_in", "a computer player finished the seat") }) : null]),
      h("td", { text: p.score === null || p.score === undefined ? "" : String(p.score) }),
      ratingCell(end, p.seat),
    ]);
  }));
  return h("div", { className: "table-wrap" }, [h("table", { className: "list end-ranking", "data-testid": "end-ranking", tabindex: 0 }, [
    h("thead", {}, [h("tr", {}, [
      h("th", { text: t("place", "Place") }), h("th", { text: t("player", "Player") }),
      h("th", { text: t("score", "Score") }), h("th", { text: t("rating", "Rating") }),
    ])]),
    body,
  ])]);
}

function postForm(url, label, testid, cls) {
  const token = document.querySelector("#end-csrf input[name=csrfmiddlewaretoken]");
  return h("form", { method: "post", action: url, className: "inline" }, [
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: token ? token.value : "" }),
    h("button", { type: "submit", className: cls || "", "data-testid": testid, text: label }),
  ]);
}

const STATES = { accepted: "accepted", joined: "joined", invited: "invited", declined: "declined", bot: "computer", open: "open" };

function rematchBlock(rematch) {
  if (!rematch) return null;
  const box = h("div", { className: "rematch", "data-testid": "rematch" });
  const urls = panel.dataset;
  if (!rematch.table) {
    if (rematch.is_host) box.appendChild(postForm(urls.rematchOffer, t("rematch", "Rematch"), "rematch-offer", "primary"));
    return box.childNodes.length ? box : null;
  }
  if (rematch.match_url) {
    box.appendChild(h("p", {}, [t("rematch_started", "The rematch has started."), " ",
      h("a", { href: rematch.match_url, className: "button", "data-testid": "rematch-go", text: t("rematch_go", "Go to the rematch") })]));
  } else if (rematch.mine === "invited" || rematch.mine === "declined") {
    box.appendChild(h("p", { "data-testid": "rematch-invitation", text: UI.fmt(t("rematch_invited", "{host} offers a rematch with the same seats."), { host: rematch.host }) }));
    box.appendChild(postForm(urls.rematchAccept, t("accept", "Accept"), "rematch-accept", "primary"));
    if (rematch.mine === "invited") box.appendChild(postForm(urls.rematchDecline, t("decline", "Decline"), "rematch-decline", "secondary"));
  } else if (rematch.mine) {
    box.appendChild(h("p", {}, [t("rematch_waiting", "Waiting for the others to accept."), " ",
      h("a", { href: rematch.table_url, "data-testid": "rematch-table", text: t("rematch_table", "The rematch's table") })]));
  } else {
    box.appendChild(h("p", { text: UI.fmt(t("rematch_offered", "{host} offered a rematch."), { host: rematch.host }) }));
  }
  if (rematch.seats && !rematch.match_url) {
    box.appendChild(h("ul", { className: "rematch-seats", "data-testid": "rematch-seats" }, rematch.seats.map(function (s) {
      return h("li", { "data-testid": "rematch-seat-" + s.seat, "data-state": s.state },
        [(s.seat + 1) + ". " + (s.name || "") + " · " + t(STATES[s.state], s.state)]);
    })));
  }
  return box;
}

/* Why an aborted match ended (its notice, the early abort), and that it counts nowhere. */
function abortedLines(frame, api) {
  const notices = (frame.seat_notices || []).filter(function (n) { return isAbortCode(n.code); });
  const why = notices.length ? seatLine(notices[notices.length - 1], api) : null;
  return [why ? h("p", { "data-testid": "aborted-why", text: why }) : null,
    h("p", { className: "muted", text: t("aborted_unrated", "It is unrated: no rating moves, and it is on nobody's profile or history.") })];
}

/* The panel's parts, each drawn again only when what it shows has changed. Frames keep coming after the end
 * (the ratings recorded, a rematch offered), and a part drawn again under the pointer loses a press: a
 * mousedown on the old link and a mouseup on its new twin make no click (a browser test's click on "Back to
 * the tournament" led nowhere, most likely so), a focused link loses the keyboard's focus, and the panel's
 * polite live region reads it all again. */
const drawnKeys = {};

function drawPart(name, key, build) {
  let el = panel.querySelector(":scope > [data-end-part='" + name + "']");
  if (!el) {
    el = h("div", { "data-end-part": name });
    panel.appendChild(el);
  }
  if (drawnKeys[name] === key) return;
  drawnKeys[name] = key;
  el.replaceChildren.apply(el, build().filter(Boolean));
}

function draw(frame, api) {
  if (!panel || frame.replay || !frame.end) return;
  const end = frame.end;
  const game = UI.LiveMatch.renderer(page.dataset.game, "main");
  const aborted = end.status === "aborted";
  const ownRanking = Boolean(game && game.endRanking);
  drawPart("result", JSON.stringify([end.status, end.players, frame.seat, ownRanking, aborted ? frame.seat_notices : null]), function () {
    const title = h("h2", { "data-testid": "end-title", text: aborted ? t("aborted", "Match aborted") : t("over", "The match is over") });
    if (aborted) return [title].concat(abortedLines(frame, api));
    return [title, ownRanking ? null : ranking(end, frame.seat)];
  });
  drawPart("links", JSON.stringify([end.replay_url, end.lobby_url, end.event]), function () {
    return [h("p", { className: "end-links" }, [
      end.replay_url ? h("a", { href: end.replay_url, className: "button secondary", "data-testid": "end-replay", text: t("replay", "Watch the replay") }) : null,
      " ",
      h("a", { href: end.lobby_url, className: "button secondary", "data-testid": "end-lobby", text: t("lobby", "Back to the lobby") }),
      end.event ? " " : null,
      end.event ? h("a", { href: end.event.url, className: "button", "data-testid": "end-event",
        text: UI.fmt(t("event", "Back to {name}"), { name: end.event.name }) }) : null,
    ])];
  });
  drawPart("rematch", JSON.stringify(end.rematch || null), function () { return [rematchBlock(end.rematch)]; });
  panel.hidden = false;
}

export { ratingText, ratingCell };

/* Called by the match page once its socket (or replay player) is up (matches/match_page.js). */
export function attach(api) {
  api.on("view", function (frame) { draw(frame, api); });
}
