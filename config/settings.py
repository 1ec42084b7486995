"""Settings, all from the environment.

With nothing set the site runs on one machine: SQLite, an in-process channel
layer and an in-process timer thread. DATABASE_URL and REDIS_URL switch to
PostgreSQL, Redis channel layer, Redis cache and a Celery worker + beat.
"""
import os
import tempfile
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Off unless asked for: `make run` asks for it only while it serves on a loopback
# address (scripts/run.sh), and the debug pages are only ever shown to a
# loopback client (config/debug_pages.py).
DEBUG = env_bool("DEBUG", False)


def _one_machine_secret_key(path: Path) -> str:
    """A random key made on first use and kept in ``path`` (readable by its owner only).

    The default mode (no DATABASE_URL, or a sqlite:// one) runs on one machine: its
    management commands (simulate, verify_match, ...) and a site served with DEBUG
    off need a key, and a random one kept beside the database is safer than the
    well-known development key. A production database requires SECRET_KEY instead.
    """
    if not path.exists():
        import secrets

        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as key_file:
            key_file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"
    elif os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off (DEBUG=1 is for development on this machine only)")
    else:
        SECRET_KEY = _one_machine_secret_key(Path(os.environ.get("SECRET_KEY_FILE") or BASE_DIR / ".secret_key"))

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "accounts",
    "matches",
    "lobby",
    "alibaba_tiles",
    "basra",
    "sidibaba",
    "chat",
    "tournaments",
    "people",
]

