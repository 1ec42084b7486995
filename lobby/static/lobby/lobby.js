// The lobby page: renders the live snapshot pushed by /ws/lobby/ and the create-table option fields.
import { LOBBY as T } from "./lobby_strings.js";
import { appendOptionFields, el } from "./option_fields.js";
import { showInvitations } from "../people/invitations_live.js";

const games = JSON.parse(document.getElementById("game-options").textContent);

// Create-table form: the selected game's options, one field each.
const form = document.getElementById("create-table-form");
if (form) {
  const gameSelect = form.querySelector("select[name=game]");
  const seats = form.querySelector("input[name=seats]");
  const box = document.getElementById("table-options");
  const pace = form.querySelector("select[name=decision_days]");
  // the Pace offers only what the chosen game accepts (Sidi Baba, real time only: no turn-based pace)
  function offerPaces(game) {
    Array.from(pace.options).forEach((option) => {
      const offered = (game.paces || [0]).includes(Number(option.value));
      option.hidden = option.disabled = !offered;
    });
    if (pace.selectedOptions[0] && pace.selectedOptions[0].disabled) pace.value = "0";
  }
  // `fitSeats`: bring the number of seats within the game's bounds, when the person changes the game. Not when the
  // page's script starts: it starts once the catalogue of strings has arrived, and a person (or a browser test)
  // may be typing the number by then; setting the field under their typing made "3" into "33". A number out of
  // bounds at the start is shown invalid by the field's own min and max.
  function renderOptions(fitSeats) {
    const game = games.find((g) => g.key === gameSelect.value);
    box.innerHTML = "";
    if (!game) return;
    offerPaces(game);
    seats.min = game.min; seats.max = game.max;
    if (fitSeats === true && (+seats.value < game.min || +seats.value > game.max)) seats.value = game.min;
    document.getElementById("seat-range").textContent = "(" + game.min + "–" + game.max + ")";
    if (game.roles && game.roles.length) {
      // the host is asked which role they play (Sidi Baba: the Leader or an Adventurer), never made one unasked
      box.appendChild(el("label", { for: "opt_host_role", text: T.your_role }));
      const roles = el("select", { name: "host_role", id: "opt_host_role", "data-testid": "host-role" });
      game.roles.forEach(([value, label]) => roles.appendChild(el("option", { value: value, text: label })));
      box.appendChild(roles);
    }
    appendOptionFields(box, game.options);
  }
  gameSelect.addEventListener("change", () => renderOptions(true));
  // A refused form comes back with the choices made: the game first (it decides the fields), then the rest.
  const refused = JSON.parse(document.getElementById("table-form-values").textContent);
  if (refused && refused.game && games.some((g) => g.key === refused.game[0])) gameSelect.value = refused.game[0];
  renderOptions(false);
  if (refused) {
    form.querySelectorAll("input[name], select[name]").forEach((field) => {
      const values = refused[field.name];
      if (!values || field.type === "hidden" || field === gameSelect) return;
      if (field.type === "checkbox") field.checked = values.includes(field.value);
      else field.value = values[values.length - 1];
    });
    const game = games.find((g) => g.key === gameSelect.value);
    if (game) offerPaces(game);  // never a pace put back that this game refuses
  }
}

// Quick match: the number of players follows the chosen game's bounds.
const quick = document.querySelector("[data-testid=quick-match-form]");
if (quick) {
  const quickGame = quick.querySelector("select[name=game]");
  const quickPlayers = quick.querySelector("input[name=players]");
  // as the table form's seats: fitted when the person changes the game, never under their typing at the start
  const bound = (fit) => {
    const game = games.find((g) => g.key === quickGame.value);
    if (!game) return;
    quickPlayers.min = game.min; quickPlayers.max = game.max;
    if (fit === true && (+quickPlayers.value < game.min || +quickPlayers.value > game.max)) quickPlayers.value = game.min;
  };
  quickGame.addEventListener("change", () => bound(true));
  bound(false);
}

// "5 minutes ago" in the page's language, from the browser's own translations.
const relative = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined, { numeric: "auto" });
/* A player's shown rating in the table's game (docs/ratings.md), beside their name: " (1532)". */
function ratingBeside(rating) {
  if (rating === null || rating === undefined) return null;
  return el("span", { class: "player-rating", "data-testid": "player-rating", title: T.rating_title, text: " (" + rating + ")" });
}

function ago(iso) {
  // Never "in 2 seconds": the server's clock may run a little ahead of this one.
  const seconds = Math.min(0, Math.round((new Date(iso).getTime() - Date.now()) / 1000));
  if (seconds > -60) return relative.format(seconds, "second");
  if (seconds > -3600) return relative.format(Math.round(seconds / 60), "minute");
  if (seconds > -86400) return relative.format(Math.round(seconds / 3600), "hour");
  return relative.format(Math.round(seconds / 86400), "day");
}

let wasQueued = false;
/* A snapshot comes on every change of any table or match, and each row drawn again would lose a press on its
 * link (a mousedown on the old link and a mouseup on its new twin make no click) and the keyboard's focus: so
 * a row whose own data did not change is kept as it is, and only the rows that changed are drawn again.
 * `holder()` makes the element that holds the rows (kept across snapshots; null: `container` itself). */
