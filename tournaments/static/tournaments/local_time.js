// Times on the tournament pages, as plain functions (node --test: tests/js/tournament_time.test.mjs).

// "2026-12-01T20:30" typed in a zone `offsetMinutes` behind UTC (Date#getTimezoneOffset: -60 in Paris
// in winter) -> "2026-12-01T20:30:00+01:00".
export function withOffset(local, offsetMinutes) {
  const ahead = -offsetMinutes;
  const sign = ahead < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(ahead) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(ahead) % 60).padStart(2, "0");
  const seconds = local.length === 16 ? ":00" : "";
  return `${local}${seconds}${sign}${hours}:${minutes}`;
}

// Seconds left -> "1:02:03", "4:05", "0:09"; never negative.
export function countdown(seconds) {
  const left = Math.max(0, Math.floor(seconds));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
