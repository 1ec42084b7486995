import time

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts.throttle import LoginThrottle, client_ip, login_throttle
from tests.accounts.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN_URL = "/accounts/login/"


def fail(client, username, password="wrong-password", **extra):
    return client.post(LOGIN_URL, {"username": username, "password": password}, **extra)


def test_counts_per_username_and_blocks_at_the_limit(settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    throttle = LoginThrottle()
    for _ in range(2):
        throttle.record_failure("Alice", "10.0.0.1")
    assert throttle.retry_after("alice", "10.0.0.2") == 0
    throttle.record_failure("ALICE ", "10.0.0.3")
    # Usernames are compared case-insensitively, whatever the IP.
    assert 0 < throttle.retry_after("alice", "10.0.0.9") <= settings.LOGIN_ATTEMPTS_WINDOW
    assert throttle.retry_after("bob", "10.0.0.9") == 0


def test_counts_per_ip(settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    throttle = LoginThrottle()
    for name in ("a", "b", "c"):
        throttle.record_failure(name, "10.0.0.1")
    assert throttle.is_blocked("someone-else", "10.0.0.1")
    assert not throttle.is_blocked("someone-else", "10.0.0.2")


def test_reset_clears_the_username_not_the_ip(settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    throttle = LoginThrottle()
    throttle.record_failure("alice", "10.0.0.1")
    throttle.record_failure("alice", "10.0.0.1")
    throttle.reset(username="alice")
    assert not throttle.is_blocked("alice", "10.0.0.2")
    assert throttle.is_blocked("alice", "10.0.0.1")


def test_keys_expire_with_the_window(settings):
    settings.LOGIN_ATTEMPTS_WINDOW = 120
    throttle = LoginThrottle()
    throttle.record_failure("alice", "10.0.0.1")
    count_key, start_key = throttle.keys("user", "alice")
    assert cache.get(count_key) == 1
    if not settings.REDIS_URL:
        pytest.skip("needs Redis")
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
    cache.delete_many([*login_throttle.keys("user", user.username), *login_throttle.keys("ip", "127.0.0.1")])
    assert fail(client, user.username, PASSWORD).status_code == 302


def test_success_clears_the_username_counter(client, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3
    user = UserFactory()
    fail(client, user.username, REMOTE_ADDR="10.3.3.1")
    fail(client, user.username, REMOTE_ADDR="10.3.3.1")
    assert client.post(LOGIN_URL, {"username": user.username, "password": PASSWORD}, REMOTE_ADDR="10.3.3.2").status_code == 302
    count_key, _ = login_throttle.keys("user", user.username)
    assert cache.get(count_key) is None


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
