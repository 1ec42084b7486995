// The tournament form: the start the person typed is in their own time zone; it is sent with its
// offset (an ISO date and time), so the site stores the moment they meant. The computer players
// and the table options offered are those of the chosen game.
import { withOffset } from "./local_time.js";
import { appendOptionFields } from "../lobby/option_fields.js";

const form = document.querySelector("[data-testid=tournament-form]");
if (form) {
  const game = form.querySelector("select[name=game]");
  const bot = form.querySelector("select[name=bot]");
  const showBots = () => {
    for (const group of bot.querySelectorAll("optgroup")) {
      const mine = [...group.children].some((option) => option.dataset.game === game.value);
      group.hidden = !mine;
      group.disabled = !mine;
    }
    const chosen = bot.selectedOptions[0];
    if (!chosen || chosen.dataset.game !== game.value) {
      const first = bot.querySelector(`option[data-game="${game.value}"]`);
      if (first) bot.value = first.value;
    }
  };
  // the chosen game's table options (its clocks, variant...), one field each as in the lobby's table form; the
  // server checks them as it checks a table's
  const optionsBox = form.querySelector("[data-testid=tournament-options]");
  const gameOptions = JSON.parse(document.getElementById("tournament-game-options").textContent);
  const showOptions = () => {
    optionsBox.replaceChildren();
    appendOptionFields(optionsBox, gameOptions[game.value] || []);
  };
  game.addEventListener("change", () => { showBots(); showOptions(); });
  showBots();
  showOptions();
  form.addEventListener("submit", () => {
    for (const input of form.querySelectorAll("input[data-local-time]")) {
      if (!input.value) continue;
      const sent = document.createElement("input");
      sent.type = "hidden";
      sent.name = input.name;
      sent.value = withOffset(input.value, new Date(input.value).getTimezoneOffset());
      input.removeAttribute("name");
      form.append(sent);
    }
  });
}