MIDDLEWARE = [
    # outermost, so that it sees every debug page, whichever layer made it
    "config.debug_pages.DebugPagesForLoopbackOnly",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # a logged-in person's request marks them online for their friends (people/online.py)
    "people.online.SeenOnline",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last: turns a refused log-in (any path, the admin's too) into accounts.throttle.lockout_response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "matches.context_processors.my_turns",
                "people.context_processors.invitations",
                "accounts.context_processors.screen_reader",
            ],
        },
    },
]
WSGI_APPLICATION = None
ASGI_APPLICATION = "config.asgi.application"

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# The default mode (no DATABASE_URL, or a sqlite:// one). Every transaction starts
# with BEGIN IMMEDIATE, which takes SQLite's write lock at once: one writer at a
# time, the others wait up to `timeout` seconds (the meaning of the match row's
# lock, matches/match_rows.py). WAL lets pages be read while a move is written.
# The backend is Django's with the threads of a process taking turns to write, in
# order, the deadline clock first (config/sqlite3/write_turns.py).
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
# Tests use a file, not Django's shared-cache memory database: its table locks fail
# at once instead of waiting, and socket tests write from other threads.
SQLITE_TEST = {"NAME": os.environ.get("SQLITE_TEST_PATH") or os.path.join(tempfile.gettempdir(), f"alibaba-test-{os.getpid()}.sqlite3")}
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend with a health check that needs no round trip (config/postgresql/base.py).
        DATABASES["default"]["ENGINE"] = "config.postgresql"
        # Parameters sent beside the query, not quoted into it in Python, and the
        # queries a move repeats prepared once per connection (docs/performance.md).
        DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["ENGINE"] = "config.sqlite3"
        DATABASES["default"]["OPTIONS"] = dict(SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {}))
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"]["TEST"] = SQLITE_TEST
else:
    DATABASES = {
        "default": {
            "ENGINE": "config.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": SQLITE_OPTIONS,
            "TEST": SQLITE_TEST,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Threads (each with its own database connection) on which a web process's sockets
# reach the database (config/database_threads.py).
DATABASE_THREADS = int(os.environ.get("DATABASE_THREADS", "8"))



def _site_name(database) -> str:
    """A name for this site's data, distinct for every database: Redis keys, channels and queues carry it.

    Redis pub/sub ignores the database number, so two sites (or a site and a test
    run) on one Redis server would read each other's frames unless every name they
    use there is prefixed. By default the prefix is the database the process
    writes to; a test run writes to its test database (pytest sets PYTEST_VERSION).
    """
    if database["ENGINE"].endswith("sqlite3"):
        import hashlib

        name = "sqlite-" + hashlib.sha256(str(Path(database["NAME"]).resolve()).encode()).hexdigest()[:10]
    else:
        name = f"{database.get('HOST') or 'local'}-{database.get('PORT') or ''}-{database['NAME']}"
    if not os.environ.get("PYTEST_VERSION"):
        return name
    # pytest-xdist's workers each write to a test database of their own: their names differ too.
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return f"test-{name}-{worker}" if worker else f"test-{name}"


# Every Redis name of this site starts with SITE_NAME (docs/operations.md, "One Redis, many sites").
SITE_NAME = os.environ.get("SITE_NAME") or _site_name(DATABASES["default"])
REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis connections of one process (docs/operations.md, "Connect bursts"): the cache's pool, shared by every
# thread and socket of the process, holds at most this many; a thread that finds them busy waits.
REDIS_CACHE_CONNECTIONS = int(os.environ.get("REDIS_CACHE_CONNECTIONS", "16"))
# The channel layer's pool, per event loop: its subscriptions hold one connection and its publishes (one at a
# time, channels_redis takes a lock) another; the bound makes a third an error rather than a leak.
CHANNEL_LAYER_CONNECTIONS = 4
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # The pubsub layer, chosen for its latency (docs/architecture.md, "Constraints kept on
            # purpose"); it may drop a message across a Redis reconnect, which clients repair by version.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "max_connections": CHANNEL_LAYER_CONNECTIONS}],
                "prefix": os.environ.get("CHANNEL_PREFIX", f"{SITE_NAME}:asgi"),
            },
        }
    }
    CACHES = {
        "default": {
            # One client per process, not per socket (config/redis_cache.py).
            "BACKEND": "config.redis_cache.ProcessRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_PREFIX", SITE_NAME),
            "OPTIONS": {"pool_class": "redis.BlockingConnectionPool", "max_connections": REDIS_CACHE_CONNECTIONS, "timeout": 20},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "config.in_process_layer.InProcessChannelLayer"}}  # its note says why
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Timers: "celery" hands deadlines and bot turns to the Celery worker (needs a
# broker); "thread" runs them on a timer thread inside the web process, which
# is what one machine with no Redis needs (the in-process channel layer only
# reaches sockets of the same process).
TIMER_BACKEND = os.environ.get("TIMER_BACKEND", "celery" if REDIS_URL else "thread")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
# Every broker key (queues, unacked messages, fan-out channels) carries the site's
# name, and so does the default queue: two sites' workers never take each other's tasks.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600, "global_keyprefix": f"{SITE_NAME}:"}
CELERY_TASK_DEFAULT_QUEUE = f"{SITE_NAME}:celery"
# Lanes: a queue per kind of work, each with a worker of its own (scripts/run.sh), so that a
# deadline never waits behind a maintenance job or a computer player's search (issue 33: with
# one queue it grew to 3,129 tasks and deadlines were seconds late). Every name carries the
# site's. A worker started without -Q consumes them all (the tests' workers do).
WORKER_LANES = {
    "deadlines": f"{CELERY_TASK_DEFAULT_QUEUE}:deadlines",  # the clock: deadline_reached, wake_reached, the overdue sweep
    "bots": f"{CELERY_TASK_DEFAULT_QUEUE}:bots",  # computer players' turns (CPU-bound searches)
    "jobs": f"{CELERY_TASK_DEFAULT_QUEUE}:jobs",  # beat's maintenance jobs (matches/job_registry.py)
    "default": CELERY_TASK_DEFAULT_QUEUE,  # the rest: ratings, e-mail
}
CELERY_TASK_QUEUES = [
    # each bound by its own name on the default direct exchange: a message reaches one queue only
    Queue(name, Exchange(CELERY_TASK_DEFAULT_QUEUE, type="direct"), routing_key=name)
    for name in WORKER_LANES.values()
]
CELERY_TASK_ROUTES = {
    "matches.tasks.deadline_reached": {"queue": WORKER_LANES["deadlines"]},
    "matches.tasks.wake_reached": {"queue": WORKER_LANES["deadlines"]},
    "matches.tasks.sweep_overdue_matches": {"queue": WORKER_LANES["deadlines"]},
    "matches.tasks.bot_act": {"queue": WORKER_LANES["bots"]},
    "matches.tasks.review_step": {"queue": WORKER_LANES["bots"]},
    "matches.tasks.run_jobs": {"queue": WORKER_LANES["jobs"]},
    "matches.tasks.run_job": {"queue": WORKER_LANES["jobs"]},
    # anything else (matches.tasks.record_match_ratings, accounts.tasks.send_account_email): the default queue
}
# Beat's schedule is not written here: it is the apps' registered maintenance jobs
# (matches/job_registry.py, config/celery.py), the list the default mode's timer loop runs too.
# Where deadlines wait in Redis for beat's deadline clock (matches/deadline_queue.py).
DEADLINE_QUEUE_PREFIX = os.environ.get("CACHE_PREFIX", SITE_NAME)
# A maintenance job's run holds a Redis lock this long at most (matches/tasks.py, run_coalesced):
# a run in flight makes the next one skip; the expiry frees the job after a worker killed mid-run.
JOB_LOCK_SECONDS = float(os.environ.get("JOB_LOCK_SECONDS", "60"))
# How long after a deadline the sweeper steps in if its own task was lost.
SWEEP_GRACE_SECONDS = float(os.environ.get("SWEEP_GRACE_SECONDS", "2"))
BOT_THINK_SECONDS = float(os.environ.get("BOT_THINK_SECONDS", "0.6"))
# The bot lane (matches/bot_lane.py; docs/architecture.md, "The bot lane"): computer players' decisions are
# shared fairly between the accounts hosting them. At most BOT_OWNER_CAP decisions of one account at once;
# the default mode decides in BOT_PROCESSES child processes (default: one per core, as BOT_WORKERS), Celery on the
# bots' workers, BOT_WORKERS decisions at once in all (their total concurrency; default: cores). A decision
# handed out while more are due than the pool can start is hurried: a search bot thinks with
# BOT_HURRIED_FRACTION of its iterations. A slot in flight longer than BOT_INFLIGHT_SECONDS (a killed
# worker's) is given back. Bot turns wait in Redis under BOT_QUEUE_PREFIX (matches/bot_queue.py).
BOT_OWNER_CAP = max(1, int(os.environ.get("BOT_OWNER_CAP", "1")))
BOT_PROCESSES = max(0, int(os.environ.get("BOT_PROCESSES", str(os.cpu_count() or 1))))
BOT_WORKERS = max(1, int(os.environ.get("BOT_WORKERS", str(os.cpu_count() or 1))))
BOT_HURRIED_FRACTION = min(1.0, max(0.01, float(os.environ.get("BOT_HURRIED_FRACTION", "0.25"))))
BOT_INFLIGHT_SECONDS = float(os.environ.get("BOT_INFLIGHT_SECONDS", "60"))
BOT_QUEUE_PREFIX = os.environ.get("CACHE_PREFIX", SITE_NAME)
# Match reviews (docs/analysis.md): worked out one decision a step on the bot lane, only while no decision is
# due, REVIEW_SLOTS steps at once on slots of their own (the bots' Celery worker has that many more), each in
# a child of the idle scheduling class (SCHED_IDLE); REVIEW_PLAYOUTS playouts per candidate action of a decision (the CPU per decision),
# REVIEW_STEP_DECISIONS decisions a step;
# at most REVIEW_CAP_PER_DAY reviews asked by one person in 24 hours (one already worked out costs nothing).
REVIEW_SLOTS = max(1, int(os.environ.get("REVIEW_SLOTS", "1")))
# Off: a review step runs as nice as can be instead of in the idle class, so that it still progresses on a
# machine that is never idle (the browser tests' sites: their reviews starved there while four test workers
# kept both cores busy). A site's decisions then share the CPU with it.
REVIEW_IDLE_CLASS = env_bool("REVIEW_IDLE_CLASS", True)
# The nice a review step's child takes instead of the idle class (REVIEW_IDLE_CLASS off, or not Linux): 19, as
# nice as can be, unless said otherwise. The browser tests' sites say 0: at nice 19 on two cores that four test
# workers kept busy, a Sidi Baba Adventurer's review of 40 s of CPU took 338 s (tests/e2e/conftest.py).
REVIEW_NICE = min(19, max(0, int(os.environ.get("REVIEW_NICE", "19"))))
REVIEW_PLAYOUTS = max(1, int(os.environ.get("REVIEW_PLAYOUTS", "48")))
# Decisions judged per step: a step walks the match's log once, then judges these (about a second of a child).
REVIEW_STEP_DECISIONS = max(1, int(os.environ.get("REVIEW_STEP_DECISIONS", "6")))
REVIEW_CAP_PER_DAY = max(0, int(os.environ.get("REVIEW_CAP_PER_DAY", "10")))
# A seated person gone this long (every socket closed) is replaced by a computer player;
# a match with no clock whose people have all gone is aborted after the longer limit.
ABANDON_GRACE_SECONDS = float(os.environ.get("ABANDON_GRACE_SECONDS", "60"))
ABANDONED_MATCH_SECONDS = float(os.environ.get("ABANDONED_MATCH_SECONDS", "900"))
# Rated matches a player needs before a leaderboard lists them.
LEADERBOARD_MIN_MATCHES = int(os.environ.get("LEADERBOARD_MIN_MATCHES", "3"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The test suite makes thousands of users: Django's documented practice is a fast hasher
# there (tests/dev_env.py sets FAST_PASSWORD_HASHER for the tests and the sites they start).
# Honoured only with DEBUG on, so a production site always hashes with Django's default.
if DEBUG and env_bool("FAST_PASSWORD_HASHER", False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "lobby:home"
LOGOUT_REDIRECT_URL = "lobby:home"
# Log-in attempts per (username, address) pair, and per address across usernames
# (larger: several people may share one), per window of seconds; a browser that
# logged in as a username before is counted per device instead (accounts/throttle.py).
LOGIN_ATTEMPTS_LIMIT = int(os.environ.get("LOGIN_ATTEMPTS_LIMIT", "5"))
LOGIN_ATTEMPTS_IP_LIMIT = int(os.environ.get("LOGIN_ATTEMPTS_IP_LIMIT", "30"))
LOGIN_ATTEMPTS_WINDOW = int(os.environ.get("LOGIN_ATTEMPTS_WINDOW", "300"))
LOGIN_DEVICE_COOKIE_AGE = int(os.environ.get("LOGIN_DEVICE_COOKIE_AGE", str(180 * 24 * 3600)))
# Behind a reverse proxy every visitor has the proxy's REMOTE_ADDR: name the
# header that carries the client's address (e.g. HTTP_X_REAL_IP), or the IP
# throttle would lock everyone out together.
LOGIN_ATTEMPTS_IP_HEADER = os.environ.get("LOGIN_ATTEMPTS_IP_HEADER") or None
# Sign-up attempts per client address, and old-password guesses per user in
# password change, per window of seconds.
SIGNUP_LIMIT = int(os.environ.get("SIGNUP_LIMIT", "10"))
SIGNUP_WINDOW = int(os.environ.get("SIGNUP_WINDOW", "3600"))
# Accounts created across the whole site per window, whatever the addresses.
SIGNUP_SITE_LIMIT = int(os.environ.get("SIGNUP_SITE_LIMIT", "200"))
SIGNUP_SITE_WINDOW = int(os.environ.get("SIGNUP_SITE_WINDOW", "3600"))
# Downloads of one's own data (/accounts/account/data.json) per person and window (s).
DATA_DOWNLOAD_LIMIT = int(os.environ.get("DATA_DOWNLOAD_LIMIT", "5"))
DATA_DOWNLOAD_WINDOW = int(os.environ.get("DATA_DOWNLOAD_WINDOW", "3600"))
PASSWORD_CHANGE_ATTEMPTS_LIMIT = int(os.environ.get("PASSWORD_CHANGE_ATTEMPTS_LIMIT", "5"))
PASSWORD_CHANGE_ATTEMPTS_WINDOW = int(os.environ.get("PASSWORD_CHANGE_ATTEMPTS_WINDOW", "300"))

# django-axes checks every authentication (ours, the admin's) before the password
# is looked at; accounts.throttle counts in the cache, atomically (docs/operations.md).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.throttle.ReservingCacheHandler"
AXES_FAILURE_LIMIT = "accounts.throttle.failure_limit"
AXES_COOLOFF_TIME = "accounts.throttle.cooloff"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_USERNAME_CALLABLE = "accounts.throttle.lockout_username"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_LOCK_OUT_AT_FAILURE = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"  # where collectstatic writes
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # hashed names, the modules' imports rewritten to them (config/storage.py)
        "BACKEND": "config.storage.ModuleManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Lobby quotas per person (lobby/quotas.py): open tables hosted, running matches,
# untimed matches against computer players (those never end on their own).
LOBBY_OPEN_TABLES_PER_USER = int(os.environ.get("LOBBY_OPEN_TABLES_PER_USER", "3"))
RUNNING_MATCHES_PER_USER = int(os.environ.get("RUNNING_MATCHES_PER_USER", "10"))
# Turn-based matches are counted apart from real-time ones (lobby/quotas.py).
TURN_BASED_MATCHES_PER_USER = int(os.environ.get("TURN_BASED_MATCHES_PER_USER", "50"))
UNTIMED_BOT_MATCHES_PER_USER = int(os.environ.get("UNTIMED_BOT_MATCHES_PER_USER", "2"))
# Rematch offers, accepts and declines per person per window (lobby/quotas.py, count_rematch_step).
REMATCH_STEPS_LIMIT = int(os.environ.get("REMATCH_STEPS_LIMIT", "20"))
REMATCH_STEPS_WINDOW = int(os.environ.get("REMATCH_STEPS_WINDOW", "60"))
# People (people/, docs/people.md): invitations sent per host per window, and to one person by one host;
# how long an invitation keeps its seat (a turn-based table's: days); how many names a search shows.
PEOPLE_INVITATIONS_LIMIT = int(os.environ.get("PEOPLE_INVITATIONS_LIMIT", "20"))
PEOPLE_INVITATIONS_PER_PERSON_LIMIT = int(os.environ.get("PEOPLE_INVITATIONS_PER_PERSON_LIMIT", "3"))
PEOPLE_INVITATIONS_WINDOW = int(os.environ.get("PEOPLE_INVITATIONS_WINDOW", "3600"))
PEOPLE_INVITATION_SECONDS = int(os.environ.get("PEOPLE_INVITATION_SECONDS", "1800"))
PEOPLE_TURN_BASED_INVITATION_SECONDS = int(os.environ.get("PEOPLE_TURN_BASED_INVITATION_SECONDS", str(3 * 86400)))
PEOPLE_SEARCH_RESULTS = int(os.environ.get("PEOPLE_SEARCH_RESULTS", "20"))
# The lobby socket sends at most one snapshot per this many seconds (changes in between are coalesced).
LOBBY_SNAPSHOT_INTERVAL = float(os.environ.get("LOBBY_SNAPSHOT_INTERVAL", "1.0"))
# A tournament's page: at most one view per socket this often (its standings follow each match closely;
# the view's shared part is built once per change per process: tournaments/snapshot.py).
TOURNAMENT_SNAPSHOT_INTERVAL = float(os.environ.get("TOURNAMENT_SNAPSHOT_INTERVAL", "0.2"))
# A match page redraws what changed beside its match (the rematch) at most once per this many seconds per socket.
MATCH_PAGE_REFRESH_INTERVAL = float(os.environ.get("MATCH_PAGE_REFRESH_INTERVAL", "1.0"))

# The channel layer watched (config/layer_watch.py): every this many seconds a probe through the layer (0: off,
# the default with the in-process layer, which cannot lose a message); unanswered after LAYER_PROBE_TIMEOUT
# seconds LAYER_PROBE_MISSES times in a row, or failed, or the layer's Redis connection made again, every
# socket of the process is closed with 1012 and its page resyncs.
LAYER_PROBE_SECONDS = float(os.environ.get("LAYER_PROBE_SECONDS", "2" if REDIS_URL else "0"))
LAYER_PROBE_TIMEOUT = float(os.environ.get("LAYER_PROBE_TIMEOUT", "5"))
LAYER_PROBE_MISSES = int(os.environ.get("LAYER_PROBE_MISSES", "2"))

# Largest WebSocket frame the live consumer reads, in bytes, and deepest nesting it accepts.
# bench/load.py's floor: an echo socket route (config/load_echo.py). Never on in production.
LOAD_ECHO_ROUTE = env_bool("LOAD_ECHO_ROUTE", False)
MAX_FRAME_BYTES = int(os.environ.get("MAX_FRAME_BYTES", "4096"))
MAX_FRAME_DEPTH = int(os.environ.get("MAX_FRAME_DEPTH", "16"))
# Socket limits (config/socket_guard.py, docs/operations.md): frames per connection
# (a burst, then a steady rate per second), frames per user over all their sockets
# per window, refused frames before the socket is closed, sockets per user.
SOCKET_FRAME_BURST = int(os.environ.get("SOCKET_FRAME_BURST", "30"))
SOCKET_FRAME_RATE = float(os.environ.get("SOCKET_FRAME_RATE", "5"))
SOCKET_USER_FRAMES_LIMIT = int(os.environ.get("SOCKET_USER_FRAMES_LIMIT", "600"))
SOCKET_USER_FRAMES_WINDOW = int(os.environ.get("SOCKET_USER_FRAMES_WINDOW", "60"))
SOCKET_FRAME_OVERFLOW = int(os.environ.get("SOCKET_FRAME_OVERFLOW", "20"))
SOCKETS_PER_USER = int(os.environ.get("SOCKETS_PER_USER", "12"))
# Sockets not logged in (the lobby's visitors), counted per client address.
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "20"))
SOCKET_COUNT_TTL = int(os.environ.get("SOCKET_COUNT_TTL", "90"))

# Table chat: longest message (characters), and at most CHAT_RATE_MESSAGES
# messages per CHAT_RATE_SECONDS per person and match.
CHAT_MAX_LENGTH = int(os.environ.get("CHAT_MAX_LENGTH", "300"))
CHAT_RATE_MESSAGES = int(os.environ.get("CHAT_RATE_MESSAGES", "5"))
CHAT_RATE_SECONDS = int(os.environ.get("CHAT_RATE_SECONDS", "10"))
CHAT_HISTORY = int(os.environ.get("CHAT_HISTORY", "50"))

# Content-Security-Policy (django-csp): scripts only from the site's own files, never
# inline (pages carry data in <script type="application/json"> blocks, which are not
# run, and behaviour in static/js/site.js and each app's scripts). Styles may be
# inline: the games' SVG and the templates set `style` attributes, which cannot run code.
# Sockets are same-origin ('self' covers ws:/wss: to this host).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Only for the browser tests (tests/e2e/conftest.py): Playwright evaluates its wait
# conditions as strings, which needs 'unsafe-eval'; inline scripts stay blocked.
if env_bool("CONTENT_SECURITY_POLICY_ALLOW_EVAL"):
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["script-src"] = ["'self'", "'unsafe-eval'"]

# Whether a proxy in front of the site sets X-Forwarded-Proto (and only it may):
# without one, a client could send the header itself and pass for HTTPS.
TRUSTED_PROXY = env_bool("TRUSTED_PROXY", False)
if TRUSTED_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"matches": {"level": os.environ.get("LOG_LEVEL", "INFO")}},
}

