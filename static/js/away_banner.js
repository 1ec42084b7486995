// The away banner (templates/base.html): the person's running matches where a decision of theirs is due while
// no page of the match is open, with the countdown before a computer player stands in (or, at their first
// decision, before the match is aborted) (matches/presence.py), and those where one already plays for them;
// each with a link back.
//
// A screen reader hears each line once, when it appears or changes (due -> stood in): the banner is not a live
// region; its own quiet region (role=status) is given the line's sentence then. The countdown ticks in place,
// in a span of the line, unheard (issue 36: the whole banner rewritten every second was 37 announcements in
// 30 s).

// What a line says at ``now`` (seconds, server clock): [the words before the countdown, the countdown's text,
// the words after it]; the countdown is "" for a line without one.
export function lineParts(entry, now, texts) {
  const fill = (template) => template.replace("{game}", entry.game).replace("{match}", String(entry.match));
  if (entry.state === "stood_in") {
    return [fill(texts.stoodIn), "", ""];
  }
  const seconds = Math.ceil(entry.at - now);
  const [due, dueNow] = entry.aborts ? [texts.abortDue, texts.abortDueNow] : [texts.due, texts.dueNow];
  if (seconds <= 0) {
    return [fill(dueNow), "", ""];
  }
  const [before, after] = fill(due).split("{seconds}");
  return [before, String(seconds), after === undefined ? "" : after];
}

// A line's identity: a new key is a new thing to tell (a new match waiting, or a match whose state changed,
// including its countdown running out).
export function lineKey(entry, now) {
  const over = entry.state !== "stood_in" && Math.ceil(entry.at - now) <= 0;
  return `${entry.match}:${entry.state}:${over ? "now" : "due"}`;
}

// The lines shown (every match but the one whose page this is) and the sentences to announce: those whose key
// was not shown before.
export function bannerState(entries, now, here, shownKeys, texts) {
  const lines = entries.filter((entry) => entry.match !== here).map((entry) => ({
    entry, key: lineKey(entry, now), parts: lineParts(entry, now, texts),
  }));
  const announce = lines.filter((line) => !shownKeys.has(line.key)).map((line) => line.parts.join(""));
  return { lines, announce, keys: new Set(lines.map((line) => line.key)) };
}

export function attach(banner, announcer) {
  const POLL_MS = 5000;
  const texts = {
    due: banner.dataset.due, dueNow: banner.dataset.dueNow, abortDue: banner.dataset.abortDue,
    abortDueNow: banner.dataset.abortDueNow, stoodIn: banner.dataset.stoodIn,
  };
  const livePage = document.querySelector("#match-page:not([data-replay])");
  const here = livePage ? Number(livePage.dataset.match) : null;
  let entries = [];
  let offset = 0;  // server clock minus local clock, in seconds
  let shownKeys = new Set();
  const newLine = (line) => {
    const paragraph = document.createElement("p");
    paragraph.dataset.match = String(line.entry.match);
    paragraph.dataset.state = line.entry.state;
    paragraph.dataset.key = line.key;
    const [before, count, after] = line.parts;
    const countdown = document.createElement("span");
    countdown.className = "away-countdown";
    countdown.textContent = count;
    // one flex item of words (the line is a flex row: its words, then the link back)
    const words = document.createElement("span");
    words.append(before, countdown, after);
    paragraph.append(words, " ");
    const link = document.createElement("a");
    link.href = line.entry.url;
    link.className = "button";
    link.dataset.testid = "away-back";
    link.textContent = banner.dataset.back;
    paragraph.append(link);
    return paragraph;
  };
  const draw = () => {
    const state = bannerState(entries, Date.now() / 1000 + offset, here, shownKeys, texts);
    const same = state.keys.size === shownKeys.size && [...state.keys].every((key) => shownKeys.has(key));
    if (same) {
      // only the countdowns move: their spans, in place
      state.lines.forEach((line) => {
        const span = banner.querySelector(`p[data-key="${line.key}"] .away-countdown`);
        if (span && span.textContent !== line.parts[1]) { span.textContent = line.parts[1]; }
      });
    } else {
      banner.replaceChildren(...state.lines.map(newLine));
      banner.hidden = state.lines.length === 0;
      if (announcer && state.announce.length) { announcer.textContent = state.announce.join(" "); }
    }
    shownKeys = state.keys;
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
