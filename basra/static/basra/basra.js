/* Ali Baba in Basra: the renderer of the live page and of its replays.
 *
 * Registered as LiveMatch.registerRenderer("basra", "main", ...): each update draws the board
 * (basra_board.js), the quarter prices, the Destiny Table with the dice, the four packs, every
 * player's cash and cards, your movement cards, the window in progress with its countdown, the
 * offers, the prompt and the final ranking. Every button comes from frame.legal: a concrete action is
 * a button, a choice among values (one_of) a button per value, cards and Piastres (subsets, ranges) a
 * small form; this file decides nothing about the rules.
 */
import * as UI from "../matches/ui.js";
import * as B from "./basra_log.js";
import { promptHint } from "./basra_guide.js";
import { legend } from "./basra_legend.js";
import * as Board from "./basra_board.js";
import * as Cave from "./basra_cave.js";
import { actionText } from "./basra_actions.js";
import { ratingCell } from "../matches/endscreen.js";

const h = UI.h, fmt = UI.fmt;
const t = B.t;

let root = null, api = null;
const log = B.newLog();
let stopCountdown = function () {}, stopWalk = function () {};
// The page's frame, built once per mount; the prompt is replaced only when the legal actions change,
// so a click (or a number being typed) while another player's answer arrives is not lost.
let shell = null, currentSend = function () {};
function dispatch(action, el) { currentSend(action, el); }

/* Each legal action with its one_of parameters spread into one concrete action per value. */
function spread(action) {
  let out = [action];
  Object.keys(action).forEach(function (key) {
    const d = action[key];
    if (!UI.isDomain(d) || !("one_of" in d)) return;
    const next = [];
    out.forEach(function (a) { d.one_of.forEach(function (v) { const c = Object.assign({}, a); c[key] = v; next.push(c); }); });
    out = next;
  });
  return out;
}

function seatName(seat) { return api.name(seat); }

// the catalogue's key for a form's title and for its fields, where the action's own word means something else
const FORM_TITLES = { steal: "steal_title" };
const FIELD_LABELS = { give: "give_cards", turns: "turns_field" };

/* What a form's choice costs or pays, said under its title: sales at the quarter's price, throws at their cost. */
function formCost(a, view) {
  const rules = (B.data().game || {});
  if (a.type === "sell") return t("sell_pays", "You are paid this quarter's price for each card sold (shown beside it).");
  if (a.type === "throw") {
    const cost = view.phase.kind === "throw100" ? rules.last_chance_cost : rules.throw_cost;
    return fmt(t("throw_costs", "You pay {price} for each card thrown away; it goes back to its pack."), { price: B.cash(cost) });
  }
  if (a.type === "offer") return t("offer_says", "You give the cards you tick; the player pays you the Piastres you ask, if they accept.");
  if (a.type === "trade") return t("trade_says", "If the player accepts, you hand over what you give and receive what you want.");
  if (a.type === "return") return t("return_says", "The cards you tick go back to their packs, for nothing.");
  if (a.type === "steal") return fmt(t("steal_says", "Each turn in the cave stashes {price} of your cash there."), { price: B.cash(rules.steal_unit || 1000) });
  return "";
}

