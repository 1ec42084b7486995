/* The lobby page's strings, in the reader's language (static/js/i18n.js). */
import { gettext } from "../js/i18n.js";

export const LOBBY = {
  host: gettext("host"),
  empty: gettext("empty seat"),
  open: gettext("Open"),
  watch: gettext("Watch"),
  return: gettext("Return"),
  match: gettext("Match"),
  started: gettext("started"),
  resume: gettext("Back to your match"),
  no_tables: gettext("No open table. Create one!"),
  no_running: gettext("No match is being played."),
  waiting: gettext("You are waiting for a quick match:"),
  players: gettext("players"),
  in_queue: gettext("in the queue"),
  private: gettext("private"),
  computer: gettext("computer"),
  your_role: gettext("Your role"),
  rating_title: gettext("rating in this game"),
};
