/* Sidi Baba: the table's controls (the "main" renderer): the hourglass, the line with its lamps and
 * tokens, the A-F moves with live votes (and the keyboard), genies, the loot sharing, dice, lamp
 * discards, the line vote, the setup of the Adventurers, pause. Offers only what `legal` holds. */
import * as UI from "../matches/ui.js";
import * as S from "./sidi_common.js";
import { promptHint } from "./sidi_guide.js";

const h = UI.h;
const MOVES = ["A", "B", "C", "D", "E", "F"];
const KEYS = { ArrowLeft: "A", ArrowDown: "B", ArrowRight: "C", ArrowUp: "E" };

function MainRenderer() {
  let root = null, api = null, frame = null, timer = null, clockEl = null;

  function send(action) { api.send(action); }
  /* A set-up choice, made before the hourglass runs: picked first when the person confirms moves (api.choose;
   * docs/protocol.md, "Confirming moves"). Everything after Open Sesame! is sent at once: speed is the game. */
  function pick(action, el) { UI.choose(api, action, send, el); }
  function name(seat) { return api.isYou(seat) ? S.t("you", "you") : api.name(seat); }
  /* "your turn" only where it is: a replay asks nobody anything (its seat is only where it is seen from) */
  function myTurn(seat) { return api.isYou(seat) && !api.replay; }

  function legalMove(letter) {
    return S.concrete(frame && frame.legal, "vote_move").filter(function (a) { return a.move === letter; })[0];
  }

  function onKey(ev) {
    if (!frame || ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const letter = KEYS[ev.key] || (ev.key.length === 1 ? ev.key.toUpperCase() : null);
    if (MOVES.indexOf(letter) < 0) return;
    const action = legalMove(letter);
    if (!action) return;
    ev.preventDefault();
    send(action);
  }

  /* The hourglass: the segment's deadline on the server's clock (or the pause's). */
  function tick() {
    if (!clockEl || !frame) return;
    const view = frame.view || {};
    const now = api.serverNow();
    if (view.paused) {
      const left = view.paused.until !== null && view.paused.until !== undefined ? view.paused.until - now : view.paused.remaining;
      clockEl.textContent = S.t("paused", "Paused by the Leader ({time} at most)", { time: UI.formatClock(Math.max(0, left)) });
      clockEl.dataset.seconds = String(Math.round(view.paused.remaining || 0));
      clockEl.classList.add("paused");
      return;
    }
    clockEl.classList.remove("paused");
    const deadline = view.segment_ends_at !== null && view.segment_ends_at !== undefined ? view.segment_ends_at : view.setup_deadline;
    clockEl.hidden = view.phase === "over" || deadline === null || deadline === undefined;
    if (clockEl.hidden) return;
    const seconds = UI.secondsLeft(deadline, now);
    clockEl.dataset.seconds = String(seconds);
    const total = view.segment_seconds || 180;
    clockEl.style.setProperty("--sand", String(Math.max(0, Math.min(1, seconds / total))));
    clockEl.textContent = view.phase === "setup" || !view.segment
      ? S.t("hourglass_setup", "Set-up: {time} left", { time: UI.formatClock(seconds) })
      : S.t("hourglass", "Lamp {segment}: {time} left", { segment: view.segment, time: UI.formatClock(seconds) });
  }

  function movePad(view, legal) {
    const votes = view.votes || [];
    const pad = h("div", { className: "sidi-moves", "data-testid": "moves" });
    pad.appendChild(h("h2", { text: S.t("moves", "Where to?") }));
    const grid = h("div", { className: "sidi-move-grid" });
    MOVES.forEach(function (letter) {
      const action = legalMove(letter);
      const voters = [];
      votes.forEach(function (v, seat) { if (v === letter) voters.push(name(seat)); });
      const mine = votes[api.seat] === letter;
      grid.appendChild(h("button", {
        type: "button", className: "sidi-move" + (mine ? " mine" : ""), "data-testid": "move-" + letter,
        disabled: !action, "data-legal": action ? "1" : "0",
      }, [h("strong", { text: S.t("move_" + letter, letter) }),
        voters.length ? h("span", { className: "votes", "data-testid": "votes-" + letter, text: S.t("votes_for", "votes: {names}", { names: voters.join(", ") }) }) : null]));
      S.onPress(grid.lastChild, function () { if (action) send(action); });
    });
    pad.appendChild(grid);
    S.concrete(legal, "call_move").forEach(function (a) {
      pad.appendChild(S.button(S.t("call_move", "Go now (lead)"), "call-move", function () { send(a); }));
    });
    return pad;
  }

  function lineBox(view) {
    const box = h("div", { className: "sidi-line", "data-testid": "line" }, [h("h2", { text: S.t("line", "The line") })]);
    const list = h("ol", {});
    (view.line || []).forEach(function (seat, i) {
      const backs = (view.backs || [])[seat] || { jewels: 0, genies: 0 };
      const lamps = [];
      for (let n = 0; n < (view.lamps || [])[seat]; n++) lamps.push(h("span", { className: "sidi-lamp" }));
      if (view.lit === seat) lamps.unshift(h("span", { className: "sidi-lamp lit", title: S.t("lit", "lit") }));
      let tokens;
      if (seat === api.seat && view.tokens) {
        tokens = view.tokens.length ? view.tokens.map(function (tk) { return S.tokenChip(tk.kind, { "data-token": String(tk.id) }); })
          : [h("span", { className: "muted", text: S.t("none", "none") })];
      } else {
        tokens = [];
        for (let j = 0; j < backs.jewels; j++) tokens.push(h("span", { className: "sidi-token back jewel", text: "◆", title: S.t("back_jewel", "a jewel (face hidden)") }));
        for (let g = 0; g < backs.genies; g++) tokens.push(h("span", { className: "sidi-token back genie", text: "✦", title: S.t("back_genie", "a genie (face hidden)") }));
      }
      list.appendChild(h("li", { className: seat === api.seat ? "me" : "", "data-testid": "line-" + seat }, [
        h("span", { className: "who", text: name(seat) + (view.characters[seat] ? " · " + S.characterName(view.characters[seat]) : "") + (i === 0 ? " (" + S.t("lead", "lead") + ")" : "") }),
        h("span", { className: "lamps", "data-testid": "lamps-" + seat, title: S.t("lamps_n", "{n} lamps", { n: view.lamps[seat] }) }, lamps),
        h("span", { className: "tokens", "data-testid": "tokens-" + seat }, tokens),
      ]));
    });
    box.appendChild(list);
    box.appendChild(h("p", { className: "muted", "data-testid": "lamp-pile", text: S.t("lamp_pile", "The Leader's lamp pile: {n}", { n: view.leader_lamps }) + " · " + S.t("events_in_hand", "Events in hand: {n}", { n: view.event_hand }) }));
    return box;
  }

  /* Buttons for each concrete choice of these action types, labelled by `label(action)`; `confirmed`: a
   * choice the person's "Confirm moves" applies to (the set-up's). */
  function choiceRow(legal, type, label, testid, confirmed) {
    const actions = S.concrete(legal, type);
    if (!actions.length) return null;
    return h("div", { className: "sidi-choices", "data-testid": "choices-" + type }, actions.map(function (a, i) {
      if (confirmed) return S.button(label(a), testid(a, i), function (ev) { pick(a, ev.currentTarget); }, { "data-choice": UI.choiceKey(a) });
      return S.button(label(a), testid(a, i), function () { send(a); });
    }));
  }

  function genies(view, legal) {
    const uses = S.concrete(legal, "use_genie");
    if (!uses.length) return view.genie_used ? h("p", { className: "muted", text: S.t("genie_used", "The genie of this lamp was used.") }) : null;
    const kinds = {};
    (view.tokens || []).forEach(function (tk) { kinds[tk.id] = tk.kind; });
    return h("div", { className: "sidi-choices", "data-testid": "genies" }, uses.map(function (a) {
      const label = S.t("use_genie", "Use") + " " + S.kindName(kinds[a.token] || "genie") + (a.direction ? " → " + S.t("dir_" + a.direction, a.direction) : "");
      return S.button(label, "genie-" + a.token + (a.direction ? "-" + a.direction : ""), function () { send(a); });
    }));
  }

  function pendingBox(view, legal) {
    const p = view.pending;
    const box = h("div", { className: "sidi-pending card", "data-testid": "pending" });
    if (p) {
      if (p.kind === "sharing") {
        box.appendChild(h("p", { "data-testid": "sharing", text: myTurn(p.taker) ? S.t("sharing_you", "Sharing the loot: your turn to take one")
          : S.t("sharing_other", "Sharing the loot: {name} takes next", { name: api.name(p.taker) }) }));
        const takes = {};
        S.concrete(legal, "take").forEach(function (a) { takes[a.slot] = a; });
        // every slot shows its face (jewels face up, genies face down: the rules' public table), whoever's turn it is
        box.appendChild(h("div", { className: "sidi-table-slots", "data-testid": "loot" }, (p.table || []).map(function (kind, slot) {
          const a = takes[slot];
          const chip = kind ? S.tokenChip(kind) : h("span", { className: "taken", text: S.t("slot_taken", "taken") });
          // named by what pressing it does ("Take emerald"): a screen reader reads the name, not the chip's look
          return S.onPress(h("button", { type: "button", className: "slot" + (a && kind ? " takeable" : ""), disabled: !a || !kind,
            "data-testid": "take-" + slot, "data-kind": kind || "", title: kind ? S.tokenTitle(kind) : S.t("slot_taken", "taken"),
            "aria-label": kind ? S.t("take_slot", "Take {kind}", { kind: S.kindName(kind) }) : S.t("slot_taken", "taken") }, [chip]),
            function () { if (a) send(a); });
        })));
      } else if (p.kind === "dice") {
        const rolled = (p.rolled || []).join(" ");
        box.appendChild(h("p", { "data-testid": "dice", text: (myTurn(p.roller) ? S.t("dice_you", "Dice: your turn to roll")
          : S.t("dice_next", "Dice: {name} rolls next", { name: api.name(p.roller) })) + (rolled ? " · " + S.t("dice_rolled", "rolled so far: {rolled}", { rolled: rolled }) : "") }));
      } else if (p.kind === "chest_window") {
        // the Leader's answer before the chest opens: what it is about (he alone is told the square) and its clock
        const where = p.cell !== undefined && view.maze ? S.squareName(p.cell, view.maze.cols) : null;
        const text = !where ? S.t("window_others", "The Leader may answer with an Event before the chest opens.")
          : p.treasure ? S.t("window_leader_treasure", "The Adventurers found the Treasure ({square}): answer with a lock, or pass; it opens when the time is up.", { square: where })
          : S.t("window_leader_chest", "The Adventurers found the closed chest at {square}: answer with a lock or Illusion, or pass; it opens when the time is up.", { square: where });
        box.appendChild(h("p", { "data-testid": "chest-window" }, [text + " ", S.answerClock(p.deadline, api.serverNow, view.paused)]));
      } else if (p.kind === "theft" && p.victim !== null && p.victim !== undefined) {
        box.appendChild(h("p", { "data-testid": "theft" }, [S.t("theft_from", "The Leader steals from {name}.", { name: name(p.victim) }) + " ",
          S.answerClock(p.deadline, api.serverNow, view.paused)]));
      } else if (p.kind === "genie_offer" && view.genie_answer === null) {
        box.appendChild(h("p", { text: S.kindName(p.genie) }));
      }
    }
    [
      choiceRow(legal, "roll", function () { return "🎲 " + S.t("roll", "Roll the die"); }, function () { return "roll"; }),
      choiceRow(legal, "discard_lamp", function (a) {
        const leader = view.pending && view.pending.dest === "leader";
        if (api.isYou(a.owner)) return leader ? S.t("discard_mine_leader", "Give one of my unlit lamps to the Leader") : S.t("discard_mine", "Discard one of my unlit lamps");
        return leader ? S.t("discard_leader", "{name} gives an unlit lamp to the Leader", { name: api.name(a.owner) }) : S.t("discard_other", "Discard an unlit lamp of {name}", { name: api.name(a.owner) });
      }, function (a) { return "discard-" + a.owner; }),
      choiceRow(legal, "call_discard", function () { return S.t("call_discard", "Decide the discard (lead)"); }, function () { return "call-discard"; }),
      choiceRow(legal, "confirm", function () { return S.t("confirm", "Ask the genie now"); }, function () { return "confirm"; }),
      choiceRow(legal, "give", function (a) { return S.t("give", "Give {kind}", { kind: S.kindName(kindOf(view, a.token)) }); }, function (a) { return "give-" + a.token; }),
      choiceRow(legal, "keep", function (a) { return S.t("keep", "Keep") + " " + S.kindName(kindOf(view, a.token)); }, function (a) { return "keep-" + a.token; }),
    ].forEach(function (row) { if (row) box.appendChild(row); });
    if (view.keep_choices && S.concrete(legal, "keep").length) box.insertBefore(h("p", { text: S.t("keep_prompt", "Keep one of the drawn tokens:") }), box.firstChild);
    const answer = view.genie_answer;
    const movesSince = answer ? (view.moves_made || 0) - (answer.after_moves || 0) : 0;
    if (answer && answer.moves && answer.moves.length && movesSince < answer.moves.length) {
      box.appendChild(h("p", { "data-testid": "genie-answer", text: S.t("genie_answer", "The genie says: {moves}", { moves: view.genie_answer.moves.join(" ") || "—" }) }));
    }
    return box.childNodes.length ? box : null;
  }

  function kindOf(view, token) {
    const found = (view.tokens || []).concat(view.keep_choices || []).filter(function (tk) { return tk.id === token; })[0];
    return found ? found.kind : "genie";
  }

  /* The line in the order I would propose: moved with up/down buttons or by dragging, then proposed. */
  let draftLine = null, draftFrom = null, editorOpen = false;
  function lineEditor(view, legal) {
    const propose = legal.filter(function (a) { return a.type === "propose_line"; })[0];
    if (!propose || view.phase === "over") { editorOpen = false; return null; }
    const line = view.line || [];
    // a draft made from an older line (the line changed since: a curse, a vote) starts again from the line as it is
    if (!draftLine || draftFrom !== line.join()) { draftLine = line.slice(); draftFrom = line.join(); }
    const box = h("details", { className: "sidi-line-editor", "data-testid": "line-editor" });
    box.open = editorOpen;
    box.addEventListener("toggle", function () { editorOpen = box.open; });
    box.appendChild(h("summary", { text: S.t("reorder_line", "Propose another order for the line") }));
    const list = h("ol", { className: "sidi-reorder" });
    let dragged = null;
    draftLine.forEach(function (seat, i) {
      const item = h("li", { draggable: "true", "data-testid": "reorder-" + seat, "data-seat": String(seat) }, [
        h("span", { className: "who", text: name(seat) }),
        S.button("↑", "line-up-" + seat, function () { moveDraft(i, -1); }, { disabled: i === 0, title: S.t("move_up", "Move up") }),
        S.button("↓", "line-down-" + seat, function () { moveDraft(i, 1); }, { disabled: i === draftLine.length - 1, title: S.t("move_down", "Move down") }),
      ]);
      item.addEventListener("dragstart", function (ev) { dragged = i; ev.dataTransfer.setData("text/plain", String(seat)); });
      item.addEventListener("dragover", function (ev) { ev.preventDefault(); });
      item.addEventListener("drop", function (ev) {
        ev.preventDefault();
        if (dragged === null || dragged === i) return;
        const seatMoved = draftLine.splice(dragged, 1)[0];
        draftLine.splice(i, 0, seatMoved);
        dragged = null;
        render();
      });
      list.appendChild(item);
    });
    box.appendChild(list);
    box.appendChild(S.button(S.t("propose_line", "Propose this line"), "propose-line", function () {
      send({ type: "propose_line", line: draftLine.slice() });
      editorOpen = false;
    }, { disabled: draftLine.join() === line.join() }));
    return box;
  }
  function moveDraft(i, by) {
    const j = i + by;
    if (j < 0 || j >= draftLine.length) return;
    const tmp = draftLine[i]; draftLine[i] = draftLine[j]; draftLine[j] = tmp;
    render();
  }

  /* Which Way: my jewels to offer the genie (three or more in value buys the two-move answer). */
  let offerPick = null;
  function offerBox(view, legal) {
    const offer = legal.filter(function (a) { return a.type === "offer"; })[0];
    const p = view.pending;
    if (!offer || !p || p.kind !== "genie_offer") return null;
    const jewels = (offer.tokens && offer.tokens.subset_of) || [];
    const mine = p.my_offer || [];
    if (!offerPick) offerPick = mine.slice();
    offerPick = offerPick.filter(function (t) { return jewels.indexOf(t) >= 0; });
    const box = h("div", { className: "sidi-offer", "data-testid": "genie-offer" }, [
      h("p", { text: S.t("offer_prompt", "{name} asks {genie}. Offer jewels worth 3 or more for a two-move answer:",
        { name: name(p.user), genie: S.kindName(p.genie) }) }),
    ]);
    const chips = h("div", { className: "sidi-table-slots" });
    jewels.forEach(function (token) {
      const picked = offerPick.indexOf(token) >= 0;
      chips.appendChild(S.onPress(h("button", { type: "button", className: "slot" + (picked ? " picked" : ""),
        "aria-pressed": picked ? "true" : "false", "data-testid": "offer-token-" + token }, [S.tokenChip(kindOf(view, token))]), function () {
        const at = offerPick.indexOf(token);
        if (at >= 0) offerPick.splice(at, 1); else offerPick.push(token);
        render();
      }));
    });
    box.appendChild(chips);
    const offers = (p.offers || []).reduce(function (sum, n) { return sum + n; }, 0);
    box.appendChild(h("p", { className: "muted", "data-testid": "offers-count", text: S.t("offers_count", "Jewels offered at the table: {n}", { n: offers }) }));
    box.appendChild(S.button(offerPick.length ? S.t("offer_send", "Offer these jewels") : S.t("offer_none", "Offer nothing"), "offer-send", function () {
      send({ type: "offer", tokens: offerPick.slice() });
    }));
    return box;
  }

  /* The small padlock's opener hands each token on the table to one Adventurer. */
  function padlockBox(view, legal) {
    const gives = S.concrete(legal, "give_token");
    const p = view.pending;
    if (!gives.length || !p || p.kind !== "padlock_give") return null;
    const box = h("div", { className: "sidi-padlock", "data-testid": "padlock-give" }, [
      h("p", { text: S.t("padlock_prompt", "Hand each token to an Adventurer who has none yet:") }),
    ]);
    (p.tokens || []).forEach(function (tk) {
      const targets = gives.filter(function (a) { return a.slot === tk.slot; });
      box.appendChild(h("div", { className: "sidi-choices", "data-testid": "padlock-slot-" + tk.slot }, [S.tokenChip(tk.kind), " → "]
        .concat(targets.map(function (a) {
          // shown as the name beside the token's chip; said (its accessible name) as the whole handing out
          return S.button(name(a.to), "give-token-" + tk.slot + "-" + a.to, function () { send(a); },
            { "aria-label": S.t("give_token_to", "Give {kind} to {name}", { kind: S.kindName(tk.kind), name: name(a.to) }) });
        }))));
    });
    return box;
  }

  function lineVote(view, legal) {
    const lv = view.line_vote;
    const rows = [];
    if (lv) rows.push(h("p", { "data-testid": "line-proposal", text: api.isYou(lv.by) ? S.t("line_proposal_you", "You propose the line: {line}", { line: lv.line.map(name).join(" → ") })
      : S.t("line_proposal", "{name} proposes the line: {line}", { name: api.name(lv.by), line: lv.line.map(name).join(" → ") }) }));
    const row = h("div", { className: "sidi-choices" });
    S.concrete(legal, "vote_line").forEach(function (a) {
      row.appendChild(S.button(a.accept ? S.t("vote_line_yes", "Accept the line") : S.t("vote_line_no", "Refuse the line"), "vote-line-" + (a.accept ? "yes" : "no"), function () { send(a); }));
    });
    S.concrete(legal, "call_line_vote").forEach(function (a) { row.appendChild(S.button(S.t("call_line_vote", "Decide the line vote"), "call-line-vote", function () { send(a); })); });
    if (row.childNodes.length) rows.push(row);
    return rows.length ? h("div", { className: "sidi-line-vote", "data-testid": "line-vote" }, rows) : null;
  }

  function setupBox(view, legal) {
    const rows = [];
    const chars = choiceRow(legal, "choose_character", function (a) { return S.t("character", "Be {name}", { name: S.characterName(a.character) }); }, function (a) { return "character-" + a.character; }, true);
    if (chars) {
      rows.push(h("p", { className: "muted", "data-testid": "characters-help", text: S.characterHelp() }));
      Array.prototype.forEach.call(chars.querySelectorAll("button"), function (b) { b.title = S.characterHelp(); });
      rows.push(chars);
    }
    const lamps = choiceRow(legal, "give_lamp", function (a) { return S.t("give_lamp", "Give a lamp to {name}", { name: name(a.to) }); }, function (a) { return "give-lamp-" + a.to; }, true);
    if (lamps) rows.push(lamps);
    const open = choiceRow(legal, "open_sesame", function () { return S.t("open_sesame", "Open Sesame!"); }, function () { return "open-sesame"; }, true);
    if (open) rows.push(open);
    return rows.length ? h("div", { className: "sidi-setup card", "data-testid": "setup" }, rows) : null;
  }

  function render() {
    const view = frame.view || {};
    const legal = frame.legal || [];
    const p = view.pending;
    if (!p || p.kind !== "genie_offer") offerPick = null;
    root.innerHTML = "";
    clockEl = h("div", { className: "sidi-hourglass", "data-testid": "hourglass" });
    const head = h("div", { className: "sidi-status" }, [clockEl]);
    const pause = choiceRow(legal, "pause", function () { return S.t("pause", "Pause"); }, function () { return "pause"; }) ||
      choiceRow(legal, "resume", function () { return S.t("resume", "Resume"); }, function () { return "resume"; });
    if (pause) head.appendChild(pause);
    if (view.phase === "over") {
      head.appendChild(h("strong", { "data-testid": "game-over", text: view.winner === "leader" ? S.t("over_leader", "The Leader of the Thieves wins.") : S.t("over_escaped", "The Adventurers escaped!") }));
    }
    root.appendChild(head);
    [promptHint(view, legal), setupBox(view, legal), view.phase === "play" && view.role !== "leader" ? movePad(view, legal) : null,
      genies(view, legal), pendingBox(view, legal), offerBox(view, legal), padlockBox(view, legal), lineVote(view, legal),
      lineBox(view), lineEditor(view, legal)]
      .forEach(function (el) { if (el) root.appendChild(el); });
    // a replay waits for no one: the log and the step say what happened
    if (!legal.length && view.phase !== "over" && api.seat !== null && !api.replay) root.appendChild(h("p", { className: "muted", "data-testid": "waiting", text: S.t("waiting", "Waiting for the others…") }));
    tick();
  }

  return {
    actions: ["vote_move", "call_move", "use_genie", "keep", "take", "roll", "discard_lamp", "call_discard",
      "confirm", "give", "choose_character", "give_lamp", "open_sesame", "vote_line", "call_line_vote", "pause", "resume",
      "propose_line", "offer", "give_token"],
    mount: function (el, a) {
      root = el; api = a;
      document.addEventListener("keydown", onKey);
      timer = setInterval(tick, 250);
    },
    update: function (f) { frame = f; render(); },
    destroy: function () {
      document.removeEventListener("keydown", onKey);
      clearInterval(timer);
      if (root) root.innerHTML = "";
    },
  };
}

UI.LiveMatch.registerRenderer("sidibaba", "main", MainRenderer());
