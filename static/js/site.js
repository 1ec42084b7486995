// Behaviour every page shares. The Content-Security-Policy allows no inline
// script or handler (config/settings.py, CONTENT_SECURITY_POLICY): pages mark
// elements with data attributes and this file gives them their behaviour.
// <select data-autosubmit>: choosing an option submits its form (the language switch).
document.addEventListener("change", (event) => {
  const select = event.target.closest && event.target.closest("select[data-autosubmit]");
  if (select && select.form) { select.form.submit(); }
});
// <button data-close-details>: closes the <details> it is in (the resign confirmation's Cancel).
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-close-details]");
  if (!button) { return; }
  const details = button.closest("details");
  if (details) { details.open = false; }
});
// The away banner (templates/base.html): the person's running matches where a decision of theirs is
// due while no page of the match is open, with the countdown before a computer player stands in (or, at their
// first decision, before the match is aborted)
// (matches/presence.py), and those where one already plays for them; each with a link back.
const banner = document.getElementById("away-banner");
if (banner) {
  const POLL_MS = 5000;
  const livePage = document.querySelector("#match-page:not([data-replay])");
  const here = livePage ? Number(livePage.dataset.match) : null;
  let entries = [];
  let offset = 0;  // server clock minus local clock, in seconds
  const fill = (template, entry, seconds) => template
    .replace("{game}", entry.game).replace("{match}", String(entry.match)).replace("{seconds}", String(seconds));
  const draw = () => {
    const now = Date.now() / 1000 + offset;
    const shown = entries.filter((entry) => entry.match !== here);
    banner.textContent = "";
    shown.forEach((entry) => {
      const line = document.createElement("p");
      line.dataset.match = String(entry.match);
      line.dataset.state = entry.state;
      let text;
      if (entry.state === "stood_in") {
        text = fill(banner.dataset.stoodIn, entry, 0);
      } else {
        const seconds = Math.ceil(entry.at - now);
        // at their first decision nobody stands in: the match is aborted (docs/ratings.md, "The early abort")
        const [due, dueNow] = entry.aborts ? [banner.dataset.abortDue, banner.dataset.abortDueNow] : [banner.dataset.due, banner.dataset.dueNow];
        text = seconds > 0 ? fill(due, entry, seconds) : fill(dueNow, entry, 0);
      }
      line.append(text + " ");
      const link = document.createElement("a");
      link.href = entry.url;
      link.className = "button";
      link.dataset.testid = "away-back";
      link.textContent = banner.dataset.back;
      line.append(link);
      banner.append(line);
    });
    banner.hidden = shown.length === 0;
  };
  const poll = () => {
    fetch(banner.dataset.url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => {
        if (!data) { return; }
        offset = data.server_time - Date.now() / 1000;
        entries = data.matches || [];
        draw();
      })
      .catch(() => { /* offline for a moment: the next poll tries again */ });
  };
  poll();
  setInterval(poll, POLL_MS);
  setInterval(draw, 1000);
}