# Daphne serves the static files through WhiteNoise; in development straight from the apps.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG


def _email_settings(environ) -> dict:
    """E-mail: SMTP from EMAIL_URL (smtp://user:password@host:port, smtp+tls:// for STARTTLS,
    smtps:// for TLS from the start) or from the usual EMAIL_HOST/EMAIL_PORT/...; the console
    backend (messages printed by the process that sends them) when neither is set."""
    from urllib.parse import unquote, urlsplit

    url = environ.get("EMAIL_URL", "")
    values = {
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
        "EMAIL_HOST": environ.get("EMAIL_HOST", "localhost"),
        "EMAIL_PORT": int(environ.get("EMAIL_PORT", "25")),
        "EMAIL_HOST_USER": environ.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": environ.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": environ.get("EMAIL_USE_TLS", "").strip().lower() in {"1", "true", "yes", "on"},
        "EMAIL_USE_SSL": environ.get("EMAIL_USE_SSL", "").strip().lower() in {"1", "true", "yes", "on"},
    }
    if url:
        parts = urlsplit(url)
        if parts.scheme not in {"smtp", "smtp+tls", "smtps", "console"}:
            raise RuntimeError("EMAIL_URL must start with smtp://, smtp+tls://, smtps:// or console://")
        if parts.scheme != "console":
            values.update(
                EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                EMAIL_HOST=parts.hostname or "localhost",
                EMAIL_PORT=parts.port or {"smtps": 465, "smtp+tls": 587}.get(parts.scheme, 25),
                EMAIL_HOST_USER=unquote(parts.username or ""),
                EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
                EMAIL_USE_TLS=parts.scheme == "smtp+tls",
                EMAIL_USE_SSL=parts.scheme == "smtps",
            )
    elif environ.get("EMAIL_HOST"):
        values["EMAIL_BACKEND"] = "django.core.mail.backends.smtp.EmailBackend"
    values["EMAIL_BACKEND"] = environ.get("EMAIL_BACKEND", values["EMAIL_BACKEND"])
    return values