function drawRows(container, items, idOf, dataOf, build, empty, holder) {
  if (!container) return;
  if (!items.length) {
    container.__rows = null;
    container.replaceChildren(empty());
    return;
  }
  let rows = container.__rows;
  if (!rows || (rows !== container && rows.parentNode !== container)) {
    rows = container.__rows = holder ? holder() : container;
    container.replaceChildren(...(rows === container ? [] : [rows]));
  }
  const drawn = new Map(Array.from(rows.children).map((row) => [row.__rowId, row]));
  const wanted = items.map((item) => {
    const id = idOf(item), data = dataOf(item), old = drawn.get(id);
    if (old && old.__rowData === data) return old;
    const row = build(item);
    row.__rowId = id;
    row.__rowData = data;
    return row;
  });
  wanted.forEach((row, i) => {
    if (rows.children[i] !== row) rows.insertBefore(row, rows.children[i] || null);
  });
  while (rows.children.length > wanted.length) rows.lastElementChild.remove();
}

function tableRow(t) {
  const seats = el("td", {}, t.host + " — ");
  t.seats.forEach((s, i) => {
    const who = s.name || T.empty;  // an empty seat says so in words (it was a bare "·")
    const text = s.role_label ? who + " (" + s.role_label + ")" : who;  // role_label: only in games with roles
    if (!s.name) seats.appendChild(el("span", { class: "muted", "data-testid": "empty-seat", text: text }));
    else seats.appendChild(s.title ? el("span", { title: s.title, text: text }) : document.createTextNode(text));
    const rating = ratingBeside(s.rating);
    if (rating) seats.appendChild(rating);
    if (i < t.seats.length - 1) seats.appendChild(document.createTextNode(", "));
  });
  return el("tr", { "data-table": t.id },
    el("td", {}, t.game_name + (t.private ? " (" + T.private + ")" : ""),
      el("br"), el("small", { class: "muted", "data-testid": "table-summary", text: (t.summary || []).join(" · ") })),
    seats,
    el("td", {}, el("a", { href: "/tables/" + t.id + "/", class: "button secondary", text: T.open })));
}

function runningRow(m) {
  const row = el("p", { "data-match": m.match }, T.match + " #" + m.match + " · " + m.game_name + " · " + T.started + " " + ago(m.started_at) + ": ");
  m.players.forEach((p, i) => {
    row.appendChild(p.title ? el("span", { title: p.title, text: p.name }) : document.createTextNode(p.name));
    const rating = ratingBeside(p.rating);
    if (rating) row.appendChild(rating);
    if (i < m.players.length - 1) row.appendChild(document.createTextNode(", "));
  });
  row.appendChild(document.createTextNode(" "));
  row.appendChild(el("a", { href: "/matches/" + m.match + "/", text: m.mine ? T.return : T.watch }));
  return row;
}

function renderSnapshot(snap) {
  if (wasQueued && !snap.my_queue && snap.my_started && snap.my_started.length) {
    // The quick match you waited for has started: take the seat.
    window.location = "/matches/" + snap.my_started[0].match + "/";
    return;
  }
  wasQueued = !!snap.my_queue;
  showInvitations(snap.invitations);
  if (snap.my_started && snap.my_started.length && !window.location.pathname.startsWith("/tables/")) {
    // A quick match found you while you were looking at the lobby.
    const box = document.getElementById("my-queue");
    if (box) {
      box.innerHTML = "";
      snap.my_started.forEach((s) => box.appendChild(el("p", {}, el("a", { href: "/matches/" + s.match + "/", class: "button", "data-testid": "resume-match", text: T.resume }))));
    }
  }
  drawRows(document.getElementById("open-tables"), snap.tables, (t) => String(t.id), (t) => JSON.stringify(t), tableRow,
    () => el("p", { class: "muted", text: T.no_tables }), () => el("table", { class: "list" }));
  drawRows(document.getElementById("running-matches"), snap.running, (m) => String(m.match),
    (m) => JSON.stringify(m) + ago(m.started_at), runningRow, () => el("p", { class: "muted", text: T.no_running }), null);
  const queue = document.getElementById("my-queue");
  const leave = document.getElementById("leave-queue-form");
  if (queue && leave && !(snap.my_started && snap.my_started.length)) {
    queue.innerHTML = "";
    leave.hidden = !snap.my_queue;
    if (snap.my_queue) {
      const key = snap.my_queue.game + ":" + snap.my_queue.players;
      queue.appendChild(el("p", { "data-testid": "queue-status", text: T.waiting + " " + snap.my_queue.game_name + ", " + snap.my_queue.players + " " + T.players + " (" + (snap.queue[key] || 0) + " " + T.in_queue + ")" }));
    }
  }
}

renderSnapshot(JSON.parse(document.getElementById("lobby-snapshot").textContent));
let delay = 500;
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/lobby/");
  const dot = document.getElementById("lobby-live");
  ws.onopen = () => { delay = 500; dot && dot.classList.add("on"); };
  ws.onmessage = (e) => renderSnapshot(JSON.parse(e.data));
  ws.onclose = (e) => {
    dot && dot.classList.remove("on");
    // 4429: too many sockets from here; retrying would not help (the page still works when reloaded).
    if (e.code === 4429) return;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 10000);
  };
}
connect();
