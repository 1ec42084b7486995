/* The table chat's strings, in the reader's language (static/js/i18n.js). */
import { gettext } from "../js/i18n.js";

/* chat.js */
export const CHAT = {
  mute: gettext("mute"),
  mute_title: gettext("Stop seeing what {name} writes"),
  unmute: gettext("unmute {name}"),
  muted: gettext("Muted:"),
  report: gettext("report"),
  report_reason: gettext("Why do you report this message? (optional)"),
  reported: gettext("Reported. The staff will have a look. Thank you."),
  spectator: gettext("spectator"),
  seat: gettext("seat {n}"),
};
