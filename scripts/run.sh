#!/usr/bin/env bash
# Sets up the database and serves the site on BIND_HOST:PORT (scripts/serve_web.py); with REDIS_URL
# set, also a Celery worker and beat. Ctrl-C stops everything this script started.
#
# DEBUG (Django's debug pages, the development secret key) and the demo accounts, the staff
# one with its well-known password above all, only while serving on a loopback address
# (BIND_HOST 127.0.0.1, the default, ::1 or localhost): elsewhere DEBUG stays off unless the
# environment sets it, and SECRET_KEY must be set.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT="${PORT:-8000}"
HOST="${BIND_HOST:-127.0.0.1}"
if $PY -c 'import sys; from config.debug_pages import is_loopback; sys.exit(not is_loopback(sys.argv[1]))' "$HOST"; then
  on_loopback=1
  export DEBUG="${DEBUG:-1}"
else
  on_loopback=0
  export DEBUG="${DEBUG:-0}"
fi
$PY scripts/ensure_database.py
$PY manage.py migrate --noinput
$PY manage.py load_game_data
# Even with DEBUG=1 asked for by hand, never on an address others reach.
if [ "$DEBUG" = "1" ] && [ "$on_loopback" = "1" ]; then
  $PY manage.py create_demo_accounts
else
  echo "No demo accounts: DEBUG=$DEBUG, serving on $HOST"
fi
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
echo "Serving on http://$HOST:$PORT/ with $WEB_PROCESSES web process(es), DEBUG=$DEBUG"
$PY scripts/serve_web.py "$HOST" "$PORT" "$WEB_PROCESSES" &
pids+=($!)
wait -n "${pids[@]}"
