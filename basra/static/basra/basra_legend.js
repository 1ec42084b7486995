/* Ali Baba in Basra: the legend of the board's symbols and of the card chips, in words (legend).
 * The match page shows it under the board, the rules page beside its pictures. Each symbol the board draws
 * (basra_board.js's marks) is listed once, with what its space does; then what a card chip's numbers mean.
 * Its strings are LEGEND in basra_strings.js. */
import * as UI from "../matches/ui.js";
import * as B from "./basra_log.js";
import { LEGEND } from "./basra_strings.js";
import { mark as spaceMark } from "./basra_board.js";

const h = UI.h;
const fmt = UI.fmt;

function l(key, fallback) {
  return LEGEND[key] || fallback;
}

const SPECIAL = { choose: ["legend_special_choose", "a capture: the mover chooses the gang"],
  die: ["legend_special_die", "a capture: a die names the gang"], all: ["legend_special_all", "a capture of every gang"] };
const CHANCE = {
  x50: ["legend_x50", "chance: the mover rolls a die and gets 50 Piastres per pip"],
  "200": ["legend_200", "chance: the mover gets 200 Piastres"],
  black_die: ["legend_black_die", "chance: the black die is rolled and kept for the next capture"],
  white_die: ["legend_white_die", "chance: the white die is rolled and kept for the next capture"],
  two_out: ["legend_two_out", "chance: the mover takes two cards from the packs for free"],
  two_in: ["legend_two_in", "chance: the mover gives two cards back to the packs"],
  bazaar: ["legend_bazaar", "chance: the Grand Bandit Bazaar, everyone may trade cards and Piastres"],
  hand: ["legend_hand", "chance: everyone gives the mover one of their cards"],
  numbered: ["legend_numbered", "chance: everyone is paid the quarter price of each card they hold"],
  x10: ["legend_x10", "chance: everyone rolls and is paid roll × their cards × 10"],
};

/* What one space does, in words. */
function meaning(sp) {
  if (sp.type === "start") return l("legend_start", "Start: each round ends here, every card pays its value");
  if (sp.type === "empty") return l("legend_empty", "empty space: the mover may buy up to three cards");
  if (sp.type === "gang") {
    const names = (sp.gangs || []).map(B.gangName);
    return fmt(l(names.length > 1 ? "legend_gangs" : "legend_gang", names.length > 1 ? "a capture of the {gangs}" : "a capture of the {gang}"),
      { gang: names[0], gangs: names.join(" " + l("legend_and", "and") + " ") });
  }
  const words = (sp.type === "special" ? SPECIAL : CHANCE)[sp.kind];
  return words ? l(words[0], words[1]) : sp.type;
}

/* The legend: a list of the board's symbols (those on `board`, each once) and of the chips' numbers. */
function legend(board) {
  const seen = {}, rows = [];
  (board.spaces || []).forEach(function (sp) {
    const mark = spaceMark(sp);
    if (!mark || seen[mark]) return;
    seen[mark] = true;
    rows.push(h("li", { "data-testid": "legend-mark", "data-mark": mark }, [h("b", { className: "legend-mark", text: mark }), " " + meaning(sp)]));
  });
  rows.push(h("li", { "data-testid": "legend-ali" }, [h("b", { className: "legend-mark", text: "A" }), " " + l("legend_ali", "Ali Baba")]));
  const chips = [
    ["legend-card", l("legend_card_name", "Pirates (Robbers, value 20)"), l("legend_card", "a bandit card: its name, its gang and its treasure value, paid at the round's end; the price to buy or sell it is the quarter's (the price table)")],
    ["legend-destiny", "⚄3,22", l("legend_destiny", "the Destiny numbers that catch this card at a capture of its gang")],
    ["legend-group", fmt(B.t("group_short", "{n} of {m}"), { n: 4, m: 4 }) + " ★", l("legend_group", "before a player's cards: how many of the group's cards they hold, of the cards in the group; ★ a complete group, which pays double")],
  ].map(function (row) {
    return h("li", { "data-testid": row[0] }, [h("b", { className: "legend-mark", text: row[1] }), " " + row[2]]);
  });
  return h("details", { className: "card legend", "data-testid": "legend" }, [
    h("summary", { text: l("legend_title", "What the symbols mean") }),
    h("ul", { className: "legend-list", "data-testid": "legend-board" }, rows),
    h("ul", { className: "legend-list", "data-testid": "legend-cards" }, chips),
  ]);
}

export { legend, meaning };