/* A form for an action with cards (subsets) or Piastres (ranges): ui.js's generic inputs, relabelled. */
function domainForm(a, index, send, view) {
  const form = UI.actionControl(a, index, send, function (k, f) { return api.t(k, null, f); }, api.toast);
  const title = form.querySelector("strong");
  if (title) title.textContent = t(FORM_TITLES[a.type] || a.type, a.type);
  const cost = formCost(a, view);
  if (title && cost) title.parentNode.insertBefore(h("p", { className: "form-cost", "data-testid": "form-cost-" + a.type, text: cost }), title.nextSibling);
  form.querySelectorAll("label.domain").forEach(function (label) {
    const key = label.firstChild && label.firstChild.textContent.trim();
    if (label.firstChild) label.firstChild.textContent = " " + t(FIELD_LABELS[key] || key, key) + " ";
  });
  form.querySelectorAll(".subset-item").forEach(function (item) {
    const box = item.querySelector("input");
    const key = item.parentNode.getAttribute("data-testid").split("-").pop();
    const values = a[key] && a[key].subset_of;
    if (!values || !box) return;
    const id = values[Number(box.value)];
    const price = a.type === "sell" ? B.priceHere(id, view.position, B.data()) : null;
    item.lastChild.textContent = " " + B.cardName(id) + (price !== null ? " · " + fmt(t("sells_for", "sells for {price}"), { price: B.cash(price) }) : "");
    const c = B.card(id);
    if (c) item.title = B.cardTitle(c);
  });
  form.querySelectorAll(".muted").forEach(function (el) {
    if (/ to=/.test(el.textContent) && a.to !== undefined) el.textContent = " " + t("to", "to") + " " + seatName(a.to);
  });
  return form;
}

function renderPrompt(view, frame, send) {
  const legal = frame.legal || [];
  const box = h("section", { className: "card prompt" + (legal.length ? " mine" : ""), "data-testid": "prompt" });
  if (view.finished) return null;
  if (!legal.length) {
    const waiting = (frame.to_act || view.to_act || []).map(seatName).join(", ");
    box.appendChild(h("p", { className: "muted", "data-testid": "waiting", text: waiting ? fmt(t("waiting_for", "Waiting for {names}"), { names: waiting }) : t("nothing", "Nothing to do right now.") }));
    return box;
  }
  box.appendChild(h("h2", { text: t("what_you_may", "What you may do") }));
  const buttons = h("div", { className: "choices" });
  legal.forEach(function (a, index) {
    const concrete = spread(a);
    if (concrete.every(UI.isConcrete)) {
      concrete.forEach(function (c, j) {
        buttons.appendChild(h("button", { type: "button", className: "choice act-" + c.type,
          "data-testid": "act-" + c.type + "-" + index + "-" + j, "data-action": JSON.stringify(c), "data-choice": UI.choiceKey(c),
          text: actionText(c, view, api), onclick: function (ev) { send(c, ev.currentTarget); } }));
      });
    } else {
      box.appendChild(domainForm(a, index, send, view));
    }
  });
  box.insertBefore(buttons, box.children[1] || null);
  const hint = promptHint && promptHint(view, legal);
  if (hint) box.insertBefore(hint, box.children[1] || null);
  return box;
}

function renderStatus(view, frame) {
  const bar = h("div", { className: "status-bar", "data-testid": "status" });
  if (view.finished) { bar.appendChild(h("strong", { text: t("game_over", "The game is over.") })); return bar; }
  bar.appendChild(h("strong", { text: fmt(t("round", "Round {n}"), { n: view.round }) }));
  // whose decision it is comes from the frame (to_act), not only from whose turn it is
  const mine = UI.decides(frame, api.seat);
  bar.appendChild(h("span", { className: "turn" + (mine ? " mine" : ""), "data-testid": "turn", "data-mine": mine ? "1" : "0",
    text: mine ? (view.current === api.seat ? t("your_turn", "Your turn")
      : fmt(t("your_decision", "Your decision ({name}'s turn)"), { name: seatName(view.current) }))
      : fmt(t("their_turn", "{name}'s turn"), { name: seatName(view.current) }) }));
  let phaseText = B.phaseWords(view.phase, view.variant);
  if (view.phase.purpose) phaseText += " · " + B.purposeWords(view.phase);
  bar.appendChild(h("span", { className: "muted", "data-testid": "phase", text: phaseText }));
  if (view.phase.at) bar.appendChild(h("span", { className: "countdown", "data-countdown": "1", "data-testid": "countdown" }));
  return bar;
}

