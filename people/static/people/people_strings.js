/* The people scripts' strings, in the reader's language (static/js/i18n.js). */
import { gettext, ngettext } from "../js/i18n.js";

export const PEOPLE = {
  invitations: gettext("Invitations"),
  invites: gettext("{name} invites you to a table of {game}."),
  challenges: gettext("{name} challenges you to a match of {game}."),
  answer: gettext("Answer"),
  waiting_n: [0, 1, 2].map((n) => ngettext("{n} invitation waits for your answer", "{n} invitations wait for your answer", n)),
};
