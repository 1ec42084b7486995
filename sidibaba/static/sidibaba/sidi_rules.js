/* Sidi Baba: the pictures of the rules page, drawn with the match page's token chips (tokenChip of sidi_common.js). */
import * as UI from "../matches/ui.js";
import * as S from "./sidi_common.js";

const h = UI.h;

const figures = {
  tokens: function () {
    const groups = [
      ["gold1", "gold2", "carafe", "daggers", "emerald", "stones", "necklace"],
      ["light", "arrow_blue", "arrow_red", "way_treasure", "way_exit", "way_loot"],
      ["curse"],
    ];
    return h("div", { className: "rules-tokens" }, groups.map(function (kinds) {
      return h("div", {}, kinds.map(function (k) { return S.tokenChip(k); }));
    }));
  },
};

document.querySelectorAll("[data-figure]").forEach(function (fig) {
  const make = figures[fig.dataset.figure];
  if (!make) return;
  const picture = make();
  picture.setAttribute("data-testid", "figure-" + fig.dataset.figure);
  fig.insertBefore(picture, fig.firstChild);
});
