// The table page follows its table live: it reloads when the seats change and
// goes to the match when it starts. The page gives the table's id and its
// seating as drawn in the JSON block #seating ({"table": id, "seats": [...]}).
// A reload never cuts into the person's own form: while a form of the page is
// being filled in (a field or button of it has the focus) the reload waits, with
// a notice, until the focus leaves the form; once a form is sent, the answer to
// it is the next page, so no reload follows.
const data = JSON.parse(document.getElementById("seating").textContent);
const tableId = data.table;
// Who sits where: any snapshot that differs from the page as drawn (even the first) reloads it.
const seating = (seats) => JSON.stringify(seats.map((s) => [s.seat, s.user || null, s.bot || null, !!s.kept]).sort((a, b) => a[0] - b[0]));
const drawn = seating(data.seats);
const notice = document.getElementById("table-changed");
let delay = 500;
let stale = false;
let sent = false;

function editing() {
  const el = document.activeElement;
  return !!(el && el.closest && el.closest("form"));
}
function reloadWhenFree() {
  if (sent) return;
  if (editing()) {
    stale = true;
    if (notice) notice.hidden = false;
    return;
  }
  window.location.reload();
}
document.addEventListener("submit", () => { sent = true; });
document.addEventListener("focusout", () => {
  // the focus may be moving to another control of a form (a select, then its button): look once it landed
  setTimeout(() => { if (stale && !sent && !editing()) window.location.reload(); }, 300);
});

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/lobby/");
  ws.onmessage = (e) => {
    const snap = JSON.parse(e.data);
    const started = (snap.my_started || []).find((s) => s.table === tableId);
    if (started) { window.location = "/matches/" + started.match + "/"; return; }
    const table = (snap.tables || []).find((t) => t.id === tableId);
    // A table missing from the snapshot (private, seen through an invite) cannot be compared.
    if (table && seating(table.seats) !== drawn) reloadWhenFree();
  };
  ws.onopen = () => { delay = 500; };
  ws.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 10000); };
}
connect();
