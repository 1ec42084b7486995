# The two commands of the README: `make run` and `make test`. Both set up a new machine.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000
BIND_HOST ?= 127.0.0.1
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/alibaba
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1
# pytest-xdist workers per run: two per core, at most 4 (tests/dev_env.py gives each its own databases). The
# browser tests spend much of their time waiting on their site's clocks and computer players: at one worker per
# core this 2-core machine was 55-75% busy; at two it is about 90% (README, "make test").
TEST_WORKERS ?= $(shell n=$$(( $$(nproc) * 2 )); [ $$n -gt 4 ] && n=4; echo $$n)
XDIST := -n $(TEST_WORKERS) --maxprocesses=4 --dist loadgroup
NODE_STAMP := node_modules/.installed-stamp

.PHONY: run test test-postgresql test-default test-js check lint services chromium node bench bench-gate load simulate check-deploy messages lock chaos

# Every dependency, with the test extras, pinned with hashes in requirements.lock
# (`make lock` remakes it from pyproject.toml); the project itself on top, without deps.
$(STAMP): pyproject.toml requirements.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --require-hashes -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $(STAMP)

lock: $(STAMP)
	$(PY) -m pip install -q pip-tools
	$(VENV)/bin/pip-compile --quiet --generate-hashes --extra test --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links -o requirements.lock pyproject.toml

# scripts/run.sh sets up the database and serves; DEBUG and the demo accounts only on a loopback BIND_HOST.
run: $(STAMP)
	BIND_HOST=$(BIND_HOST) PORT=$(PORT) bash scripts/run.sh

services:
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
	@for i in $$(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && exit 0; sleep 1; done; echo "PostgreSQL or Redis did not start"; exit 1

chromium:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# The page scripts' linter and unit tests run on Node.js (Debian's nodejs and npm when the machine
# lacks them); ESLint comes from npm, pinned in package-lock.json.
node:
	@command -v node >/dev/null && command -v npm >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null)

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# ruff (pyproject.toml) and ESLint (eslint.config.js), both clean: make test fails otherwise.
lint: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check .
	npx --no-install eslint .

# The page scripts' logic, with Node's own test runner (tests/js/).
test-js: $(NODE_STAMP)
	node --test --test-reporter=dot tests/js/

# The contributor's inner loop (README): the linters, the page scripts' unit tests and every test
# that needs no server, on one backend (the default mode), in under two minutes.
# Its property tests draw half their examples (the Hypothesis profile "check", tests/examples.py).
check: lint test-js
	env -u DATABASE_URL -u REDIS_URL -u SITE_NAME -u TIMER_BACKEND HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-check} $(PY) -m pytest $(XDIST) -q -m "not e2e and not smoke and not slow" --ignore=tests/e2e --ignore=tests/smoke $(PYTEST_ARGS)

# Both modes the README promises, one after the other (docs/operations.md, "Two modes"), then the
# load gate (docs/performance.md, "The load gate"):
# PostgreSQL + Redis, then the default mode, each on TEST_WORKERS pytest-xdist workers; the tests that
# touch no backend (engines, bots, gamekit: marker `pure`) and those that start their own site on
# backends of their own (marker `mode_independent`) run once, in the default mode.
# Everything runs even if a part fails; the exit status says whether any did.
test: $(STAMP) $(NODE_STAMP) services chromium check-deploy
	@status=0; \
	echo "== make test: linters"; $(MAKE) --no-print-directory lint || status=1; \
	echo "== make test: the page scripts (node --test)"; $(MAKE) --no-print-directory test-js || status=1; \
	$(MAKE) --no-print-directory test-postgresql || status=1; \
	$(MAKE) --no-print-directory test-default || status=1; \
	echo "== make test: the load gate (bench/gate.py)"; $(MAKE) --no-print-directory bench-gate || status=1; \
	exit $$status

test-postgresql: $(STAMP) $(NODE_STAMP) services chromium
	DATABASE_URL=$(TEST_DATABASE_URL) $(PY) scripts/ensure_database.py
	@echo "== make test: PostgreSQL + Redis"
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PY) -m pytest $(XDIST) -m "not pure and not mode_independent" $(PYTEST_ARGS)

# The default mode alone: SQLite, the in-process channel layer and timer thread; tests that need
# PostgreSQL or Redis are skipped with their reason, browser tests run if marked default_mode.
# Both passes need node_modules: the browser tests run axe-core from it.
test-default: $(STAMP) $(NODE_STAMP) chromium
	@echo "== make test: the default mode (SQLite, in-process)"
	env -u DATABASE_URL -u REDIS_URL -u SITE_NAME -u TIMER_BACKEND $(PY) -m pytest $(XDIST) $(PYTEST_ARGS)

MATCHES ?= 100
simulate: $(STAMP)
	$(PY) scripts/ensure_database.py
	$(PY) manage.py migrate --noinput && $(PY) manage.py load_game_data
	$(PY) manage.py simulate alibaba_tiles --matches $(MATCHES) --players 2 --bots greedy,random --seed 1

# Concurrency and chaos (tests/chaos/run_chaos.py): own Redis on port 6391 and database alibaba_chaos.
chaos: $(STAMP) services
	$(PY) tests/chaos/run_chaos.py $(if $(PLANT),--plant $(PLANT))

# Every registered game's engine: apply + a view for every seat per second, one core.
BENCH_SECONDS ?= 3
bench: $(STAMP)
	$(PY) bench/bench_tiles_engine.py --seconds $(BENCH_SECONDS)
	$(PY) bench/bench_basra_engine.py --seconds $(BENCH_SECONDS)
	$(PY) bench/bench_sidibaba_engine.py --seconds $(BENCH_SECONDS)

# The live path under load beside its floor (bench/load.py; docs/performance.md). Starts the
# site as `make run` does on a free port 8100-8199, on DATABASE_URL's database (recreated).
LOAD_ARGS ?= --tables 200 --seats 4 --rate 100 --seconds 30
load: $(STAMP) services
	$(PY) bench/load.py $(LOAD_ARGS)

# The load gate (bench/gate.py): the live path beside its floor with a storm of computer players
# beside it, in both modes; fails when the site's p99 exceeds 10x the floor's, deadlines are late or
# another account's computer players slow down. About 4 minutes in all.
bench-gate: $(STAMP) services
	@status=0; \
	$(PY) bench/gate.py $(GATE_ARGS) || status=1; \
	$(PY) bench/gate.py --default-mode --tables 20 --rate 20 $(GATE_ARGS) || status=1; \
	exit $$status

check-deploy: $(STAMP)
	DEBUG=0 SECRET_KEY=$$(openssl rand -hex 40) ALLOWED_HOSTS=example.org SITE_URL=https://example.org $(PY) manage.py check --deploy --fail-level WARNING

messages: $(STAMP)
	$(PY) manage.py makemessages -l fr --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles
	$(PY) manage.py makemessages -d djangojs -l fr --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv
