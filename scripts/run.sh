#!/usr/bin/env bash
# Serves the site (scripts/serve_web.py); with REDIS_URL set, also a Celery worker and beat.
# Ctrl-C stops everything this script started.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT="${PORT:-8000}"
pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup INT TERM EXIT

# Restarts a process that exits, as systemd's Restart=always would: a Celery worker
# exits on some broker losses (kombu's "Unrecoverable error" on a Redis restart; see `make chaos`).
supervise() {
  local child=""
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null; exit 0' TERM INT
  while true; do
    "$@" &
    child=$!
    wait "$child" || true
    echo "$1 $2 $3 exited; restarting it in 1 s" >&2
    sleep 1
  done
}

if [ -n "${REDIS_URL:-}" ]; then
  echo "Using Redis at $REDIS_URL: starting a Celery worker and beat"
  supervise .venv/bin/celery -A config worker --loglevel=warning --concurrency=2 &
  pids+=($!)
  supervise .venv/bin/celery -A config beat --loglevel=warning --schedule="${BEAT_SCHEDULE:-${TMPDIR:-/tmp}/alibaba-celerybeat-$PORT}" &
  pids+=($!)
else
  echo "No REDIS_URL: one process, in-process channel layer and timers (SQLite unless DATABASE_URL is set)"
fi
# Web processes: with Redis (channel layer and timers span processes) one per core
# by default, sharing the port (scripts/serve_web.py, which replaces one that dies); without Redis exactly one.
if [ -n "${REDIS_URL:-}" ]; then
  WEB_PROCESSES="${WEB_PROCESSES:-$(nproc)}"
else
  WEB_PROCESSES=1
fi
echo "Serving on http://127.0.0.1:$PORT/ with $WEB_PROCESSES web process(es)"
$PY scripts/serve_web.py 127.0.0.1 "$PORT" "$WEB_PROCESSES" &
pids+=($!)
wait -n "${pids[@]}"
