/* Clocks and countdowns worded, apart from the page (ui.js uses them and re-exports them to the games;
 * tests/js/clock.test.mjs checks them). Pure functions: no DOM, no timer. */

/* Whole seconds left until `deadline` (server seconds) at server time `now`, never below 0. */
export function secondsLeft(deadline, now) {
  return Math.max(0, Math.ceil(deadline - now));
}

/* A day's short unit in a page's language (`lang`: the <html lang>): "j" in French, else "d". */
export function dayUnit(lang) {
  return /^fr/.test(lang || "") ? "j" : "d";
}

/* 75 -> "1:15", 9 -> "0:09"; hours when needed; 2 days 3 h -> "2 d 3:00:00" (`unit`: the day's, "d" or "j";
 * a no-break space before it). Below 0 counts as 0; fractions of a second are dropped. */
export function formatClock(seconds, unit) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) {
    const inDay = s % 86400;
    const h = Math.floor(inDay / 3600), m = Math.floor((inDay % 3600) / 60), sec = inDay % 60;
    return Math.floor(s / 86400) + "\u00a0" + (unit || "d") + " " + h + ":" + (m < 10 ? "0" : "") + m + ":" + (sec < 10 ? "0" : "") + sec;
  }
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const mm = hours ? (minutes < 10 ? "0" : "") + minutes : String(minutes);
  return (hours ? hours + ":" : "") + mm + ":" + (rest < 10 ? "0" : "") + rest;
}

/* The local time of day of a Date, "09:05" (the time a seat's notice happened, in the table's log of seats). */
export function timeOfDay(date) {
  return String(date.getHours()).padStart(2, "0") + ":" + String(date.getMinutes()).padStart(2, "0");
}
