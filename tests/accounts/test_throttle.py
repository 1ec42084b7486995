import time

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts.throttle import IP_SCOPE, USER_SCOPE, client_ip
from config import ratelimit
from tests.accounts.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN_URL = "/accounts/login/"


def fail(client, username, password="wrong-password", **extra):
    return client.post(LOGIN_URL, {"username": username, "password": password}, **extra)


def test_counts_per_username_whatever_the_case_or_address(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory(username="alice")
    fail(client, "Alice", REMOTE_ADDR="10.0.0.1")
    fail(client, "alice", REMOTE_ADDR="10.0.0.2")
    fail(client, "ALICE ", REMOTE_ADDR="10.0.0.3")
    assert fail(client, user.username, PASSWORD, REMOTE_ADDR="10.0.0.9").status_code == 429
    assert fail(client, "bob", REMOTE_ADDR="10.0.0.9").status_code == 200


def test_counts_per_ip(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    for name in ("a", "b", "c"):
        fail(client, name, REMOTE_ADDR="10.0.0.1")
    assert fail(client, "someone-else", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert fail(client, "someone-else", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_a_username_that_looks_like_an_address_has_its_own_counter(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    user = UserFactory()
    fail(client, "10.5.5.5", REMOTE_ADDR="10.0.0.1")
    fail(client, "10.5.5.5", REMOTE_ADDR="10.0.0.2")
    assert fail(client, user.username, PASSWORD, REMOTE_ADDR="10.5.5.5").status_code == 302


@pytest.mark.redis  # reads each counter's time to live in Redis itself
def test_counters_expire_with_the_window(settings):
    settings.LOGIN_ATTEMPTS_WINDOW = 120
    ratelimit.hit(USER_SCOPE, "alice", 5, 120)
    count_key, start_key = ratelimit.keys(USER_SCOPE, "alice")
    assert cache.get(count_key) == 1
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in (count_key, start_key):
        assert 0 < client.ttl(cache.make_and_validate_key(key)) <= 120


def test_sixth_attempt_refused_even_with_the_right_password(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 5
    user = UserFactory()
    for _ in range(5):
        response = fail(client, user.username)
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session
    response = fail(client, user.username, PASSWORD)
    assert response.status_code == 429
    content = response.content.decode()
    assert "Too many failed log-in attempts. Try again in 5 minutes." in content
    assert "_auth_user_id" not in client.session


def test_refused_without_checking_the_password(client, settings, django_assert_num_queries):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    user = UserFactory()
    fail(client, user.username)
    fail(client, user.username)
    # No user lookup at all: the password cannot have been checked.
    with django_assert_num_queries(0):
        response = fail(client, user.username, PASSWORD)
    assert response.status_code == 429


def test_another_ip_is_refused_for_the_same_username(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    user = UserFactory()
    fail(client, user.username, REMOTE_ADDR="10.1.1.1")
    fail(client, user.username, REMOTE_ADDR="10.1.1.2")
    response = fail(client, user.username, PASSWORD, REMOTE_ADDR="10.1.1.3")
    assert response.status_code == 429


def test_one_ip_trying_many_usernames_is_refused(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory()
    for name in ("x1", "x2", "x3"):
        fail(client, name, REMOTE_ADDR="10.2.2.2")
    assert fail(client, user.username, PASSWORD, REMOTE_ADDR="10.2.2.2").status_code == 429
    response = fail(client, user.username, PASSWORD, REMOTE_ADDR="10.2.2.3")
    assert response.status_code == 302


def test_let_through_after_the_window(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 5
    settings.LOGIN_ATTEMPTS_WINDOW = 2
    user = UserFactory()
    started = time.monotonic()
    for _ in range(5):
        fail(client, user.username)
    assert fail(client, user.username, PASSWORD).status_code == 429
    assert time.monotonic() - started < 2, "the failures took longer than the window"
    time.sleep(2.3)  # Redis expires the counters at the end of the window.
    response = fail(client, user.username, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_let_through_when_the_window_keys_are_gone(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    user = UserFactory()
    fail(client, user.username)
    fail(client, user.username)
    assert fail(client, user.username, PASSWORD).status_code == 429
    # The window ended: its keys expired.
    cache.delete_many([*ratelimit.keys(USER_SCOPE, user.username), *ratelimit.keys(IP_SCOPE, "127.0.0.1")])
    assert fail(client, user.username, PASSWORD).status_code == 302


def test_success_clears_the_username_counter(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory()
    fail(client, user.username, REMOTE_ADDR="10.3.3.1")
    fail(client, user.username, REMOTE_ADDR="10.3.3.1")
    assert client.post(LOGIN_URL, {"username": user.username, "password": PASSWORD}, REMOTE_ADDR="10.3.3.2").status_code == 302
    count_key, _ = ratelimit.keys(USER_SCOPE, user.username)
    assert cache.get(count_key) is None
    # The address keeps its two failures, not the successful attempt.
    assert cache.get(ratelimit.keys(IP_SCOPE, "10.3.3.2")[0]) == 0
    assert cache.get(ratelimit.keys(IP_SCOPE, "10.3.3.1")[0]) == 2


def test_message_says_minutes_left(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 1
    settings.LOGIN_ATTEMPTS_WINDOW = 30
    fail(client, "nobody")
    response = fail(client, "nobody")
    assert "Try again in 1 minute." in response.content.decode()
    assert response["Retry-After"] in {"29", "30"}


def test_client_ip_uses_the_trusted_header_only_when_configured(rf, settings):
    request = rf.post(LOGIN_URL, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert client_ip(request) == "10.0.0.1"
    settings.LOGIN_ATTEMPTS_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    assert client_ip(request) == "5.6.7.8"


def test_login_url_is_ours():
    assert reverse("accounts:login") == LOGIN_URL


# --- issue 8, findings 1-3 ---------------------------------------------------------------


def test_admin_login_is_refused_once_the_username_is_locked(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    for _ in range(3):
        fail(client, admin.username)
    for _ in range(5):
        client.post("/admin/login/", {"username": admin.username, "password": "wrong-password"})
    response = client.post("/admin/login/?next=/admin/", {"username": admin.username, "password": PASSWORD, "next": "/admin/"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_admin_login_failures_count_like_the_site_login(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory()
    for _ in range(3):
        client.post("/admin/login/", {"username": user.username, "password": "wrong-password"}, REMOTE_ADDR="10.9.9.1")
    assert fail(client, user.username, PASSWORD, REMOTE_ADDR="10.9.9.2").status_code == 429


def test_full_width_name_shares_the_counter_of_the_plain_name(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory(username="victim1")
    for _ in range(3):
        fail(client, "\uff56ictim1", REMOTE_ADDR="10.4.4.1")  # full-width v
    response = fail(client, "victim1", PASSWORD, REMOTE_ADDR="10.4.4.2")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    assert user.username == "victim1"


def test_parallel_attempts_check_no_more_passwords_than_the_limit(settings, transactional_db):
    """Twelve simultaneous wrong passwords for one name: at most LIMIT are checked, the rest get 429."""
    import threading

    from django.db import connection
    from django.test import Client

    settings.LOGIN_ATTEMPTS_LIMIT = 3
    # A hasher slow enough that every request is inside the password check at once.
    settings.PASSWORD_HASHERS = ["tests.accounts.slow_hasher.SlowPBKDF2PasswordHasher"]
    user = UserFactory(username="target")
    barrier = threading.Barrier(12)
    statuses = []

    def attempt():
        try:
            barrier.wait()
            statuses.append(Client().post(LOGIN_URL, {"username": user.username, "password": "wrong-password"}).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # The username and the address are counted one after the other, so under a race an attempt
    # within the limit of one may be over the limit of the other: fewer than LIMIT may be checked.
    assert len(statuses) == 12
    assert 1 <= statuses.count(200) <= 3
    assert statuses.count(429) == 12 - statuses.count(200)