function renderWindow(view) {
  const phase = view.phase;
  if (phase.name !== "window" || view.finished) return null;
  const done = phase.done || [];
  // a seat that is done may still be waited for: it has an offer to answer (said apart, not as "waiting")
  const waitingSeats = view.to_act || [];
  const waiting = waitingSeats.filter(function (s) { return done.indexOf(s) < 0; }).map(seatName);
  const answering = waitingSeats.filter(function (s) { return done.indexOf(s) >= 0; }).map(seatName);
  const sec = h("section", { className: "card window", "data-testid": "window", "data-kind": phase.kind }, [
    h("h2", { text: fmt(t("window", "Window: {kind}"), { kind: t("win_" + phase.kind, phase.kind) }) }),
    phase.at ? h("p", { className: "countdown big", "data-countdown": "1", "data-testid": "window-countdown" }) : null,
    h("p", { "data-testid": "window-done", text: done.length ? fmt(t("done_list", "Done: {names}"), { names: done.map(seatName).join(", ") }) : t("window_none_done", "Nobody is done yet.") }),
    waiting.length ? h("p", { className: "muted", "data-testid": "window-waiting", text: fmt(t("waiting_for", "Waiting for {names}"), { names: waiting.join(", ") }) }) : null,
    answering.length ? h("p", { className: "muted", "data-testid": "window-answering", text: fmt(t("must_answer", "Still to answer an offer: {names}"), { names: answering.join(", ") }) }) : null,
    h("ul", { className: "window-seats" }, Array.apply(null, Array(view.players)).map(function (_, seat) {
      const isDone = done.indexOf(seat) >= 0;
      return h("li", { className: isDone ? "done" : "acting", "data-testid": "window-seat-" + seat, "data-done": isDone ? "1" : "0",
        text: (isDone ? "✔ " : "… ") + seatName(seat), title: isDone ? t("seat_done", "done") : t("seat_acting", "may still act") });
    })),
  ]);
  if ((phase.offers || []).length) sec.appendChild(h("h3", { text: t("offers", "Offers") }));
  (phase.offers || []).forEach(function (o) {
    sec.appendChild(h("p", { className: "offer" + (o.to === api.seat ? " to-me" : ""), "data-testid": "offer-" + o.id, text: B.offerText(o, api) }));
  });
  return sec;
}

function renderPrices(view, data) {
  const quarter = ((data.board.spaces || []).filter(function (sp) { return sp.id === view.position; })[0] || {}).quarter;
  const gangs = data.cards.gangs.map(function (g) { return g.key; });
  const rows = Object.keys(data.prices.quarters).sort().map(function (q) {
    return h("tr", { className: String(quarter) === q ? "here" : "", "data-testid": "prices-" + q }, [h("th", { text: q, title: fmt(t("quarter", "Quarter {n}"), { n: q }) })]
      .concat(gangs.map(function (g) { return h("td", { text: String(data.prices.quarters[q][g]) }); })));
  });
  return h("section", { className: "card prices", "data-testid": "prices" }, [h("h2", { text: t("prices", "Quarter prices") }),
    h("p", { className: "muted prices-note", text: t("prices_note", "What one card of each gang costs to buy, and pays when sold, in each quarter; Ali Baba's quarter is marked.") }),
    h("table", { tabindex: 0 }, [h("tr", {}, [h("th", { text: t("quarter_h", "Quarter") })].concat(gangs.map(function (g) { return h("th", { text: B.gangName(g) }); })))].concat(rows))]);
}

function renderDestiny(view, data, lastDestiny) {
  const dice = view.dice || {};
  const black = dice.black || (lastDestiny && lastDestiny.black), white = dice.white || (lastDestiny && lastDestiny.white);
  const rows = data.cards.destiny_table.map(function (row, r) {
    return h("tr", {}, [h("th", { text: String(r + 1) })].concat(row.map(function (n, c) {
      const cls = (black === r + 1 ? "row " : "") + (white === c + 1 ? "col " : "") + (black === r + 1 && white === c + 1 ? "hit" : "");
      return h("td", { className: cls, text: String(n) });
    })));
  });
  return h("section", { className: "card destiny", "data-testid": "destiny" }, [
    h("h2", { text: t("destiny", "Destiny Table") }),
    h("p", { "data-testid": "dice" }, [
      h("span", { className: "die black", title: t("black", "black die"), text: dice.black ? String(dice.black) : "–" }), " ",
      h("span", { className: "die white", title: t("white", "white die"), text: dice.white ? String(dice.white) : "–" }),
    ]),
    h("p", { className: "muted prices-note", "data-testid": "destiny-note", text: t("destiny_note", "Rows: the black die; columns: the white die. Where they meet is the Destiny number: the bandits whose cards show it are caught.") }),
    h("table", { tabindex: 0 }, [h("tr", {}, [h("th", { text: "■ / □", title: t("destiny_corner", "rows: black die / columns: white die") })].concat([1, 2, 3, 4, 5, 6].map(function (n) { return h("th", { text: String(n) }); })))].concat(rows)),
  ]);
}

