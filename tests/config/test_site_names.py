"""One Redis, many sites: every Redis name a site uses carries its SITE_NAME (config/settings.py).

Redis pub/sub ignores the database number, so two sites on one server would
read each other's frames. Each site below is a real process with its own
settings (its own database URL, the same REDIS_URL): a frame one sends to a
group is received by a process of the same site and never by the other site.
"""
import json
import os
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.redis

LISTEN = textwrap.dedent("""
    import asyncio, json, os, sys
    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from channels.layers import get_channel_layer

    async def main():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("match-1", channel)
        print("ready", flush=True)
        # Until this site's own "stop", which the test sends after every other message: a frame that
        # crossed from the other site would have been published before it and so arrive first.
        got = []
        try:
            while not got or got[-1]["text"] != "stop":
                got.append(await asyncio.wait_for(layer.receive(channel), timeout=float(sys.argv[1])))
        except asyncio.TimeoutError:
            pass
        print(json.dumps(got), flush=True)

    asyncio.run(main())
""")

SEND = textwrap.dedent("""
    import asyncio, os, sys
    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer
    async_to_sync(get_channel_layer().group_send)("match-1", {"type": "frame", "text": sys.argv[1]})
""")

NAMES = textwrap.dedent("""
    import json, os
    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from config.celery import app
    print(json.dumps({
        "site": settings.SITE_NAME,
        "channels": settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"],
        "cache": cache.make_key("k"),
        "deadlines": settings.DEADLINE_QUEUE_PREFIX,
        "bots": settings.BOT_QUEUE_PREFIX,
        "queue": app.conf.task_default_queue,
        "broker_prefix": app.conf.broker_transport_options["global_keyprefix"],
    }))
""")


def _site_env(database):
    env = {k: v for k, v in os.environ.items() if k not in {"SITE_NAME", "CHANNEL_PREFIX", "CACHE_PREFIX", "PYTEST_VERSION"}}
    env.update(DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{database}", REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/1"))
    return env


def _run(script, env, *args):
    return subprocess.run(
        [sys.executable, "-c", script, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True
    ).stdout


def _listen(env, seconds):
    process = subprocess.Popen(
        [sys.executable, "-c", LISTEN, str(seconds)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout.readline().strip() == "ready", process.stderr.read()
    return process


def _received(process):
    out, err = process.communicate(timeout=90)
    assert process.returncode == 0, err
    return [message["text"] for message in json.loads(out.strip().splitlines()[-1])]


def test_two_sites_on_one_redis_never_see_each_others_frames():
    site_a, site_b = _site_env("site_a_" + uuid.uuid4().hex[:6]), _site_env("site_b_" + uuid.uuid4().hex[:6])
    listeners = {"a": _listen(site_a, 60), "b": _listen(site_b, 60)}
    _run(SEND, site_a, "for site a")
    _run(SEND, site_b, "for site b")
    _run(SEND, site_a, "stop")
    _run(SEND, site_b, "stop")
    assert _received(listeners["a"]) == ["for site a", "stop"]
    assert _received(listeners["b"]) == ["for site b", "stop"]


def test_every_redis_name_of_a_site_carries_its_name():
    a = json.loads(_run(NAMES, _site_env("site_a")))
    b = json.loads(_run(NAMES, _site_env("site_b")))
    for name in ("channels", "cache", "deadlines", "bots", "queue", "broker_prefix"):
        assert a["site"] in a[name] and b["site"] in b[name], name
        assert a[name] != b[name], name


def test_a_site_and_the_test_run_on_its_database_are_apart():
    """The README's layout: a site on database `alibaba`, its tests on `test_alibaba` (pytest sets PYTEST_VERSION)."""
    site = json.loads(_run(NAMES, _site_env("alibaba")))
    tests = json.loads(_run(NAMES, dict(_site_env("alibaba"), PYTEST_VERSION="9")))
    assert site["channels"] != tests["channels"] and site["queue"] != tests["queue"]


def test_a_celery_task_sent_by_one_site_waits_in_that_sites_queue_only():
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/1")
    client = redis.Redis.from_url(url)
    a, b = _site_env("site_a_" + uuid.uuid4().hex[:6]), _site_env("site_b_" + uuid.uuid4().hex[:6])
    send_task = textwrap.dedent("""
        import os, django
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        django.setup()
        from matches.tasks import record_match_ratings
        record_match_ratings.delay(10 ** 9)
    """)
    _run(send_task, a)
    names_a, names_b = json.loads(_run(NAMES, a)), json.loads(_run(NAMES, b))
    deadline = time.time() + 5
    while client.llen(names_a["broker_prefix"] + names_a["queue"]) == 0 and time.time() < deadline:
        time.sleep(0.05)
    assert client.llen(names_a["broker_prefix"] + names_a["queue"]) == 1
    assert client.llen(names_b["broker_prefix"] + names_b["queue"]) == 0
    client.delete(names_a["broker_prefix"] + names_a["queue"])
