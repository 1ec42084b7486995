#!/usr/bin/env bash
# Sets up the database and serves the site on BIND_HOST:PORT (scripts/serve_web.py); with REDIS_URL
# set, also a Celery worker per lane (deadlines, bots, jobs + the rest) and beat. Ctrl-C stops
# everything this script started.
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
# Another server on the port (another `make run`?): say so before migrating anything, rather than
# serve beside it (the web processes share their port with SO_REUSEPORT).
$PY scripts/serve_web.py --check "$HOST" "$PORT"
if $PY -c 'import sys; from config.debug_pages import is_loopback; sys.exit(not is_loopback(sys.argv[1]))' "$HOST"; then
  on_loopback=1
  export DEBUG="${DEBUG:-1}"
  # The links in e-mails lead to this address (only this machine reaches it), unless SITE_URL says otherwise.
  case "$HOST" in *:*) url_host="[$HOST]" ;; *) url_host="$HOST" ;; esac
  export SITE_URL="${SITE_URL:-http://$url_host:$PORT}"
else
  on_loopback=0
  export DEBUG="${DEBUG:-0}"
fi
# Elsewhere the site's address must be given (SITE_URL: the links in e-mails, never a request's
# Host header); say so now rather than through the web processes refusing to start (config/asgi.py).
if [ "$on_loopback" = "0" ]; then
  $PY manage.py check --deploy --tag security --fail-level ERROR
fi
$PY scripts/ensure_database.py
$PY manage.py migrate --noinput
$PY manage.py load_game_data
# With DEBUG off WhiteNoise serves STATIC_ROOT under hashed names (config/storage.py): without a fresh
# collectstatic every page fails ("Missing staticfiles manifest entry"). With DEBUG on (the same values
# config/settings.py reads as on) the files are served from the apps as they are.
case "$(echo "$DEBUG" | tr -d '[:space:]' | tr '[:upper:]' '[:lower:]')" in
  1|true|yes|on) ;;
  *) $PY manage.py collectstatic --noinput ;;
esac
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
# `supervise --unless "0 1 3" cmd...` restarts it unless it exits with one of those statuses (then the
# loop exits with it, and so does this script: see the web lane below). Stopped, it waits for the
# process to end, so that a Ctrl-C returns once the port is free.
supervise() {
  local child="" final="" status
  if [ "$1" = "--unless" ]; then final=" $2 "; shift 2; fi
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null && wait "$child"; exit 0' TERM INT
  while true; do
    "$@" &
    child=$!
    status=0
    wait "$child" || status=$?
    child=""
    if [[ "$final" == *" $status "* ]]; then exit "$status"; fi
    echo "$* exited ($status); restarting it in 1 s" >&2
    sleep 1
  done
}

if [ -n "${REDIS_URL:-}" ]; then
  # One worker per lane (config/settings.py, WORKER_LANES; docs/operations.md, "Processes"), so that
  # a deadline never waits behind a search or a maintenance job; -n names the lane (bench/load_site.py
  # labels the processes by it). Each worker is a Django process (~100 MB), each prefork child another.
  BOT_WORKERS="${BOT_WORKERS:-$(nproc)}"
  celery=.venv/bin/celery
  # the lanes' queue names carry the site's name (read from the settings in this environment)
  deadline_queues=$($PY scripts/celery_queues.py deadlines)
  bot_queues=$($PY scripts/celery_queues.py bots)
  job_queues=$($PY scripts/celery_queues.py jobs default)
  echo "Using Redis at $REDIS_URL: starting Celery workers (deadlines, bots x$BOT_WORKERS, jobs) and beat"
  # The clock: deadline tasks are short database work, mostly waiting on PostgreSQL: two threads
  # of one process (two matches' deadlines at once, one row lock wait blocks only its own).
  supervise $celery -A config worker -n deadlines@%h -Q "$deadline_queues" --pool=threads --concurrency=2 --loglevel=warning &
  pids+=($!)
  # Computer players: CPU-bound searches, so processes (prefork), BOT_WORKERS of them, 10 nicer than
  # the rest, so that they yield the CPU to the clock and to the web processes (WEB_NICE 5).
  # REVIEW_SLOTS more for the match reviews' steps (docs/analysis.md): never a decision's slot, and each
  # step runs in a child of the idle scheduling class (matches/bot_lane_local.py, judge_niced).
  REVIEW_SLOTS="${REVIEW_SLOTS:-1}"
  supervise nice -n 10 $celery -A config worker -n bots@%h -Q "$bot_queues" --concurrency="$((BOT_WORKERS + REVIEW_SLOTS))" --loglevel=warning &
  pids+=($!)
  # Maintenance jobs (one run per job at a time, matches/tasks.py) and the rest: ratings, e-mail
  # (waits on the SMTP server): two threads of one process.
  supervise $celery -A config worker -n jobs@%h -Q "$job_queues" --pool=threads --concurrency=2 --loglevel=warning &
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
# A lane like the others: serve_web.py killed, its web processes die with it (it asks the kernel for
# that) and it is started again, waiting for their port; so the site never serves without its clock
# (once, the orphans served on while this script stopped the workers and beat behind them), and comes
# back within seconds. Not when it was asked to stop (0: SIGINT or SIGTERM, Ctrl-C's included), gives
# up (1: its web processes keep dying as they start, or it failed) or finds the port another's (3):
# then everything stops together.
supervise --unless "0 1 3" $PY scripts/serve_web.py "$HOST" "$PORT" "$WEB_PROCESSES" &
pids+=($!)
wait -n "${pids[@]}"