const cardChip = B.cardChip;

function renderPacks(view, data) {
  return h("section", { className: "card packs", "data-testid": "packs" }, [h("h2", { text: t("packs", "The four packs") })].concat(
    data.cards.gangs.map(function (g) {
      const pack = (view.packs || {})[g.key] || {};
      return h("div", { className: "pack", "data-testid": "pack-" + g.key }, [
        h("strong", { text: B.gangName(g.key) + " " }),
        pack.top !== undefined && pack.top !== null ? cardChip(pack.top) : h("span", { className: "muted", text: t("face_down", "face down") }),
        h("span", { className: "muted", text: " " + fmt(t("left", "{n} left", pack.count), { n: pack.count }) }),
      ]);
    })));
}

/* A player's bandit cards by group, each group led by how many of its cards they hold ("3 of 4", in words for a
 * screen reader: "3 of the 4 cards of this group"), a complete group marked: it pays double at the round's end. */
function groupsOf(cards) {
  const sizes = {}, order = [], held = {};
  (B.data().cards.cards || []).forEach(function (c) { sizes[c.group] = (sizes[c.group] || 0) + 1; });
  cards.forEach(function (id) {
    const c = B.card(id), g = c ? c.group : "?";
    if (!held[g]) { held[g] = []; order.push(g); }
    held[g].push(id);
  });
  return order.map(function (g) {
    const complete = sizes[g] && held[g].length >= sizes[g];
    const counts = { n: held[g].length, m: sizes[g] || "?" };
    const words = fmt(t("group_count", "{n} of the {m} cards of this group"), counts) + (complete ? "; " + t("complete_group", "complete group: pays double") : "");
    return h("span", { className: "group" + (complete ? " complete" : ""), "data-testid": "group-" + g, "data-complete": complete ? "1" : "0",
      title: words }, [
      h("small", { className: "group-count", "data-testid": "group-count", "aria-hidden": "true",
        text: fmt(t("group_short", "{n} of {m}"), counts) + (complete ? " ★" : "") + " " }),
      h("span", { className: "sr-only", text: words + ": " }),
    ].concat(held[g].map(cardChip)));
  });
}

function renderPlayers(view) {
  const list = h("ol", { className: "seats", "data-testid": "scoreboard" });
  for (let i = 0; i < view.players; i++) {
    const cards = view.bandits[i] || [];
    list.appendChild(h("li", { className: "seat-row" + (i === view.current ? " current" : "") + (i === api.seat ? " me" : ""), "data-testid": "seat-" + i }, [
      h("strong", { text: seatName(i) }), " ",
      h("span", { className: "cash", "data-testid": "cash-" + i, text: B.cash(view.cash[i]) }), " ",
      h("span", { className: "muted", text: fmt(t("movement", "movement cards: {n}"), { n: view.hand_counts[i] }) }),
      h("div", { className: "bandits", "data-testid": "bandits-" + i }, cards.length ? groupsOf(cards) : [h("span", { className: "muted", text: t("no_cards", "no cards") })]),
    ]));
  }
  const played = view.played || [];
  return h("section", { className: "card players" }, [h("h2", { text: t("players", "Players") }), list,
    played.length ? h("p", { className: "muted", "data-testid": "played", text: fmt(t("played_cards", "Movement cards played: {cards}"), { cards: played.join(", ") }) }) : null]);
}

