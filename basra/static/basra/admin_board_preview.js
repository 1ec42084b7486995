/* The admin's board form: the board redrawn (basra_board.js) as the JSON is edited; the saved preview
 * and the engine's checks on save stay the authority. */
import { draw } from "./basra_board.js";

function start() {
  const area = document.getElementById("id_data");
  if (!area) return;
  const box = document.createElement("div");
  box.className = "basra-live-preview";
  box.style.maxWidth = "560px";
  area.parentNode.appendChild(box);
  const labels = { board: "Basra", quarter: function (n) { return "Q" + n; } };
  function redraw() {
    let board;
    try { board = JSON.parse(area.value); } catch { box.dataset.state = "bad-json"; return; }
    try {
      const drawn = draw(board, board.start, labels, {}, function () {});
      box.innerHTML = "";
      box.appendChild(drawn.svg);
      box.dataset.state = "drawn";
    } catch { box.dataset.state = "cannot-draw"; }
  }
  area.addEventListener("input", redraw);
  redraw();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
