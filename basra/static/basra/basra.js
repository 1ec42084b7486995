/* Ali Baba in Basra: the renderer of the live page and of its replays.
 *
 * Registered as LiveMatch.registerRenderer("basra", "main", ...): each update draws the board
 * (basra_board.js), the quarter prices, the Destiny Table with the dice, the four packs, every
 * player's cash and cards, your movement cards, the window in progress with its countdown, the
 * offers, the prompt and the final ranking. Every button comes from frame.legal: a concrete action is
 * a button, a choice among values (one_of) a button per value, cards and Piastres (subsets, ranges) a
 * small form; this file decides nothing about the rules.
 */
(function () {
  "use strict";

  var UI = window.MatchUI;
  var h = UI.h, fmt = UI.fmt;
  var B = window.BasraUI;
  var t = B.t;

  var root = null, api = null, log = B.newLog();
  var stopCountdown = function () {}, stopWalk = function () {};

  /* Each legal action with its one_of parameters spread into one concrete action per value. */
  function spread(action) {
    var out = [action];
    Object.keys(action).forEach(function (key) {
      var d = action[key];
      if (!UI.isDomain(d) || !("one_of" in d)) return;
      var next = [];
      out.forEach(function (a) { d.one_of.forEach(function (v) { var c = Object.assign({}, a); c[key] = v; next.push(c); }); });
      out = next;
    });
    return out;
  }

  function seatName(seat) { return api.name(seat); }

  /* A short label for a concrete action, from its type and values. */
  function actionLabel(a, view) {
    switch (a.type) {
      case "play": return fmt(t("play", "Play {n}"), { n: a.card });
      case "route": return t("route", "Which way?") + " " + a.to;
      case "buy": return t("buy", "Buy") + " " + B.cardName(a.card);
      case "take": return t("take", "Take") + " " + B.cardName(a.card);
      case "stop": return t("stop", "Stop");
      case "roll": return t("roll", "Roll the dice");
      case "choose": return t("choose", "Choose") + " " + B.gangName(a.gang);
      case "done": return t("done", "I am done");
      case "accept": return t("accept", "Accept") + " #" + a.offer;
      case "decline": return t("decline", "Decline") + " #" + a.offer;
      case "give": return t("give", "Give") + " " + B.cardName(a.card);
      case "steal": return fmt(t("steal", "Steal {n} turns", a.turns), { n: a.turns });
      case "announce": return fmt(t("announce", "Turn {n} cards", a.count), { n: a.count });
      case "claim": return t("claim", "Claim") + " " + B.cardName(a.card);
      case "choose_start": return fmt(t("choose_start", "{name} starts round two"), { name: seatName(a.seat) });
      default: return a.type;
    }
  }

  /* A form for an action with cards (subsets) or Piastres (ranges): ui.js's generic inputs, relabelled. */
  function domainForm(a, index, send) {
    var form = UI.actionControl(a, index, send, function (k, f) { return api.t(k, null, f); }, api.toast);
    var title = form.querySelector("strong");
    if (title) title.textContent = t(a.type, a.type);
    form.querySelectorAll("label.domain").forEach(function (label) {
      var key = label.firstChild && label.firstChild.textContent.trim();
      if (label.firstChild && t(key, "") ) label.firstChild.textContent = " " + t(key, key) + " ";
    });
    form.querySelectorAll(".subset-item").forEach(function (item) {
      var box = item.querySelector("input");
      var key = item.parentNode.getAttribute("data-testid").split("-").pop();
      var values = a[key] && a[key].subset_of;
      if (values && box) item.lastChild.textContent = " " + B.cardName(values[Number(box.value)]);
    });
    form.querySelectorAll(".muted").forEach(function (el) {
      if (/ to=/.test(el.textContent) && a.to !== undefined) el.textContent = " " + t("to", "to") + " " + seatName(a.to);
    });
    return form;
  }

  function renderPrompt(view, frame, send) {
    var legal = frame.legal || [];
    var box = h("section", { className: "card prompt" + (legal.length ? " mine" : ""), "data-testid": "prompt" });
    if (view.finished) return null;
    if (!legal.length) {
      var waiting = (frame.to_act || view.to_act || []).map(seatName).join(", ");
      box.appendChild(h("p", { className: "muted", "data-testid": "waiting", text: waiting ? fmt(t("waiting_for", "Waiting for {names}"), { names: waiting }) : t("nothing", "Nothing to do right now.") }));
      return box;
    }
    box.appendChild(h("h2", { text: t("what_you_may", "What you may do") }));
    var buttons = h("div", { className: "choices" });
    legal.forEach(function (a, index) {
      var concrete = spread(a);
      if (concrete.every(UI.isConcrete)) {
        concrete.forEach(function (c, j) {
          buttons.appendChild(h("button", { type: "button", className: "choice act-" + c.type,
            "data-testid": "act-" + c.type + "-" + index + "-" + j, "data-action": JSON.stringify(c),
            text: actionLabel(c, view), onclick: function () { send(c); } }));
        });
      } else {
        box.appendChild(domainForm(a, index, send));
      }
    });
    box.insertBefore(buttons, box.children[1] || null);
    var hint = B.promptHint && B.promptHint(view, legal);
    if (hint) box.insertBefore(hint, box.children[1] || null);
    return box;
  }

  function renderStatus(view) {
    var bar = h("div", { className: "status-bar", "data-testid": "status" });
    if (view.finished) { bar.appendChild(h("strong", { text: t("game_over", "The game is over.") })); return bar; }
    bar.appendChild(h("strong", { text: fmt(t("round", "Round {n}"), { n: view.round }) }));
    bar.appendChild(h("span", { className: "turn", "data-testid": "turn", text: view.current === api.seat
      ? t("your_turn", "Your turn") : fmt(t("their_turn", "{name}'s turn"), { name: seatName(view.current) }) }));
    bar.appendChild(h("span", { className: "muted", "data-testid": "phase", text: view.phase.name + (view.phase.purpose ? " · " + view.phase.purpose : "") }));
    if (view.phase.at) bar.appendChild(h("span", { className: "countdown", "data-countdown": "1", "data-testid": "countdown" }));
    return bar;
  }

  function renderWindow(view) {
    var phase = view.phase;
    if (phase.name !== "window" || view.finished) return null;
    var done = phase.done || [];
    var waiting = (view.to_act || []).map(seatName);
    var sec = h("section", { className: "card window", "data-testid": "window", "data-kind": phase.kind }, [
      h("h2", { text: fmt(t("window", "Window: {kind}"), { kind: t("win_" + phase.kind, phase.kind) }) }),
      phase.at ? h("p", { className: "countdown big", "data-countdown": "1", "data-testid": "window-countdown" }) : null,
      h("p", { "data-testid": "window-done", text: fmt(t("done_list", "Done: {names}"), { names: done.map(seatName).join(", ") || "—" }) }),
      waiting.length ? h("p", { className: "muted", text: fmt(t("waiting_for", "Waiting for {names}"), { names: waiting.join(", ") }) }) : null,
    ]);
    (phase.offers || []).forEach(function (o) {
      sec.appendChild(h("p", { className: "offer", "data-testid": "offer-" + o.id, text: "#" + o.id + " " + fmt(t("offer_line", "{from} offers {to} {cards} for {piastres} Piastres"), {
        from: seatName(o.from), to: seatName(o.to), cards: B.cardList(o.cards || o.give), piastres: o.piastres !== undefined ? o.piastres : (o.want_piastres || 0) }) }));
    });
    return sec;
  }

  function renderPrices(view, data) {
    var quarter = ((data.board.spaces || []).filter(function (sp) { return sp.id === view.position; })[0] || {}).quarter;
    var gangs = data.cards.gangs.map(function (g) { return g.key; });
    var rows = Object.keys(data.prices.quarters).sort().map(function (q) {
      return h("tr", { className: String(quarter) === q ? "here" : "", "data-testid": "prices-" + q }, [h("th", { text: fmt(t("quarter", "Quarter {n}"), { n: q }) })]
        .concat(gangs.map(function (g) { return h("td", { text: String(data.prices.quarters[q][g]) }); })));
    });
    return h("section", { className: "card prices", "data-testid": "prices" }, [h("h2", { text: t("prices", "Quarter prices") }),
      h("table", {}, [h("tr", {}, [h("th")].concat(gangs.map(function (g) { return h("th", { text: B.gangName(g) }); })))].concat(rows))]);
  }

  function renderDestiny(view, data, lastDestiny) {
    var dice = view.dice || {};
    var black = dice.black || (lastDestiny && lastDestiny.black), white = dice.white || (lastDestiny && lastDestiny.white);
    var rows = data.cards.destiny_table.map(function (row, r) {
      return h("tr", {}, [h("th", { text: String(r + 1) })].concat(row.map(function (n, c) {
        var cls = (black === r + 1 ? "row " : "") + (white === c + 1 ? "col " : "") + (black === r + 1 && white === c + 1 ? "hit" : "");
        return h("td", { className: cls, text: String(n) });
      })));
    });
    return h("section", { className: "card destiny", "data-testid": "destiny" }, [
      h("h2", { text: t("destiny", "Destiny Table") }),
      h("p", { "data-testid": "dice" }, [
        h("span", { className: "die black", title: t("black", "black die"), text: dice.black ? String(dice.black) : "–" }), " ",
        h("span", { className: "die white", title: t("white", "white die"), text: dice.white ? String(dice.white) : "–" }),
      ]),
      h("table", {}, [h("tr", {}, [h("th")].concat([1, 2, 3, 4, 5, 6].map(function (n) { return h("th", { text: String(n) }); })))].concat(rows)),
    ]);
  }

  function cardChip(id) {
    var c = B.card(id);
    return h("span", { className: "bcard g-" + (c ? c.gang : ""), "data-card": id, title: c ? c.destiny.join(", ") : "" },
      [B.cardName(id), c ? h("small", { text: " ⚄" + c.destiny.join(",") }) : null]);
  }

  function renderPacks(view, data) {
    return h("section", { className: "card packs", "data-testid": "packs" }, [h("h2", { text: t("packs", "The four packs") })].concat(
      data.cards.gangs.map(function (g) {
        var pack = (view.packs || {})[g.key] || {};
        return h("div", { className: "pack", "data-testid": "pack-" + g.key }, [
          h("strong", { text: B.gangName(g.key) + " " }),
          pack.top !== undefined && pack.top !== null ? cardChip(pack.top) : h("span", { className: "muted", text: t("face_down", "face down") }),
          h("span", { className: "muted", text: " " + fmt(t("left", "{n} left", pack.count), { n: pack.count }) }),
        ]);
      })));
  }

  function renderPlayers(view) {
    var list = h("ol", { className: "seats", "data-testid": "scoreboard" });
    for (var i = 0; i < view.players; i++) {
      var cards = view.bandits[i] || [];
      list.appendChild(h("li", { className: "seat-row" + (i === view.current ? " current" : "") + (i === api.seat ? " me" : ""), "data-testid": "seat-" + i }, [
        h("strong", { text: seatName(i) }), " ",
        h("span", { className: "cash", "data-testid": "cash-" + i, text: fmt(t("cash", "{n} Piastres", view.cash[i]), { n: view.cash[i] }) }), " ",
        h("span", { className: "muted", text: fmt(t("movement", "movement cards: {n}"), { n: view.hand_counts[i] }) }),
        h("div", { className: "bandits" }, cards.length ? cards.map(cardChip) : [h("span", { className: "muted", text: t("no_cards", "no cards") })]),
      ]));
    }
    return h("section", { className: "card players" }, [h("h2", { text: t("players", "Players") }), list]);
  }

  function renderHand(view) {
    if (!view.hand) return null;
    return h("section", { className: "card hand", "data-testid": "my-hand" }, [h("h2", { text: t("your_cards", "Your movement cards") }),
      h("div", {}, view.hand.map(function (n) { return h("span", { className: "move-card", text: String(n) }); }))]);
  }

  function renderEnd(view) {
    if (!view.finished) return null;
    var order = view.cash.map(function (c, i) { return i; }).sort(function (a, b) { return view.cash[b] - view.cash[a]; });
    var rank = function (i) { return 1 + view.cash.filter(function (c) { return c > view.cash[i]; }).length; };
    var winners = order.filter(function (i) { return rank(i) === 1; }).map(seatName);
    return h("section", { className: "card end", "data-testid": "final-ranking" }, [
      h("h2", { text: winners.length > 1 ? fmt(t("winners", "{names} share the victory!"), { names: winners.join(" & ") }) : fmt(t("winner", "{name} wins!"), { name: winners[0] }) }),
      h("table", {}, [h("tr", {}, [h("th", { text: t("rank", "Rank") }), h("th", { text: t("player", "Player") }), h("th", { text: t("piastres", "Piastres") }), h("th", { text: t("bandits", "Bandit cards") })])]
        .concat(order.map(function (i) {
          return h("tr", { "data-testid": "rank-row-" + i }, [h("td", { text: String(rank(i)) }), h("td", { text: seatName(i) }),
            h("td", { text: String(view.cash[i]) }), h("td", { text: String((view.bandits[i] || []).length) })]);
        }))),
    ]);
  }

  function draw(frame, previous, events) {
    var view = frame.view || {};
    var data = B.data();
    if (view.data) data = Object.assign({}, data, view.data);
    var sent = false;
    function send(action) {
      if (sent) return;
      sent = true;
      if (!api.send(action)) sent = false;
    }
    var routes = {};
    (frame.legal || []).forEach(function (a) { spread(a).forEach(function (c) { if (c.type === "route") routes[c.to] = c; }); });
    var labels = { board: t("board_label", "The board of Basra"), quarter: function (n) { return fmt(t("quarter", "Quarter {n}"), { n: n }); } };
    var moved = (events || []).filter(function (e) { return e.code === "moved"; }).pop();
    var from = previous && previous.view ? previous.view.position : null;
    var board = window.BasraBoard.draw(data.board, moved && from ? from : view.position, labels, routes, send);
    var lastDestiny = log.events().filter(function (e) { return e.code === "destiny"; }).pop();
    var page = h("div", { className: "basra-page" }, [
      h("div", { className: "main-col" }, [renderStatus(view), renderEnd(view), h("div", { className: "card board-wrap" }, [board.svg]),
        renderPrices(view, data), renderDestiny(view, data, lastDestiny)]),
      h("aside", { className: "side-col" }, [renderPrompt(view, frame, send), renderWindow(view), renderHand(view),
        renderPacks(view, data), renderPlayers(view), B.renderLog(log.events(), api)]),
    ]);
    stopCountdown();
    stopWalk();
    root.innerHTML = "";
    root.appendChild(page);
    root.dataset.phase = view.phase ? view.phase.name : "";
    root.dataset.finished = view.finished ? "1" : "0";
    if (moved && from) {
      var path = [from].concat(moved.path || []);
      if (path[path.length - 1] !== view.position) path.push(view.position);  // sent back to Start after the move
      stopWalk = window.BasraBoard.walk(board, path);
    }
    stopCountdown = UI.countdown(view.finished || !view.phase ? null : view.phase.at, api.serverNow, function (left) {
      root.querySelectorAll("[data-countdown]").forEach(function (el) {
        el.textContent = fmt(t("seconds_left", "{n} s"), { n: left });
        el.dataset.secondsLeft = String(left);
        el.classList.toggle("urgent", left <= 10);
      });
    });
  }

  window.LiveMatch.registerRenderer("basra", "main", {
    actions: "*",
    mount: function (el, liveApi) { root = el; api = liveApi; B.read(); log.clear(); },
    update: function (frame, previous, events) { log.remember(frame, events); draw(frame, previous, events); },
    destroy: function () { stopCountdown(); stopWalk(); if (root) root.innerHTML = ""; root = null; log.clear(); },
  });
})();
