// The invitations waiting for the person, as the lobby socket's snapshot carries them (`invitations`:
// {count, waiting: [{id, host, game_name, challenge}]}, docs/people.md): the header's badge follows the count,
// and the lobby page's box (#my-invitations) lists them with the way to answer, as each arrives.
import { interpolate } from "../js/i18n.js";
import { PEOPLE as T } from "./people_strings.js";

const ANSWER_URL = "/players/invitations/";

function headerBadge(count) {
  const header = document.querySelector(".site-header");
  if (!header) return;
  let link = header.querySelector("[data-testid=nav-invitations]");
  if (!count) {
    if (link) link.remove();
    return;
  }
  if (!link) {
    link = document.createElement("a");
    link.href = ANSWER_URL;
    link.className = "header-badge";
    link.dataset.testid = "nav-invitations";
    const hidden = document.createElement("span");
    hidden.className = "sr-only";
    hidden.textContent = T.invitations;
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.dataset.testid = "invitations-badge";
    link.append(hidden, " ", badge);
    // beside the site's name, where the page has it (templates/base.html)
    header.insertBefore(link, header.querySelector(".brand").nextSibling);
  }
  const badge = link.querySelector("[data-testid=invitations-badge]");
  badge.textContent = "✉ " + count;
  badge.title = interpolate(T.waiting_n[Math.min(count, 2)], { n: count });
}

function lobbyBox(waiting) {
  const box = document.getElementById("my-invitations");
  if (!box) return;
  box.replaceChildren();
  box.hidden = !waiting.length;
  waiting.forEach((invitation) => {
    const row = document.createElement("p");
    row.dataset.invitation = invitation.id;
    row.textContent = interpolate(invitation.challenge ? T.challenges : T.invites, { name: invitation.host, game: invitation.game_name }) + " ";
    const answer = document.createElement("a");
    answer.href = ANSWER_URL;
    answer.className = "button";
    answer.dataset.testid = "answer-invitation";
    answer.textContent = T.answer;
    row.append(answer);
    box.append(row);
  });
}

export function showInvitations(part) {
  if (!part) return;  // a visitor's snapshot carries none
  headerBadge(part.count);
  lobbyBox(part.waiting || []);
}
