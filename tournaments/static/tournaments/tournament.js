// A tournament's page follows it live: its standings, its status and clock, and the reader's own
// place in it. The server sends the whole view (tournaments/snapshot.py) on every change, in the
// reader's language; the page draws it. When the reader is seated at a new table, the page opens
// the match, as an arena does.
import { countdown } from "./local_time.js";

const root = document.getElementById("tournament");
const texts = root.dataset;
let view = JSON.parse(document.getElementById("tournament-snapshot").textContent);
const matchAtLoad = view.me.match;
let delay = 500;

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.append(td);
  return td;
}

function drawStandings() {
  const body = document.getElementById("standings-rows");
  const rows = view.standings.map((line, index) => {
    const tr = document.createElement("tr");
    if (index === view.me.row) tr.className = "me";
    if (line.computer) tr.classList.add("computer");
    cell(tr, line.place === null ? "" : String(line.place));
    const name = cell(tr, line.name);
    if (line.on_fire) {
      const fire = document.createElement("span");
      fire.textContent = " 🔥";
      fire.title = texts.onFire;
      fire.setAttribute("aria-label", texts.onFire);
      name.append(fire);
    }
    cell(tr, String(line.points));
    cell(tr, String(line.matches));
    cell(tr, String(line.wins));
    if (view.kind === "swiss") cell(tr, String(line.buchholz));
    return tr;
  });
  body.replaceChildren(...rows);
}

function drawStatus() {
  document.querySelector("[data-testid=tournament-status]").textContent = view.status_label;
  document.getElementById("tournament-people").textContent = texts.people.replace("{count}", view.people);
  const me = document.getElementById("tournament-me");
  // Drawn again only when it changes: the view comes on every change of the tournament, and a link drawn again
  // under a press loses the click (a mousedown on the old link, a mouseup on its twin) and its focus.
  const mine = JSON.stringify([view.me.match, view.me.waiting, view.labels.your_match, view.labels.waiting]);
  if (me.dataset.drawn !== mine) {
    me.dataset.drawn = mine;
    me.replaceChildren();
    if (view.me.match) {
      const link = document.createElement("a");
      link.href = `/matches/${view.me.match}/`;
      link.className = "button";
      link.dataset.testid = "tournament-my-match";
      link.textContent = view.labels.your_match;
      me.append(link);
    } else if (view.me.waiting) {
      me.textContent = view.labels.waiting;
    }
  }
  const open = view.status === "scheduled" || view.status === "running";
  const join = document.getElementById("join-form");
  const leave = document.getElementById("leave-form");
  if (join) join.hidden = !open || view.me.registered || (view.status === "running" && view.kind === "swiss");
  if (leave) leave.hidden = !open || !view.me.registered;
  const podium = document.getElementById("tournament-podium");
  document.getElementById("podium-card").hidden = !view.podium.length;
  podium.replaceChildren(...view.podium.map((name) => {
    const li = document.createElement("li");
    li.textContent = name;
    return li;
  }));
}

function drawClock() {
  const clock = document.getElementById("tournament-clock");
  const now = Date.now() / 1000;
  if (view.status === "scheduled") clock.textContent = texts.startsIn.replace("{time}", countdown(view.starts_at - now));
  else if (view.status === "running" && view.kind === "arena") clock.textContent = texts.endsIn.replace("{time}", countdown(view.ends_at - now));
  else if (view.status === "running") clock.textContent = texts.round.replace("{round}", view.round).replace("{rounds}", view.rounds);
  else clock.textContent = "";
}

function draw() {
  drawStandings();
  drawStatus();
  drawClock();
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + `/ws/tournament/${view.id}/`);
  ws.onmessage = (event) => {
    view = JSON.parse(event.data);
    if (view.me.match && view.me.match !== matchAtLoad) {
      window.location = `/matches/${view.me.match}/`;
      return;
    }
    draw();
  };
  ws.onopen = () => { delay = 500; };
  ws.onclose = (event) => {
    if (event.code === 4404) return;
    setTimeout(connect, delay + Math.random() * delay);
    delay = Math.min(delay * 2, 10000);
  };
}

draw();
setInterval(drawClock, 1000);
connect();