globals().update(_email_settings(os.environ))
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Ali Baba & Sidi Baba <noreply@localhost>")
# The start of every link in an e-mail (e.g. https://play.example.org), never the Host header of
# a request (a client chooses it: issue 35). Required with DEBUG off: `check --deploy` fails without
# it (accounts/checks.py) and the web process refuses to start (config/asgi.py). With DEBUG on, the
# address of `manage.py runserver`; scripts/run.sh sets it from the loopback address and port it serves on.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/") or ("http://127.0.0.1:8000" if DEBUG else "")
# Your-turn e-mails of turn-based matches (matches/turns.py, docs/operations.md): collected every
# TURN_MAIL_INTERVAL seconds into one digest per person; a match waiting for less than
# TURN_MAIL_DELAY_SECONDS is left for the next run (a quick reply needs no mail); nobody seen at a
# match within TURN_MAIL_ONLINE_SECONDS is mailed. The digest needs SITE_URL for its links.
TURN_MAIL_INTERVAL = float(os.environ.get("TURN_MAIL_INTERVAL", "60"))
TURN_MAIL_DELAY_SECONDS = float(os.environ.get("TURN_MAIL_DELAY_SECONDS", "60"))
TURN_MAIL_ONLINE_SECONDS = float(os.environ.get("TURN_MAIL_ONLINE_SECONDS", "300"))
# How long an address-confirmation link works, and Django's password-reset link (seconds).
EMAIL_VERIFY_MAX_AGE = int(os.environ.get("EMAIL_VERIFY_MAX_AGE", str(3 * 24 * 3600)))
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_TIMEOUT", str(24 * 3600)))
# The e-mail limits, per window of EMAIL_WINDOW seconds (accounts/mail.py; docs/operations.md,
# "Limits and quotas", says why these numbers). A limit that counts the one asking answers 429;
# a limit of an address that counts strangers' password resets never changes the answer (it
# would tell whether an account has the address): the mail is just not sent.
# - mails a person asks for (confirmation links; their own password resets);
EMAIL_USER_LIMIT = int(os.environ.get("EMAIL_USER_LIMIT", "5"))
# - confirmation links asked for one address, whoever asks (429);
EMAIL_ADDRESS_LIMIT = int(os.environ.get("EMAIL_ADDRESS_LIMIT", "6"))
# - requests one client address makes for one e-mail address, in each of the two (429);
EMAIL_REQUESTER_ADDRESS_LIMIT = int(os.environ.get("EMAIL_REQUESTER_ADDRESS_LIMIT", "2"))
# - password-reset requests per client address (429);
PASSWORD_RESET_IP_LIMIT = int(os.environ.get("PASSWORD_RESET_IP_LIMIT", "10"))
# - reset mails sent to one address for requests not proven its owner's (not sent beyond);
PASSWORD_RESET_ADDRESS_LIMIT = int(os.environ.get("PASSWORD_RESET_ADDRESS_LIMIT", "6"))
# - "someone asked for your address" notices sent to one confirmed address (not sent beyond).
EMAIL_IN_USE_NOTICE_LIMIT = int(os.environ.get("EMAIL_IN_USE_NOTICE_LIMIT", "1"))
EMAIL_WINDOW = int(os.environ.get("EMAIL_WINDOW", "3600"))
