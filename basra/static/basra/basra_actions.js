/* Basra's actions in its own words ("Buy Pirates (Robbers, value 20) for 60 Piastres"), in the page's language, from
 * the view the seat had when it could take them: the prompt's buttons (basra.js), and the review's sentences and
 * table (matches/static/matches/review.js, through the speech's `action` part). Pure: a function of the action,
 * the view and the page's game data (basra_log.js); it decides nothing about the rules. */
import * as UI from "../matches/ui.js";
import * as B from "./basra_log.js";

const fmt = UI.fmt;
const t = B.t;

function seatName(seat, api) { return api ? api.name(seat) : String(seat); }

function offerFrom(id, view, api) {
  const offer = ((view.phase || {}).offers || []).filter(function (o) { return o.id === id; })[0];
  return offer ? " (" + seatName(offer.from, api) + ")" : "";
}

/* A junction's way: the branch that leaves from where Ali Baba stands, or the main route (the board's data). */
function routeText(to, view) {
  const branch = ((B.data().board || {}).branches || []).filter(function (b) { return b.from === view.position; })[0];
  const onBranch = !!branch && (branch.spaces || [])[0] === to;
  return t("route", "Which way?") + " " + (onBranch ? t("branch", "the branch") : t("main_route", "main route"));
}

/* A list of cards in an action: its concrete ids, or none when the action still asks for them (a form's). */
function cardsOf(value) {
  return Array.isArray(value) ? value : null;
}

/* One action of Basra in words; `view` the seat's view, `api` names the seats (api.name). A form's action whose
 * cards or Piastres are still to choose is named by the form's title. */
export function actionText(a, view, api) {
  view = view || {};
  switch (a.type) {
    case "play": return fmt(t("play", "Play {n}"), { n: a.card });
    case "route": return routeText(a.to, view);
    case "buy": {
      const price = B.priceHere(a.card, view.position, B.data());
      return price === null ? t("buy", "Buy") + " " + B.cardName(a.card) : fmt(t("buy_for", "Buy {card} for {price}"), { card: B.cardName(a.card), price: B.cash(price) });
    }
    case "take": return fmt(t("take_free", "Take {card} for free"), { card: B.cardName(a.card) });
    case "stop": return t("stop", "Stop");
    case "roll": return t("roll", "Roll the dice");
    case "choose": return t("choose", "Choose") + " " + B.gangName(a.gang);
    case "done": return view.phase && view.phase.name === "window" && view.phase.kind !== "bazaar" && view.phase.kind !== "give" && view.phase.kind !== "x10"
      ? t("done_keep", "I am done (keep my cards)") : t("done", "I am done");
    case "accept": return t("accept", "Accept") + " #" + a.offer + offerFrom(a.offer, view, api);
    case "decline": return t("decline", "Decline") + " #" + a.offer + offerFrom(a.offer, view, api);
    case "give": return fmt(t("give_to", "Give {card} to {name}"), { card: B.cardName(a.card), name: seatName((view.phase || {}).receiver, api) });
    case "steal": return fmt(B.plural("steal", a.turns, "Steal for {n} turn", "Steal for {n} turns"), { n: a.turns });
    case "announce": return fmt(B.plural("announce", a.count, "Turn {n} card", "Turn {n} cards"), { n: a.count });
    case "claim": return t("claim", "Claim") + " " + B.cardName(a.card);
    case "choose_start": return fmt(t("choose_start", "{name} starts round two"), { name: seatName(a.seat, api) });
    case "sell": return cardsOf(a.cards) ? fmt(t("act_sell", "Sell {cards}"), { cards: B.cardList(a.cards) }) : t("sell", "Sell cards");
    case "throw": return cardsOf(a.cards) ? fmt(t("act_throw", "Throw away {cards}"), { cards: B.cardList(a.cards) }) : t("throw", "Throw cards away");
    case "return": return cardsOf(a.cards) ? fmt(t("act_return", "Return {cards}"), { cards: B.cardList(a.cards) }) : t("return", "Return cards");
    case "offer":
      if (!cardsOf(a.cards)) return t("offer", "Offer cards for Piastres");
      return fmt(t("act_offer", "Offer {cards} to {name} for {price}"), { cards: B.cardList(a.cards), name: seatName(a.to, api), price: B.goods([], a.piastres) });
    case "trade":
      if (!cardsOf(a.give) || !cardsOf(a.want)) return t("trade", "Trade at the bazaar");
      return fmt(t("act_trade", "Trade with {name}: give {give}, get {get}"),
        { name: seatName(a.to, api), give: B.goods(a.give, a.give_piastres), get: B.goods(a.want, a.want_piastres) });
    default: return "";
  }
}