function renderHand(view) {
  if (!view.hand) return null;
  return h("section", { className: "card hand", "data-testid": "my-hand" }, [h("h2", { text: t("your_cards", "Your movement cards") }),
    h("div", {}, view.hand.map(function (n) { return h("span", { className: "move-card", text: String(n), title: fmt(t("move_card_title", "a movement card: Ali Baba walks {n} steps"), { n: n }) }); }))]);
}

function renderEnd(view) {
  if (!view.finished) return null;
  // the engine's ranking (view.result): equal ranks are shared places, shown as ties
  const ranks = (view.result && view.result.ranks) || view.cash.map(function (c) { return 1 + view.cash.filter(function (o) { return o > c; }).length; });
  const order = ranks.map(function (r, i) { return i; }).sort(function (a, b) { return ranks[a] - ranks[b] || a - b; });
  const rank = function (i) { return ranks[i]; };
  const shared = function (i) { return ranks.filter(function (r) { return r === ranks[i]; }).length > 1; };
  const winners = order.filter(function (i) { return rank(i) === 1; }).map(seatName);
  // Each seat's rating change (matches/endscreen.js), on the live page once the match is over.
  const frame = api && api.frame ? api.frame() : null;
  const end = frame && frame.end ? frame.end : null;
  return h("section", { className: "card end", "data-testid": "final-ranking" }, [
    h("h2", { text: winners.length > 1 ? fmt(t("winners", "{names} share the victory!"), { names: winners.join(" & ") }) : fmt(t("winner", "{name} wins!"), { name: winners[0] }) }),
    h("table", {}, [h("tr", {}, [h("th", { text: t("rank", "Rank") }), h("th", { text: t("player", "Player") }), h("th", { text: t("piastres", "Piastres") }), h("th", { text: t("bandits", "Bandit cards") }), end ? h("th", { text: t("rating_h", "Rating") }) : null])]
      .concat(order.map(function (i) {
        return h("tr", { "data-testid": "rank-row-" + i, "data-rank": rank(i), className: shared(i) ? "tie" : "" }, [
          h("td", { className: "rank", text: String(rank(i)) + (shared(i) ? "= (" + t("shared", "shared") + ")" : "") }), h("td", { text: seatName(i) }),
          h("td", { text: String(view.cash[i]) }), h("td", { text: String((view.bandits[i] || []).length) }),
          end ? ratingCell(end, i) : null]);
      }))),
  ]);
}

/* Each round's result: what each player was paid on Start (none in Forty Thieves) and their cash after. */
function renderRounds(view) {
  const rounds = view.round_results || [];
  if (!rounds.length) return null;
  const head = h("tr", {}, [h("th", { text: t("player", "Player") })].concat(rounds.map(function (r) {
    return h("th", { text: fmt(t("round", "Round {n}"), { n: r.round }) });
  })));
  const rows = [];
  for (let i = 0; i < view.players; i++) {
    rows.push(h("tr", { "data-testid": "round-row-" + i }, [h("td", { text: seatName(i) })].concat(rounds.map(function (r) {
      return h("td", { "data-testid": "round-" + r.round + "-" + i, text: (r.paid ? "+" + r.paid[i] + " " + t("round_paid", "paid on Start") + " · " : "") +
        t("cash_after", "cash after") + " " + r.cash[i] });
    }))));
  }
  return h("section", { className: "card rounds", "data-testid": "round-results" }, [h("h2", { text: t("round_results", "Round results") }),
    h("table", { tabindex: 0 }, [head].concat(rows))]);
}

