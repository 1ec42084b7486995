/* The admin's board form: the board redrawn (basra_board.js) as the JSON is edited; the saved preview
 * and the engine's checks on save stay the authority. */
import { draw } from "./basra_board.js";

function start() {
  var area = document.getElementById("id_data");
  if (!area) return;
  var box = document.createElement("div");
  box.className = "basra-live-preview";
  box.style.maxWidth = "560px";
  area.parentNode.appendChild(box);
  var labels = { board: "Basra", quarter: function (n) { return "Q" + n; } };
  function redraw() {
    var board;
    try { board = JSON.parse(area.value); } catch (e) { box.dataset.state = "bad-json"; return; }
    try {
      var drawn = draw(board, board.start, labels, {}, function () {});
      box.innerHTML = "";
      box.appendChild(drawn.svg);
      box.dataset.state = "drawn";
    } catch (e) { box.dataset.state = "cannot-draw"; }
  }
  area.addEventListener("input", redraw);
  redraw();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