function draw(frame, previous, events) {
  const view = frame.view || {};
  let data = B.data();
  if (view.data) data = Object.assign({}, data, view.data);
  let sent = false;
  function sendNow(action) {
    if (sent) return;
    sent = true;
    if (!api.send(action)) sent = false;
  }
  // a press on a decision's control (a button, a form's Send, a space of the board): sent now, or first
  // picked when the person confirms moves (api.choose)
  function send(action, el) { UI.choose(api, action, sendNow, el); }
  const routes = {};
  (frame.legal || []).forEach(function (a) { spread(a).forEach(function (c) { if (c.type === "route") routes[c.to] = c; }); });
  const labels = { board: t("board_label", "The board of Basra"), quarter: function (n) { return fmt(t("quarter", "Quarter {n}"), { n: n }); },
    space: function (sp) {
      let words = t("space_" + sp.type, sp.type || "");
      if (sp.type === "chance") words += ": " + B.chanceName(sp.kind);
      if (sp.type === "special") words += ": " + t("special_" + sp.kind, sp.kind);
      if (sp.gangs) words += ": " + sp.gangs.map(B.gangName).join(", ");
      return words;
    }, junction: t("junction", "junction") };
  const moved = (events || []).filter(function (e) { return e.code === "moved"; }).pop();
  const from = previous && previous.view ? previous.view.position : null;
  const board = Board.draw(data.board, moved && from ? from : view.position, labels, routes, send);
  const lastDestiny = log.events().filter(function (e) { return e.code === "destiny"; }).pop();
  currentSend = send;
  if (!shell) {
    const placeholder = h("span", { hidden: true });
    shell = { main: h("div", { className: "main-col" }), side: h("div", { className: "side-col" }, [placeholder]),
              prompt: placeholder, key: null, legend: legend(data.board) };  // kept: opening it survives new frames
    root.innerHTML = "";
    root.appendChild(h("div", { className: "basra-page" }, [shell.main, shell.side]));
  }
  stopCountdown();
  stopWalk();
  shell.main.replaceChildren.apply(shell.main, [renderStatus(view, frame), renderEnd(view), renderRounds(view),
    h("div", { className: "card board-wrap" }, [board.svg]), shell.legend, renderPrices(view, data), renderDestiny(view, data, lastDestiny)]
    .filter(Boolean));
  const legal = frame.legal || [];
  const key = legal.length && !view.finished ? JSON.stringify([api.seat, legal]) : null;
  if (key === null || key !== shell.key) {
    const prompt = renderPrompt(view, frame, dispatch) || h("span", { hidden: true });
    shell.side.replaceChild(prompt, shell.prompt);
    shell.prompt = prompt;
    shell.key = key;
  }
  while (shell.prompt.nextSibling) shell.side.removeChild(shell.prompt.nextSibling);
  [renderWindow(view), Cave.render(view, api), renderHand(view), renderPacks(view, data), renderPlayers(view), B.renderLog(log.events(), api)]
    .forEach(function (part) { if (part) shell.side.appendChild(part); });
  root.dataset.phase = view.phase ? view.phase.name : "";
  root.dataset.finished = view.finished ? "1" : "0";
  if (moved && from) {
    const path = [from].concat(moved.path || []);
    if (path[path.length - 1] !== view.position) path.push(view.position);  // sent back to Start after the move
    stopWalk = Board.walk(board, path);
  }
  stopCountdown = UI.countdown(view.finished || !view.phase ? null : view.phase.at, api.serverNow, function (left) {
    root.querySelectorAll("[data-countdown]").forEach(function (el) {
      el.textContent = fmt(t("seconds_left", "{n} s"), { n: left });
      el.dataset.secondsLeft = String(left);
      el.classList.toggle("urgent", left <= 10);
    });
  });
}

UI.LiveMatch.registerRenderer("basra", "main", {
  actions: "*",
  endRanking: true,  // the final ranking below ranks the seats; the shared end panel keeps to links and rematch
  mount: function (el, liveApi) { root = el; api = liveApi; shell = null; B.read(); log.clear(); },
  update: function (frame, previous, events) {
    log.remember(frame, events);
    window.__basraLog = log.events();  // what the page was told, for its browser tests
    draw(frame, previous, events);
  },
  destroy: function () {
    stopCountdown(); stopWalk(); if (root) root.innerHTML = ""; root = null; shell = null;
    currentSend = function () {}; log.clear();
  },
});
